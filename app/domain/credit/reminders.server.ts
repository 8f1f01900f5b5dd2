/**
 * Payment reminders: the settings (install_settings `reminder_settings`: off until the wholesaler turns them on
 * after looking at the dry run), what would be sent today, and the sending — by the housekeeping timer when on,
 * or by hand from the Reminders screen. Each reminder goes to the company's admins and approvers with the invoice
 * PDF attached, is claimed in reminder_sends (unique per invoice and level) before the mail goes, and is written
 * on the invoice's history. A paid or void invoice gets none; nor does a company on hold (a dispute).
 */
import { eq } from "drizzle-orm";
import { reminderSends } from "~db/schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { readJsonSetting, writeJsonSetting } from "~/domain/shared/install-settings.server";
import { loadSalesInvoiceDocument } from "~/domain/invoices/invoice-document.server";
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";
import { getCompanySettings } from "~/utils/company.server";
import { writeTransaction, type DB } from "~/utils/db.server";
import { renderSalesInvoicePdf } from "~/utils/invoice-pdf.server";
import { log, logError } from "~/utils/log.server";
import { sendMail } from "~/utils/mail.server";
import { formatMoney } from "~/utils/money";
import { ok, type Result } from "~/utils/result";
import { ukDay } from "~/utils/uk-time";
import { accountReference } from "./credit";
import { DEFAULT_REMINDER_LEVELS, reminderLevelDue, reminderLevelLabel } from "./reminders";
import { reminderSettingsSchema, type ReminderSettings } from "./reminders.schema";
import { statementRecipients } from "./statement-mail.server";

const SETTINGS_KEY = "reminder_settings";

export function reminderSettings(db: DB): ReminderSettings {
  const parsed = reminderSettingsSchema.safeParse(readJsonSetting(db, SETTINGS_KEY));
  return parsed.success ? parsed.data : { enabled: false, levels: DEFAULT_REMINDER_LEVELS };
}

export function saveReminderSettings(db: DB, actor: { id: string }, input: ReminderSettings): Result<ReminderSettings> {
  return writeTransaction(db, (tx) => {
    const before = reminderSettings(tx);
    writeJsonSetting(tx, SETTINGS_KEY, input);
    recordAudit(tx, { actorId: actor.id, action: "settings.reminders.updated", entityType: "install_settings", entityId: SETTINGS_KEY, details: { before, after: input } });
    return ok(input);
  });
}

export type DueReminder = {
  invoiceId: number;
  invoiceNumber: string;
  companyId: number;
  companyName: string;
  dueDate: string;
  outstanding: number;
  level: number;
  levelLabel: string;
  wording: string;
  /** nobody to send to: listed, never sent */
  to: string[];
};

type OpenRow = { invoiceId: number; invoiceNumber: string; companyId: number; companyName: string; dueDate: string; outstanding: number; sent: string | null };

/** The dry run: each reminder that would go today (UK day `today`), by company then due date. */
export function dueReminders(db: DB, today: string, settings: ReminderSettings = reminderSettings(db)): DueReminder[] {
  const rows = db.$client
    .prepare(
      `select si.id as invoiceId, si.invoice_number as invoiceNumber, si.company_id as companyId, c.name as companyName,
         si.due_date as dueDate, si.total - si.amount_paid - si.credited_amount as outstanding,
         (select group_concat(rs.level) from reminder_sends rs where rs.sales_invoice_id = si.id) as sent
       from sales_invoices si join companies c on c.id = si.company_id
       where si.status <> 'void' and si.total > si.amount_paid + si.credited_amount and c.on_hold_at is null
       order by c.name collate nocase, c.id, si.due_date, si.id`,
    )
    .all() as OpenRow[];
  const recipients = new Map<number, string[]>();
  const due: DueReminder[] = [];
  for (const row of rows) {
    const sent = row.sent ? row.sent.split(",").map(Number) : [];
    const level = reminderLevelDue(settings.levels, row.dueDate, sent, today);
    if (!level) continue;
    if (!recipients.has(row.companyId)) recipients.set(row.companyId, statementRecipients(db, row.companyId));
    due.push({ ...row, level: level.days, levelLabel: reminderLevelLabel(level.days), wording: level.wording, to: recipients.get(row.companyId)! });
  }
  return due;
}

function reminderText(reminder: DueReminder, seller: ReturnType<typeof getCompanySettings>) {
  const late = reminder.level > 0;
  return [
    `Dear ${reminder.companyName},`,
    "",
    reminder.wording,
    "",
    `Invoice: ${reminder.invoiceNumber}`,
    `Due date: ${formatInvoiceDate(reminder.dueDate)}${late ? " (overdue)" : ""}`,
    `Outstanding (inc VAT): ${formatMoney(reminder.outstanding)}`,
    "",
    seller.bank
      ? `Pay by bank transfer to ${seller.bank.accountName}, sort code ${seller.bank.sortCode}, account ${seller.bank.accountNumber}, quoting ${reminder.invoiceNumber} (or ${accountReference(reminder.companyId)}).`
      : `Please contact ${seller.email} for payment details, quoting ${reminder.invoiceNumber}.`,
    "The invoice is attached. If you have paid in the last few days, thank you, and please ignore this reminder.",
    "",
    seller.name,
  ].join("\n");
}

/**
 * Sends what is due today. `byTimer`: the housekeeping timer, which sends only while reminders are turned on;
 * by hand (the screen, the API) they go whether or not the timer is on. Returns how many went.
 */
export async function sendDueReminders(
  db: DB,
  { now = new Date(), byTimer = false, actorId = null }: { now?: Date; byTimer?: boolean; actorId?: string | null } = {},
): Promise<{ sent: number; skipped: number }> {
  const settings = reminderSettings(db);
  if (byTimer && !settings.enabled) return { sent: 0, skipped: 0 };
  const today = ukDay(now);
  const seller = getCompanySettings();
  let sent = 0;
  let skipped = 0;
  for (const reminder of dueReminders(db, today, settings)) {
    if (reminder.to.length === 0) {
      skipped++;
      continue;
    }
    const claimed = writeTransaction(db, (tx) =>
      tx
        .insert(reminderSends)
        .values({ salesInvoiceId: reminder.invoiceId, level: reminder.level, sentTo: reminder.to.join(", ") })
        .onConflictDoNothing()
        .returning({ id: reminderSends.id })
        .get(),
    );
    if (!claimed) continue; // another sweep took it
    try {
      const invoice = loadSalesInvoiceDocument(db, reminder.invoiceId, { today })!;
      const mail = await sendMail({
        to: reminder.to,
        subject: `${reminder.level > 0 ? "Overdue" : "Payment reminder"}: invoice ${reminder.invoiceNumber} from ${seller.name}`,
        text: reminderText(reminder, seller),
        attachments: [{ filename: `${reminder.invoiceNumber}.pdf`, content: await renderSalesInvoicePdf(invoice, seller), contentType: "application/pdf" }],
      });
      recordAudit(db, {
        actorId,
        action: "sales_invoice.reminder_sent",
        entityType: "sales_invoice",
        entityId: reminder.invoiceId,
        details: { invoiceNumber: reminder.invoiceNumber, level: reminder.level, levelLabel: reminder.levelLabel, to: reminder.to.join(", "), outboxFile: mail.file },
      });
      sent++;
    } catch (error) {
      db.delete(reminderSends).where(eq(reminderSends.id, claimed.id)).run();
      logError("Sending a payment reminder failed; it is tried again later", error, { event: "reminders", invoiceId: reminder.invoiceId });
    }
  }
  if (sent > 0) log().info({ event: "reminders", sent, skipped }, "Payment reminders sent");
  return { sent, skipped };
}
