/**
 * A customer's own sales invoices: the /account/invoices page, GET /api/invoices and the PDF downloads.
 *
 * Every query is scoped to the signed-in customer. Another customer's invoice reads exactly like one that
 * does not exist (null → 404), so invoice ids reveal nothing.
 */
import { and, count, desc, eq } from "drizzle-orm";
import { orders, salesInvoices, users } from "~db/schema";
import { personName, visibleTo } from "~/domain/companies/companies.server";
import type { DB } from "~/utils/db.server";
import type { SalesInvoiceDocument } from "~/utils/invoice-pdf.server";
import { toDecimalString } from "~/utils/money";
import { INVOICE_PAGE_SIZE } from "./customer-invoices.schema";
import { deriveInvoiceStatus, invoiceOutstanding, type InvoiceStatus } from "./invoice-status";
import { ukToday } from "./invoices.server";
import { loadSalesInvoiceDocument } from "./invoice-document.server";
import { orderQuoteLabel } from "~/domain/quotes/quote-read.server";

/** An invoice as GET /api/invoices shows it: money as 2-decimal strings, dates YYYY-MM-DD. */
export type CustomerInvoiceJson = {
  id: number;
  invoiceNumber: string;
  orderId: number | null;
  orderNumber: string | null;
  /** the customer's own purchase-order reference for the order, or null */
  poReference: string | null;
  /** the quote the order accepted, "QT-00012 v2", or null */
  quote: string | null;
  issueDate: string;
  dueDate: string;
  status: InvoiceStatus;
  subtotal: string;
  vatAmount: string;
  total: string;
  amountPaid: string;
  /** settled by credit notes (a refund while the invoice still owed) */
  creditedAmount: string;
  /** total − amountPaid − creditedAmount; "0.00" for a void invoice */
  outstanding: string;
};

/** An invoice on the account's Invoices screen: with the name of the person whose order it bills. */
export type CustomerInvoiceRow = CustomerInvoiceJson & { placedBy: string | null };

export type CustomerInvoicePage = {
  invoices: CustomerInvoiceRow[];
  /** how many invoices the customer has in all */
  total: number;
  /** the page shown: the one asked for, or the last page when that is past the end */
  page: number;
  pageCount: number;
};

const listColumns = {
  id: salesInvoices.id,
  invoiceNumber: salesInvoices.invoiceNumber,
  orderId: salesInvoices.orderId,
  orderNumber: orders.orderNumber,
  poReference: orders.poReference,
  quote: orderQuoteLabel,
  issueDate: salesInvoices.issueDate,
  dueDate: salesInvoices.dueDate,
  status: salesInvoices.status,
  subtotal: salesInvoices.subtotal,
  vatAmount: salesInvoices.vatAmount,
  total: salesInvoices.total,
  amountPaid: salesInvoices.amountPaid,
  creditedAmount: salesInvoices.creditedAmount,
  placedBy: personName,
};

type ListRow = {
  id: number;
  invoiceNumber: string;
  orderId: number | null;
  orderNumber: string | null;
  poReference: string | null;
  quote: string | null;
  issueDate: string;
  dueDate: string;
  status: string;
  subtotal: number;
  vatAmount: number;
  total: number;
  amountPaid: number;
  creditedAmount: number;
  placedBy: string | null;
};

function invoiceJson(row: ListRow, today: string): CustomerInvoiceJson {
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    poReference: row.poReference,
    quote: row.quote,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    status: deriveInvoiceStatus(row, today),
    subtotal: toDecimalString(row.subtotal),
    vatAmount: toDecimalString(row.vatAmount),
    total: toDecimalString(row.total),
    amountPaid: toDecimalString(row.amountPaid),
    creditedAmount: toDecimalString(row.creditedAmount),
    outstanding: toDecimalString(invoiceOutstanding(row)),
  };
}

/** The invoices a person sees (their own; their company's for a company admin or approver), optionally one colleague's. */
function invoicesWhere(userId: string, placedBy: string | null) {
  const visible = visibleTo(userId, salesInvoices.customerId, salesInvoices.companyId);
  return placedBy ? and(visible, eq(salesInvoices.customerId, placedBy))! : visible;
}

function countCustomerInvoices(db: DB, userId: string, placedBy: string | null): number {
  const row = db.select({ value: count() }).from(salesInvoices).where(invoicesWhere(userId, placedBy)).get();
  return row?.value ?? 0;
}

/**
 * One page of the customer's invoices, newest first (by issue date, then by id so pages never overlap).
 * A page past the end gives the last page; `today` (UK, YYYY-MM-DD) decides which are overdue.
 */
export function listCustomerInvoices(
  db: DB,
  userId: string,
  page: number,
  {
    pageSize = INVOICE_PAGE_SIZE,
    today = ukToday(),
    placedBy = null,
  }: { pageSize?: number; today?: string; placedBy?: string | null } = {},
): CustomerInvoicePage {
  const total = countCustomerInvoices(db, userId, placedBy);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const rows = db
    .select(listColumns)
    .from(salesInvoices)
    .leftJoin(orders, eq(orders.id, salesInvoices.orderId))
    .leftJoin(users, eq(users.id, salesInvoices.customerId))
    .where(invoicesWhere(userId, placedBy))
    .orderBy(desc(salesInvoices.issueDate), desc(salesInvoices.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .all();
  return {
    invoices: rows.map((row) => ({ ...invoiceJson(row, today), placedBy: row.placedBy })),
    total,
    page: current,
    pageCount,
  };
}

/**
 * GET /api/invoices?page=: one page of the customer's invoices for the API, where a page past the end is an
 * empty list (the screen shows the last page instead).
 */
export function customerInvoicesApiPage(db: DB, userId: string, page: number) {
  const result = listCustomerInvoices(db, userId, page);
  return {
    // the API's shape is the invoice alone (who placed it is the screen's column)
    items: result.page === page ? result.invoices.map(({ placedBy: _placedBy, ...invoice }) => invoice) : [],
    total: result.total,
    page,
    pageSize: INVOICE_PAGE_SIZE,
    pageCount: result.pageCount,
  };
}

/**
 * Everything the invoice PDF shows for one of the customer's invoices, or null when there is no such
 * invoice of theirs. Bill-to is the customer's account (business, name, email, address); ship-to is the
 * order's delivery address.
 */
export function getCustomerInvoice(
  db: DB,
  userId: string,
  id: number,
  { today = ukToday() }: { today?: string } = {},
): SalesInvoiceDocument | null {
  return loadSalesInvoiceDocument(db, id, { customerId: userId, today });
}
