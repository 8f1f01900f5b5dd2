/**
 * Placing an order (cancelling one is cancel-order.server.ts).
 *
 * Checkout is one IMMEDIATE write transaction (run through `runOnce`, so a repeated submission with the same
 * idempotency key returns the first order instead of placing another): the lines are priced again by the
 * pricing engine (a client's prices are never read), the variants checked against the product, the stock
 * taken with a conditional update that can never go below zero, and the order, its items, its invoice and
 * its loyalty points written. A voucher the customer names is applied (vouchers.ts) and used up in the same
 * transaction. The delivery charge is worked out and the minimum order checked by the one rule the cart and
 * checkout show (ordering/delivery-charge.ts), and the charge is stored on the order with its VAT. If any
 * line is short of stock, or anything else is wrong, the transaction is rolled back and nothing at all is
 * written. The confirmation email goes out after the commit; a mail failure is logged and never undoes or
 * fails the order.
 */
import { eq } from "drizzle-orm";
import {
  cartItems,
  orderItems,
  orders,
  products,
  quotes,
  type OrderStatus,
} from "~db/schema";
import { holdMessage, VIEWER_MESSAGE } from "~/domain/companies/companies.server";
import { findSessionUser, INACTIVE_ACCOUNT_MESSAGE, type SessionUser } from "~/domain/users/user-accounts.server";
import { lineRule, packFailure, resolveVariants, variantGroupsByProduct } from "~/domain/cart/cart.server";
import {
  MAX_LINE_QUANTITY,
  SELECT_ALL_OPTIONS_DESCRIPTION,
  variantKey,
  type SelectedVariants,
} from "~/domain/cart/cart.schema";
import { sendOrderConfirmation } from "~/domain/orders/order-emails.server";
import { EMPTY_CART_MESSAGE, MAX_ORDER_LINES, type ShippingDetails } from "~/domain/orders/order.schema";
import { buyerFor, priceMany } from "~/domain/pricing/pricing.server";
import { isBusyError, type DB } from "~/utils/db.server";
import { runOnce, type Command } from "~/utils/idempotency.server";
import { fail, ok, type Failure, type Result } from "~/utils/result";
import { withVat } from "~/utils/money";
import { issueSalesInvoiceForOrder } from "~/domain/invoices/invoices.server";
import { earnPointsForOrder } from "~/domain/loyalty/points.server";
import { nextOrderNumber } from "~/domain/shared/numbering.server";
import { totalsWithVoucher } from "~/domain/loyalty/vouchers";
import {
  claimVoucher,
  findCustomerVoucher,
  freeProductGoneMessage,
  VOUCHER_NOT_FOUND,
  voucherUnusableMessage,
  voucherUsedMessage,
  type VoucherRow,
} from "~/domain/loyalty/vouchers.server";
import { REPEAT_SCOPE } from "~/domain/shared/repeat-scopes";
import {
  insertOrderItems,
  loadOrderProducts,
  notEnoughStockMessage,
  OrderRefused,
  refuse,
  takeStockForOrder,
} from "./order-writing.server";
import { minimumOrderMessage, withDelivery } from "~/domain/ordering/delivery-charge";
import { deliveryQuote } from "~/domain/ordering/delivery.server";
import { keepOrderAddress, type AddressBookOutcome } from "~/domain/users/delivery-addresses.server";
import { estimatedDeliveryFor } from "~/domain/ordering/expected-delivery.server";
import { creditHoldForOrder } from "~/domain/credit/credit-holds.server";
import {
  checkSpending,
  holdForApproval,
  mailApprovalRequested,
  type HeldOrderInput,
  type SentForApproval,
} from "~/domain/companies/approvals.server";

export { EMPTY_CART_MESSAGE } from "~/domain/orders/order.schema";

export const AWAITING_APPROVAL_MESSAGE =
  "Your account is awaiting approval. You can place orders once it has been approved.";
export const CUSTOMERS_ONLY_MESSAGE = "Only customer accounts can place orders.";
const SHOP_BUSY_MESSAGE = "The shop is very busy right now and your order was not placed. Please try again.";

// ─── Who may check out ──────────────────────────────────────────────────────

/** Why this user may not place an order, or null when they may. */
export function checkoutRefusal(
  user: Pick<SessionUser, "role" | "isApproved" | "isActive"> & Partial<Pick<SessionUser, "companyRole" | "onHold" | "holdReason">>,
): Failure | null {
  if (!user.isActive) return fail(403, INACTIVE_ACCOUNT_MESSAGE);
  if (user.role !== "customer") return fail(403, CUSTOMERS_ONLY_MESSAGE);
  if (!user.isApproved) return fail(403, AWAITING_APPROVAL_MESSAGE);
  if (user.companyRole === "viewer") return fail(403, VIEWER_MESSAGE);
  // the wholesaler's hold on the account stops its orders on every door, and says why
  if (user.onHold) return fail(403, holdMessage(user.holdReason ?? null));
  return null;
}

// ─── Placing an order ───────────────────────────────────────────────────────

export type OrderLineInput = {
  productId: number;
  selectedVariants?: SelectedVariants | null;
  quantity: number;
  /** a fixed unit price ex VAT (pence) instead of the pricing engine's: an accepted quote's price */
  unitPrice?: number;
  /**
   * The unit price ex VAT (pence) the buyer was shown, when the client sends it (an order kept offline,
   * docs/decisions/0078): the order is placed only if the engine's price is this one, and only if every line
   * is in stock; otherwise nothing is written and the refusal (409) lists each difference.
   */
  expectedUnitPrice?: number;
};

export type PlaceOrderInput = ShippingDetails & {
  /** the form's server-issued key or the API's Idempotency-Key header; null runs without replay protection */
  idempotencyKey: string | null;
  lines: readonly OrderLineInput[];
  /** which door the order came through */
  channel?: "storefront" | "api";
  /**
   * The buyer's saved cart once the order is placed: "clear" empties it (the checkout page orders exactly
   * that cart), "clear-if-same" empties it only when the order is exactly what it holds (an API client that
   * ordered its cart), "keep" leaves it alone. Cleared in the same transaction, so never half-done.
   */
  cart?: "clear" | "clear-if-same" | "keep";
  /** one of the customer's unused loyalty vouchers to apply, by code */
  voucherCode?: string | null;
  /** the buyer's purchase-order reference, printed on the invoice */
  poReference?: string | null;
  /** instructions for the delivery (gate code, opening hours) */
  deliveryNotes?: string | null;
  /** keep the shipping address in the customer's address book under `addressLabel` */
  saveAddress?: boolean;
  addressLabel?: string | null;
  /**
   * The quote (version) this order accepts: every line then carries its quoted `unitPrice`, which is used
   * instead of the pricing engine's, and the minimum order does not apply (docs/decisions/0073-quote-orders.md).
   */
  quoteId?: number | null;
  /**
   * What the client sent, which its key is bound to, when that is not this input itself: the checkout
   * page sends its form and the lines come from the saved cart (which the first order emptied).
   */
  sent?: Command;
};

export type PlacedOrder = {
  kind: "placed";
  orderId: number;
  orderNumber: string;
  status: Extract<OrderStatus, "pending" | "pending_approval" | "on_hold">;
  /** why the order is on credit hold (the buyer is told, with what to do); null when it is not */
  holdReason: string | null;
  /** what became of "save this address", when it was asked for */
  addressBook: AddressBookOutcome | null;
};

/** An order over the buyer's spending limit: kept for their company's approvers, not placed (companies/approvals.server.ts). */
export type OrderSentForApproval = SentForApproval & { kind: "sent_for_approval" };

export type PlaceOrderOutcome = (PlacedOrder | OrderSentForApproval) & {
  /** true when this was a repeat of an earlier request with the same key: nothing new was written */
  replayed: boolean;
};

/** What another use case that places an order (accepting a quote) adds, inside the order's one transaction. */
export type PlaceOrderOptions = {
  /** the repeat-safety scope of its key (Place Order's own when absent) */
  scope?: string;
  /** checks that may refuse (throw OrderRefused) before anything is written */
  before?: (tx: DB) => void;
  /** writes of its own once the order is written (or sent for approval) */
  after?: (tx: DB, written: PlacedOrder | OrderSentForApproval) => void;
};

/**
 * Places an order for a customer: see the module comment. Pending-approval customers and other roles are
 * refused (403), an empty order is refused (400), a short line answers 409 naming the product and what is
 * left. Customers with `requiresApproval` get a `pending_approval` order with no invoice and no points yet.
 */
export async function placeOrder(
  db: DB,
  actor: SessionUser,
  input: PlaceOrderInput,
  options: PlaceOrderOptions = {},
): Promise<Result<PlaceOrderOutcome>> {
  const refused = checkoutRefusal(actor);
  if (refused) return refused;

  let outcome: { result: Result<PlacedOrder | OrderSentForApproval>; replayed: boolean };
  try {
    const { idempotencyKey: key, sent, ...order } = input;
    outcome = runOnce(db, { ownerId: actor.id, scope: options.scope ?? REPEAT_SCOPE.checkout, key, command: sent ?? order }, (tx) => {
      options.before?.(tx);
      let written: PlacedOrder | OrderSentForApproval;
      try {
        written = writeOrder(tx, actor.id, input, { limits: "apply" });
      } catch (error) {
        // thrown before anything is written: the refusal is kept under the key, so a replay gets the same answer
        if (error instanceof OrderChanged) return error.failure;
        throw error;
      }
      options.after?.(tx, written);
      return ok(written);
    });
  } catch (error) {
    if (error instanceof OrderRefused) return error.failure;
    if (isBusyError(error)) return fail(409, SHOP_BUSY_MESSAGE);
    throw error;
  }

  if (!outcome.result.ok) return outcome.result;
  const written = outcome.result.value;
  if (!outcome.replayed) {
    if (written.kind === "placed") await sendOrderConfirmation(db, written.orderId);
    else await mailApprovalRequested(db, written.approvalId);
  }
  return ok({ ...written, replayed: outcome.replayed });
}

/**
 * What is wrong with a line's options, for an order or a quote: "before adding to cart" would read oddly there,
 * so the refusal says which product needs its options chosen again.
 */
export function variantsProblem(variants: { message: string; description?: string }): string {
  return variants.description && variants.description !== SELECT_ALL_OPTIONS_DESCRIPTION ? variants.description : variants.message;
}

type MergedLine = { productId: number; selectedVariants: SelectedVariants; variantKey: string; quantity: number; unitPrice?: number };

/** Lines for the same product and variants are one line (at the first one's fixed price, if any); the order of first appearance is kept. */
function mergeLines(lines: readonly { productId: number; selectedVariants?: SelectedVariants | null; quantity: number; unitPrice?: number }[]) {
  const merged: MergedLine[] = [];
  const byKey = new Map<string, MergedLine>();
  for (const line of lines) {
    const selectedVariants = line.selectedVariants ?? {};
    const key = variantKey(selectedVariants);
    const id = `${line.productId}|${key}`;
    const same = byKey.get(id);
    if (same) {
      same.quantity += line.quantity;
      continue;
    }
    const fresh: MergedLine = { productId: line.productId, selectedVariants, variantKey: key, quantity: line.quantity };
    if (line.unitPrice !== undefined) fresh.unitPrice = line.unitPrice;
    byKey.set(id, fresh);
    merged.push(fresh);
  }
  return merged;
}

// ─── An order made offline: placed only at the prices the buyer saw (docs/decisions/0078) ───

export const ORDER_CHANGED_MESSAGE =
  "Prices or stock have changed since this order was made, so it was not placed. Check the changes and confirm to place it.";

type Money = { exVat: number; incVat: number };
/** A line whose price is not the one the buyer was shown: both, ex and inc VAT, pence. */
export type PriceDifference = { productId: number; sku: string | null; name: string; quantity: number; shown: Money; now: Money };
/** A product the order asks for more of than there is. */
export type StockShortage = { productId: number; sku: string | null; name: string; requested: number; available: number };

/** Refuses an order whose client sent the prices it showed and something changed; thrown before anything is written. */
export class OrderChanged extends Error {
  readonly failure: Failure;
  constructor(differences: PriceDifference[], stock: StockShortage[]) {
    super(ORDER_CHANGED_MESSAGE);
    this.failure = { ok: false, status: 409, message: ORDER_CHANGED_MESSAGE, details: { differences, stock } };
  }
}

/**
 * When any line carries the price it was shown at, every such line must still cost that, and every product must
 * be in stock for the units asked: otherwise OrderChanged with each difference (nothing placed at a price the
 * buyer did not see, nor a part of an order).
 */
function checkExpected(
  asked: readonly OrderLineInput[],
  priced: readonly { line: { productId: number; quantity: number }; product: { id: number; name: string; sku: string | null; vatRate: number }; unitPrice: number }[],
  stockUnits: ReadonlyMap<number, number>,
  found: ReadonlyMap<number, { name: string; sku: string | null; stockLevel: number }>,
): void {
  const expected = new Map<number, number>();
  for (const line of asked) {
    if (line.expectedUnitPrice !== undefined && !expected.has(line.productId)) expected.set(line.productId, line.expectedUnitPrice);
  }
  if (expected.size === 0) return;
  const differences: PriceDifference[] = [];
  const seen = new Set<number>();
  for (const { line, product, unitPrice } of priced) {
    const shown = expected.get(product.id);
    if (shown === undefined || seen.has(product.id)) continue;
    seen.add(product.id);
    if (shown === unitPrice) continue;
    const quantity = priced.filter((other) => other.product.id === product.id).reduce((sum, other) => sum + other.line.quantity, 0);
    differences.push({
      productId: product.id,
      sku: product.sku,
      name: product.name,
      quantity,
      shown: { exVat: shown, incVat: withVat(shown, product.vatRate) },
      now: { exVat: unitPrice, incVat: withVat(unitPrice, product.vatRate) },
    });
  }
  const stock: StockShortage[] = [];
  for (const [productId, requested] of stockUnits) {
    const product = found.get(productId);
    if (product && requested > product.stockLevel) {
      stock.push({ productId, sku: product.sku, name: product.name, requested, available: Math.max(0, product.stockLevel) });
    }
  }
  if (differences.length > 0 || stock.length > 0) throw new OrderChanged(differences, stock);
}

/** The first option of each variant group: what a free product with options is sent as. */
function firstOptions(groups: { name: string; options: string[] }[] | undefined): Record<string, string> {
  return Object.fromEntries((groups ?? []).filter((g) => g.options.length > 0).map((g) => [g.name, g.options[0]!]));
}

/**
 * The work of one checkout, inside the write transaction. Throws OrderRefused to roll everything back.
 * With `limits: "apply"` an order over the person's spending limit is kept for their company's approvers
 * instead (nothing taken from stock, no voucher used); "approved" places an order those approvers let through.
 */
export function writeOrder(tx: DB, userId: string, input: PlaceOrderInput, options: { limits: "apply" }): PlacedOrder | OrderSentForApproval;
export function writeOrder(tx: DB, userId: string, input: PlaceOrderInput, options: { limits: "approved" }): PlacedOrder;
export function writeOrder(
  tx: DB,
  userId: string,
  input: PlaceOrderInput,
  options: { limits: "apply" | "approved" },
): PlacedOrder | OrderSentForApproval {
  // The session's copy of the user may be stale: approval, role and tier are read again under the lock.
  const user = findSessionUser(tx, userId);
  if (!user) throw refuse(403, CUSTOMERS_ONLY_MESSAGE);
  const refusal = checkoutRefusal(user);
  if (refusal) throw new OrderRefused(refusal);

  const requested = mergeLines(input.lines);
  if (requested.length === 0) throw refuse(400, EMPTY_CART_MESSAGE, "items");
  if (requested.length > MAX_ORDER_LINES) {
    throw refuse(400, `An order holds at most ${MAX_ORDER_LINES} lines`, "items");
  }

  const found = loadOrderProducts(tx, requested.map((line) => line.productId));
  const variantGroups = variantGroupsByProduct(tx, [...found.keys()]);
  const checked: { productId: number; selectedVariants: SelectedVariants; quantity: number; unitPrice?: number }[] = [];
  for (const line of requested) {
    const product = found.get(line.productId);
    if (!product) {
      throw refuse(400, `A product in your order is no longer available (product ${line.productId})`, "items");
    }
    const variants = resolveVariants(variantGroups.get(product.id) ?? [], line.selectedVariants);
    if (!variants.ok) throw refuse(400, `${product.name}: ${variantsProblem(variants)}`, "items");
    checked.push({ productId: product.id, selectedVariants: variants.value, quantity: line.quantity, unitPrice: line.unitPrice });
  }
  // Variants are now in their canonical spelling, so "size: m" and "Size: M" are one line.
  const lines = mergeLines(checked);
  for (const line of lines) {
    if (line.quantity > MAX_LINE_QUANTITY) {
      throw refuse(400, `${found.get(line.productId)!.name}: at most ${MAX_LINE_QUANTITY} units per line`, "items");
    }
  }
  // Pack rules (minimum, multiple) as they are now, when the order is asked for; an approver's later
  // go-ahead places what the buyer asked for, so a rule changed in between does not strand it. An accepted
  // quote's quantities were checked when it was priced (or quoted outside the rule with a logged reason):
  // the quote is honoured as sent (docs/decisions/0073-quote-orders.md).
  if (options.limits === "apply" && input.quoteId == null) {
    for (const line of lines) {
      const product = found.get(line.productId)!;
      const refused = packFailure(lineRule(product, variantGroups.get(product.id) ?? []), product.name, line.quantity);
      if (refused) throw refuse(400, refused.message, "quantity");
    }
  }

  // Units per product, all variants together: what the volume discount and the stock are measured by.
  const units = new Map<number, number>();
  for (const line of lines) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);

  const voucher = input.voucherCode ? usableVoucher(tx, user.id, input.voucherCode) : null;
  const freeProduct = voucher?.rewardType === "free_product" ? freeProductOf(tx, voucher) : null;

  // An accepted quote's lines keep their quoted prices; every other order is priced by the engine, now.
  const fixed = input.quoteId != null;
  if (fixed && lines.some((line) => line.unitPrice === undefined)) throw refuse(400, "Every line of a quote's order needs its quoted price", "items");
  const prices = fixed
    ? new Map<number, { finalPrice: number }>()
    : priceMany(
        tx,
        buyerFor(tx, user),
        [...units].map(([productId, quantity]) => ({
          productId,
          salesPrice: found.get(productId)!.salesPrice,
          quantity,
        })),
      );

  const now = new Date();
  // The free unit is priced at nothing, but it comes out of stock like any other.
  const stockUnits = new Map(units);
  if (freeProduct) stockUnits.set(freeProduct.id, (stockUnits.get(freeProduct.id) ?? 0) + 1);
  const productNames = new Map([...found].map(([id, product]) => [id, product.name]));
  if (freeProduct) productNames.set(freeProduct.id, freeProduct.name);

  const priced = lines.map((line) => {
    const product = found.get(line.productId)!;
    return { line, product, unitPrice: fixed ? line.unitPrice! : prices.get(line.productId)!.finalPrice };
  });
  // an approver's later go-ahead places what was asked for, at the prices of that moment, as any held order
  if (!fixed && options.limits === "apply") checkExpected(input.lines, priced, stockUnits, found);
  const totals = totalsWithVoucher(
    priced.map(({ line, product, unitPrice }) => ({ unitPrice, quantity: line.quantity, vatRate: product.vatRate })),
    voucher,
  );

  // Delivery and the minimum are measured on the goods before the voucher, as the cart showed them.
  const quote = deliveryQuote(tx, { userId: user.id, goodsValue: totals.goodsSubtotal, freeShippingReward: voucher?.rewardType === "free_shipping" });
  if (!fixed && quote.minimumShortfall > 0) throw refuse(400, minimumOrderMessage(quote.minimumOrderPence!, quote.minimumShortfall), "items");
  const charged = withDelivery(totals, quote.delivery);

  if (options.limits === "apply") {
    // measured ex VAT with delivery, as the checkout page showed it (companies/spending-limits.ts)
    const orderValue = charged.total - charged.vatAmount;
    const check = checkSpending(tx, user.id, orderValue, now);
    if (check.breaches.length > 0) {
      // refused now rather than at the approver: a line already short of stock could not be approved
      const short = [...stockUnits].filter(([id, quantity]) => quantity > (found.get(id)?.stockLevel ?? (freeProduct?.id === id ? Infinity : 0)));
      if (short.length > 0) {
        throw refuse(409, short.map(([id]) => notEnoughStockMessage(productNames.get(id)!, found.get(id)?.stockLevel ?? 0)).join("; "));
      }
      const held = holdForApproval(
        tx,
        user,
        {
          input: heldInput(input),
          lines: priced.map(({ line, product, unitPrice }) => ({
            productId: product.id,
            productName: product.name,
            sku: product.sku,
            selectedVariants: line.selectedVariants,
            quantity: line.quantity,
            unitPrice,
            vatRate: product.vatRate,
          })),
          subtotal: charged.subtotal,
          vatAmount: charged.vatAmount,
          total: charged.total,
          orderValue,
          check,
        },
        now,
      );
      if (!held.ok) throw new OrderRefused(held);
      settleCart(tx, user.id, lines, input.cart ?? "keep");
      return { kind: "sent_for_approval", ...held.value };
    }
  }

  // The credit check, the last gate (decisions "Order gates"): over the available credit, or an invoice overdue
  // beyond the setting, places the order on hold (stock taken, no invoice or points until accounts release it).
  const hold = creditHoldForOrder(tx, user.companyId, charged.total, now);
  const status: PlacedOrder["status"] = hold ? "on_hold" : user.requiresApproval ? "pending_approval" : "pending";
  const orderNumber = nextOrderNumber(tx);
  const order = tx
    .insert(orders)
    .values({
      orderNumber,
      userId: user.id,
      companyId: user.companyId,
      status,
      subtotal: charged.subtotal,
      vatAmount: charged.vatAmount,
      total: charged.total,
      deliveryChargePence: charged.delivery.net,
      deliveryVatPence: charged.delivery.vat,
      discountAmount: totals.discount,
      voucherId: voucher?.id ?? null,
      freeShipping: voucher?.rewardType === "free_shipping",
      channel: input.channel ?? "storefront",
      shippingName: input.shippingName,
      shippingEmail: input.shippingEmail,
      shippingAddress: input.shippingAddress,
      shippingCity: input.shippingCity,
      shippingPostcode: input.shippingPostcode,
      poReference: input.poReference ?? null,
      deliveryNotes: input.deliveryNotes ?? null,
      holdReason: hold?.reason ?? null,
      quoteId: input.quoteId ?? null,
      // an order that waits for approval is dated when it is approved (order-approvals.server.ts)
      estimatedDelivery: status === "pending" ? estimatedDeliveryFor(tx, now) : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id })
    .get();
  // Take the stock (never below zero); a short line refuses the whole order, which rolls back.
  takeStockForOrder(tx, order.id, stockUnits, productNames, now);
  // the quote it accepts points at it, whether placed at once or once the company's approvers let it through
  if (input.quoteId != null) tx.update(quotes).set({ acceptedOrderId: order.id, updatedAt: now }).where(eq(quotes.id, input.quoteId)).run();

  insertOrderItems(
    tx,
    order.id,
    priced.map(({ line, product, unitPrice }, index) => ({
      product,
      selectedVariants: line.selectedVariants,
      quantity: line.quantity,
      unitPrice,
      net: totals.lines[index].net,
      vat: totals.lines[index].vat,
    })),
  );

  if (voucher) {
    if (freeProduct) {
      tx.insert(orderItems)
        .values({
          orderId: order.id,
          productId: freeProduct.id,
          productName: `${freeProduct.name} (free with voucher ${voucher.code})`,
          sku: freeProduct.sku,
          // a reward names a product, not its options: the first option of each is sent (and shown on the line)
          selectedVariants: firstOptions(variantGroupsByProduct(tx, [freeProduct.id]).get(freeProduct.id)),
          quantity: 1,
          unitPrice: 0,
          vatRate: freeProduct.vatRate,
          total: 0,
          vatAmount: 0,
        })
        .run();
    }
    if (!claimVoucher(tx, voucher.id, order.id, now)) throw refuse(409, voucherUsedMessage(voucher.code), "voucherCode");
  }

  // An order that waits for approval (or on credit hold) gets its invoice and points when it is approved (released).
  if (status === "pending") {
    issueSalesInvoiceForOrder(tx, order.id);
    earnPointsForOrder(tx, { id: order.id, orderNumber, userId: user.id, subtotal: totals.subtotal });
  }

  settleCart(tx, user.id, lines, input.cart ?? "keep");
  // in the order's transaction, so the order's key covers it: a repeated post keeps the address once
  const addressBook =
    input.saveAddress && input.addressLabel
      ? keepOrderAddress(tx, user.id, {
          label: input.addressLabel,
          name: input.shippingName,
          address: input.shippingAddress,
          city: input.shippingCity,
          postcode: input.shippingPostcode,
        })
      : null;
  return { kind: "placed", orderId: order.id, orderNumber, status, holdReason: hold?.reason ?? null, addressBook };
}

/** What an approval request keeps of Place Order's input, to place it the same way once approved. */
function heldInput(input: PlaceOrderInput): HeldOrderInput {
  return {
    shippingName: input.shippingName,
    shippingEmail: input.shippingEmail,
    shippingAddress: input.shippingAddress,
    shippingCity: input.shippingCity,
    shippingPostcode: input.shippingPostcode,
    channel: input.channel ?? "storefront",
    voucherCode: input.voucherCode ?? null,
    poReference: input.poReference ?? null,
    deliveryNotes: input.deliveryNotes ?? null,
    saveAddress: input.saveAddress ?? false,
    addressLabel: input.addressLabel ?? null,
    quoteId: input.quoteId ?? null,
  };
}

/** The customer's voucher by code, refused when it is not theirs or has been used. */
function usableVoucher(tx: DB, userId: string, code: string): VoucherRow {
  const voucher = findCustomerVoucher(tx, userId, code);
  if (!voucher) throw refuse(400, VOUCHER_NOT_FOUND, "voucherCode");
  const unusable = voucherUnusableMessage(voucher);
  if (unusable) throw refuse(409, unusable, "voucherCode");
  return voucher;
}

function freeProductOf(tx: DB, voucher: VoucherRow) {
  const product =
    voucher.productId === null
      ? undefined
      : tx
          .select({ id: products.id, name: products.name, sku: products.sku, vatRate: products.vatRate })
          .from(products)
          .where(eq(products.id, voucher.productId))
          .get();
  if (!product) throw refuse(409, freeProductGoneMessage(voucher.code), "voucherCode");
  return product;
}

function settleCart(tx: DB, userId: string, ordered: MergedLine[], mode: NonNullable<PlaceOrderInput["cart"]>) {
  if (mode === "keep") return;
  if (mode === "clear-if-same") {
    const saved = tx
      .select({ productId: cartItems.productId, variantKey: cartItems.variantKey, quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.userId, userId))
      .all();
    const signature = (rows: { productId: number; variantKey: string; quantity: number }[]) =>
      rows
        .map((row) => `${row.productId}|${row.variantKey}|${row.quantity}`)
        .sort()
        .join("\n");
    if (saved.length === 0 || signature(saved) !== signature(ordered)) return;
  }
  tx.delete(cartItems).where(eq(cartItems.userId, userId)).run();
}
