/**
 * Reading a stored mail (.eml) back: its headers, the plain-text and HTML bodies and the attachments. It reads
 * what nodemailer writes (multipart/mixed around multipart/alternative, quoted-printable or 7bit text, base64
 * attachments, RFC 2047 headers, RFC 2231 file names) and any other well-formed MIME, and never throws on a
 * malformed one: what cannot be read is left out.
 */
import { decodeMimeWords, parseHeaders } from "./mail.server";

export type MailAttachmentPart = { filename: string; contentType: string; size: number; content: Buffer };

export type ParsedMail = {
  headers: Map<string, string>;
  text: string | null;
  html: string | null;
  attachments: MailAttachmentPart[];
};

const MAX_DEPTH = 8;

/** A header value's main value and its parameters: `text/plain; charset=utf-8` → ["text/plain", {charset}]. */
export function headerParams(value: string): { value: string; params: Map<string, string> } {
  const pieces: string[] = [];
  let current = "";
  let quoted = false;
  for (const char of value) {
    if (char === '"') quoted = !quoted;
    if (char === ";" && !quoted) {
      pieces.push(current);
      current = "";
    } else current += char;
  }
  pieces.push(current);
  const params = new Map<string, string>();
  const continued = new Map<string, { index: number; text: string; encoded: boolean }[]>();
  for (const piece of pieces.slice(1)) {
    const eq = piece.indexOf("=");
    if (eq <= 0) continue;
    const name = piece.slice(0, eq).trim().toLowerCase();
    let text = piece.slice(eq + 1).trim();
    if (text.startsWith('"') && text.endsWith('"')) text = text.slice(1, -1).replace(/\\(.)/g, "$1");
    // RFC 2231: name*=utf-8''caf%C3%A9, or split into name*0*=…; name*1*=…
    const split = /^(.+?)\*(\d+)?(\*)?$/.exec(name);
    if (split) {
      const list = continued.get(split[1]) ?? [];
      list.push({ index: Number(split[2] ?? 0), text, encoded: split[3] === "*" || split[2] === undefined });
      continued.set(split[1], list);
    } else params.set(name, decodeMimeWords(text));
  }
  for (const [name, list] of continued) {
    list.sort((a, b) => a.index - b.index);
    let charset = "utf-8";
    const bytes: number[] = [];
    list.forEach((piece, i) => {
      let text = piece.text;
      if (i === 0 && piece.encoded) {
        const m = /^([^']*)'[^']*'(.*)$/.exec(text);
        if (m) {
          charset = m[1] || charset;
          text = m[2];
        }
      }
      const raw = piece.encoded ? text.replace(/%([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text;
      for (const char of raw) bytes.push(char.charCodeAt(0) & 0xff);
    });
    params.set(name, decodeText(Buffer.from(bytes), charset));
  }
  return { value: pieces[0].trim().toLowerCase(), params };
}

function decodeText(bytes: Buffer, charset = "utf-8"): string {
  try {
    return new TextDecoder(charset.toLowerCase()).decode(bytes);
  } catch {
    return bytes.toString("utf8");
  }
}

/** A part's body bytes, undoing its Content-Transfer-Encoding. `body` holds one byte per character. */
function decodeBody(body: string, encoding: string): Buffer {
  switch (encoding.trim().toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ""), "base64");
    case "quoted-printable":
      return Buffer.from(
        body.replace(/=\r?\n/g, "").replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        "latin1",
      );
    default:
      return Buffer.from(body, "latin1");
  }
}

function splitHead(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: "" };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

/** The parts between `--boundary` lines, up to `--boundary--` (or the end, when it is missing). */
function splitMultipart(body: string, boundary: string): string[] {
  const delimiter = `--${boundary}`;
  const parts: string[] = [];
  let current: string[] | null = null;
  for (const line of body.split(/\r?\n/)) {
    const trimmed = line.trimEnd();
    if (trimmed === `${delimiter}--`) {
      if (current) parts.push(current.join("\r\n"));
      current = null;
      break;
    }
    if (trimmed === delimiter) {
      if (current) parts.push(current.join("\r\n"));
      current = [];
      continue;
    }
    current?.push(line);
  }
  if (current) parts.push(current.join("\r\n"));
  return parts;
}

/** Parses a whole message. */
export function parseMail(raw: Buffer): ParsedMail {
  const text = raw.toString("latin1");
  const { head } = splitHead(text);
  // header values are UTF-8 (nodemailer encodes non-ASCII as RFC 2047 words; some writers send raw UTF-8)
  const headers = parseHeaders(Buffer.from(head, "latin1").toString("utf8"));
  const mail: ParsedMail = { headers, text: null, html: null, attachments: [] };
  walk(text, mail, 0);
  return mail;
}

function walk(raw: string, mail: ParsedMail, depth: number) {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const type = headerParams(headers.get("content-type") ?? "text/plain; charset=us-ascii");
  const boundary = type.params.get("boundary");
  if (type.value.startsWith("multipart/")) {
    if (!boundary || depth >= MAX_DEPTH) return;
    for (const part of splitMultipart(body, boundary)) walk(part, mail, depth + 1);
    return;
  }
  const bytes = decodeBody(body, headers.get("content-transfer-encoding") ?? "7bit");
  const disposition = headerParams(headers.get("content-disposition") ?? "");
  const filename = disposition.params.get("filename") ?? type.params.get("name") ?? null;
  const isBody = disposition.value !== "attachment" && filename === null;
  if (isBody && type.value === "text/plain" && mail.text === null) {
    mail.text = decodeText(bytes, type.params.get("charset"));
    return;
  }
  if (isBody && type.value === "text/html" && mail.html === null) {
    mail.html = decodeText(bytes, type.params.get("charset"));
    return;
  }
  mail.attachments.push({
    filename: filename ?? `part-${mail.attachments.length + 1}`,
    contentType: type.value,
    size: bytes.length,
    content: bytes,
  });
}
