/** The mails the app wrote to the outbox (no SMTP server in tests), read as a person would see them. */
import fs from "node:fs";
import path from "node:path";
import { listOutbox, outboxDir } from "~/utils/mail.server";

/** The outbox mail whose subject names `orderNumber` (or any text), its body decoded; null when none. */
export function mailFor(orderNumber: string) {
  const entry = listOutbox({ limit: 1000 }).items.find((item) => item.subject.includes(orderNumber));
  if (!entry) return null;
  return { ...entry, raw: readMail(entry.file) };
}

/** One outbox file's text: the body parts are quoted-printable, so the soft line breaks and =XX escapes are undone. */
function readMail(file: string) {
  const raw = fs.readFileSync(path.join(outboxDir(), file), "latin1");
  const bytes = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** Every mail written to the outbox while `act` runs, each read as a person would see it. */
export async function mailsDuring(act: () => Promise<unknown>): Promise<{ to: string; subject: string; body: string }[]> {
  const before = new Set(listOutbox({ limit: 10_000 }).items.map((item) => item.file));
  await act();
  return listOutbox({ limit: 10_000 })
    .items.filter((item) => !before.has(item.file))
    .map((item) => ({ to: item.to, subject: item.subject, body: readMail(item.file) }));
}
