import { describe, expect, it } from "vitest";
import { balanceChange } from "./payment-direction";

describe("balanceChange", () => {
  it("raises a bank or cash balance with money in and lowers it with money out", () => {
    expect(balanceChange("bank", 1250, "in")).toBe(1250);
    expect(balanceChange("bank", 1250, "out")).toBe(-1250);
    expect(balanceChange("cash", 99, "out")).toBe(-99);
    expect(balanceChange("payment_gateway", 500, "in")).toBe(500);
  });

  it("treats a credit card's balance as money owed: paying out of it raises it, money in lowers it", () => {
    expect(balanceChange("credit_card", 1250, "out")).toBe(1250);
    expect(balanceChange("credit_card", 1250, "in")).toBe(-1250);
  });
});
