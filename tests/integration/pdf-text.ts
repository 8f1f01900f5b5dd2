/** Reading what an invoice PDF says, for tests of the documents the app renders. */
import { inflateSync } from "node:zlib";

/**
 * The text a PDF shows: pdfkit compresses each page's content stream, and writes the standard fonts' text
 * as hex strings inside TJ arrays (split where it kerns). Inflate, decode and join each array.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const texts: string[] = [];
  const streamPattern = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamPattern.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf("endstream", start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(Buffer.from(raw.slice(start, end), "latin1")).toString("latin1");
    } catch {
      content = raw.slice(start, end);
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const parts = [...array[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => Buffer.from(hex[1], "hex").toString("latin1"));
      texts.push(parts.join(""));
    }
    streamPattern.lastIndex = end + "endstream".length;
  }
  return texts.join("\n");
}
