/**
 * A company's spending rules for its people (browser-safe, pure): a limit per order and per period, the
 * period counted by the UK calendar, and how many approvers an order over a limit needs. The server reads
 * what a person has spent (approvals.server.ts); the checkout page and Place Order both ask this module, so
 * what the page warns is what happens.
 *
 * Limits and spend are measured ex VAT (the goods after any voucher, plus delivery): the figure a trade
 * budget is kept in, and the same whatever the VAT rate of the goods.
 */
import type { LimitPeriod } from "~db/schema";
import { formatMoney } from "~/utils/money";
import { addDays, calendarDayParts, ukDay } from "~/utils/uk-time";

export type SpendingLimits = {
  /** pence ex VAT; null: no limit per order */
  orderLimitPence: number | null;
  /** pence ex VAT over the period; null (or period "none"): no period limit */
  periodLimitPence: number | null;
  limitPeriod: LimitPeriod;
};

export const PERIOD_WORDS: Record<Exclude<LimitPeriod, "none">, { adjective: string; span: string }> = {
  daily: { adjective: "daily", span: "today" },
  weekly: { adjective: "weekly", span: "this week" },
  monthly: { adjective: "monthly", span: "this month" },
  yearly: { adjective: "yearly", span: "this year" },
};

/**
 * The UK calendar day the current period began on: today; the Monday of this week; the 1st of this month;
 * 1 January. Null when the limit has no period.
 */
export function periodStartDay(period: LimitPeriod, now: Date | number): string | null {
  if (period === "none") return null;
  const today = ukDay(now);
  const [year, month, day] = calendarDayParts(today)!;
  switch (period) {
    case "daily":
      return today;
    case "weekly": {
      // getUTCDay: 0 Sunday … 6 Saturday; the trade week starts on Monday
      const weekday = new Date(Date.UTC(year, month, day)).getUTCDay();
      return addDays(today, -((weekday + 6) % 7));
    }
    case "monthly":
      return `${today.slice(0, 8)}01`;
    case "yearly":
      return `${year}-01-01`;
  }
}

export type LimitBreach = { kind: "order" | "period"; message: string };

/**
 * What an order of `orderValue` (pence ex VAT) breaks of a person's limits, having spent `spentInPeriod`
 * already this period: nothing when it is within them.
 */
export function limitBreaches(limits: SpendingLimits, orderValue: number, spentInPeriod: number): LimitBreach[] {
  const breaches: LimitBreach[] = [];
  if (limits.orderLimitPence !== null && orderValue > limits.orderLimitPence) {
    breaches.push({
      kind: "order",
      message: `This order (${formatMoney(orderValue)} ex VAT) is over the limit of ${formatMoney(limits.orderLimitPence)} per order.`,
    });
  }
  if (limits.limitPeriod !== "none" && limits.periodLimitPence !== null && spentInPeriod + orderValue > limits.periodLimitPence) {
    const words = PERIOD_WORDS[limits.limitPeriod];
    breaches.push({
      kind: "period",
      message: `With this order, ${formatMoney(spentInPeriod + orderValue)} ex VAT would be spent ${words.span}, over the ${words.adjective} limit of ${formatMoney(limits.periodLimitPence)}.`,
    });
  }
  return breaches;
}

/** Two different approvers above the company's amount (pence ex VAT); one otherwise, or when none is set. */
export function approvalsNeeded(orderValue: number, secondApprovalAbovePence: number | null): 1 | 2 {
  return secondApprovalAbovePence !== null && orderValue > secondApprovalAbovePence ? 2 : 1;
}

/** "£500.00 per order, £2,000.00 monthly", or "No limit": how a person's limits read in a list. */
export function describeLimits(limits: SpendingLimits): string {
  const parts: string[] = [];
  if (limits.orderLimitPence !== null) parts.push(`${formatMoney(limits.orderLimitPence)} per order`);
  if (limits.limitPeriod !== "none" && limits.periodLimitPence !== null) {
    parts.push(`${formatMoney(limits.periodLimitPence)} ${PERIOD_WORDS[limits.limitPeriod].adjective}`);
  }
  return parts.length > 0 ? parts.join(", ") : "No limit";
}
