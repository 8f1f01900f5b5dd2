/**
 * The mail outbox as the back office reads it: with no SMTP server, every mail the app sends is written as an
 * .eml file under the outbox folder (mail.server.ts). Listed newest first a page at a time, each with its
 * recipients, subject, time and attachments; one opened to read its headers and bodies; an attachment
 * downloaded. A mail is named by its file name without `.eml`; a name that is not one of ours (`../app.db`)
 * never reaches the file system.
 */
import { htmlToText } from "~/domain/catalog/product-csv";
import { dateOfFile, decodeMimeWords, listOutbox, readOutboxMessage } from "~/utils/mail.server";
import { parseMail, type ParsedMail } from "~/utils/mime.server";
import { pageOfRows, type Page } from "./record-store.server";

export const OUTBOX_PAGE_SIZE = 25;
const MAIL_ID = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/;

export type OutboxAttachment = { index: number; filename: string; contentType: string; size: number };

export type OutboxListItem = {
  id: string;
  to: string;
  cc: string | null;
  subject: string;
  /** when it was written, ISO 8601 */
  sentAt: string;
  size: number;
  attachments: OutboxAttachment[];
};

export type OutboxMail = OutboxListItem & {
  from: string;
  replyTo: string | null;
  messageId: string | null;
  text: string | null;
  /** the HTML version read as text: markup never reaches the page */
  htmlAsText: string | null;
};

async function readMail(id: string): Promise<{ mail: ParsedMail; size: number } | null> {
  if (!MAIL_ID.test(id)) return null;
  const raw = readOutboxMessage(`${id}.eml`);
  return raw ? { mail: await parseMail(raw), size: raw.length } : null;
}

function attachmentsOf(mail: ParsedMail): OutboxAttachment[] {
  return mail.attachments.map(({ filename, contentType, size }, index) => ({ index, filename, contentType, size }));
}

function header(mail: ParsedMail, name: string): string | null {
  const value = mail.headers.get(name);
  return value ? decodeMimeWords(value) : null;
}

/** A page of the outbox, newest first. */
export async function listOutboxMail(requestedPage: number): Promise<Page<OutboxListItem>> {
  const { total } = listOutbox({ limit: 0 });
  const page = pageOfRows(total, requestedPage, OUTBOX_PAGE_SIZE, (limit, offset) => listOutbox({ limit, offset }).items);
  const items = await Promise.all(
    page.items.map(async (entry): Promise<OutboxListItem> => {
      const id = entry.file.replace(/\.eml$/, "");
      const mail = (await readMail(id))?.mail;
      return {
        id,
        to: entry.to,
        cc: mail ? header(mail, "cc") : null,
        subject: entry.subject,
        sentAt: entry.date,
        size: entry.size,
        attachments: mail ? attachmentsOf(mail) : [],
      };
    }),
  );
  return { ...page, items };
}

/** One mail to read, or null when there is none by that id. */
export async function openOutboxMail(id: string): Promise<OutboxMail | null> {
  const read = await readMail(id);
  if (!read) return null;
  const { mail, size } = read;
  return {
    id,
    from: header(mail, "from") ?? "",
    to: header(mail, "to") ?? "",
    cc: header(mail, "cc"),
    replyTo: header(mail, "reply-to"),
    messageId: header(mail, "message-id"),
    subject: header(mail, "subject") ?? "",
    sentAt: dateOfFile(id),
    size,
    attachments: attachmentsOf(mail),
    text: mail.text,
    htmlAsText: mail.html === null ? null : htmlToText(mail.html),
  };
}

/** One attachment of a mail, with its bytes, or null. */
export async function outboxAttachment(id: string, index: number) {
  return (await readMail(id))?.mail.attachments[index] ?? null;
}
