/**
 * One sales invoice as the PDF and the invoice screens show it: the invoice with its derived status and
 * outstanding balance, bill-to (the customer's account), ship-to (the order's delivery address, with its
 * delivery notes), the customer's PO reference and its lines. Shared by the customer's own invoices (scoped to them) and the back office (any invoice).
 */
import { and, asc, eq, type SQL } from "drizzle-orm";
import { companies, orders, salesInvoiceItems, salesInvoices, users } from "~db/schema";
import { accountName, accountAddress, accountVatNumber, visibleTo } from "~/domain/companies/companies.server";
import type { DB } from "~/utils/db.server";
import { getCompanySettings } from "~/utils/company.server";
import { renderSalesInvoicePdf, type SalesInvoiceDocument } from "~/utils/invoice-pdf.server";
import { deriveInvoiceStatus, invoiceOutstanding } from "./invoice-status";
import { ukToday } from "./invoices.server";
import { orderQuoteLabel } from "~/domain/quotes/quote-read.server";

/** The document plus the keys the screens link by. */
type LoadedSalesInvoice = SalesInvoiceDocument & {
  id: number;
  orderId: number | null;
  customerId: string | null;
  /** the stored status: "unpaid" or "void" */
  storedStatus: string;
};

function fullName(first: string | null, last: string | null): string | null {
  const name = [first, last].filter((part) => part && part.trim()).join(" ").trim();
  return name || null;
}

/**
 * The invoice `id`, or null when there is none (or, with `customerId`, none of that customer's). `today`
 * (UK, YYYY-MM-DD) decides whether it is overdue.
 */
export function loadSalesInvoiceDocument(
  db: DB,
  id: number,
  { customerId, today = ukToday() }: { customerId?: string; today?: string } = {},
): LoadedSalesInvoice | null {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const conditions: SQL[] = [eq(salesInvoices.id, id)];
  if (customerId !== undefined) conditions.push(visibleTo(customerId, salesInvoices.customerId, salesInvoices.companyId));
  const row = db
    .select({
      id: salesInvoices.id,
      invoiceNumber: salesInvoices.invoiceNumber,
      orderId: salesInvoices.orderId,
      customerId: salesInvoices.customerId,
      orderNumber: orders.orderNumber,
      issueDate: salesInvoices.issueDate,
      dueDate: salesInvoices.dueDate,
      paymentTerms: salesInvoices.paymentTerms,
      status: salesInvoices.status,
      subtotal: salesInvoices.subtotal,
      vatAmount: salesInvoices.vatAmount,
      total: salesInvoices.total,
      amountPaid: salesInvoices.amountPaid,
      creditedAmount: salesInvoices.creditedAmount,
      shippingName: orders.shippingName,
      shippingEmail: orders.shippingEmail,
      shippingAddress: orders.shippingAddress,
      shippingCity: orders.shippingCity,
      shippingPostcode: orders.shippingPostcode,
      poReference: orders.poReference,
      quote: orderQuoteLabel,
      deliveryNotes: orders.deliveryNotes,
      businessName: accountName,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      address: accountAddress,
      vatNumber: accountVatNumber,
    })
    .from(salesInvoices)
    .leftJoin(orders, eq(orders.id, salesInvoices.orderId))
    .leftJoin(users, eq(users.id, salesInvoices.customerId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(...conditions))
    .get();
  if (!row) return null;

  const lines = db
    .select({
      sku: salesInvoiceItems.sku,
      description: salesInvoiceItems.description,
      quantity: salesInvoiceItems.quantity,
      unitPrice: salesInvoiceItems.unitPrice,
      vatRate: salesInvoiceItems.vatRate,
      vatAmount: salesInvoiceItems.vatAmount,
      total: salesInvoiceItems.total,
    })
    .from(salesInvoiceItems)
    .where(eq(salesInvoiceItems.invoiceId, row.id))
    .orderBy(asc(salesInvoiceItems.id))
    .all();

  return {
    id: row.id,
    orderId: row.orderId,
    customerId: row.customerId,
    storedStatus: row.status,
    invoiceNumber: row.invoiceNumber,
    orderNumber: row.orderNumber,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    paymentTerms: row.paymentTerms,
    status: deriveInvoiceStatus(row, today),
    subtotal: row.subtotal,
    vatAmount: row.vatAmount,
    total: row.total,
    amountPaid: row.amountPaid,
    creditedAmount: row.creditedAmount,
    outstanding: invoiceOutstanding(row),
    billTo: {
      businessName: row.businessName,
      name: fullName(row.firstName, row.lastName) ?? row.shippingName,
      email: row.email ?? row.shippingEmail,
      address: row.address,
      vatNumber: row.vatNumber,
    },
    shipTo:
      row.shippingName !== null
        ? {
            name: row.shippingName,
            address: row.shippingAddress ?? "",
            city: row.shippingCity ?? "",
            postcode: row.shippingPostcode ?? "",
          }
        : null,
    poReference: row.poReference,
    quote: row.quote,
    deliveryNotes: row.deliveryNotes,
    lines,
  };
}

/** Any sales invoice as a PDF with its number (the back office's), or null when there is none. */
export async function salesInvoicePdf(db: DB, id: number) {
  const invoice = loadSalesInvoiceDocument(db, id);
  if (!invoice) return null;
  return { pdf: await renderSalesInvoicePdf(invoice, getCompanySettings()), invoiceNumber: invoice.invoiceNumber };
}
