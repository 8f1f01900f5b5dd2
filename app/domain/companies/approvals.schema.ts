/**
 * The commands of spending limits and company approvals, the same on the forms and the API (browser-safe).
 */
import { z } from "zod";
import { LIMIT_PERIODS, type ApprovalRequestStatus } from "~db/schema";
import { formatMoney } from "~/utils/money";
import { poundsField } from "~/domain/invoices/sales-invoice.schema";

export const APPROVALS_PATH = "/account/approvals";
export const LIMITS_PATH = "/account/company/limits";
export const approvalPath = (id: number) => `${APPROVALS_PATH}/${id}`;
export const APPROVALS_PAGE_SIZE = 25;

export const APPROVAL_STATUS_LABELS: Record<ApprovalRequestStatus, string> = {
  waiting: "Waiting for approval",
  placed: "Approved and placed",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
};

/** What an approver is told when a price changed since the order was sent, before anything is placed. */
export function priceChangesMessage(changes: { productName: string; was: number; now: number }[]): string {
  const each = changes.map((change) => `${change.productName} was ${formatMoney(change.was)}, now ${formatMoney(change.now)} ex VAT`);
  return `Prices have changed since this order was sent for approval: ${each.join("; ")}. Approve again to place it at today's prices.`;
}

export const REJECT_REASON_MESSAGE = "Give a reason for rejecting the order: the buyer sees it";
const REASON_LENGTH_MESSAGE = "Keep the reason to 500 characters or fewer";

const blankToNull = (value: unknown) => (value === undefined ? undefined : typeof value === "string" && value.trim() === "" ? null : value);
/** "£2,000" as typed in a form: the thousands commas and spaces go; blank is no limit. */
const typedAmount = (value: unknown) => blankToNull(typeof value === "string" ? value.replace(/[,\s]/g, "") : value);
const truthy = (value: unknown) => value === true || value === "true" || value === "on" || value === "1";

/**
 * POST /api/company/approvals/{id} and the decision forms: approve (a note is optional) or reject (a reason is
 * required). `confirmPriceChanges` places it at today's prices after the approver was shown what changed.
 */
export const approvalDecisionSchema = z
  .object({
    decision: z.enum(["approve", "reject"], {
      required_error: "decision must be approve or reject",
      invalid_type_error: "decision must be approve or reject",
      message: "decision must be approve or reject",
    }),
    reason: z.preprocess(
      blankToNull,
      z.string({ invalid_type_error: "reason must be text" }).trim().max(500, REASON_LENGTH_MESSAGE).nullable().optional(),
    ),
    confirmPriceChanges: z.preprocess(truthy, z.boolean()).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.decision === "reject" && !value.reason) ctx.addIssue({ code: z.ZodIssueCode.custom, message: REJECT_REASON_MESSAGE, path: ["reason"] });
  })
  .transform((value) => ({ ...value, reason: value.reason ?? null, confirmPriceChanges: value.confirmPriceChanges ?? false }));
export type ApprovalDecisionInput = z.infer<typeof approvalDecisionSchema>;

/** A limit in pounds ex VAT: blank or null for none; more than nothing. */
const limitField = (label: string) =>
  z.preprocess(
    typedAmount,
    poundsField(label)
      // piped, so a figure that is not a number gets that one message only
      .pipe(
        z
          .number()
          .refine((pence) => pence > 0, `${label} must be more than £0.00, or left blank for no limit`)
          .refine((pence) => pence <= 100_000_000, `${label} must be £1,000,000.00 or less`),
      )
      .nullable(),
  );

const PERIOD_MESSAGE = "Choose a period: none, daily, weekly, monthly or yearly";

export const personLimitsSchema = z
  .object({
    id: z.string({ required_error: "id is required" }).min(1).max(100),
    orderLimit: limitField("Limit per order"),
    periodLimit: limitField("Limit per period"),
    limitPeriod: z.enum(LIMIT_PERIODS, { required_error: PERIOD_MESSAGE, invalid_type_error: PERIOD_MESSAGE, message: PERIOD_MESSAGE }),
  })
  .superRefine((value, ctx) => {
    if (value.periodLimit !== null && value.limitPeriod === "none") {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Choose the period the limit counts over", path: ["limitPeriod"] });
    }
    if (value.periodLimit === null && value.limitPeriod !== "none") {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Give the limit for the period, or choose no period", path: ["periodLimit"] });
    }
  });

/**
 * PUT /api/company/limits and the Limits form: people's limits (pounds ex VAT, null for none) and the amount
 * above which an order needs two different approvers (null: any one). Only what is given changes.
 */
export const companyLimitsSchema = z
  .object({
    secondApprovalAbove: z
      .preprocess(
        typedAmount,
        poundsField("Two approvers above")
          .pipe(z.number().refine((pence) => pence > 0, "Two approvers above must be more than £0.00, or left blank for one approver"))
          .nullable(),
      )
      .optional(),
    people: z.array(personLimitsSchema).max(500).optional(),
  })
  .refine((value) => value.secondApprovalAbove !== undefined || value.people !== undefined, {
    message: "Give people's limits or the two-approver amount to change",
    path: ["people"],
  });
export type CompanyLimitsInput = z.infer<typeof companyLimitsSchema>;

/**
 * The Limits form's fields, flat as a form posts them: `secondApprovalAbove`, then per person
 * `people[0].id`, `people[0].orderLimit` … read into the API's shape, so one schema checks both doors.
 */
export function limitsFormToInput(form: FormData): unknown {
  const people: Record<string, unknown>[] = [];
  for (const [name, value] of form.entries()) {
    const match = /^people\[(\d{1,3})\]\.(id|orderLimit|periodLimit|limitPeriod)$/.exec(name);
    if (!match) continue;
    const index = Number(match[1]);
    people[index] = { ...(people[index] ?? {}), [match[2]!]: value };
  }
  return {
    secondApprovalAbove: form.get("secondApprovalAbove") ?? undefined,
    people: people.filter(Boolean),
  };
}
