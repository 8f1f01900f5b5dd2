/**
 * Complete Sale at the counter (screen and API), one IMMEDIATE write transaction run through `runOnce`, so
 * a repeated request with the same key returns the first sale and writes nothing new. It uses the pieces
 * checkout uses: every line priced again by the pricing engine for the customer (a client's prices are
 * never read), the stock taken with the conditional update that never goes below zero, the order lines
 * with their product codes, the order's sales invoice, and the loyalty points. The goods leave with the
 * buyer, so the order is `delivered` at once; the invoice is paid in full by one payment into the chosen
 * financial account, whose balance moves as every payment's does. A short line answers 409 naming the
 * product and what is left, and nothing at all is written.
 */
import { and, eq } from "drizzle-orm";
import { orders } from "~db/schema";
import { addInvoicePayment } from "~/domain/invoices/invoice-payments.server";
import { issueSalesInvoiceForOrder, ukToday } from "~/domain/invoices/invoices.server";
import type { PaymentMethod } from "~/domain/invoices/sales-invoice.schema";
import { listFinancialAccountOptions } from "~/domain/invoices/sales-invoice-list.server";
import { orderInvoice } from "~/domain/invoices/order-invoice.server";
import { earnPointsForOrder } from "~/domain/loyalty/points.server";
import { adminOrderJson, getAdminOrder } from "~/domain/orders/order-list.server";
import {
  insertOrderItems,
  loadOrderProducts,
  OrderRefused,
  type OrderProduct,
  refuse,
  takeStockForOrder,
} from "~/domain/orders/order-writing.server";
import { lineTotals } from "~/domain/pricing/pricing";
import { priceMany } from "~/domain/pricing/pricing.server";
import { recordAudit } from "~/domain/shared/audit.server";
import { nextOrderNumber } from "~/domain/shared/numbering.server";
import { REPEAT_SCOPE } from "~/domain/shared/repeat-scopes";
import { isBusyError, type DB } from "~/utils/db.server";
import { runOnce, type Command } from "~/utils/idempotency.server";
import { toDecimalString } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import { defaultAccountFor, mergeLines, type PosBasketLine } from "./pos-basket";
import { findPosCustomer, type PosCustomer } from "./pos-customers.server";
import { CART_EMPTY, COUNTER_HANDOVER, PACK_OVERRIDE_REASON_REQUIRED, POS_PRODUCT_NOT_FOUND, WALK_IN_CUSTOMER } from "./pos.schema";
import { lineRule, packFailure, variantGroupsByProduct } from "~/domain/cart/cart.server";

const COUNTER_BUSY = "The system is very busy right now and the sale was not completed. Please try again.";

export type SaleInput = {
  lines: readonly PosBasketLine[];
  /** an approved customer's id, or null for the walk-in customer */
  customerId: string | null;
  /** the walk-in buyer's name, if the cashier gave one; a named customer is named by their account */
  customerName?: string | null;
  paymentMethod: PaymentMethod;
  /** where the money goes; when absent, the default account for the payment method (defaultAccountFor) */
  financialAccountId?: number;
  /** the form's server-issued key or the API's Idempotency-Key header; null runs without replay protection */
  idempotencyKey: string | null;
  /** what the client sent, which its key is bound to, when that is not this input (the screen sends its form) */
  sent?: Command;
  /** counter staff selling outside the pack rules: the box ticked, with the reason that is logged */
  overridePackRules?: boolean;
  packOverrideReason?: string | null;
};

export type CompletedSale = {
  orderId: number;
  orderNumber: string;
  invoiceId: number;
  invoiceNumber: string;
  subtotal: number;
  vatAmount: number;
  total: number;
  pointsEarned: number;
  paymentId: number | null;
  financialAccountId: number | null;
};

export function completeSale(db: DB, actor: { id: string }, input: SaleInput): Result<CompletedSale & { replayed: boolean }> {
  try {
    const { idempotencyKey: key, sent, ...sale } = input;
    const outcome = runOnce(db, { ownerId: actor.id, scope: REPEAT_SCOPE.posSale, key, command: sent ?? sale }, (tx) =>
      ok(writeSale(tx, actor.id, input)),
    );
    if (!outcome.result.ok) return outcome.result;
    return ok({ ...outcome.result.value, replayed: outcome.replayed });
  } catch (error) {
    if (error instanceof OrderRefused) return error.failure;
    if (isBusyError(error)) return fail(409, COUNTER_BUSY);
    throw error;
  }
}

function orThrow<T>(result: Result<T>): T {
  if (!result.ok) throw new OrderRefused(result);
  return result.value;
}

/** The work of one sale, inside the write transaction. Throws OrderRefused to roll everything back. */
function writeSale(tx: DB, actorId: string, input: SaleInput): CompletedSale {
  const lines = mergeLines(input.lines);
  if (lines.length === 0) throw refuse(400, CART_EMPTY, "items");
  // read under the lock: a customer deactivated a moment ago is not sold to at their prices
  const customer: PosCustomer | null = input.customerId ? orThrow(findPosCustomer(tx, input.customerId)) : null;

  const found = loadOrderProducts(tx, lines.map((line) => line.productId));
  for (const line of lines) {
    if (!found.has(line.productId)) throw refuse(404, `${POS_PRODUCT_NOT_FOUND} (product ${line.productId})`, "items");
  }
  const overridden = checkPackRules(tx, lines, found, input);
  const prices = priceMany(
    tx,
    customer?.buyer ?? null,
    lines.map((line) => ({ productId: line.productId, salesPrice: found.get(line.productId)!.salesPrice, quantity: line.quantity })),
  );

  const now = new Date();

  const priced = lines.map((line) => ({
    product: found.get(line.productId)!,
    quantity: line.quantity,
    unitPrice: prices.get(line.productId)!.finalPrice,
  }));
  const totals = lineTotals(priced.map(({ product, quantity, unitPrice }) => ({ unitPrice, quantity, vatRate: product.vatRate })));

  const orderNumber = nextOrderNumber(tx);
  const order = tx
    .insert(orders)
    .values({
      orderNumber,
      userId: customer?.user.id ?? null,
      status: "delivered",
      subtotal: totals.subtotal,
      vatAmount: totals.vatAmount,
      total: totals.total,
      channel: "pos",
      shippingName: customer?.displayName ?? (input.customerName?.trim() || WALK_IN_CUSTOMER),
      shippingEmail: customer?.user.email ?? "",
      shippingAddress: COUNTER_HANDOVER,
      shippingCity: "",
      shippingPostcode: "",
      deliveredAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id })
    .get();
  // a short line refuses the whole sale: the transaction rolls back the order too
  takeStockForOrder(
    tx,
    order.id,
    new Map(lines.map((line) => [line.productId, line.quantity])),
    new Map([...found].map(([id, product]) => [id, product.name])),
    now,
  );
  insertOrderItems(
    tx,
    order.id,
    priced.map(({ product, quantity, unitPrice }, index) => ({
      product,
      selectedVariants: {},
      quantity,
      unitPrice,
      net: totals.lines[index].net,
      vat: totals.lines[index].vat,
    })),
  );

  const today = ukToday(now);
  const invoice = issueSalesInvoiceForOrder(tx, order.id, { issueDate: today });
  const accountId = input.financialAccountId ?? defaultAccountFor(input.paymentMethod, listFinancialAccountOptions(tx));
  // a sale priced at nothing (free goods at an agreed £0) has nothing to pay
  const payment =
    totals.total > 0
      ? orThrow(
          addInvoicePayment(
            tx,
            { id: invoice.invoiceId, invoiceNumber: invoice.invoiceNumber, amountPaid: 0 },
            {
              amount: totals.total,
              paymentMethod: input.paymentMethod,
              paymentDate: today,
              reference: orderNumber,
              notes: "Point of sale",
              financialAccountId: accountId ?? undefined,
              createdBy: actorId,
            },
          ),
        )
      : null;

  const pointsEarned = customer
    ? earnPointsForOrder(tx, { id: order.id, orderNumber, userId: customer.user.id, subtotal: totals.subtotal })
    : 0;

  const sale: CompletedSale = {
    orderId: order.id,
    orderNumber,
    invoiceId: invoice.invoiceId,
    invoiceNumber: invoice.invoiceNumber,
    subtotal: totals.subtotal,
    vatAmount: totals.vatAmount,
    total: totals.total,
    pointsEarned,
    paymentId: payment?.row.id ?? null,
    financialAccountId: payment?.account?.id ?? null,
  };
  recordAudit(tx, {
    actorId,
    action: "pos.sale_completed",
    entityType: "order",
    entityId: order.id,
    details: {
      orderNumber,
      invoiceNumber: invoice.invoiceNumber,
      customerId: customer?.user.id ?? null,
      total: totals.total,
      paymentMethod: input.paymentMethod,
      financialAccountId: sale.financialAccountId,
      lines: lines.length,
    },
  });
  if (overridden.length > 0) {
    recordAudit(tx, {
      actorId,
      action: "pos.pack_rule_overridden",
      entityType: "order",
      entityId: order.id,
      details: { orderNumber, reason: input.packOverrideReason?.trim() ?? "", lines: overridden },
    });
  }
  return sale;
}

/**
 * The pack rules (minimum, multiple) of the sale's lines. A line that breaks one refuses the sale (400 naming
 * the product, the rule and the valid quantities) unless the cashier ticked the override and gave a reason;
 * then the lines sold outside their rules are returned, for the audit log.
 */
function checkPackRules(
  tx: DB,
  lines: readonly { productId: number; quantity: number }[],
  found: Map<number, OrderProduct>,
  input: SaleInput,
): { productId: number; productName: string; quantity: number; rule: string }[] {
  const groups = variantGroupsByProduct(tx, [...found.keys()]);
  const broken = lines.flatMap((line) => {
    const product = found.get(line.productId)!;
    const refused = packFailure(lineRule(product, groups.get(product.id) ?? []), product.name, line.quantity);
    return refused ? [{ productId: product.id, productName: product.name, quantity: line.quantity, rule: refused.message }] : [];
  });
  if (broken.length === 0) return [];
  if (!input.overridePackRules) throw refuse(400, broken.map((line) => line.rule).join("; "), "quantity");
  if (!input.packOverrideReason?.trim()) throw refuse(400, PACK_OVERRIDE_REASON_REQUIRED, "packOverrideReason");
  return broken;
}

/**
 * A completed sale as the API answers it: the order as the back office's order API shows it (money as
 * 2-decimal strings), its invoice number, the points it earned and the payment taken.
 */
export function posSaleJson(db: DB, sale: CompletedSale) {
  const order = getAdminOrder(db, sale.orderId);
  return {
    ...(order ? adminOrderJson(order) : { id: sale.orderId, orderNumber: sale.orderNumber }),
    subtotal: toDecimalString(sale.subtotal),
    vatAmount: toDecimalString(sale.vatAmount),
    total: toDecimalString(sale.total),
    invoiceId: sale.invoiceId,
    invoiceNumber: sale.invoiceNumber,
    pointsEarned: sale.pointsEarned,
    payment: sale.paymentId === null ? null : { id: sale.paymentId, amount: toDecimalString(sale.total), financialAccountId: sale.financialAccountId },
  };
}

/**
 * A counter sale by order id, for the screen's "Sale completed" box: null when it is not a counter sale. Its
 * invoice comes with the status the API answers too (orderInvoice), so both say "paid".
 */
export function findPosSale(db: DB, orderId: number) {
  const row = db
    .select({ id: orders.id, orderNumber: orders.orderNumber, total: orders.total })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.channel, "pos")))
    .get();
  if (!row) return null;
  const invoice = orderInvoice(db, row.id);
  return { ...row, invoiceNumber: invoice?.invoiceNumber ?? null, invoiceStatus: invoice?.status ?? null };
}
