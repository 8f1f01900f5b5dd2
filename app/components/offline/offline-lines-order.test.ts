import { describe, expect, it } from "vitest";
import type { PriceListProduct } from "~/domain/pricing/price-list";
import { makeQueuedOrder } from "~/service-worker/order-queue-rules";
import { alreadyQueued, offlineOrderOf } from "./offline-lines-order";

const product = (id: number, exVat: number, pack: Partial<PriceListProduct["pack"]> = {}): PriceListProduct => ({
  id,
  sku: `SKU-${id}`,
  name: `Product ${id}`,
  slug: `product-${id}`,
  exVat,
  incVat: Math.round(exVat * 1.2),
  vatRate: 2000,
  stock: 50,
  category: null,
  volumeSteps: [],
  priceSteps: [],
  pack: { minOrderQuantity: null, orderMultiple: null, packLabel: null, unitsPerPack: null, ...pack },
});
const cartLine = (productId: number, quantity: number, selectedVariants: Record<string, string> = {}) => ({
  productId,
  productName: `Product ${productId}`,
  quantity,
  selectedVariants,
});
const products = [product(1, 1000), product(2, 250, { orderMultiple: 6, packLabel: "case" })];
const delivery = { shippingName: "Sam", shippingEmail: "sam@example.com", shippingAddress: "1 High St", shippingCity: "Leeds", shippingPostcode: "LS1 6EN" };

describe("saved lines (a cart, a template) as an order kept offline", () => {
  it("takes each line at the price list's product, with no problem when every line can be kept", () => {
    const order = offlineOrderOf([cartLine(1, 3), cartLine(2, 12)], products);
    expect(order.problems).toEqual([]);
    expect(order.lines.map((line) => [line.product.id, line.quantity])).toEqual([
      [1, 3],
      [2, 12],
    ]);
  });

  it("names a product missing from the list, a line with options and a broken pack rule", () => {
    const order = offlineOrderOf([cartLine(9, 1), cartLine(1, 2, { Size: "Large" }), cartLine(2, 5)], products);
    expect(order.problems).toEqual([
      "Product 9 is not in your price list on this device.",
      "Product 1 (Large): products with options are ordered online.",
      expect.stringContaining("Product 2 is sold in multiples of 6"),
    ]);
  });

  it("knows a cart already kept as an order that has not been sent, whatever the order of its lines", () => {
    const kept = makeQueuedOrder({
      key: "k-1",
      now: new Date("2026-11-28T14:05:00Z"),
      delivery,
      poReference: null,
      lines: [
        { productId: 2, sku: "SKU-2", name: "Product 2", quantity: 12, unitPrice: 250, unitPriceIncVat: 300, vatRate: 2000 },
        { productId: 1, sku: "SKU-1", name: "Product 1", quantity: 3, unitPrice: 1000, unitPriceIncVat: 1200, vatRate: 2000 },
      ],
    });
    const cart = [cartLine(1, 3), cartLine(2, 12)];
    expect(alreadyQueued(cart, [kept])?.key).toBe("k-1");
    expect(alreadyQueued([cartLine(1, 4), cartLine(2, 12)], [kept])).toBeNull();
    expect(alreadyQueued(cart, [{ ...kept, status: "sent" }])).toBeNull();
  });
});
