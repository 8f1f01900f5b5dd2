import { describe, expect, it } from "vitest";
import { completeSaleFormSchema, customerPriceSchema, posBasketCommandSchema, posCheckoutSchema, posQuerySchema } from "./pos.schema";

describe("the screen's commands", () => {
  it("reads each button's post", () => {
    expect(posBasketCommandSchema.parse({ intent: "quantity", productId: "12", quantity: "3" })).toEqual({ intent: "quantity", productId: 12, quantity: 3 });
    expect(posBasketCommandSchema.parse({ intent: "quantity", productId: "12", quantity: "0" })).toEqual({ intent: "quantity", productId: 12, quantity: 0 });
    expect(posBasketCommandSchema.parse({ intent: "remove", productId: "12" })).toEqual({ intent: "remove", productId: 12 });
    expect(posBasketCommandSchema.parse({ intent: "customer", customerId: "" })).toEqual({ intent: "customer", customerId: null });
    expect(posBasketCommandSchema.parse({ intent: "customer", customerId: " abc " })).toEqual({ intent: "customer", customerId: "abc" });
    expect(posBasketCommandSchema.parse({ intent: "clear" })).toEqual({ intent: "clear" });
  });

  it("refuses bad quantities and products", () => {
    for (const bad of [
      { intent: "quantity", productId: "12", quantity: "-1" },
      { intent: "quantity", productId: "12", quantity: "1.5" },
      { intent: "quantity", productId: "12", quantity: "100001" },
      { intent: "quantity", productId: "x", quantity: "1" },
      { intent: "sell" },
    ]) {
      expect(posBasketCommandSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("Complete Sale takes cash unless told, and a blank account means the default one", () => {
    expect(completeSaleFormSchema.parse({ intent: "complete", financialAccountId: "" })).toEqual({ intent: "complete", paymentMethod: "cash", financialAccountId: undefined });
    expect(completeSaleFormSchema.parse({ intent: "complete", paymentMethod: "credit", financialAccountId: "4" })).toMatchObject({ paymentMethod: "credit", financialAccountId: 4 });
    expect(completeSaleFormSchema.safeParse({ intent: "complete", paymentMethod: "card" }).success).toBe(false);
  });

  it("GET parameters fall back to no filter", () => {
    expect(posQuerySchema.parse({ q: "  towels ", category: "", page: "x" })).toEqual({ q: "towels", category: undefined, page: 1, customerSearch: undefined });
  });
});

describe("the API's bodies", () => {
  it("reads the spec's checkout body, keeping only what the server uses from each line", () => {
    const body = posCheckoutSchema.parse({
      items: [{ productId: 3, productName: "Towels", unitPrice: "2.50", vatRate: 20, quantity: 2 }],
      customerName: "Walk-in Customer",
      customerId: null,
    });
    expect(body).toMatchObject({ customerId: null, paymentMethod: "cash" });
    expect(body.financialAccountId).toBeUndefined();
    expect(body.items[0]).toMatchObject({ productId: 3, quantity: 2 });
    const empty = posCheckoutSchema.safeParse({ items: [], customerId: null });
    expect(empty.success ? null : empty.error.issues[0]).toMatchObject({ path: ["items"], message: "Cart is empty" });
  });

  it("the price call needs a customer and a product; quantity defaults to 1", () => {
    expect(customerPriceSchema.parse({ customerId: "u1", productId: "9" })).toEqual({ customerId: "u1", productId: 9, quantity: 1 });
    expect(customerPriceSchema.safeParse({ customerId: "", productId: 9 }).success).toBe(false);
  });
});
