import { describe, expect, it } from "vitest";
import { defaultAccountFor, EMPTY_BASKET, mergeLines, parseBasket, quantityInBasket, withoutLine, withQuantity } from "./pos-basket";

describe("the POS basket", () => {
  const basket = { lines: [{ productId: 7, quantity: 2 }], customerId: null };

  it("sets a line's quantity: a new line goes last, 0 takes it out, others are kept", () => {
    const two = withQuantity(basket, 9, 1);
    expect(two.lines).toEqual([
      { productId: 7, quantity: 2 },
      { productId: 9, quantity: 1 },
    ]);
    expect(withQuantity(two, 7, 5).lines).toEqual([
      { productId: 7, quantity: 5 },
      { productId: 9, quantity: 1 },
    ]);
    expect(withQuantity(two, 7, 0).lines).toEqual([{ productId: 9, quantity: 1 }]);
    expect(withoutLine(two, 9)).toEqual(basket);
    expect(quantityInBasket(two, 9)).toBe(1);
    expect(quantityInBasket(two, 3)).toBe(0);
  });

  it("setting the same quantity twice is the same as once (a repeated post changes nothing more)", () => {
    expect(withQuantity(withQuantity(basket, 7, 3), 7, 3)).toEqual(withQuantity(basket, 7, 3));
  });

  it("reads what the session holds, merging lines of one product, and anything malformed as empty", () => {
    expect(parseBasket({ lines: [{ productId: 1, quantity: 2 }, { productId: 1, quantity: 3 }], customerId: "u1" })).toEqual({
      lines: [{ productId: 1, quantity: 5 }],
      customerId: "u1",
    });
    expect(parseBasket(undefined)).toEqual(EMPTY_BASKET);
    expect(parseBasket({ lines: [{ productId: 1, quantity: -2 }], customerId: null })).toEqual(EMPTY_BASKET);
    expect(parseBasket("lines")).toEqual(EMPTY_BASKET);
    expect(mergeLines([{ productId: 2, quantity: 1 }, { productId: 1, quantity: 1 }, { productId: 2, quantity: 4 }])).toEqual([
      { productId: 2, quantity: 5 },
      { productId: 1, quantity: 1 },
    ]);
  });
});

describe("the account a sale's money goes into", () => {
  const accounts = [
    { id: 1, type: "credit_card" },
    { id: 2, type: "bank" },
    { id: 3, type: "cash" },
    { id: 4, type: "bank" },
  ];

  it("cash into the first cash account, cards and transfers into the first bank account", () => {
    expect(defaultAccountFor("cash", accounts)).toBe(3);
    expect(defaultAccountFor("credit", accounts)).toBe(2);
    expect(defaultAccountFor("bank_transfer", accounts)).toBe(2);
  });

  it("falls back to what there is, never a credit card", () => {
    expect(defaultAccountFor("cash", [{ id: 2, type: "bank" }])).toBe(2);
    expect(defaultAccountFor("credit", [{ id: 5, type: "payment_gateway" }, { id: 3, type: "cash" }])).toBe(5);
    expect(defaultAccountFor("credit", [{ id: 6, type: "other" }])).toBe(6);
    expect(defaultAccountFor("cash", [{ id: 1, type: "credit_card" }])).toBeNull();
    expect(defaultAccountFor("cash", [])).toBeNull();
  });
});
