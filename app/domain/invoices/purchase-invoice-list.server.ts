/**
 * Purchase invoices as read: the list (filtered by the derived status), one invoice with its supplier,
 * lines, purchase order and payments. The back office reads any of them; a supplier reads only their own
 * (`supplierId`), so another supplier's invoice is simply not found.
 */
import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { purchaseInvoices, purchaseOrders, users } from "~db/schema";
import type { DB } from "~/utils/db.server";
import type { InvoiceDocumentLine } from "~/utils/pdf-document.server";
import { containsPattern, likeEscaped, pageOfQuery, type Page } from "~/domain/shared/record-store.server";
import {
  invoiceAmountsJson,
  invoiceLinesOf,
  invoicePaymentRows,
  invoiceStatusCondition,
  type InvoiceAmountsJson,
  type InvoicePaymentJson,
} from "./invoice-books.server";
import { deriveInvoiceStatus, invoiceOutstanding, type InvoiceStatus } from "./invoice-status";
import { ukToday } from "./invoices.server";
import { SUPPLIER_COLUMNS } from "~/domain/purchasing/purchase-orders.server";
import { SALES_INVOICES_PAGE_SIZE, type SalesInvoiceListQuery } from "./sales-invoice.schema";

type Scope = { supplierId?: string; today?: string };

const columns = {
  id: purchaseInvoices.id,
  invoiceNumber: purchaseInvoices.invoiceNumber,
  supplierId: purchaseInvoices.supplierId,
  status: purchaseInvoices.status,
  subtotal: purchaseInvoices.subtotal,
  vatAmount: purchaseInvoices.vatAmount,
  total: purchaseInvoices.total,
  amountPaid: purchaseInvoices.amountPaid,
  // a purchase invoice has no credit notes
  creditedAmount: sql<number>`0`,
  invoiceDate: purchaseInvoices.invoiceDate,
  dueDate: purchaseInvoices.dueDate,
  purchaseOrderId: purchaseInvoices.purchaseOrderId,
  orderNumber: purchaseOrders.orderNumber,
  ...SUPPLIER_COLUMNS,
};

function selectInvoices(db: DB) {
  return db
    .select(columns)
    .from(purchaseInvoices)
    .leftJoin(users, eq(users.id, purchaseInvoices.supplierId))
    .leftJoin(purchaseOrders, eq(purchaseOrders.id, purchaseInvoices.purchaseOrderId));
}
type Row = ReturnType<ReturnType<typeof selectInvoices>["all"]>[number];

export type PurchaseInvoiceSupplier = {
  id: string;
  email: string;
  businessName: string | null;
  name: string | null;
  phone: string | null;
  address: string | null;
  vatNumber: string | null;
};

/** A purchase invoice as the API and the lists show it: money as 2-decimal strings, the status derived. */
export type PurchaseInvoiceJson = InvoiceAmountsJson & {
  id: number;
  invoiceNumber: string;
  supplierId: string | null;
  supplier: PurchaseInvoiceSupplier | null;
  status: InvoiceStatus;
  invoiceDate: string;
  dueDate: string | null;
  purchaseOrderId: number | null;
  purchaseOrder: { id: number; orderNumber: string } | null;
};

function supplierOf(row: Row): PurchaseInvoiceSupplier | null {
  if (!row.supplierId || row.supplierEmail === null) return null;
  const name = [row.firstName, row.lastName].filter(Boolean).join(" ").trim() || null;
  return { id: row.supplierId, email: row.supplierEmail, businessName: row.businessName, name, phone: row.phone, address: row.address, vatNumber: row.vatNumber };
}

function invoiceJson(row: Row, today: string): PurchaseInvoiceJson {
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    supplierId: row.supplierId,
    supplier: supplierOf(row),
    status: deriveInvoiceStatus(row, today),
    ...invoiceAmountsJson(row),
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    purchaseOrderId: row.purchaseOrderId,
    purchaseOrder: row.purchaseOrderId !== null && row.orderNumber !== null ? { id: row.purchaseOrderId, orderNumber: row.orderNumber } : null,
  };
}

/**
 * One page of purchase invoices, newest invoice date first (then newest id). `q` matches the invoice
 * number, the supplier's email or business name and the purchase order's number; `status` is the derived one.
 */
export function listPurchaseInvoices(db: DB, query: Partial<SalesInvoiceListQuery>, scope: Scope & { pageSize?: number } = {}): Page<PurchaseInvoiceJson> {
  const { pageSize = SALES_INVOICES_PAGE_SIZE, supplierId, today = ukToday() } = scope;
  const conditions: SQL[] = [];
  if (supplierId !== undefined) conditions.push(eq(purchaseInvoices.supplierId, supplierId));
  if (query.q) {
    const pattern = containsPattern(query.q);
    const searched = [purchaseInvoices.invoiceNumber, users.email, users.businessName, purchaseOrders.orderNumber];
    conditions.push(or(...searched.map((column) => likeEscaped(sql`coalesce(${column}, '')`, pattern)))!);
  }
  if (query.status) conditions.push(invoiceStatusCondition("purchase", query.status, today));
  const newestFirst = selectInvoices(db).where(and(...conditions)).orderBy(desc(purchaseInvoices.invoiceDate), desc(purchaseInvoices.id));
  const page = pageOfQuery(db, newestFirst.$dynamic(), query.page ?? 1, pageSize);
  return { ...page, items: page.items.map((row) => invoiceJson(row, today)) };
}

/** One purchase invoice in pence, as its screens and PDF show it, with its lines and payments. */
export type PurchaseInvoiceDocument = Omit<PurchaseInvoiceJson, "subtotal" | "vatAmount" | "total" | "amountPaid" | "outstanding"> & {
  /** the stored status: "unpaid" or "void" */
  storedStatus: string;
  subtotal: number;
  vatAmount: number;
  total: number;
  amountPaid: number;
  outstanding: number;
  lines: InvoiceDocumentLine[];
  payments: InvoicePaymentJson[];
};

/** The invoice `id`, or null when there is none (or, with `supplierId`, none of that supplier's). */
export function getPurchaseInvoice(db: DB, id: number, { supplierId, today = ukToday() }: Scope = {}): PurchaseInvoiceDocument | null {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const ofSupplier = supplierId === undefined ? undefined : eq(purchaseInvoices.supplierId, supplierId);
  const row = selectInvoices(db).where(and(eq(purchaseInvoices.id, id), ofSupplier)).get();
  if (!row) return null;
  const lines = invoiceLinesOf(db, "purchase", row.id);
  return {
    ...invoiceJson(row, today),
    storedStatus: row.status,
    subtotal: row.subtotal,
    vatAmount: row.vatAmount,
    total: row.total,
    amountPaid: row.amountPaid,
    outstanding: invoiceOutstanding(row),
    lines,
    payments: invoicePaymentRows(db, "purchase", row.id),
  };
}
