/**
 * The two books of invoices, sales (customers pay us) and purchases (we pay suppliers), and what they do
 * alike: the SQL of a derived status, the payments as read, writing a payment and posting its journal through
 * the financial account it names. The use cases of each side call these with their side's name.
 */
import { postPaymentReceived, postSupplierPayment } from "~/domain/ledger/postings.server";
import { and, asc, eq, gt, gte, lt, ne, sql, type SQL } from "drizzle-orm";
import { financialAccounts, payments, purchaseInvoiceItems, purchaseInvoices, purchasePayments, salesInvoiceItems, salesInvoices } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { fail, ok, type Result } from "~/utils/result";
import { toDecimalString } from "~/utils/money";
import { invoiceOutstanding, type InvoiceStatus } from "./invoice-status";
import type { PaymentMethod, RecordPaymentInput } from "./sales-invoice.schema";

/** sales: money comes in from customers; purchase: money goes out to suppliers. */
export type InvoiceSide = "sales" | "purchase";

const BOOKS = {
  sales: {
    invoices: salesInvoices,
    items: salesInvoiceItems,
    payments,
    paymentInvoiceId: payments.salesInvoiceId,
    credited: salesInvoices.creditedAmount,
  },
  purchase: {
    invoices: purchaseInvoices,
    // a purchase invoice has no credit notes
    credited: sql<number>`0`,
    items: purchaseInvoiceItems,
    payments: purchasePayments,
    paymentInvoiceId: purchasePayments.purchaseInvoiceId,
  },
} as const;

export const FINANCIAL_ACCOUNT_NOT_FOUND = "Financial account not found";

/**
 * The SQL of "this invoice's derived status is `status`", the same rule as deriveInvoiceStatus. A purchase
 * invoice without a due date is never overdue.
 */
export function invoiceStatusCondition(side: InvoiceSide, status: InvoiceStatus, today: string): SQL {
  const table = BOOKS[side].invoices;
  const live = ne(table.status, "void");
  // paid or credited: what deriveInvoiceStatus counts as settled
  const settled = sql`(${table.amountPaid} + ${BOOKS[side].credited})`;
  const owing = lt(settled, table.total);
  const notYetDue = sql`coalesce(${table.dueDate}, '9999-12-31') >= ${today}`;
  switch (status) {
    case "void":
      return eq(table.status, "void");
    case "paid":
      return and(live, gte(settled, table.total))!;
    case "overdue":
      return and(live, owing, lt(table.dueDate, today))!;
    case "partially_paid":
      return and(live, owing, notYetDue, gt(settled, 0))!;
    case "unpaid":
      return and(live, owing, notYetDue, eq(settled, 0))!;
  }
}

/** A payment as read (the spec's "Invoice payment"), plus the account it went into or came out of. */
export type InvoicePaymentJson = {
  id: number;
  paymentDate: string;
  amount: string;
  paymentMethod: PaymentMethod;
  reference: string | null;
  notes: string | null;
  financialAccountId: number | null;
  financialAccountName: string | null;
  createdAt: string;
};

/** The payments of one invoice of `side`, oldest first. */
export function invoicePaymentRows(db: DB, side: InvoiceSide, invoiceId: number): InvoicePaymentJson[] {
  const book = BOOKS[side];
  const table = book.payments;
  const { id, paymentDate, amount, paymentMethod, reference, notes, financialAccountId, createdAt } = table;
  return db
    .select({ id, paymentDate, amount, paymentMethod, reference, notes, financialAccountId, financialAccountName: financialAccounts.name, createdAt })
    .from(table)
    .leftJoin(financialAccounts, eq(financialAccounts.id, table.financialAccountId))
    .where(eq(book.paymentInvoiceId, invoiceId))
    .orderBy(asc(table.paymentDate), asc(table.id))
    .all()
    .map((row) => ({ ...row, amount: toDecimalString(row.amount), createdAt: row.createdAt.toISOString() }));
}

/** The invoice's payments, oldest first; null when there is no such invoice on that side. */
export function listPaymentsOf(db: DB, side: InvoiceSide, invoiceId: number): InvoicePaymentJson[] | null {
  const table = BOOKS[side].invoices;
  const invoice = db.select({ id: table.id }).from(table).where(eq(table.id, invoiceId)).get();
  return invoice ? invoicePaymentRows(db, side, invoiceId) : null;
}

export type NewInvoicePayment = Pick<RecordPaymentInput, "amount" | "paymentMethod" | "reference" | "notes" | "financialAccountId"> & {
  paymentDate: string;
  createdBy: string;
};

type Account = { id: number; name: string; type: string };

/**
 * Writes a payment against an invoice of `side` inside the caller's transaction (the caller has checked
 * the amount): the payment row, the invoice's amountPaid, and its journal (money into the named account
 * for sales, out of it for purchases; Suspense when none is named). 400 on the financialAccountId field
 * when that account does not exist.
 */
/** The financial account a payment names, or the 400 on its field when there is none. */
export function findFinancialAccount(tx: DB, id: number): Result<Account> {
  const account = tx
    .select({ id: financialAccounts.id, name: financialAccounts.name, type: financialAccounts.type })
    .from(financialAccounts)
    .where(eq(financialAccounts.id, id))
    .get();
  return account ? ok(account) : fail(400, FINANCIAL_ACCOUNT_NOT_FOUND, "financialAccountId");
}

export function addPaymentTo(
  tx: DB,
  side: InvoiceSide,
  invoice: { id: number; invoiceNumber: string; amountPaid: number },
  input: NewInvoicePayment,
) {
  let account: Account | undefined;
  if (input.financialAccountId !== undefined && input.financialAccountId !== null) {
    const found = findFinancialAccount(tx, input.financialAccountId);
    if (!found.ok) return found;
    account = found.value;
  }
  const values = {
    amount: input.amount,
    paymentMethod: input.paymentMethod,
    paymentDate: input.paymentDate,
    reference: input.reference,
    notes: input.notes,
    financialAccountId: account?.id ?? null,
    createdBy: input.createdBy,
  };
  const amountPaid = invoice.amountPaid + input.amount;
  let row: { id: number; createdAt: Date };
  if (side === "sales") {
    row = tx.insert(payments).values({ salesInvoiceId: invoice.id, ...values }).returning({ id: payments.id, createdAt: payments.createdAt }).get();
    tx.update(salesInvoices).set({ amountPaid }).where(eq(salesInvoices.id, invoice.id)).run();
  } else {
    row = tx
      .insert(purchasePayments)
      .values({ purchaseInvoiceId: invoice.id, ...values })
      .returning({ id: purchasePayments.id, createdAt: purchasePayments.createdAt })
      .get();
    tx.update(purchaseInvoices).set({ amountPaid }).where(eq(purchaseInvoices.id, invoice.id)).run();
  }
  const posting = { id: row.id, invoiceNumber: invoice.invoiceNumber, amount: input.amount, paymentDate: input.paymentDate, financialAccountId: account?.id ?? null };
  if (side === "sales") postPaymentReceived(tx, posting, { createdBy: input.createdBy });
  else postSupplierPayment(tx, posting, { createdBy: input.createdBy });
  return ok({ row, account, amountPaid });
}

/** The invoice a payment is recorded against: what the amount is checked by. */
export function invoiceForPayment(tx: DB, side: InvoiceSide, invoiceId: number) {
  const table = BOOKS[side].invoices;
  return tx
    .select({
      id: table.id,
      invoiceNumber: table.invoiceNumber,
      status: table.status,
      total: table.total,
      amountPaid: table.amountPaid,
      creditedAmount: BOOKS[side].credited,
      dueDate: table.dueDate,
    })
    .from(table)
    .where(eq(table.id, invoiceId))
    .get();
}

/** The lines of one invoice of `side`, in the order they were written (pence; rates in hundredths). */
export function invoiceLinesOf(db: DB, side: InvoiceSide, invoiceId: number) {
  const { id, invoiceId: ofInvoice, description, quantity, unitPrice, vatRate, vatAmount, total } = BOOKS[side].items;
  return db
    .select({ description, quantity, unitPrice, vatRate, vatAmount, total })
    .from(BOOKS[side].items)
    .where(eq(ofInvoice, invoiceId))
    .orderBy(asc(id))
    .all();
}

/** An invoice's amounts as JSON money ("12.50"), the outstanding balance worked out. */
export type InvoiceAmountsJson = { subtotal: string; vatAmount: string; total: string; amountPaid: string; outstanding: string };

export function invoiceAmountsJson(row: {
  status: string;
  subtotal: number;
  vatAmount: number;
  total: number;
  amountPaid: number;
  creditedAmount: number;
}): InvoiceAmountsJson {
  const money = toDecimalString;
  return { subtotal: money(row.subtotal), vatAmount: money(row.vatAmount), total: money(row.total), amountPaid: money(row.amountPaid), outstanding: money(invoiceOutstanding(row)) };
}
