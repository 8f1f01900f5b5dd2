/**
 * The supplier area: what a signed-in supplier may read, and only their own. Their purchase orders once
 * sent to them (never a draft), and their invoices as recorded, with the payments made. Anything of another
 * supplier's is simply not found, so it cannot be told from a record that does not exist.
 */
import { getPurchaseInvoice, listPurchaseInvoices } from "~/domain/invoices/purchase-invoice-list.server";
import { purchaseInvoicePdf } from "~/domain/invoices/purchase-invoice-document.server";
import { getCompanySettings } from "~/utils/company.server";
import type { DB } from "~/utils/db.server";
import { requestedPage } from "~/utils/paging";
import { loadPurchaseOrderDocument, renderPurchaseOrderPdf } from "./purchase-order-document.server";
import { getPurchaseOrder, listPurchaseOrders } from "./purchase-orders.server";

const OVERVIEW_PAGE_SIZE = 10;

// past page 999,999 is the first page
const pageNumber = (value: string | null) => requestedPage(value, 999_999);

/** Their purchase orders and invoices, newest first, ten of each a page. */
export function supplierOverview(db: DB, supplierId: string, pages: { ordersPage: string | null; invoicesPage: string | null }) {
  return {
    orders: listPurchaseOrders(db, { supplierId, page: pageNumber(pages.ordersPage) }, OVERVIEW_PAGE_SIZE),
    invoices: listPurchaseInvoices(db, { page: pageNumber(pages.invoicesPage) }, { supplierId, pageSize: OVERVIEW_PAGE_SIZE }),
  };
}

/** One of their purchase orders, or null. */
export function supplierPurchaseOrder(db: DB, supplierId: string, id: number) {
  return getPurchaseOrder(db, id, { supplierId });
}

/** One of their invoices with its lines and payments, or null. */
export function supplierInvoice(db: DB, supplierId: string, id: number) {
  return getPurchaseInvoice(db, id, { supplierId });
}

/** One of their purchase orders as the PDF they were sent, or null. */
export async function supplierPurchaseOrderPdf(db: DB, supplierId: string, id: number) {
  if (!supplierPurchaseOrder(db, supplierId, id)) return null;
  const order = loadPurchaseOrderDocument(db, id);
  if (!order) return null;
  return { pdf: await renderPurchaseOrderPdf(order, getCompanySettings()), invoiceNumber: order.orderNumber };
}

/** One of their invoices as a PDF, or null. */
export function supplierInvoicePdf(db: DB, supplierId: string, id: number) {
  return purchaseInvoicePdf(db, id, { supplierId });
}
