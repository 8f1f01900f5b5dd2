/**
 * Sales invoices. One is issued for an order when it is placed (or, for customers whose orders need
 * approval, when it is approved): numbered INV-YYYY-NNNNN by year of issue, dated today in the UK, due by
 * its company's payment terms (app/domain/credit/payment-terms.ts), with the order's lines copied as they are (unit price, VAT rate, per-line VAT and total) and
 * its delivery charge as a line of its own, so the order, its invoice and the VAT return agree to the penny.
 * A cancelled order's invoice becomes void.
 *
 * These take the transaction the caller is already in (placing, approving or cancelling an order), so the
 * invoice is written or voided together with that change, or not at all.
 */
import { postSalesInvoice, postSalesInvoiceVoid } from "~/domain/ledger/postings.server";
import { asc, eq } from "drizzle-orm";
import { companies, orderItems, orders, salesInvoiceItems, salesInvoices, type PaymentTerms } from "~db/schema";
import { DEFAULT_PAYMENT_TERMS, dueDateFor } from "~/domain/credit/payment-terms";
import type { DB } from "~/utils/db.server";
import { formatMoney } from "~/utils/money";
import { nextInvoiceNumber } from "~/domain/shared/numbering.server";
import { fail, ok, type Result } from "~/utils/result";
import { addDays, ukDay } from "~/utils/uk-time";
import { creditNotesAgainst, creditNotesSetAgainst } from "./credit-notes.server";
import { DELIVERY_LINE_DESCRIPTION, DELIVERY_VAT_RATE, FREE_DELIVERY_REWARD } from "~/domain/ordering/delivery-charge";

export const PAYMENT_TERMS_DAYS = 30;

/** Today's date in the UK as YYYY-MM-DD (an invoice is dated by the UK calendar, not by UTC). */
export function ukToday(now: Date = new Date()): string {
  return ukDay(now);
}

/** A company's payment terms (a sale with no company, such as a walk-in, has the default). */
export function companyPaymentTerms(db: DB, companyId: number | null): PaymentTerms {
  if (companyId === null) return DEFAULT_PAYMENT_TERMS;
  const row = db.select({ terms: companies.paymentTerms }).from(companies).where(eq(companies.id, companyId)).get();
  return row?.terms ?? DEFAULT_PAYMENT_TERMS;
}

/** A calendar date plus some days: "2026-01-31" + 30 → "2026-03-02". */
export const addDaysToDate = addDays;

/** How an order line reads on the invoice: the product, with its chosen options. */
export function describeOrderLine(productName: string, selectedVariants: Record<string, string> | null | undefined) {
  const options = Object.entries(selectedVariants ?? {}).map(([name, option]) => `${name}: ${option}`);
  return options.length > 0 ? `${productName} (${options.join(", ")})` : productName;
}

/** A line that carries part of a voucher discount says so, since its total is then below quantity × price. */
function withVoucherShare(description: string, share: number) {
  return share > 0 ? `${description}, less voucher discount ${formatMoney(share)}` : description;
}

/**
 * The invoice's delivery line: the order's charge with its VAT at the standard rate, or a £0 line saying a
 * free-shipping reward took it off. None when delivery was simply free.
 */
function deliveryInvoiceLine(order: { deliveryCharge: number; deliveryVat: number; freeShipping: boolean }) {
  if (order.deliveryCharge === 0 && !order.freeShipping) return null;
  return {
    productId: null,
    sku: null,
    description: order.deliveryCharge > 0 ? DELIVERY_LINE_DESCRIPTION : FREE_DELIVERY_REWARD,
    quantity: 1,
    unitPrice: order.deliveryCharge,
    vatRate: DELIVERY_VAT_RATE,
    vatAmount: order.deliveryVat,
    total: order.deliveryCharge,
  };
}

export type IssuedInvoice = {
  invoiceId: number;
  invoiceNumber: string;
  issueDate: string;
  dueDate: string;
  /** false when the order already had its invoice (it is returned, not issued twice) */
  created: boolean;
};

/**
 * Issues the sales invoice for an order inside the caller's transaction. An order has at most one invoice:
 * calling this again returns the one it has. Throws when the order does not exist (a programming error:
 * callers have just written or loaded it).
 */
export function issueSalesInvoiceForOrder(
  tx: DB,
  orderId: number,
  { issueDate = ukToday() }: { issueDate?: string } = {},
): IssuedInvoice {
  const existing = tx
    .select({
      invoiceId: salesInvoices.id,
      invoiceNumber: salesInvoices.invoiceNumber,
      issueDate: salesInvoices.issueDate,
      dueDate: salesInvoices.dueDate,
    })
    .from(salesInvoices)
    .where(eq(salesInvoices.orderId, orderId))
    .get();
  if (existing) return { ...existing, created: false };

  const order = tx
    .select({
      id: orders.id,
      userId: orders.userId,
      companyId: orders.companyId,
      subtotal: orders.subtotal,
      vatAmount: orders.vatAmount,
      total: orders.total,
      deliveryCharge: orders.deliveryChargePence,
      deliveryVat: orders.deliveryVatPence,
      freeShipping: orders.freeShipping,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .get();
  if (!order) throw new Error(`Cannot invoice order ${orderId}: no such order`);
  // the order's subtotal is its goods; the invoice's is every net line, delivery included (its VAT is in the order's already)
  const subtotal = order.subtotal + order.deliveryCharge;

  const lines = tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id))
    .all();

  // the company's terms as they stand now; an invoice already issued keeps the due date it was given
  const paymentTerms = companyPaymentTerms(tx, order.companyId);
  const dueDate = dueDateFor(paymentTerms, issueDate);
  const invoice = tx
    .insert(salesInvoices)
    .values({
      orderId: order.id,
      invoiceNumber: nextInvoiceNumber(tx, issueDate),
      customerId: order.userId,
      status: "unpaid",
      subtotal,
      vatAmount: order.vatAmount,
      total: order.total,
      amountPaid: 0,
      issueDate,
      dueDate,
      paymentTerms,
    })
    .returning({ id: salesInvoices.id, invoiceNumber: salesInvoices.invoiceNumber })
    .get();

  const delivery = deliveryInvoiceLine(order);
  if (lines.length > 0 || delivery) {
    tx.insert(salesInvoiceItems)
      .values([
        ...lines.map((line) => ({
          invoiceId: invoice.id,
          productId: line.productId,
          sku: line.sku,
          description: withVoucherShare(
            describeOrderLine(line.productName, line.selectedVariants),
            line.quantity * line.unitPrice - line.total,
          ),
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          vatRate: line.vatRate,
          vatAmount: line.vatAmount,
          total: line.total,
        })),
        ...(delivery ? [{ ...delivery, invoiceId: invoice.id }] : []),
      ])
      .run();
  }
  postSalesInvoice(tx, {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    issueDate,
    subtotal,
    vatAmount: order.vatAmount,
    total: order.total,
    deliveryCharge: order.deliveryCharge,
  });
  return { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, issueDate, dueDate, created: true };
}

/**
 * Voids the order's invoice (a cancelled order leaves revenue and VAT). Returns the invoice number, or null
 * when the order has no invoice (an order cancelled while awaiting approval never had one). An invoice with
 * a credit note against it is not voided (409, naming the credit note): the credit note would stay in the
 * books and the VAT return against an invoice that no longer counts. Nothing is written when refused.
 */
export function voidSalesInvoiceForOrder(tx: DB, orderId: number, now: Date = new Date()): Result<string | null> {
  const invoice = tx
    .select({ id: salesInvoices.id, invoiceNumber: salesInvoices.invoiceNumber, status: salesInvoices.status })
    .from(salesInvoices)
    .where(eq(salesInvoices.orderId, orderId))
    .get();
  if (!invoice) return ok(null);
  if (invoice.status !== "void") {
    const credited = creditNotesAgainst(tx, invoice.id);
    if (credited.length > 0) {
      return fail(409, `Invoice ${invoice.invoiceNumber} cannot be voided: ${creditNotesSetAgainst(credited)} it. A return undoes the rest.`);
    }
    tx.update(salesInvoices).set({ status: "void", voidedAt: now }).where(eq(salesInvoices.id, invoice.id)).run();
    // the books are not edited: the invoice's journal is reversed on the day of the void
    postSalesInvoiceVoid(tx, invoice, ukToday(now));
  }
  return ok(invoice.invoiceNumber);
}
