/**
 * Releasing a credit hold (POST /api/admin/orders/{id}/release-hold and the Credit control screen's form) and the
 * hold setting (how many days overdue an invoice may be): one schema each for both doors. Browser-safe.
 */
import { z } from "zod";
import { MAX_HOLD_OVERDUE_DAYS } from "./credit-hold";

export const RELEASE_NOTE_REQUIRED = "Write a note: why the hold is released (payment received, agreed by phone…)";
export const RELEASE_NOTE_TOO_LONG = "The note must be 500 characters or fewer";
export const OVERDUE_DAYS_INVALID = `Days overdue must be a whole number from 0 to ${MAX_HOLD_OVERDUE_DAYS}`;

export const releaseHoldSchema = z.object({
  note: z
    .string({ required_error: RELEASE_NOTE_REQUIRED, invalid_type_error: RELEASE_NOTE_REQUIRED })
    .trim()
    .min(1, RELEASE_NOTE_REQUIRED)
    .max(500, RELEASE_NOTE_TOO_LONG),
});
export type ReleaseHoldInput = z.output<typeof releaseHoldSchema>;

const booleanish = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

/** The Credit Control form: whether overdue invoices hold new orders, and after how many days. */
export const holdSettingsSchema = z.object({
  overdueHolds: booleanish.optional().default(false),
  overdueDays: z.coerce
    .number({ invalid_type_error: OVERDUE_DAYS_INVALID, required_error: OVERDUE_DAYS_INVALID })
    .int(OVERDUE_DAYS_INVALID)
    .min(0, OVERDUE_DAYS_INVALID)
    .max(MAX_HOLD_OVERDUE_DAYS, OVERDUE_DAYS_INVALID),
});
export type HoldSettingsInput = z.output<typeof holdSettingsSchema>;

export const STOP_REASON_REQUIRED = "Say why the account is on stop: its buyers are shown the reason";
export const ON_STOP_INVALID = "onStop must be true or false";

/** PUT /api/admin/companies/{id}/stop {onStop, reason}: on stop (with the reason its buyers see) or off it. */
export const stopAccountSchema = z
  .object({
    onStop: z.boolean({ required_error: ON_STOP_INVALID, invalid_type_error: ON_STOP_INVALID }),
    reason: z.string().trim().max(500, "The reason must be 500 characters or fewer").optional().nullable(),
  })
  .superRefine((value, ctx) => {
    if (value.onStop && !value.reason) ctx.addIssue({ code: z.ZodIssueCode.custom, message: STOP_REASON_REQUIRED, path: ["reason"] });
  });
export type StopAccountInput = z.output<typeof stopAccountSchema>;
