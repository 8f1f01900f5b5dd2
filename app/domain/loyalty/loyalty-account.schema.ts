/**
 * The customer's loyalty page (/account/loyalty) and the /api/loyalty/* calls: texts, tabs, paging and the
 * small formatting rules both the server and the browser use. Browser-safe.
 */
import { z } from "zod";
import { LOYALTY_TRANSACTION_TYPES } from "~db/schema";
import { formatRewardDate } from "./reward.schema";
import { askedPage } from "~/utils/paging";

export type LoyaltyTransactionType = (typeof LOYALTY_TRANSACTION_TYPES)[number];

export const LOYALTY_PATH = "/account/loyalty";

/** Points history rows per page on the screen; the API pages by 50. */
export const HISTORY_PAGE_SIZE = 20;
export const API_TRANSACTIONS_PAGE_SIZE = 50;

// ─── Texts (the spec's exact words first) ───────────────────────────────────

export const NO_REWARDS_AVAILABLE = "No rewards available";
export const NO_TRANSACTION_HISTORY = "No transaction history";
export const REDEEM_SUCCESS_TITLE = "Success!";
export const REDEEM_ERROR_TITLE = "Error";
export const REDEEM_FAILED = "Failed to redeem reward";

export const REWARD_UNAVAILABLE = "Reward not found or no longer available";
export const REDEEM_CUSTOMERS_ONLY = "Only customer accounts can redeem rewards.";
export const REDEEM_AWAITING_APPROVAL =
  "Your account is awaiting approval. You can redeem rewards once it has been approved.";
export const REDEEM_BUSY = "The shop is very busy right now and your reward was not redeemed. Please try again.";

/** A number of points as read: 11218 → "11,218". */
export function formatPoints(points: number): string {
  return points.toLocaleString("en-GB");
}

/** "1 point", "250 points", "11,218 points" */
export function pointsText(points: number): string {
  return `${formatPoints(points)} ${Math.abs(points) === 1 ? "point" : "points"}`;
}

export function notEnoughPointsMessage(cost: number, balance: number): string {
  return `Not enough points: this reward needs ${pointsText(cost)} and you have ${formatPoints(Math.max(0, balance))}.`;
}

export function redeemedMessage(rewardName: string, code: string): string {
  return `Redeemed ${rewardName}. Your voucher ${code} is ready to use at checkout.`;
}

// ─── Tabs ───────────────────────────────────────────────────────────────────

export const LOYALTY_TABS = ["rewards", "history"] as const;
export type LoyaltyTab = (typeof LOYALTY_TABS)[number];
const DEFAULT_LOYALTY_TAB: LoyaltyTab = "rewards";

export const LOYALTY_TAB_LABELS: Record<LoyaltyTab, string> = {
  rewards: "Available Rewards",
  history: "Points History",
};

/** `?tab=`: anything but a known tab is the default (a bad link is not an error). */
export function parseLoyaltyTab(value: string | null): LoyaltyTab {
  return (LOYALTY_TABS as readonly string[]).includes(value ?? "") ? (value as LoyaltyTab) : DEFAULT_LOYALTY_TAB;
}

/** `?page=` of the history tab: 1 when missing or not a whole number from 1. */
export function parseHistoryPage(value: string | null): { page: number; pageGiven: boolean } {
  const page = askedPage(value, 9_999_999);
  return { page: page ?? 1, pageGiven: page !== null };
}

/** The tab links: /account/loyalty?tab=rewards, /account/loyalty?tab=history&page=2. */
export function loyaltyHref(tab: LoyaltyTab, page = 1): string {
  const params = new URLSearchParams();
  params.set("tab", tab);
  if (tab === "history" && page > 1) params.set("page", String(page));
  return `${LOYALTY_PATH}?${params}`;
}

/** `?page=` of GET /api/loyalty/transactions: a whole number from 1 (1 when absent); 400 for anything else. */
export const loyaltyTransactionsQuerySchema = z.object({
  page: z.coerce
    .number({ invalid_type_error: "page must be a whole number" })
    .int("page must be a whole number")
    .min(1, "page must be at least 1")
    .max(1_000_000, "page must be at most 1000000")
    .default(1),
});

// ─── Rewards ────────────────────────────────────────────────────────────────

/**
 * What a reward (or the voucher it gives) does: "10% off your order", "12.5% off your order", "£5 off your
 * order", "£2.50 off your order", "Free shipping", "Free product". Checkout words vouchers with the same helper.
 */
export { rewardEffectText } from "./vouchers";

/** How many more points a reward needs; 0 when the balance covers it. */
export function pointsShortfall(cost: number, balance: number): number {
  return Math.max(0, cost - Math.max(0, balance));
}

/** The reward card's button: "Need N more points" (disabled) or "Redeem for N points". */
export function redeemButtonLabel(cost: number, balance: number): string {
  const short = pointsShortfall(cost, balance);
  return short > 0 ? `Need ${formatPoints(short)} more ${short === 1 ? "point" : "points"}` : `Redeem for ${pointsText(cost)}`;
}

// ─── Points history ─────────────────────────────────────────────────────────

const TRANSACTION_TYPE_LABELS: Record<LoyaltyTransactionType, string> = {
  earned: "Earned",
  redeemed: "Redeemed",
  expired: "Expired",
  adjusted: "Adjusted",
};

export function transactionTypeLabel(type: string): string {
  return TRANSACTION_TYPE_LABELS[type as LoyaltyTransactionType] ?? type;
}

const londonTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** A history row's instant: "Jan 5, 2025, 14:30" (London date and time). */
export function formatHistoryDateTime(value: Date | string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return `${formatRewardDate(date)}, ${londonTime.format(date)}`;
}

/** Signed points as shown: "+120", "−500" (a true minus sign), "0". */
export function formatSignedPoints(points: number): string {
  if (points > 0) return `+${formatPoints(points)}`;
  if (points < 0) return `\u2212${formatPoints(Math.abs(points))}`;
  return "0";
}

/** Green only for a gain; a loss or nothing is red (the spec: "green if positive, red otherwise"). */
export function pointsTone(points: number): "gain" | "loss" {
  return points > 0 ? "gain" : "loss";
}

// ─── Redeeming through the page ─────────────────────────────────────────────

/** A reward card's form: which reward to redeem (a missing or malformed id reads as an unavailable reward). */
export const redeemRewardFormSchema = z.object({
  rewardId: z.preprocess(
    (value) => (typeof value === "string" && /^\s*\d{1,12}\s*$/.test(value) ? Number(value) : undefined),
    z
      .number({ required_error: REWARD_UNAVAILABLE, invalid_type_error: REWARD_UNAVAILABLE })
      .int(REWARD_UNAVAILABLE)
      .positive(REWARD_UNAVAILABLE),
  ),
});
