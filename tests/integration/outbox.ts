/** The mails the app wrote to the outbox (no SMTP server in tests), read as a person would see them. */
import fs from "node:fs";
import path from "node:path";
import { listOutbox, outboxDir } from "~/utils/mail.server";

/** The outbox mail whose subject names `orderNumber` (or any text), its body decoded; null when none. */
export function mailFor(orderNumber: string) {
  const entry = listOutbox({ limit: 1000 }).items.find((item) => item.subject.includes(orderNumber));
  if (!entry) return null;
  const raw = fs.readFileSync(path.join(outboxDir(), entry.file), "latin1");
  // the body parts are quoted-printable: undo the soft line breaks and the =XX escapes to read them
  const bytes = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return { ...entry, raw: Buffer.from(bytes, "latin1").toString("utf8") };
}
