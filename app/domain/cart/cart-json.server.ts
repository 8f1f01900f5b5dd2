/**
 * The cart API's JSON: the spec's cart item fields (productId, productName, productSlug, imageUrl, unitPrice,
 * vatRate, quantity, selectedVariants) plus what the server worked out, with money and rates as 2-decimal
 * strings.
 */
import { toDecimalString, withVat } from "~/utils/money";
import type { Cart } from "./cart.server";
import { unitPriceJson } from "~/domain/pricing/pricing.server";

export function cartJson(cart: Cart) {
  return {
    items: cart.lines.map((line) => ({
      productId: line.productId,
      productName: line.productName,
      sku: line.sku,
      productSlug: line.productSlug,
      imageUrl: line.imageUrl,
      /** ex VAT, the buyer's price now */
      unitPrice: toDecimalString(line.unitPrice),
      unitPriceIncVat: toDecimalString(withVat(line.unitPrice, line.vatRate)),
      vatRate: toDecimalString(line.vatRate),
      quantity: line.quantity,
      selectedVariants: line.selectedVariants,
      pricing: unitPriceJson(line.price),
      priceChanged: line.priceChanged,
      priceWhenAdded: line.priceWhenAdded === null ? null : toDecimalString(line.priceWhenAdded),
      lineTotal: toDecimalString(line.lineTotal),
      vatAmount: toDecimalString(line.vatAmount),
      stockLevel: line.stockLevel,
    })),
    itemCount: cart.itemCount,
    subtotal: toDecimalString(cart.subtotal),
    vatAmount: toDecimalString(cart.vatAmount),
    total: toDecimalString(cart.total),
    droppedLines: cart.droppedLines,
  };
}
