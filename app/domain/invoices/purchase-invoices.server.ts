/** Recording a supplier's invoice in the back office (screen and API), on its own or from a purchase order. */
import { postPurchaseInvoice } from "~/domain/ledger/postings.server";
import { and, eq, sql } from "drizzle-orm";
import { purchaseInvoiceItems, purchaseInvoices, purchaseOrders, users } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { toDecimalString } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import { recordAudit } from "~/domain/shared/audit.server";
import { REPEAT_SCOPE } from "~/domain/shared/repeat-scopes";
import { addDaysToDate, PAYMENT_TERMS_DAYS, ukToday } from "./invoices.server";
import { pricedLines, resolveInvoiceLines } from "./invoice-lines.server";
import { NOT_A_SUPPLIER, type PurchaseInvoiceInput } from "./purchase-invoice.schema";
import type { Actor } from "./sales-invoice-list.server";
import { getPurchaseOrder } from "~/domain/purchasing/purchase-orders.server";

const PURCHASE_ORDER_NOT_FOUND = "Purchase order not found";

type RecordedPurchaseInvoice = { id: number; invoiceNumber: string; total: string };

/** Only successful results are stored against a key, so a corrected retry can still succeed. */
const storeSuccess = (result: { ok: boolean }) => result.ok;

/**
 * The purchase order an invoice is made from, if any: it must be this supplier's, sent or received (a
 * draft was never ordered, a cancelled one will not be billed), and not yet invoiced (409 naming the invoice).
 */
function invoiceablePurchaseOrder(tx: DB, id: number, supplierId: string): Result<{ id: number; orderNumber: string }> {
  const order = tx
    .select({ id: purchaseOrders.id, orderNumber: purchaseOrders.orderNumber, supplierId: purchaseOrders.supplierId, status: purchaseOrders.status })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, id))
    .get();
  if (!order) return fail(400, PURCHASE_ORDER_NOT_FOUND, "purchaseOrderId");
  if (order.supplierId !== supplierId) return fail(400, `Purchase order ${order.orderNumber} is from another supplier`, "purchaseOrderId");
  if (order.status !== "sent" && order.status !== "received") {
    return fail(409, `Purchase order ${order.orderNumber} is ${order.status}: only a sent or received order can be invoiced`, "purchaseOrderId");
  }
  const invoiced = tx
    .select({ invoiceNumber: purchaseInvoices.invoiceNumber })
    .from(purchaseInvoices)
    .where(eq(purchaseInvoices.purchaseOrderId, order.id))
    .get();
  if (invoiced) return fail(409, `Purchase order ${order.orderNumber} is already invoiced (${invoiced.invoiceNumber})`, "purchaseOrderId");
  return ok({ id: order.id, orderNumber: order.orderNumber });
}

/**
 * Records a supplier's invoice: from a user with the supplier role (anyone else: 400 on supplierId), under
 * the supplier's own number, unique for that supplier (409). Dated today (UK) and due 30 days later unless
 * dates are given; optionally the invoice of one of their sent or received purchase orders. A line naming a
 * product takes that product's name, cost price and VAT rate. Totals are computed here — VAT per line,
 * rounded half-up — and the invoice starts unpaid. Once per idempotency key; audited.
 */
export function createPurchaseInvoice(db: DB, actor: Actor, input: PurchaseInvoiceInput, key: string | null = null) {
  const ref = { ownerId: actor.id, scope: REPEAT_SCOPE.purchaseInvoiceCreate, key, command: input };
  const { result } = runOnce(
    db,
    ref,
    (tx): Result<RecordedPurchaseInvoice> => {
      const supplier = tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, input.supplierId)).get();
      if (!supplier || supplier.role !== "supplier") return fail(400, NOT_A_SUPPLIER, "supplierId");

      let orderNumber: string | null = null;
      if (input.purchaseOrderId !== undefined) {
        const order = invoiceablePurchaseOrder(tx, input.purchaseOrderId, supplier.id);
        if (!order.ok) return order;
        orderNumber = order.value.orderNumber;
      }

      const taken = tx
        .select({ id: purchaseInvoices.id })
        .from(purchaseInvoices)
        .where(and(eq(purchaseInvoices.supplierId, supplier.id), sql`lower(${purchaseInvoices.invoiceNumber}) = lower(${input.invoiceNumber})`))
        .get();
      if (taken) return fail(409, `Invoice number ${input.invoiceNumber} from this supplier is already recorded`, "invoiceNumber");

      const invoiceDate = input.invoiceDate ?? ukToday();
      const dueDate = input.dueDate ?? addDaysToDate(invoiceDate, PAYMENT_TERMS_DAYS);
      if (dueDate < invoiceDate) return fail(400, "Due date cannot be before the invoice date", "dueDate");

      const resolved = resolveInvoiceLines(tx, input.items, "costPrice");
      if (!resolved.ok) return resolved;
      const { rows, totals } = pricedLines(resolved.value);

      const invoice = tx
        .insert(purchaseInvoices)
        .values({
          supplierId: supplier.id,
          invoiceNumber: input.invoiceNumber,
          invoiceDate,
          dueDate,
          subtotal: totals.subtotal,
          vatAmount: totals.vatAmount,
          total: totals.total,
          amountPaid: 0,
          status: "unpaid",
          purchaseOrderId: input.purchaseOrderId ?? null,
        })
        .returning({ id: purchaseInvoices.id })
        .get();
      // purchase invoice lines keep no product code: the supplier's invoice is what it is
      tx.insert(purchaseInvoiceItems)
        .values(rows.map(({ sku: _sku, ...row }) => ({ invoiceId: invoice.id, ...row })))
        .run();
      postPurchaseInvoice(tx, { id: invoice.id, invoiceNumber: input.invoiceNumber, invoiceDate, ...totals }, { createdBy: actor.id });
      recordAudit(tx, {
        actorId: actor.id,
        action: "purchase_invoice.created",
        entityType: "purchase_invoice",
        entityId: invoice.id,
        details: {
          invoiceNumber: input.invoiceNumber,
          supplierId: supplier.id,
          purchaseOrderId: input.purchaseOrderId ?? null,
          orderNumber,
          invoiceDate,
          dueDate,
          lines: rows.length,
          subtotal: totals.subtotal,
          vatAmount: totals.vatAmount,
          total: totals.total,
        },
      });
      return ok({ id: invoice.id, invoiceNumber: input.invoiceNumber, total: toDecimalString(totals.total) });
    },
    storeSuccess,
  );
  return result;
}

/** A Create Invoice form's line as text, as a purchase order fills it in. */
type DraftRow = { productId: string; description: string; quantity: string; unitPrice: string; vatRate: string };

/**
 * What Create Invoice starts from for purchase order `orderId`: its supplier and its lines (each at the
 * price ordered), or why it cannot be invoiced (404 unknown; 409 not sent or received, or already invoiced).
 */
export function invoiceDraftFromPurchaseOrder(db: DB, orderId: number) {
  const order = getPurchaseOrder(db, orderId);
  if (!order) return fail(404, PURCHASE_ORDER_NOT_FOUND);
  if (order.invoice) return fail(409, `Purchase order ${order.orderNumber} is already invoiced (${order.invoice.invoiceNumber})`);
  if (order.status !== "sent" && order.status !== "received") {
    return fail(409, `Purchase order ${order.orderNumber} is ${order.status}: only a sent or received order can be invoiced`);
  }
  const rows: DraftRow[] = order.items.map((item) => ({
    productId: item.productId === null ? "" : String(item.productId),
    description: item.productName,
    quantity: String(item.quantity),
    unitPrice: item.unitPrice,
    vatRate: item.vatRate,
  }));
  return ok({ id: order.id, orderNumber: order.orderNumber, supplierId: order.supplierId, rows });
}
