import { describe, expect, it } from "vitest";
import {
  ACCOUNT_NAME_REQUIRED,
  ACCOUNT_TYPE_INVALID,
  accountInUseMessage,
  financialAccountSchema,
  IBAN_INVALID,
  isValidIban,
  SORT_CODE_INVALID,
  SWIFT_INVALID,
} from "./financial-account.schema";

const parse = (input: Record<string, unknown>) => financialAccountSchema.safeParse(input);
const firstError = (input: Record<string, unknown>) => {
  const result = parse(input);
  if (result.success) throw new Error("expected a refusal");
  return { message: result.error.issues[0]!.message, path: result.error.issues[0]!.path.join(".") };
};

describe("financial account schema", () => {
  it("needs a name of at most 200 characters", () => {
    expect(firstError({ name: "  " })).toEqual({ message: ACCOUNT_NAME_REQUIRED, path: "name" });
    expect(firstError({})).toEqual({ message: ACCOUNT_NAME_REQUIRED, path: "name" });
    expect(firstError({ name: "x".repeat(201) }).message).toBe("Account name must be at most 200 characters");
    expect(parse({ name: "x".repeat(200) }).success).toBe(true);
  });

  it("defaults to a bank account with a balance of 0.00 and no details", () => {
    expect(parse({ name: " Business  Current Account " }).data).toEqual({
      name: "Business Current Account",
      type: "bank",
      balance: 0,
      bankName: null,
      accountNumber: null,
      sortCode: null,
      iban: null,
      swiftCode: null,
      paymentProcessorId: null,
      externalReference: null,
      notes: null,
    });
  });

  it("takes the five account types and refuses others", () => {
    for (const type of ["bank", "cash", "credit_card", "payment_gateway", "other"]) {
      expect(parse({ name: "A", type }).data?.type).toBe(type);
    }
    expect(firstError({ name: "A", type: "savings" })).toEqual({ message: ACCOUNT_TYPE_INVALID, path: "type" });
  });

  it("reads the balance as signed pounds into pence", () => {
    expect(parse({ name: "A", balance: "1250.5" }).data?.balance).toBe(125_050);
    expect(parse({ name: "A", balance: "£-40.00" }).data?.balance).toBe(-4_000);
    expect(parse({ name: "A", balance: 12.34 }).data?.balance).toBe(1_234);
    expect(parse({ name: "A", balance: "" }).data?.balance).toBe(0);
    expect(firstError({ name: "A", balance: "lots" })).toEqual({ message: "Balance must be a number", path: "balance" });
    expect(firstError({ name: "A", balance: "1.234" }).message).toBe("Balance must have at most 2 decimal places");
  });

  it("normalises a sort code, an IBAN and a SWIFT code, and refuses ones of the wrong shape", () => {
    expect(parse({ name: "A", sortCode: "123456", iban: "gb82 west 1234 5698 7654 32", swiftCode: "nwbk gb2l" }).data).toMatchObject({
      sortCode: "12-34-56",
      iban: "GB82WEST12345698765432",
      swiftCode: "NWBKGB2L",
    });
    expect(firstError({ name: "A", sortCode: "12-34-5" })).toEqual({ message: SORT_CODE_INVALID, path: "sortCode" });
    expect(firstError({ name: "A", iban: "GB82WEST12345698765433" })).toEqual({ message: IBAN_INVALID, path: "iban" });
    expect(firstError({ name: "A", swiftCode: "NWBK" })).toEqual({ message: SWIFT_INVALID, path: "swiftCode" });
  });

  it("checks IBAN check digits", () => {
    expect(isValidIban("DE89370400440532013000")).toBe(true);
    expect(isValidIban("DE89370400440532013001")).toBe(false);
    expect(isValidIban("GB82WEST1234")).toBe(false);
  });

  it("says how many payments keep an account", () => {
    expect(accountInUseMessage(1)).toBe("This account cannot be deleted: 1 payment names it. Keep it, or rename it if it is no longer used.");
    expect(accountInUseMessage(1204)).toContain("1,204 payments name it");
  });
});
