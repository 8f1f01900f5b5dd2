/**
 * Reading a stored mail (.eml) back: its headers, the plain-text and HTML bodies and the attachments, with
 * mailparser (from nodemailer's authors, the library that wrote the mail): MIME has too many corners —
 * nested multiparts, transfer and header encodings, RFC 2231 file names, charsets — to read by hand. Never
 * throws on a malformed message: what cannot be read is left out.
 */
import { loadMailparser } from "./libraries.server";

export type MailAttachmentPart = { filename: string; contentType: string; size: number; content: Buffer };

export type ParsedMail = {
  /** each header's raw value (unfolded, still in its RFC 2047 words), by lower-case name */
  headers: Map<string, string>;
  text: string | null;
  html: string | null;
  attachments: MailAttachmentPart[];
};

const EMPTY: ParsedMail = { headers: new Map(), text: null, html: null, attachments: [] };

/** Parses a whole message. */
export async function parseMail(raw: Buffer): Promise<ParsedMail> {
  try {
    const { simpleParser } = await loadMailparser();
    const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
    const headers = new Map<string, string>();
    for (const { key, line } of parsed.headerLines) {
      if (!headers.has(key)) headers.set(key, line.slice(line.indexOf(":") + 1).replace(/\r?\n[ \t]+/g, " ").trim());
    }
    return {
      headers,
      text: parsed.text ?? null,
      html: typeof parsed.html === "string" ? parsed.html : null,
      attachments: parsed.attachments.map((attachment, index) => ({
        filename: attachment.filename ?? `part-${index + 1}`,
        contentType: attachment.contentType,
        size: attachment.size,
        content: attachment.content,
      })),
    };
  } catch {
    return EMPTY;
  }
}
