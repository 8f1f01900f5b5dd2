import { describe, expect, it } from "vitest";
import {
  deliveryCharge,
  deliveryText,
  minimumOrderMessage,
  minimumOrderShortfall,
  placedOrderDelivery,
  withDelivery,
} from "./delivery-charge";

const terms = { deliveryChargePence: 750, freeDeliveryOverPence: 15_000 };

describe("deliveryCharge", () => {
  it("charges the wholesaler's charge per order with VAT at 20%, rounded half-up", () => {
    expect(deliveryCharge({ goodsValue: 8_000, terms })).toEqual({ net: 750, vat: 150, basis: "charged" });
    // 20% of £4.99 is 99.8p: 100p
    expect(deliveryCharge({ goodsValue: 100, terms: { ...terms, deliveryChargePence: 499 } })).toMatchObject({ net: 499, vat: 100 });
    // 20% of £0.02 is 0.4p: 0p; of £0.03, 0.6p: 1p
    expect(deliveryCharge({ goodsValue: 100, terms: { ...terms, deliveryChargePence: 2 } }).vat).toBe(0);
    expect(deliveryCharge({ goodsValue: 100, terms: { ...terms, deliveryChargePence: 3 } }).vat).toBe(1);
  });

  it("is free from the free-delivery value on, and charged a penny below it", () => {
    expect(deliveryCharge({ goodsValue: 15_000, terms })).toEqual({ net: 0, vat: 0, basis: "free_over" });
    expect(deliveryCharge({ goodsValue: 40_000, terms }).basis).toBe("free_over");
    expect(deliveryCharge({ goodsValue: 14_999, terms })).toMatchObject({ net: 750, basis: "charged" });
  });

  it("never goes free when no free-delivery value is set", () => {
    expect(deliveryCharge({ goodsValue: 10_000_000, terms: { ...terms, freeDeliveryOverPence: null } }).net).toBe(750);
  });

  it("is free when the wholesaler charges nothing (the default)", () => {
    expect(deliveryCharge({ goodsValue: 500, terms: { deliveryChargePence: 0, freeDeliveryOverPence: null } })).toEqual({
      net: 0,
      vat: 0,
      basis: "free",
    });
  });

  it("takes a customer's own charge instead of the wholesaler's, a free-delivery value still applying", () => {
    expect(deliveryCharge({ goodsValue: 8_000, terms, customerChargePence: 1_200 })).toEqual({ net: 1_200, vat: 240, basis: "charged" });
    expect(deliveryCharge({ goodsValue: 8_000, terms, customerChargePence: 0 }).basis).toBe("free");
    expect(deliveryCharge({ goodsValue: 20_000, terms, customerChargePence: 1_200 }).basis).toBe("free_over");
    // a customer's own charge applies even where the wholesaler charges nothing
    expect(deliveryCharge({ goodsValue: 8_000, terms: { deliveryChargePence: 0, freeDeliveryOverPence: null }, customerChargePence: 500 }).net).toBe(500);
  });

  it("is removed by a free-shipping reward, whatever would have been charged", () => {
    expect(deliveryCharge({ goodsValue: 8_000, terms, freeShippingReward: true })).toEqual({ net: 0, vat: 0, basis: "reward" });
    expect(deliveryCharge({ goodsValue: 8_000, terms, customerChargePence: 1_200, freeShippingReward: true }).net).toBe(0);
  });
});

describe("minimum order", () => {
  it("says how much more the goods must come to", () => {
    expect(minimumOrderShortfall(8_750, 10_000)).toBe(1_250);
    expect(minimumOrderShortfall(10_000, 10_000)).toBe(0);
    expect(minimumOrderShortfall(12_000, 10_000)).toBe(0);
    expect(minimumOrderShortfall(1, null)).toBe(0);
  });

  it("words the refusal with both amounts", () => {
    expect(minimumOrderMessage(10_000, 1_250)).toBe("The minimum order is £100.00 ex VAT: add £12.50 more to place this order.");
  });
});

describe("how delivery reads", () => {
  it("shows the charge, or why it is free", () => {
    expect(deliveryText({ net: 750, basis: "charged" })).toBe("£7.50");
    expect(deliveryText({ net: 0, basis: "reward" })).toBe("Free delivery (reward)");
    expect(deliveryText({ net: 0, basis: "free_over" }, 15_000)).toBe("Free on orders of £150.00 ex VAT or more");
    expect(deliveryText({ net: 0, basis: "free" })).toBe("Free");
  });

  it("reads a placed order's stored charge and reward", () => {
    expect(placedOrderDelivery({ deliveryChargePence: 750, freeShipping: false })).toEqual({ net: 750, basis: "charged" });
    expect(placedOrderDelivery({ deliveryChargePence: 0, freeShipping: true })).toEqual({ net: 0, basis: "reward" });
    expect(placedOrderDelivery({ deliveryChargePence: 0, freeShipping: false })).toBeNull();
  });
});

describe("withDelivery", () => {
  it("adds the charge and its VAT to the order's VAT and total, keeping the goods subtotal", () => {
    const totals = { subtotal: 8_000, vatAmount: 1_600, total: 9_600, discount: 0 };
    expect(withDelivery(totals, { net: 750, vat: 150, basis: "charged" })).toEqual({
      subtotal: 8_000,
      vatAmount: 1_750,
      total: 10_500,
      discount: 0,
      delivery: { net: 750, vat: 150, basis: "charged" },
    });
    expect(withDelivery(totals, { net: 0, vat: 0, basis: "free" }).total).toBe(9_600);
  });
});
