import { describe, expect, it } from "vitest";
import { DEFAULT_REMINDER_LEVELS, reminderLevelDue, reminderLevelLabel } from "./reminders";

const levels = DEFAULT_REMINDER_LEVELS; // -3, 7, 21, 45
const days = (level: { days: number } | null) => level?.days ?? null;

describe("reminderLevelDue", () => {
  it("sends nothing before the first level's day, then each level on its day", () => {
    expect(days(reminderLevelDue(levels, "2026-11-30", [], "2026-11-26"))).toBeNull();
    expect(days(reminderLevelDue(levels, "2026-11-30", [], "2026-11-27"))).toBe(-3);
    expect(days(reminderLevelDue(levels, "2026-11-30", [-3], "2026-12-06"))).toBeNull();
    expect(days(reminderLevelDue(levels, "2026-11-30", [-3], "2026-12-07"))).toBe(7);
    expect(days(reminderLevelDue(levels, "2026-11-30", [-3, 7], "2026-12-21"))).toBe(21);
    expect(days(reminderLevelDue(levels, "2026-11-30", [-3, 7, 21], "2027-01-14"))).toBe(45);
    expect(days(reminderLevelDue(levels, "2026-11-30", [-3, 7, 21, 45], "2027-06-01"))).toBeNull();
  });

  it("sends each level once, and only the highest one reached when several are late", () => {
    expect(days(reminderLevelDue(levels, "2026-11-30", [7], "2026-12-08"))).toBeNull();
    expect(days(reminderLevelDue(levels, "2026-09-01", [], "2026-11-01"))).toBe(45);
    // a higher level already sent: nothing lower goes afterwards
    expect(days(reminderLevelDue(levels, "2026-09-01", [45], "2026-11-01"))).toBeNull();
  });

  it("counts days across month ends by the calendar", () => {
    expect(days(reminderLevelDue(levels, "2026-02-25", [-3], "2026-03-04"))).toBe(7);
    expect(days(reminderLevelDue(levels, "2026-02-25", [-3], "2026-03-03"))).toBeNull();
  });
});

describe("reminderLevelLabel", () => {
  it("says when a level goes", () => {
    expect(DEFAULT_REMINDER_LEVELS.map((level) => reminderLevelLabel(level.days))).toEqual([
      "3 days before the due date",
      "7 days overdue",
      "21 days overdue",
      "45 days overdue",
    ]);
    expect(reminderLevelLabel(0)).toBe("On the due date");
  });
});
