/**
 * The back office's credit forms, shared by the Company screen and the Aged Debtors company page: "credit" sets
 * the terms and limit, "statement" emails the statement as at a day. Each checks the credit area itself (a
 * sales user may open the Company screen but not change credit), calls the use case and answers as every form
 * does: a redirect with a notice, or the errors to show.
 */
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import crypto from "node:crypto";
import { z } from "zod";
import { setCompanyCredit } from "~/domain/credit/company-credit.server";
import { CREDIT_SAVED, setCreditSchema } from "~/domain/credit/credit.schema";
import { sendStatementNow } from "~/domain/credit/statement-mail.server";
import { ukToday } from "~/domain/invoices/invoices.server";
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";
import { readAgedDate } from "~/domain/ledger/exports-query";
import { requireStaff } from "./auth.server";
import { formatMoney } from "./money";
import { getDb } from "./db.server";
import { failureReply, invalidReply, type FormActionData } from "./form-reply.server";
import { errorToast, redirectWithToast } from "./toast.server";

const statementFormSchema = z.object({ date: z.string().optional() });

/** Handles the "credit" and "statement" intents; null for any other intent (the screen's own). */
export async function creditFormAction(request: Request, formData: FormData, companyId: number, backTo: string) {
  const intent = String(formData.get("intent") ?? "");
  if (intent !== "credit" && intent !== "statement") return null;
  const staff = await requireStaff(request, "credit");
  const db = getDb();
  const today = ukToday();
  if (intent === "credit") {
    const submission = parseWithZod(formData, { schema: setCreditSchema });
    if (submission.status !== "success") return invalidReply("credit", submission);
    const result = setCompanyCredit(db, staff, companyId, submission.value, today);
    if (!result.ok) return failureReply("credit", submission, result, ["creditLimit", "paymentTerms"]);
    return redirectWithToast(request, backTo, {
      title: CREDIT_SAVED,
      description: `${result.value.companyName}: ${result.value.paymentTermsLabel}, ${submission.value.creditLimit === null ? "no credit limit" : `credit limit ${formatMoney(submission.value.creditLimit)}`}. New invoices follow these terms.`,
    });
  }
  const submission = parseWithZod(formData, { schema: statementFormSchema });
  if (submission.status !== "success") return invalidReply("statement", submission);
  const date = readAgedDate(new URLSearchParams(submission.value.date ? { date: submission.value.date } : {}), today);
  if (!date.ok) return failureReply("statement", submission, { ok: false, status: 400, message: date.message, field: "date" }, ["date"]);
  const sent = await sendStatementNow(db, staff, companyId, date.date);
  if (!sent.ok) {
    if (sent.status === 502) {
      return json<FormActionData>(
        { intent: "statement", result: submission.reply({ formErrors: [sent.message] }), toast: errorToast(sent.message), attempt: crypto.randomUUID() },
        { status: 502 },
      );
    }
    return failureReply("statement", submission, sent, ["date"]);
  }
  return redirectWithToast(request, backTo, {
    title: "Statement sent",
    description: `Statement as at ${formatInvoiceDate(sent.value.date)} sent to ${sent.value.to.join(", ")}.`,
  });
}
