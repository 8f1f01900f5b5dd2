import { describe, expect, it } from "vitest";
import { orderMailRecipients, sameCompanyDomain } from "./order-mail-recipients";

describe("orderMailRecipients", () => {
  it("sends to the account and copies a shipping email at the same company domain", () => {
    expect(orderMailRecipients("buyer@patel-catering.co.uk", "goods-in@patel-catering.co.uk")).toEqual({
      to: "buyer@patel-catering.co.uk",
      cc: ["goods-in@patel-catering.co.uk"],
    });
  });

  it("compares domains without regard to case", () => {
    expect(orderMailRecipients("Buyer@Patel-Catering.co.uk", "stores@PATEL-CATERING.CO.UK").cc).toEqual(["stores@PATEL-CATERING.CO.UK"]);
  });

  it("never copies an address at another domain, a lookalike domain, or a subdomain", () => {
    for (const shipping of ["someone@gmail.com", "buyer@patel-catering.co.uk.evil.example", "buyer@mail.patel-catering.co.uk", "patel-catering.co.uk"]) {
      expect(orderMailRecipients("buyer@patel-catering.co.uk", shipping)).toEqual({ to: "buyer@patel-catering.co.uk", cc: [] });
    }
  });

  it("sends one mail when the shipping email is the account's own, or empty", () => {
    expect(orderMailRecipients("buyer@patel-catering.co.uk", "BUYER@patel-catering.co.uk").cc).toEqual([]);
    expect(orderMailRecipients("buyer@patel-catering.co.uk", "").cc).toEqual([]);
    expect(orderMailRecipients("buyer@patel-catering.co.uk", null).cc).toEqual([]);
  });
});

describe("sameCompanyDomain", () => {
  it("is the part after the last @, trimmed and lower-cased; no domain matches nothing", () => {
    expect(sameCompanyDomain("a@x.co.uk", " b@X.CO.UK ")).toBe(true);
    expect(sameCompanyDomain("a@x.co.uk", "b@y.co.uk")).toBe(false);
    expect(sameCompanyDomain("a@", "b@")).toBe(false);
    expect(sameCompanyDomain("no-at-sign", "no-at-sign")).toBe(false);
  });
});
