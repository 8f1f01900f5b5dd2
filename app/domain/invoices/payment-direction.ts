/**
 * How a payment moves the financial account it names. A bank, cash or gateway balance is money held: it
 * rises with money in (a customer pays us) and falls with money out (we pay a supplier). A credit card's
 * balance is money owed, so the other way round: paying a supplier by card raises it. Browser-safe.
 */
export type PaymentDirection = "in" | "out";

export function balanceChange(accountType: string, amount: number, direction: PaymentDirection): number {
  const held = direction === "in" ? amount : -amount;
  return accountType === "credit_card" ? -held : held;
}
