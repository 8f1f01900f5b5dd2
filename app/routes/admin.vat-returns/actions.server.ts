/**
 * The VAT Returns screen's form actions: Generate, Regenerate, File, the Making Tax Digital details and the
 * assistant's question.
 */
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import crypto from "node:crypto";
import { idParam } from "~/components/admin/form/list-hrefs";
import { SUBMISSION_DETAILS_SAVED, vatReturnSubmissionDetailsSchema } from "~/domain/vat/mtd.schema";
import { askVatAssistant } from "~/domain/vat/vat-assistant.server";
import { fileVatReturn, generateVatReturn, regenerateVatReturn } from "~/domain/vat/vat-return-changes.server";
import { setVatReturnSubmissionDetails } from "~/domain/vat/vat-return-submission.server";
import { recordVatPaymentSchema, VAT_PAYMENT_RECORDED, VAT_REPAYMENT_RECORDED } from "~/domain/vat/vat-payment.schema";
import { recordVatPayment } from "~/domain/vat/vat-payments.server";
import {
  generateVatReturnFormSchema,
  VAT_RETURN_FILED,
  VAT_RETURN_GENERATED,
  VAT_RETURN_NOT_FOUND,
  VAT_RETURN_REGENERATED,
  vatAssistantSchema,
} from "~/domain/vat/vat-return.schema";
import type { AdminForm } from "~/utils/admin-form.server";
import { failureReply, invalidReply } from "~/utils/form-reply.server";
import { errorToast, redirectWithToast } from "~/utils/toast.server";
import { returnHref, VAT_RETURNS_PATH, viewHref } from "./vat-returns-screen";

type Ctx = AdminForm;

export async function generateAction({ request, db, admin, formData, key }: Ctx) {
  const submission = parseWithZod(formData, { schema: generateVatReturnFormSchema });
  if (submission.status !== "success") return invalidReply("generate", submission);
  const result = generateVatReturn(db, admin, submission.value, key);
  // the month is the form's only field: a refusal about the period is shown on it
  if (!result.ok) return failureReply("generate", submission, { ...result, field: "month" }, ["month"]);
  const { vatReturn, description } = result.value;
  return redirectWithToast(request, viewHref(vatReturn.id), { title: VAT_RETURN_GENERATED, description });
}

/** Regenerate and File: a button on one return's view; any refusal goes back to it with the reason. */
export async function changeAction(intent: "regenerate" | "file", { request, db, admin, formData, key }: Ctx) {
  const id = idParam(String(formData.get("id") ?? ""));
  if (id === null) return redirectWithToast(request, VAT_RETURNS_PATH, errorToast(VAT_RETURN_NOT_FOUND));
  const back = viewHref(id);
  const result = intent === "file" ? fileVatReturn(db, admin, id, key) : regenerateVatReturn(db, admin, id, key);
  if (!result.ok) return redirectWithToast(request, result.status === 404 ? returnHref(null) : back, errorToast(result.message));
  return redirectWithToast(request, back, { title: intent === "file" ? VAT_RETURN_FILED : VAT_RETURN_REGENERATED, description: result.value.description });
}

/** The Making Tax Digital panel: a refusal shows on its field (a period key already used) or on the form. */
export async function submissionDetailsAction({ request, db, admin, formData, key }: Ctx) {
  const id = idParam(String(formData.get("id") ?? ""));
  if (id === null) return redirectWithToast(request, VAT_RETURNS_PATH, errorToast(VAT_RETURN_NOT_FOUND));
  const submission = parseWithZod(formData, { schema: vatReturnSubmissionDetailsSchema });
  if (submission.status !== "success") return invalidReply("submission-details", submission);
  const result = setVatReturnSubmissionDetails(db, admin, id, submission.value, key);
  if (!result.ok && result.status === 404) return redirectWithToast(request, VAT_RETURNS_PATH, errorToast(result.message));
  if (!result.ok) return failureReply("submission-details", submission, result, ["vatRegistrationNumber", "periodKey"]);
  return redirectWithToast(request, viewHref(id), { title: SUBMISSION_DETAILS_SAVED, description: result.value.description });
}

/** Record payment to HMRC: a refusal shows on its field (the amount, the account) or on the form. */
export async function hmrcPaymentAction({ request, db, admin, formData, key }: Ctx) {
  const id = idParam(String(formData.get("id") ?? ""));
  if (id === null) return redirectWithToast(request, VAT_RETURNS_PATH, errorToast(VAT_RETURN_NOT_FOUND));
  const submission = parseWithZod(formData, { schema: recordVatPaymentSchema });
  if (submission.status !== "success") return invalidReply("hmrc-payment", submission);
  const result = recordVatPayment(db, admin, id, submission.value, key);
  if (!result.ok && result.status === 404) return redirectWithToast(request, VAT_RETURNS_PATH, errorToast(result.message));
  if (!result.ok) return failureReply("hmrc-payment", submission, result, ["amount", "financialAccountId", "paymentDate", "reference"]);
  const paid = result.value.payment.direction === "paid_to_hmrc";
  return redirectWithToast(request, viewHref(id), { title: paid ? VAT_PAYMENT_RECORDED : VAT_REPAYMENT_RECORDED, description: result.value.description });
}

/** The assistant answers in the page (nothing is written, so there is nothing to redirect after). */
export async function askAction({ db, formData }: Ctx) {
  const submission = parseWithZod(formData, { schema: vatAssistantSchema });
  if (submission.status !== "success") return invalidReply("ask", submission);
  const answer = await askVatAssistant(db, submission.value);
  return json({ intent: "ask" as const, question: submission.value.question, ...answer, attempt: crypto.randomUUID() });
}
