/**
 * A customer's own sales invoices: the /account/invoices page, GET /api/invoices and the PDF downloads.
 *
 * Every query is scoped to the signed-in customer. Another customer's invoice reads exactly like one that
 * does not exist (null → 404), so invoice ids reveal nothing.
 */
import { count, desc, eq } from "drizzle-orm";
import { orders, salesInvoices } from "~db/schema";
import { visibleTo } from "~/domain/companies/companies.server";
import type { DB } from "~/utils/db.server";
import type { SalesInvoiceDocument } from "~/utils/invoice-pdf.server";
import { toDecimalString } from "~/utils/money";
import { INVOICE_PAGE_SIZE } from "./customer-invoices.schema";
import { deriveInvoiceStatus, invoiceOutstanding, type InvoiceStatus } from "./invoice-status";
import { ukToday } from "./invoices.server";
import { loadSalesInvoiceDocument } from "./invoice-document.server";

/** An invoice as GET /api/invoices shows it: money as 2-decimal strings, dates YYYY-MM-DD. */
export type CustomerInvoiceJson = {
  id: number;
  invoiceNumber: string;
  orderId: number | null;
  orderNumber: string | null;
  /** the customer's own purchase-order reference for the order, or null */
  poReference: string | null;
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

export type CustomerInvoicePage = {
  invoices: CustomerInvoiceJson[];
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
  issueDate: salesInvoices.issueDate,
  dueDate: salesInvoices.dueDate,
  status: salesInvoices.status,
  subtotal: salesInvoices.subtotal,
  vatAmount: salesInvoices.vatAmount,
  total: salesInvoices.total,
  amountPaid: salesInvoices.amountPaid,
  creditedAmount: salesInvoices.creditedAmount,
};

type ListRow = {
  id: number;
  invoiceNumber: string;
  orderId: number | null;
  orderNumber: string | null;
  poReference: string | null;
  issueDate: string;
  dueDate: string;
  status: string;
  subtotal: number;
  vatAmount: number;
  total: number;
  amountPaid: number;
  creditedAmount: number;
};

function invoiceJson(row: ListRow, today: string): CustomerInvoiceJson {
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    poReference: row.poReference,
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

function countCustomerInvoices(db: DB, userId: string): number {
  const row = db.select({ value: count() }).from(salesInvoices).where(visibleTo(userId, salesInvoices.customerId, salesInvoices.companyId)).get();
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
  { pageSize = INVOICE_PAGE_SIZE, today = ukToday() }: { pageSize?: number; today?: string } = {},
): CustomerInvoicePage {
  const total = countCustomerInvoices(db, userId);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const rows = db
    .select(listColumns)
    .from(salesInvoices)
    .leftJoin(orders, eq(orders.id, salesInvoices.orderId))
    .where(visibleTo(userId, salesInvoices.customerId, salesInvoices.companyId))
    .orderBy(desc(salesInvoices.issueDate), desc(salesInvoices.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .all();
  return { invoices: rows.map((row) => invoiceJson(row, today)), total, page: current, pageCount };
}

/**
 * GET /api/invoices?page=: one page of the customer's invoices for the API, where a page past the end is an
 * empty list (the screen shows the last page instead).
 */
export function customerInvoicesApiPage(db: DB, userId: string, page: number) {
  const result = listCustomerInvoices(db, userId, page);
  return {
    items: result.page === page ? result.invoices : [],
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
