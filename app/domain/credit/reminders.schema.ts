/**
 * The reminder settings: whether the timer sends them, and the levels (days from the due date and wording).
 * One schema for the Reminders screen's form (six rows, blank ones ignored) and PUT /api/admin/credit-reminders.
 * Browser-safe.
 */
import { z } from "zod";

export const REMINDER_ROWS = 6;
export const LEVEL_DAYS_INVALID = "Days must be a whole number from -30 (before the due date) to 365";
export const LEVEL_WORDING_REQUIRED = "Each level needs its wording";
export const LEVELS_REPEATED = "Two levels cannot be sent on the same day";
export const LEVELS_REQUIRED = "Give at least one level";

const booleanish = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

const levelRow = z
  .object({
    days: z.preprocess((value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value), z.unknown()),
    wording: z.preprocess((value) => (typeof value === "string" ? value.trim() : value), z.unknown()),
  })
  .partial();

export const reminderSettingsSchema = z
  .object({
    enabled: booleanish.optional().default(false),
    levels: z.array(levelRow.optional()).max(REMINDER_ROWS, `At most ${REMINDER_ROWS} levels`).optional().default([]),
  })
  .transform((value, ctx) => {
    const levels: { days: number; wording: string }[] = [];
    value.levels.forEach((row, index) => {
      const days = row?.days;
      const wording = row?.wording;
      const blank = (days === undefined || days === null || days === "") && (wording === undefined || wording === null || wording === "");
      if (blank) return;
      if (typeof days !== "number" || !Number.isInteger(days) || days < -30 || days > 365) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["levels", index, "days"], message: LEVEL_DAYS_INVALID });
        return;
      }
      if (typeof wording !== "string" || wording === "" || wording.length > 1000) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["levels", index, "wording"], message: LEVEL_WORDING_REQUIRED });
        return;
      }
      if (levels.some((level) => level.days === days)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["levels", index, "days"], message: LEVELS_REPEATED });
        return;
      }
      levels.push({ days, wording });
    });
    if (levels.length === 0) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["levels"], message: LEVELS_REQUIRED });
    return { enabled: value.enabled, levels: levels.sort((a, b) => a.days - b.days) };
  });
export type ReminderSettings = z.output<typeof reminderSettingsSchema>;
