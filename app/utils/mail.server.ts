/**
 * Outgoing mail. With `SMTP_URL` set, messages go to that server. Without it (a box with no mail server,
 * development, tests) each message is rendered exactly as it would be sent and written as an .eml file
 * under `OUTBOX_DIR` (default `data/outbox/`), where the back office lists it and any mail program opens it.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type nodemailer from "nodemailer";
import { getCompanySettings } from "./company.server";
import { loadNodemailer, onFirstUse } from "./libraries.server";
import { log } from "./log.server";

export type MailAttachment = {
  filename: string;
  content: Buffer | string;
  contentType?: string;
};

export type MailMessage = {
  to: string | string[];
  cc?: string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  replyTo?: string;
};

export type SentMail = {
  messageId: string;
  /** where it went: an SMTP server, or the outbox folder */
  via: "smtp" | "outbox";
  /** the .eml file's name inside the outbox, when written there */
  file: string | null;
};

export function outboxDir(): string {
  return path.resolve(process.env.OUTBOX_DIR?.trim() || "data/outbox");
}

function smtpUrl(): string | null {
  return process.env.SMTP_URL?.trim() || null;
}

type Transport = ReturnType<typeof nodemailer.createTransport>;
let smtp: { url: string; transport: Transport } | null = null;

/** Short timeouts unless the URL sets its own: a mail server that hangs must not hold a checkout for minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: "10000", greetingTimeout: "10000", socketTimeout: "30000" };

function withTimeouts(url: string): string {
  try {
    const parsed = new URL(url);
    for (const [name, value] of Object.entries(SMTP_TIMEOUTS)) {
      if (!parsed.searchParams.has(name)) parsed.searchParams.set(name, value);
    }
    return parsed.toString();
  } catch {
    return url; // let nodemailer report what is wrong with it
  }
}

async function smtpTransport(url: string): Promise<Transport> {
  const nodemailer = await loadNodemailer();
  if (!smtp || smtp.url !== url) smtp = { url, transport: nodemailer.createTransport(withTimeouts(url)) };
  return smtp.transport;
}

const outboxTransport = onFirstUse(async () =>
  (await loadNodemailer()).createTransport({ streamTransport: true, buffer: true, newline: "windows" }),
);

/** The log's event names for mail: the System page counts the failures. */
export const MAIL_SENT_EVENT = "mail sent";
export const MAIL_FAILED_EVENT = "mail failed";

/**
 * Sends one message (SMTP) or writes it to the outbox, and logs which (or why not). Throws when it could not
 * be sent or written.
 */
export async function sendMail(message: MailMessage): Promise<SentMail> {
  const about = { to: message.to, subject: message.subject };
  try {
    const sent = await deliver(message);
    log().info({ event: MAIL_SENT_EVENT, ...about, via: sent.via, file: sent.file }, "Mail sent");
    return sent;
  } catch (error) {
    log().error({ event: MAIL_FAILED_EVENT, ...about, via: smtpUrl() ? "smtp" : "outbox", err: error }, "Mail failed");
    throw error;
  }
}

async function deliver(message: MailMessage): Promise<SentMail> {
  const company = getCompanySettings();
  const mail = {
    from: company.mailFrom,
    replyTo: message.replyTo ?? company.email,
    to: message.to,
    cc: message.cc && message.cc.length > 0 ? message.cc : undefined,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments,
  };
  const url = smtpUrl();
  if (url) {
    const info = await (await smtpTransport(url)).sendMail(mail);
    return { messageId: info.messageId, via: "smtp", file: null };
  }
  const info = await (await outboxTransport()).sendMail(mail);
  const dir = outboxDir();
  fs.mkdirSync(dir, { recursive: true });
  const file = outboxFileName();
  // Written under a temporary name and renamed, so the outbox never lists a half-written message.
  const target = path.join(dir, file);
  const partial = `${target}.partial`;
  fs.writeFileSync(partial, info.message as Buffer);
  fs.renameSync(partial, target);
  return { messageId: info.messageId, via: "outbox", file };
}

/** `20260131T174502123Z-1a2b3c4d.eml`: names sort in the order the messages were written. */
function outboxFileName(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:.]/g, "");
  return `${stamp}-${crypto.randomBytes(4).toString("hex")}.eml`;
}

const OUTBOX_FILE = /^\d{8}T\d{9}Z-[0-9a-f]{8}\.eml$/;

export type OutboxEntry = {
  /** the file name inside the outbox */
  file: string;
  to: string;
  subject: string;
  /** when it was written, ISO 8601 */
  date: string;
  /** bytes */
  size: number;
};

/** The outbox, newest first; `limit`/`offset` page through a long one. */
export function listOutbox({ limit = 50, offset = 0 }: { limit?: number; offset?: number } = {}): {
  items: OutboxEntry[];
  total: number;
} {
  const dir = outboxDir();
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((name) => OUTBOX_FILE.test(name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { items: [], total: 0 };
    throw error;
  }
  names.sort().reverse();
  const page = names.slice(Math.max(0, offset), Math.max(0, offset) + Math.max(0, limit));
  const items: OutboxEntry[] = [];
  for (const file of page) {
    const entry = readOutboxEntry(dir, file);
    if (entry) items.push(entry);
  }
  return { items, total: names.length };
}

/** The raw message of one outbox file, or null when there is no such file. */
export function readOutboxMessage(file: string): Buffer | null {
  if (!OUTBOX_FILE.test(file)) return null;
  try {
    return fs.readFileSync(path.join(outboxDir(), file));
  } catch {
    return null;
  }
}

function readOutboxEntry(dir: string, file: string): OutboxEntry | null {
  const full = path.join(dir, file);
  let head: string;
  let size: number;
  try {
    const fd = fs.openSync(full, "r");
    try {
      size = fs.fstatSync(fd).size;
      const buffer = Buffer.alloc(Math.min(size, 32 * 1024));
      fs.readSync(fd, buffer, 0, buffer.length, 0);
      head = buffer.toString("utf8");
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return null; // removed while we were listing
  }
  const headers = parseHeaders(head);
  return {
    file,
    to: decodeMimeWords(headers.get("to") ?? ""),
    subject: decodeMimeWords(headers.get("subject") ?? ""),
    date: dateOfFile(file),
    size,
  };
}

export function dateOfFile(file: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z/.exec(file)!;
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z`;
}

/** The top-level headers of a message (lower-cased names, folded lines joined). */
export function parseHeaders(raw: string): Map<string, string> {
  const end = raw.search(/\r?\n\r?\n/);
  const block = end === -1 ? raw : raw.slice(0, end);
  const headers = new Map<string, string>();
  let name: string | null = null;
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && name) {
      headers.set(name, `${headers.get(name)} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return headers;
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?=C2=A312?=`, `=?UTF-8?B?...?=`) in a header value. */
export function decodeMimeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2") // whitespace between adjacent encoded words is not text
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_whole, charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === "B"
          ? Buffer.from(text, "base64")
          : Buffer.from(
              text.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              "latin1",
            );
      try {
        return new TextDecoder(charset.toLowerCase()).decode(bytes);
      } catch {
        return bytes.toString("utf8");
      }
    });
}
