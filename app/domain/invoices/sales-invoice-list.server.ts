/**
 * The back office's sales invoices as read: the list (filtered by the derived status), one invoice with its
 * lines and payments, its payments alone, and the financial accounts a payment can go into.
 * Both doors call these: the /admin/sales-invoices screen and /api/admin/invoices/sales/....
 */
import { and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { companies, financialAccounts, orders, salesInvoices, users } from "~db/schema";
import { accountName } from "~/domain/companies/companies.server";
import type { DB } from "~/utils/db.server";
import { type SalesInvoiceDocument } from "~/utils/invoice-pdf.server";
import { amongIds, matchCounter, pageOfCounted, type ListCount } from "~/domain/shared/record-store.server";
import { SALES_INVOICES_PAGE_SIZE, type SalesInvoiceListQuery } from "./sales-invoice.schema";
import {
  invoiceAmountsJson,
  invoicePaymentRows,
  invoiceStatusCondition,
  listPaymentsOf,
  type InvoiceAmountsJson,
  type InvoicePaymentJson,
} from "./invoice-books.server";
import { containsPattern } from "~/domain/catalog/catalog.schema";
import { deriveInvoiceStatus, type InvoiceStatus } from "./invoice-status";
import { ukToday } from "./invoices.server";
import { loadSalesInvoiceDocument } from "./invoice-document.server";

export type Actor = { id: string };

// ─── Reading ────────────────────────────────────────────────────────────────

const listColumns = {
  id: salesInvoices.id,
  invoiceNumber: salesInvoices.invoiceNumber,
  orderId: salesInvoices.orderId,
  customerId: salesInvoices.customerId,
  status: salesInvoices.status,
  subtotal: salesInvoices.subtotal,
  vatAmount: salesInvoices.vatAmount,
  total: salesInvoices.total,
  amountPaid: salesInvoices.amountPaid,
  creditedAmount: salesInvoices.creditedAmount,
  issueDate: salesInvoices.issueDate,
  dueDate: salesInvoices.dueDate,
  customerEmail: users.email,
  customerFirstName: users.firstName,
  customerLastName: users.lastName,
  customerBusinessName: accountName,
  orderNumber: orders.orderNumber,
  shippingName: orders.shippingName,
  shippingEmail: orders.shippingEmail,
  shippingAddress: orders.shippingAddress,
  shippingCity: orders.shippingCity,
  shippingPostcode: orders.shippingPostcode,
  poReference: orders.poReference,
  deliveryNotes: orders.deliveryNotes,
};

type ListRow = {
  id: number;
  invoiceNumber: string;
  orderId: number | null;
  customerId: string | null;
  status: string;
  subtotal: number;
  vatAmount: number;
  total: number;
  amountPaid: number;
  creditedAmount: number;
  issueDate: string;
  dueDate: string;
  customerEmail: string | null;
  customerFirstName: string | null;
  customerLastName: string | null;
  customerBusinessName: string | null;
  orderNumber: string | null;
  shippingName: string | null;
  shippingEmail: string | null;
  shippingAddress: string | null;
  shippingCity: string | null;
  shippingPostcode: string | null;
  poReference: string | null;
  deliveryNotes: string | null;
};

/** A sales invoice as the API and the list show it: money as 2-decimal strings, the status derived. */
type AdminSalesInvoiceJson = InvoiceAmountsJson & {
  id: number;
  invoiceNumber: string;
  orderId: number | null;
  customerId: string | null;
  status: InvoiceStatus;
  issueDate: string;
  dueDate: string;
  customer: { id: string; email: string; firstName: string | null; lastName: string | null; businessName: string | null } | null;
  order: {
    id: number;
    orderNumber: string | null;
    shippingName: string | null;
    shippingEmail: string | null;
    shippingAddress: string | null;
    shippingCity: string | null;
    shippingPostcode: string | null;
    poReference: string | null;
    deliveryNotes: string | null;
  } | null;
};

function invoiceJson(row: ListRow, today: string): AdminSalesInvoiceJson {
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    orderId: row.orderId,
    customerId: row.customerId,
    status: deriveInvoiceStatus(row, today),
    ...invoiceAmountsJson(row),
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    customer:
      row.customerId && row.customerEmail !== null
        ? {
            id: row.customerId,
            email: row.customerEmail,
            firstName: row.customerFirstName,
            lastName: row.customerLastName,
            businessName: row.customerBusinessName,
          }
        : null,
    order:
      row.orderId !== null
        ? {
            id: row.orderId,
            orderNumber: row.orderNumber,
            shippingName: row.shippingName,
            shippingEmail: row.shippingEmail,
            shippingAddress: row.shippingAddress,
            shippingCity: row.shippingCity,
            shippingPostcode: row.shippingPostcode,
            poReference: row.poReference,
            deliveryNotes: row.deliveryNotes,
          }
        : null,
  };
}

function likeEscaped(column: SQL | typeof users.email, pattern: string) {
  return sql`${column} like ${pattern} escape '\\'`;
}

type SalesInvoicePage = {
  items: AdminSalesInvoiceJson[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  /** more match than `total` (counted only so far) */
  more?: boolean;
};

/**
 * One page of invoices, newest issue date first (then newest id, so pages never overlap). `q` matches the
 * invoice number, the customer's email or business name, the order number or the customer's PO reference;
 * `status` is the derived one.
 */
export function listSalesInvoices(
  db: DB,
  query: SalesInvoiceListQuery,
  {
    pageSize = SALES_INVOICES_PAGE_SIZE,
    today = ukToday(),
    counting = "exact",
  }: { pageSize?: number; today?: string; /** "capped" for the screen: see pageOfCounted */ counting?: ListCount } = {},
): SalesInvoicePage {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(
        likeEscaped(sql`${salesInvoices.invoiceNumber}`, pattern),
        likeEscaped(sql`coalesce(${users.email}, '')`, pattern),
        likeEscaped(sql`coalesce(${accountName}, '')`, pattern),
        likeEscaped(sql`coalesce(${orders.orderNumber}, '')`, pattern),
        likeEscaped(sql`coalesce(${orders.poReference}, '')`, pattern),
      )!,
    );
  }
  if (query.status) conditions.push(invoiceStatusCondition("sales", query.status, today));
  const where = conditions.length ? and(...conditions) : undefined;
  // Only a search reads the joined columns: otherwise the count reads the invoices alone (with the joins SQLite
  // looked up every invoice's customer, company and order just to count them: 0.7 s at 300,000 invoices).
  const ids = () =>
    query.q
      ? db
          .select({ id: salesInvoices.id })
          .from(salesInvoices)
          .leftJoin(users, eq(users.id, salesInvoices.customerId))
          .leftJoin(companies, eq(companies.id, users.companyId))
          .leftJoin(orders, eq(orders.id, salesInvoices.orderId))
          .$dynamic()
      : db.select({ id: salesInvoices.id }).from(salesInvoices).$dynamic();
  const countUpTo = matchCounter(db, salesInvoices, where, () => ids().where(where));
  const newestFirst = [desc(salesInvoices.issueDate), desc(salesInvoices.id)];
  const page = pageOfCounted(
    countUpTo,
    query.page,
    pageSize,
    // A page is read as its ids first (off the invoices alone unless a search reads the joined columns), then
    // the rows of those: reading rows as it went, a deep page looked up every skipped invoice's customer and order.
    (limit, offset) => {
      const pageIds = ids().where(where).orderBy(...newestFirst).limit(limit).offset(offset).all().map((row) => row.id);
      return pageIds.length === 0
        ? []
        : db
            .select(listColumns)
            .from(salesInvoices)
            .leftJoin(users, eq(users.id, salesInvoices.customerId))
            .leftJoin(companies, eq(companies.id, users.companyId))
            .leftJoin(orders, eq(orders.id, salesInvoices.orderId))
            .where(amongIds(salesInvoices.id, pageIds))
            .orderBy(...newestFirst)
            .all();
    },
    where ? counting : "exact",
  );
  return { ...page, items: page.items.map((row) => invoiceJson(row, today)) };
}

export type { InvoicePaymentJson };

/** The invoice's payments, oldest first; null when there is no such invoice. */
export function listInvoicePayments(db: DB, invoiceId: number): InvoicePaymentJson[] | null {
  return listPaymentsOf(db, "sales", invoiceId);
}

type AdminSalesInvoiceDetail = {
  id: number;
  orderId: number | null;
  customerId: string | null;
  document: SalesInvoiceDocument;
  payments: InvoicePaymentJson[];
};

/** One invoice with its lines, bill-to, ship-to and payments, or null. */
export function getAdminSalesInvoice(db: DB, id: number, { today = ukToday() }: { today?: string } = {}): AdminSalesInvoiceDetail | null {
  const loaded = loadSalesInvoiceDocument(db, id, { today });
  if (!loaded) return null;
  const { id: invoiceId, orderId, customerId, storedStatus: _stored, ...document } = loaded;
  return { id: invoiceId, orderId, customerId, document, payments: invoicePaymentRows(db, "sales", invoiceId) };
}

type FinancialAccountOption = { id: number; name: string; type: string };

/** The financial accounts a payment can be paid into, by name. */
export function listFinancialAccountOptions(db: DB): FinancialAccountOption[] {
  return db
    .select({ id: financialAccounts.id, name: financialAccounts.name, type: financialAccounts.type })
    .from(financialAccounts)
    .orderBy(asc(financialAccounts.name), asc(financialAccounts.id))
    .all();
}
