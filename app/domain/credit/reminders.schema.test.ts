import { describe, expect, it } from "vitest";
import { LEVEL_DAYS_INVALID, LEVELS_REPEATED, LEVELS_REQUIRED, reminderSettingsSchema } from "./reminders.schema";

describe("reminderSettingsSchema", () => {
  it("reads the form's rows (blank ones ignored) and JSON alike, levels in day order", () => {
    const form = reminderSettingsSchema.parse({
      enabled: "on",
      levels: [{ days: "21", wording: " Three weeks late " }, { days: "", wording: "" }, { days: "-3", wording: "Due soon" }],
    });
    expect(form).toEqual({ enabled: true, levels: [{ days: -3, wording: "Due soon" }, { days: 21, wording: "Three weeks late" }] });
    expect(reminderSettingsSchema.parse({ enabled: false, levels: [{ days: 7, wording: "Late" }] })).toEqual({ enabled: false, levels: [{ days: 7, wording: "Late" }] });
  });

  it("refuses bad days, repeated days and no levels, on the row's field", () => {
    const issues = (input: unknown) => reminderSettingsSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues({ levels: [{ days: "400", wording: "x" }] })).toEqual([["levels.0.days", LEVEL_DAYS_INVALID], ["levels", LEVELS_REQUIRED]]);
    expect(issues({ levels: [{ days: 7, wording: "a" }, { days: "7", wording: "b" }] })).toEqual([["levels.1.days", LEVELS_REPEATED]]);
    expect(issues({ levels: [] })).toEqual([["levels", LEVELS_REQUIRED]]);
  });
});
