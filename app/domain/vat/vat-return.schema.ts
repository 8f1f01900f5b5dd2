/**
 * Commands of the VAT Returns screen (/admin/vat-returns) and its API: generating a month's return and asking
 * the VAT assistant. Browser-safe: the screen's forms validate with the same schemas as the server.
 */
import { z } from "zod";
import { isMonth, monthLabel, periodOfMonth, periodProblem } from "./vat-period";

export const VAT_RETURNS_PAGE_SIZE = 24;
export const VAT_LINES_PAGE_SIZE = 50;

// The spec's notices, exactly, and the messages of refusals.
export const VAT_RETURN_GENERATED = "VAT Return generated";
export const VAT_RETURN_REGENERATED = "VAT Return regenerated";
export const VAT_RETURN_FILED = "VAT Return filed";
export const VAT_RETURN_NOT_FOUND = "VAT return not found";
export const QUESTION_REQUIRED = "Please enter a question";
export const QUESTION_MAX = 500;

export const returnExists = (month: string) => `A VAT return for ${monthLabel(month)} already exists`;

const dateField = (name: string) =>
  z.string({ required_error: `${name} is required (YYYY-MM-DD)`, invalid_type_error: `${name} must be a date as YYYY-MM-DD` }).trim();

/**
 * POST /api/admin/vat-returns/generate {periodStart, periodEnd}: the first and last day of one calendar month.
 * The output is the month, "2026-11".
 */
export const generateVatReturnSchema = z
  .object({ periodStart: dateField("periodStart"), periodEnd: dateField("periodEnd") })
  .superRefine((value, ctx) => {
    const problem = periodProblem(value.periodStart, value.periodEnd);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [problem.field], message: problem.message });
  })
  .transform((value) => ({ month: value.periodStart.slice(0, 7) }));
export type GenerateVatReturnInput = z.infer<typeof generateVatReturnSchema>;

/** The Generate Return dialog: the month chosen ("2026-11"). */
export const generateVatReturnFormSchema = z.object({
  month: z
    .string({ required_error: "Choose the month of the return" })
    .trim()
    .refine(isMonth, "Choose the month of the return"),
});

/** The period the API speaks of, for a month. */
export function periodJson(month: string) {
  const period = periodOfMonth(month);
  return { periodStart: period.start, periodEnd: period.end };
}

/** POST /api/admin/vat-assistant {question} and the assistant dialog's question box. */
export const vatAssistantSchema = z.object({
  question: z
    .string({ required_error: QUESTION_REQUIRED, invalid_type_error: QUESTION_REQUIRED })
    .trim()
    .min(1, QUESTION_REQUIRED)
    .max(QUESTION_MAX, `Keep the question under ${QUESTION_MAX} characters`),
});
export type VatAssistantInput = z.infer<typeof vatAssistantSchema>;

/** The furthest page of the list and of a return's lines a URL may ask for; past it is the first page. */
export const VAT_MAX_PAGE = 100_000;
