import { describe, expect, it } from "vitest";
import { normaliseVrn, PERIOD_KEY_MESSAGE, vatReturnSubmissionDetailsSchema, VRN_MESSAGE } from "./mtd.schema";

const parse = (input: unknown) => vatReturnSubmissionDetailsSchema.safeParse(input);
const errorsOf = (input: unknown) => {
  const result = parse(input);
  return result.success ? {} : result.error.flatten().fieldErrors;
};

describe("normaliseVrn", () => {
  it.each([
    ["123456789", "123456789"],
    ["GB123456789", "123456789"],
    ["gb 123 4567 89", "123456789"],
    [" GB 123456789 ", "123456789"],
  ])("%s → %s", (input, expected) => {
    expect(normaliseVrn(input)).toBe(expected);
  });

  it.each(["12345678", "1234567890", "GB12345678A", "XI123456789", "GB123456789001", "", "GBGB123456789"])("refuses %j", (input) => {
    expect(normaliseVrn(input)).toBeNull();
  });
});

describe("vatReturnSubmissionDetailsSchema", () => {
  it("stores the VRN as 9 digits and the period key in capitals", () => {
    expect(parse({ vatRegistrationNumber: "GB 123 4567 89", periodKey: " 26k1 " })).toEqual({
      success: true,
      data: { vatRegistrationNumber: "123456789", periodKey: "26K1" },
    });
    expect(parse({ vatRegistrationNumber: "987654321", periodKey: "#001" }).data).toEqual({ vatRegistrationNumber: "987654321", periodKey: "#001" });
  });

  it("says what a VRN must be, whatever was wrong with it", () => {
    for (const vatRegistrationNumber of [undefined, "", "12345", "GB12345678X", 123456789]) {
      expect(errorsOf({ vatRegistrationNumber, periodKey: "26K1" }).vatRegistrationNumber).toEqual([VRN_MESSAGE]);
    }
  });

  it("takes HMRC's 4 characters (letters, digits or #) and nothing else as a period key", () => {
    for (const periodKey of ["18AD", "18A1", "#001", "A001", "26K1"]) {
      expect(parse({ vatRegistrationNumber: "123456789", periodKey }).success, periodKey).toBe(true);
    }
    for (const periodKey of [undefined, "", "26K", "26K12", "26 K", "26-1", "26K£", 2601]) {
      expect(errorsOf({ vatRegistrationNumber: "123456789", periodKey }).periodKey, String(periodKey)).toEqual([PERIOD_KEY_MESSAGE]);
    }
  });
});
