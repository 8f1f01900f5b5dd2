/**
 * Commands of the back office's purchase invoices (/admin/purchase-invoices and
 * /api/admin/invoices/purchase/...): recording a supplier's invoice. The list's filters and the payment
 * are the sales invoices' own schemas (salesInvoiceListQuerySchema, recordPaymentSchema). Browser-safe.
 */
import { z } from "zod";
import { searchTerm } from "~/domain/pricing/pricing-rules.schema";
import {
  dateField,
  dueNotBefore,
  invoiceFormRowsField,
  invoiceItemsField,
  optionalId,
  requiredInvoiceNumberField,
} from "./sales-invoice.schema";

export const PURCHASE_INVOICE_NOT_FOUND = "Purchase invoice not found";
export const SUPPLIER_REQUIRED = "Supplier is required";
export const NOT_A_SUPPLIER = "Choose a supplier: only accounts with the supplier role can be invoiced from";

const header = {
  supplierId: z
    .string({ required_error: SUPPLIER_REQUIRED, invalid_type_error: SUPPLIER_REQUIRED })
    .trim()
    .min(1, SUPPLIER_REQUIRED)
    .max(100, NOT_A_SUPPLIER),
  invoiceNumber: requiredInvoiceNumberField,
  invoiceDate: dateField("Invoice date"),
  dueDate: dateField("Due date"),
  purchaseOrderId: optionalId("Purchase order"),
};

const datesInOrder = dueNotBefore("invoiceDate", "invoice date");

/**
 * POST /api/admin/invoices/purchase. The spec's body also carries subtotal, vatAmount and total: they are
 * not read (zod drops them) — the server computes the totals from the lines.
 */
export const purchaseInvoiceSchema = z.object({ ...header, items: invoiceItemsField() }).superRefine(datesInOrder);
export type PurchaseInvoiceInput = z.infer<typeof purchaseInvoiceSchema>;

/** The Create Invoice form: a fixed set of rows (it works without JavaScript), of which blank ones are ignored. */
export const purchaseInvoiceFormSchema = z.object({ ...header, items: invoiceFormRowsField() }).superRefine(datesInOrder);

/** The Create Invoice dialog's picker searches (`?supplier=&product=`). */
export const purchasePickerQuerySchema = z.object({ supplier: searchTerm, product: searchTerm });
