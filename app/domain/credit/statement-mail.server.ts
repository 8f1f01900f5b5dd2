/**
 * Statements by mail: on demand from the back office (to the company's admins and approvers, the statement PDF
 * attached; audited), and the monthly run the housekeeping timer starts. On the first working day of a month
 * (England and Wales bank holidays and weekends skipped) each company with something on its statement is sent
 * the statement as at the last day of the month before, once: a statement_runs row (unique per company and
 * month) is claimed before the mail goes, so a second sweep, a restart or a second process sends nothing again.
 */
import { and, eq, inArray } from "drizzle-orm";
import { companies, statementRuns, users } from "~db/schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { getCompanySettings, type CompanySettings } from "~/utils/company.server";
import { writeTransaction, type DB } from "~/utils/db.server";
import { logError, log } from "~/utils/log.server";
import { sendMail } from "~/utils/mail.server";
import { formatMoney } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import { addDays, ukDay } from "~/utils/uk-time";
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";
import { accountReference } from "./credit";
import { COMPANY_NOT_FOUND } from "./company-credit.server";
import { renderStatementPdf, statementFileName, type StatementDocument } from "./statement-pdf.server";
import { firstWorkingDayOfMonth } from "./statement";
import { companyStatement } from "./statement.server";

/** How many days after the first working day a missed monthly run still sends. */
export const STATEMENT_CATCH_UP_DAYS = 7;

export const NO_STATEMENT_RECIPIENT = "Nobody at this company can receive a statement: add an active company admin or approver first";
export const STATEMENT_MAIL_FAILED = "The statement could not be sent: the mail server refused it";

/** Who a company's statement goes to: its active company admins and approvers. */
export function statementRecipients(db: DB, companyId: number): string[] {
  return db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isActive, true), inArray(users.companyRole, ["company_admin", "approver"])))
    .orderBy(users.email)
    .all()
    .map((row) => row.email);
}

/** The statement with what its PDF prints besides (the billing address, the terms); null for no such company. */
export function statementDocument(db: DB, companyId: number, date: string, from?: string): StatementDocument | null {
  const statement = companyStatement(db, companyId, date, from);
  if (!statement) return null;
  const company = db.select({ address: companies.address, paymentTerms: companies.paymentTerms }).from(companies).where(eq(companies.id, companyId)).get()!;
  return { ...statement, ...company };
}

function statementText(statement: StatementDocument, seller: CompanySettings) {
  return [
    `Dear ${statement.companyName},`,
    "",
    `Please find attached your statement of account as at ${formatInvoiceDate(statement.to)}.`,
    "",
    `Opening balance on ${formatInvoiceDate(statement.from)}: ${formatMoney(statement.openingBalance)}`,
    `Balance as at ${formatInvoiceDate(statement.to)} (inc VAT): ${formatMoney(statement.closingBalance)}`,
    `Of which overdue: ${formatMoney(statement.aged.total - statement.aged.current)}`,
    "",
    `Please quote ${accountReference(statement.companyId)} (or the invoice numbers) when you pay.`,
    `Questions about your account: ${seller.email}.`,
    "",
    seller.name,
  ].join("\n");
}

async function mailStatement(statement: StatementDocument, to: string[]) {
  const seller = getCompanySettings();
  return sendMail({
    to,
    subject: `Statement of account ${accountReference(statement.companyId)} as at ${formatInvoiceDate(statement.to)} from ${seller.name}`,
    text: statementText(statement, seller),
    attachments: [{ filename: statementFileName(statement), content: await renderStatementPdf(statement, seller), contentType: "application/pdf" }],
  });
}

export type SentStatement = { companyId: number; to: string[]; date: string; closingBalance: number };

/** Sends the company's statement as at `date` now (back office), audited. 404 unknown company; 409 nobody to send to; 502 mail refused. */
export async function sendStatementNow(
  db: DB,
  actor: { id: string },
  companyId: number,
  date: string,
): Promise<Result<SentStatement> | { ok: false; status: 502; message: string }> {
  const statement = statementDocument(db, companyId, date);
  if (!statement) return fail(404, COMPANY_NOT_FOUND);
  const to = statementRecipients(db, companyId);
  if (to.length === 0) return fail(409, NO_STATEMENT_RECIPIENT);
  let sent;
  try {
    sent = await mailStatement(statement, to);
  } catch (error) {
    logError("Sending a statement failed", error, { event: "statement", companyId });
    return { ok: false, status: 502, message: STATEMENT_MAIL_FAILED };
  }
  recordAudit(db, {
    actorId: actor.id,
    action: "company.statement_sent",
    entityType: "company",
    entityId: String(companyId),
    details: { to, date, closingBalance: statement.closingBalance, messageId: sent.messageId, outboxFile: sent.file },
  });
  return ok({ companyId, to, date, closingBalance: statement.closingBalance });
}

/**
 * The monthly run: from the first working day of the month to a week after it (so a server that was down that
 * day catches up), each company with a balance or a movement last month gets last month's statement, once. Returns how many
 * were sent. A company whose mail fails keeps its claim released, so the next sweep tries again.
 */
export async function sendMonthlyStatements(db: DB, now: Date = new Date()): Promise<{ sent: number; skipped: number }> {
  const today = ukDay(now);
  const first = firstWorkingDayOfMonth(today);
  // a week's grace catches up after a server that was down on the day; later than that, last month's statement
  // would arrive with this month nearly over (and a first start mid-month would mail every company at once)
  if (today < first || today > addDays(first, STATEMENT_CATCH_UP_DAYS)) return { sent: 0, skipped: 0 };
  const period = today.slice(0, 7);
  const asAt = addDays(`${period}-01`, -1);
  const due = db.$client
    .prepare(
      `select c.id from companies c
       where not exists (select 1 from statement_runs r where r.company_id = c.id and r.period = ?)
         and exists (select 1 from sales_invoices si where si.company_id = c.id and si.issue_date <= ?)
       order by c.id`,
    )
    .all(period, asAt) as { id: number }[];
  let sent = 0;
  let skipped = 0;
  for (const { id } of due) {
    const statement = statementDocument(db, id, asAt);
    const to = statementRecipients(db, id);
    // nothing owed and nothing happened last month: no statement to send
    const nothingToSend = !statement || to.length === 0 || (statement.closingBalance === 0 && statement.lines.length === 0);
    // the month is claimed either way (an empty sentTo: nothing was sent), so later sweeps pass over the company
    const claimed = writeTransaction(db, (tx) =>
      tx
        .insert(statementRuns)
        .values({ companyId: id, period, asAt, sentTo: nothingToSend ? "" : to.join(", "), closingBalance: statement?.closingBalance ?? 0 })
        .onConflictDoNothing()
        .returning({ id: statementRuns.id })
        .get(),
    );
    if (!claimed) continue; // another process took it
    if (nothingToSend) {
      skipped++;
      continue;
    }
    try {
      await mailStatement(statement, to);
      sent++;
    } catch (error) {
      db.delete(statementRuns).where(eq(statementRuns.id, claimed.id)).run();
      logError("Sending a monthly statement failed; the next sweep tries again", error, { event: "statement", companyId: id });
    }
  }
  if (sent > 0) log().info({ event: "statements", period, sent, skipped }, "Monthly statements sent");
  return { sent, skipped };
}
