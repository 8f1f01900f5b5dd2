/** Creating a sales invoice by hand in the back office (screen and API). */
import { postSalesInvoice } from "~/domain/ledger/postings.server";
import { invoiceIdentityProblem } from "~/utils/company.server";
import { eq, sql } from "drizzle-orm";
import { orders, salesInvoiceItems, salesInvoices, users } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { toDecimalString } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import { type ManualInvoiceInput } from "./sales-invoice.schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { companyPaymentTerms, ukToday } from "./invoices.server";
import { dueDateFor } from "~/domain/credit/payment-terms";
import { nextInvoiceNumber } from "~/domain/shared/numbering.server";
import { pricedLines, resolveInvoiceLines } from "./invoice-lines.server";
import { REPEAT_SCOPE } from "~/domain/shared/repeat-scopes";
import type { Actor } from "./sales-invoice-list.server";

const CUSTOMER_NOT_FOUND = "Customer not found: choose a customer account";
export const ORDER_NOT_FOUND = "Order not found";

/** Only successful results are stored against a key, so a corrected retry can still succeed. */
const storeSuccess = (result: { ok: boolean }) => result.ok;

type CreatedInvoice = { id: number; invoiceNumber: string; total: string };

/** Numbers of the automatic series; a typed one could later collide with an invoice checkout issues. */
const AUTOMATIC_NUMBER = /^INV-\d{4}-\d{5,}$/i;

/**
 * Creates a sales invoice by hand: for a customer (role customer), optionally for one of their orders
 * that has no invoice yet (an order has at most one: 409). The number is the next of the INV-YYYY-NNNNN
 * series unless one is given (unique: 409). Dated today (UK) and due by the company's payment terms unless dates are given.
 * A line naming a product takes that product's name, price and VAT rate. Totals are computed here —
 * VAT per line, rounded half-up — and the invoice starts unpaid. Audited.
 */
export function createManualInvoice(
  db: DB,
  actor: Actor,
  input: ManualInvoiceInput,
  key: string | null = null,
): Result<CreatedInvoice> {
  const identityProblem = invoiceIdentityProblem();
  if (identityProblem) return fail(409, identityProblem);
  const { result } = runOnce(
    db,
    { ownerId: actor.id, scope: REPEAT_SCOPE.salesInvoiceCreate, key, command: input },
    (tx): Result<CreatedInvoice> => {
      const customer = tx
        .select({ id: users.id, role: users.role, companyId: users.companyId })
        .from(users)
        .where(eq(users.id, input.customerId))
        .get();
      if (!customer || customer.role !== "customer") return fail(400, CUSTOMER_NOT_FOUND, "customerId");

      let orderNumber: string | null = null;
      if (input.orderId !== undefined) {
        const order = tx
          .select({ id: orders.id, userId: orders.userId, orderNumber: orders.orderNumber })
          .from(orders)
          .where(eq(orders.id, input.orderId))
          .get();
        if (!order) return fail(400, ORDER_NOT_FOUND, "orderId");
        if (order.userId !== customer.id) return fail(400, `Order ${order.orderNumber} belongs to another customer`, "orderId");
        const existing = tx
          .select({ invoiceNumber: salesInvoices.invoiceNumber })
          .from(salesInvoices)
          .where(eq(salesInvoices.orderId, order.id))
          .get();
        if (existing) {
          return fail(409, `Order ${order.orderNumber} already has invoice ${existing.invoiceNumber}`, "orderId");
        }
        orderNumber = order.orderNumber;
      }

      const issueDate = input.issueDate ?? ukToday();
      // a typed due date wins; otherwise the customer's company's terms set it
      const terms = input.dueDate ? null : companyPaymentTerms(tx, customer.companyId);
      const dueDate = input.dueDate ?? dueDateFor(terms!, issueDate);
      if (dueDate < issueDate) return fail(400, "Due date cannot be before the issue date", "dueDate");

      let invoiceNumber: string;
      if (input.invoiceNumber) {
        const taken = tx
          .select({ id: salesInvoices.id })
          .from(salesInvoices)
          .where(sql`lower(${salesInvoices.invoiceNumber}) = lower(${input.invoiceNumber})`)
          .get();
        if (taken) return fail(409, `Invoice number ${input.invoiceNumber} is already in use`, "invoiceNumber");
        if (AUTOMATIC_NUMBER.test(input.invoiceNumber)) {
          return fail(
            400,
            "Numbers like INV-2026-00012 are given automatically: leave the invoice number blank to take the next one, or use another format",
            "invoiceNumber",
          );
        }
        invoiceNumber = input.invoiceNumber;
      } else {
        invoiceNumber = nextInvoiceNumber(tx, issueDate);
      }

      const resolved = resolveInvoiceLines(tx, input.items, "salesPrice");
      if (!resolved.ok) return resolved;
      const lines = resolved.value;
      const { rows, totals } = pricedLines(lines);

      const invoice = tx
        .insert(salesInvoices)
        .values({
          orderId: input.orderId ?? null,
          invoiceNumber,
          customerId: customer.id,
          status: "unpaid",
          subtotal: totals.subtotal,
          vatAmount: totals.vatAmount,
          total: totals.total,
          amountPaid: 0,
          issueDate,
          dueDate,
          paymentTerms: terms,
        })
        .returning({ id: salesInvoices.id })
        .get();
      tx.insert(salesInvoiceItems)
        .values(rows.map((row) => ({ invoiceId: invoice.id, ...row })))
        .run();
      postSalesInvoice(tx, { id: invoice.id, invoiceNumber, issueDate, ...totals }, { createdBy: actor.id });
      recordAudit(tx, {
        actorId: actor.id,
        action: "sales_invoice.created",
        entityType: "sales_invoice",
        entityId: invoice.id,
        details: {
          invoiceNumber,
          customerId: customer.id,
          orderId: input.orderId ?? null,
          orderNumber,
          issueDate,
          dueDate,
          lines: lines.length,
          subtotal: totals.subtotal,
          vatAmount: totals.vatAmount,
          total: totals.total,
        },
      });
      return ok({ id: invoice.id, invoiceNumber, total: toDecimalString(totals.total) });
    },
    storeSuccess,
  );
  return result;
}
