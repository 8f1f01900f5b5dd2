import { describe, expect, it } from "vitest";
import { CREDIT_LIMIT_INVALID, CREDIT_LIMIT_REQUIRED, PAYMENT_TERMS_INVALID, setCreditSchema } from "./credit.schema";

describe("setCreditSchema", () => {
  it("reads a limit in pounds from a form or JSON, blank or null as no limit", () => {
    expect(setCreditSchema.parse({ creditLimit: "5,000.00", paymentTerms: "net30" })).toEqual({ creditLimit: 500_000, paymentTerms: "net30" });
    expect(setCreditSchema.parse({ creditLimit: 2500.5, paymentTerms: "eom30" })).toEqual({ creditLimit: 250_050, paymentTerms: "eom30" });
    expect(setCreditSchema.parse({ creditLimit: "", paymentTerms: "pro_forma" }).creditLimit).toBeNull();
    expect(setCreditSchema.parse({ creditLimit: null, paymentTerms: "net7" }).creditLimit).toBeNull();
  });

  it("refuses a request that leaves the limit out, rather than taking it as no limit", () => {
    const missing = setCreditSchema.safeParse({ paymentTerms: "net30" });
    expect(missing.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["creditLimit", CREDIT_LIMIT_REQUIRED]]);
  });

  it("refuses a negative or malformed limit and unknown terms, each on its field", () => {
    const bad = setCreditSchema.safeParse({ creditLimit: "-10", paymentTerms: "net90" });
    expect(bad.success).toBe(false);
    const issues = bad.error!.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues).toEqual([
      ["creditLimit", CREDIT_LIMIT_INVALID],
      ["paymentTerms", PAYMENT_TERMS_INVALID],
    ]);
  });
});
