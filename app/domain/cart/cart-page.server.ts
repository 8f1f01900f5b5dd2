/** What the cart page shows: the cart priced now for its buyer, and what its browser copy needs. */
import { buyerFor } from "~/domain/pricing/pricing.server";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import type { DB } from "~/utils/db.server";
import { withVat } from "~/utils/money";
import { minimumOrderMessage, withDelivery } from "~/domain/ordering/delivery-charge";
import { deliveryQuote } from "~/domain/ordering/delivery.server";
import { lastOrderPlacedAt, mirrorOwnerOf } from "./cart-mirror.server";
import { getCart, type Cart } from "./cart.server";
import { type CartOwner } from "./cart-lines.server";

/** One row of the cart page: prices shown with VAT, and the price the buyer last saw when it changed. */
function pageLine(line: Cart["lines"][number]) {
  return {
    productId: line.productId,
    productName: line.productName,
    sku: line.sku,
    productSlug: line.productSlug,
    imageUrl: line.imageUrl,
    selectedVariants: line.selectedVariants,
    variantKey: line.variantKey,
    quantity: line.quantity,
    stockLevel: line.stockLevel,
    unitPriceIncVat: withVat(line.unitPrice, line.vatRate),
    unitPriceExVat: line.unitPrice,
    priceChanged: line.priceChanged,
    previousUnitPriceIncVat: line.priceWhenAdded === null ? null : withVat(line.priceWhenAdded, line.vatRate),
    previousUnitPriceExVat: line.priceWhenAdded,
    lineTotalExVat: line.lineTotal,
    lineTotalIncVat: line.lineTotal + line.vatAmount,
    packRule: line.packRule,
    packIssue: line.packIssue,
  };
}

/**
 * The cart page's data. Lines of products deleted since were dropped from the cart: `droppedCount` says how
 * many units, once (for a guest the session has changed and must be committed: `guestCartChanged`).
 */
export function loadCartPage(db: DB, user: SessionUser | null, owner: CartOwner) {
  const cart = getCart(db, owner, buyerFor(db, user));
  // what checkout will charge for delivery and whether the minimum is reached, by the same rule (no voucher yet)
  const quote = deliveryQuote(db, { userId: user?.id ?? null, goodsValue: cart.subtotal });
  const charged = withDelivery(cart, quote.delivery);
  return {
    lines: cart.lines.map(pageLine),
    summary: {
      itemCount: cart.itemCount,
      subtotal: cart.subtotal,
      vatAmount: charged.vatAmount,
      total: charged.total,
      deliveryCharge: { ...quote.delivery, text: quote.text },
      freeDeliveryShortfall: quote.freeDeliveryShortfall,
      minimumOrder:
        cart.lines.length > 0 && quote.minimumShortfall > 0 ? minimumOrderMessage(quote.minimumOrderPence!, quote.minimumShortfall) : null,
    },
    droppedCount: cart.droppedLines.reduce((sum, line) => sum + line.quantity, 0),
    droppedLines: cart.droppedLines.length,
    guestCartChanged: cart.droppedLines.length > 0 && owner.kind === "guest",
    mirror: {
      owner: mirrorOwnerOf(user),
      savedAt: Date.now(),
      lastOrderAt: user ? lastOrderPlacedAt(db, user.id) : null,
      lines: cart.lines.map(({ productId, selectedVariants, quantity }) => ({ productId, selectedVariants, quantity })),
    },
  };
}
