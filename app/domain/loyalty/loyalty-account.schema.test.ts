import { describe, expect, it } from "vitest";
import {
  formatHistoryDateTime,
  formatSignedPoints,
  loyaltyHref,
  loyaltyTransactionsQuerySchema,
  notEnoughPointsMessage,
  parseHistoryPage,
  parseLoyaltyTab,
  pointsShortfall,
  pointsText,
  pointsTone,
  redeemButtonLabel,
  redeemedMessage,
  rewardEffectText,
  transactionTypeLabel,
} from "./loyalty-account.schema";

describe("rewardEffectText", () => {
  it("says what a percentage discount takes off, in hundredths", () => {
    expect(rewardEffectText("discount_percentage", 1000)).toBe("10% off your order");
    expect(rewardEffectText("discount_percentage", 1250)).toBe("12.5% off your order");
    expect(rewardEffectText("discount_percentage", 5)).toBe("0.05% off your order");
  });

  it("shows whole pounds without pence and other amounts with them", () => {
    expect(rewardEffectText("discount_fixed", 500)).toBe("£5 off your order");
    expect(rewardEffectText("discount_fixed", 250)).toBe("£2.50 off your order");
    expect(rewardEffectText("discount_fixed", 99)).toBe("£0.99 off your order");
    expect(rewardEffectText("discount_fixed", 150000)).toBe("£1,500 off your order");
  });

  it("names the types that carry no value", () => {
    expect(rewardEffectText("free_shipping", null)).toBe("Free shipping");
    expect(rewardEffectText("free_product", null)).toBe("Free product");
  });
});

describe("redeem button", () => {
  it("asks for the missing points when the balance is short", () => {
    expect(redeemButtonLabel(500, 120)).toBe("Need 380 more points");
    expect(redeemButtonLabel(500, 499)).toBe("Need 1 more point");
    expect(redeemButtonLabel(250, 0)).toBe("Need 250 more points");
    // a negative balance (points reversed after a redemption) needs the whole cost, not more
    expect(redeemButtonLabel(250, -40)).toBe("Need 250 more points");
    expect(pointsShortfall(500, 120)).toBe(380);
  });

  it("offers the reward when the balance covers it exactly or more", () => {
    expect(redeemButtonLabel(250, 250)).toBe("Redeem for 250 points");
    expect(redeemButtonLabel(250, 9999)).toBe("Redeem for 250 points");
    expect(redeemButtonLabel(1, 5)).toBe("Redeem for 1 point");
    expect(pointsShortfall(250, 9999)).toBe(0);
  });
});

describe("messages", () => {
  it("explains a short balance with both numbers", () => {
    expect(notEnoughPointsMessage(500, 120)).toBe("Not enough points: this reward needs 500 points and you have 120.");
    expect(notEnoughPointsMessage(1, 0)).toBe("Not enough points: this reward needs 1 point and you have 0.");
  });

  it("names the reward and the voucher on success", () => {
    expect(redeemedMessage("£5.00 off your next order", "TC-7KQ2-M9XD")).toBe(
      "Redeemed £5.00 off your next order. Your voucher TC-7KQ2-M9XD is ready to use at checkout.",
    );
  });

  it("pluralises points", () => {
    expect(pointsText(0)).toBe("0 points");
    expect(pointsText(1)).toBe("1 point");
    expect(pointsText(1250)).toBe("1,250 points");
  });
});

describe("tabs and pages", () => {
  it("reads the tab, falling back to Available Rewards", () => {
    expect(parseLoyaltyTab("history")).toBe("history");
    expect(parseLoyaltyTab("rewards")).toBe("rewards");
    expect(parseLoyaltyTab(null)).toBe("rewards");
    expect(parseLoyaltyTab("HISTORY")).toBe("rewards");
    expect(parseLoyaltyTab("vouchers")).toBe("rewards");
  });

  it("builds tab links that keep the history page", () => {
    expect(loyaltyHref("rewards")).toBe("/account/loyalty?tab=rewards");
    expect(loyaltyHref("history")).toBe("/account/loyalty?tab=history");
    expect(loyaltyHref("history", 3)).toBe("/account/loyalty?tab=history&page=3");
    expect(loyaltyHref("rewards", 3)).toBe("/account/loyalty?tab=rewards");
  });

  it("reads a page number leniently on the screen", () => {
    expect(parseHistoryPage("2")).toEqual({ page: 2, pageGiven: true });
    expect(parseHistoryPage(null)).toEqual({ page: 1, pageGiven: false });
    expect(parseHistoryPage("0")).toEqual({ page: 1, pageGiven: false });
    expect(parseHistoryPage("-2")).toEqual({ page: 1, pageGiven: false });
    expect(parseHistoryPage("two")).toEqual({ page: 1, pageGiven: false });
  });

  it("refuses a bad page on the API with a message", () => {
    expect(loyaltyTransactionsQuerySchema.parse({})).toEqual({ page: 1 });
    expect(loyaltyTransactionsQuerySchema.parse({ page: "3" })).toEqual({ page: 3 });
    for (const page of ["0", "abc", "1.5", "-1"]) {
      const result = loyaltyTransactionsQuerySchema.safeParse({ page });
      expect(result.success, page).toBe(false);
      expect(result.error?.issues[0].message).toMatch(/^page must be/);
    }
  });
});

describe("history rows", () => {
  it("shows the London date like Jan 5, 2025 and the London time", () => {
    expect(formatHistoryDateTime("2025-01-05T14:30:00.000Z")).toBe("Jan 5, 2025, 14:30");
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST)
    expect(formatHistoryDateTime(new Date("2025-06-30T23:30:00.000Z"))).toBe("Jul 1, 2025, 00:30");
  });

  it("signs points and colours only gains green", () => {
    expect(formatSignedPoints(120)).toBe("+120");
    expect(formatSignedPoints(-500)).toBe("\u2212500");
    expect(formatSignedPoints(0)).toBe("0");
    expect(pointsTone(120)).toBe("gain");
    expect(pointsTone(-500)).toBe("loss");
    expect(pointsTone(0)).toBe("loss");
  });

  it("labels each entry type", () => {
    expect(transactionTypeLabel("earned")).toBe("Earned");
    expect(transactionTypeLabel("redeemed")).toBe("Redeemed");
    expect(transactionTypeLabel("expired")).toBe("Expired");
    expect(transactionTypeLabel("adjusted")).toBe("Adjusted");
  });
});
