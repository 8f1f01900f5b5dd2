/**
 * The two sides of the books the accounts read alike: sales (invoices by issue date, customers' payments in)
 * and purchases (invoices by invoice date, payments out to suppliers).
 */
import { payments, purchaseInvoices, purchasePayments, salesInvoices } from "~db/schema";

export const SALES = {
  invoices: salesInvoices,
  invoiceDate: salesInvoices.issueDate,
  party: salesInvoices.customerId,
  payments,
  paidInvoice: payments.salesInvoiceId,
};

export const PURCHASES = {
  invoices: purchaseInvoices,
  invoiceDate: purchaseInvoices.invoiceDate,
  party: purchaseInvoices.supplierId,
  payments: purchasePayments,
  paidInvoice: purchasePayments.purchaseInvoiceId,
};

export type Books = typeof SALES | typeof PURCHASES;
