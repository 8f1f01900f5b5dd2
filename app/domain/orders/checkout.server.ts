/**
 * The checkout page's two use cases: what it shows (the buyer's cart priced now, with the voucher they
 * asked for applied) and Place Order (that cart, ordered). The voucher rules are vouchers.ts's, so the
 * summary and the order written are worked out by the same code.
 */
import { getCart } from "~/domain/cart/cart.server";
import { rewardEffectText, totalsWithVoucher, unusedVoucherValue } from "~/domain/loyalty/vouchers";
import {
  findCustomerVoucher,
  listUnusedVouchers,
  VOUCHER_NOT_FOUND,
  voucherUsedMessage,
  type VoucherRow,
} from "~/domain/loyalty/vouchers.server";
import { buyerFor } from "~/domain/pricing/pricing.server";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import type { DB } from "~/utils/db.server";
import type { CheckoutForm } from "./order.schema";
import { checkoutDefaults, checkoutRefusal, placeOrder } from "./orders.server";

/** The voucher a typed (or linked) code names: applied when it is the buyer's and unused, else why not. */
function voucherAsked(db: DB, userId: string, code: string): { applied: VoucherRow | null; problem: string | null } {
  if (!code) return { applied: null, problem: null };
  const asked = findCustomerVoucher(db, userId, code);
  if (!asked) return { applied: null, problem: VOUCHER_NOT_FOUND };
  if (asked.usedAt) return { applied: null, problem: voucherUsedMessage(asked.code) };
  return { applied: asked, problem: null };
}

/**
 * Everything /checkout shows, or null when the cart is empty (the page sends the buyer home).
 * `voucherCode` is the `?voucher=` the buyer followed or typed; customers who may not order (awaiting
 * approval, other roles) get a `refusal` to show instead of the form.
 */
export function loadCheckout(db: DB, user: SessionUser, { voucherCode }: { voucherCode: string | null }) {
  const cart = getCart(db, { kind: "user", userId: user.id }, buyerFor(db, user));
  if (cart.lines.length === 0) return null;

  const askedCode = voucherCode?.trim() ?? "";
  const { applied, problem } = voucherAsked(db, user.id, askedCode);
  const totals = totalsWithVoucher(cart.lines, applied);

  const unitsByProduct = new Map<number, number>();
  for (const line of cart.lines) {
    unitsByProduct.set(line.productId, (unitsByProduct.get(line.productId) ?? 0) + line.quantity);
  }
  const refusal = checkoutRefusal(user);
  return {
    lines: cart.lines.map((line) => ({
      key: `${line.productId}|${line.variantKey}`,
      productName: line.productName,
      productSlug: line.productSlug,
      selectedVariants: line.selectedVariants,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      vatRate: line.vatRate,
      lineTotal: line.lineTotal,
      priceChanged: line.priceChanged,
      priceWhenAdded: line.priceWhenAdded,
      /** set when the cart holds more of this product than is in stock now */
      onlyLeft: (unitsByProduct.get(line.productId) ?? 0) > line.stockLevel ? line.stockLevel : null,
    })),
    itemCount: cart.itemCount,
    goodsSubtotal: totals.goodsSubtotal,
    discount: totals.discount,
    subtotal: totals.subtotal,
    vatAmount: totals.vatAmount,
    total: totals.total,
    vouchers: listUnusedVouchers(db, user.id).map((voucher) => ({
      code: voucher.code,
      rewardName: voucher.rewardName,
      effect: rewardEffectText(voucher.rewardType, voucher.rewardValue),
    })),
    appliedVoucher: applied
      ? {
          code: applied.code,
          rewardName: applied.rewardName,
          effect: rewardEffectText(applied.rewardType, applied.rewardValue),
          freeShipping: applied.rewardType === "free_shipping",
          freeProductName: applied.rewardType === "free_product" ? (applied.productName ?? null) : null,
          // a fixed voucher worth more than the goods: the rest is not kept, so the page says so before the order
          unusedValue: unusedVoucherValue(applied, totals),
        }
      : null,
    voucherProblem: problem,
    askedCode,
    defaults: checkoutDefaults(db, user),
    refusal: refusal ? { pendingApproval: user.role === "customer" && !user.isApproved, message: refusal.message } : null,
  };
}

export type CheckoutPage = NonNullable<ReturnType<typeof loadCheckout>>;

/**
 * Place Order from the checkout page: the shipping details (and voucher) from the form, the lines from the
 * buyer's saved cart, which is emptied with the order. The form's key makes a repeated post return the
 * first order.
 */
export function placeOrderFromCart(db: DB, user: SessionUser, input: CheckoutForm & { idempotencyKey: string | null }) {
  const cart = getCart(db, { kind: "user", userId: user.id }, buyerFor(db, user));
  return placeOrder(db, user, {
    ...input,
    lines: cart.lines.map((line) => ({
      productId: line.productId,
      selectedVariants: line.selectedVariants,
      quantity: line.quantity,
    })),
    channel: "storefront",
    cart: "clear",
  });
}
