import { supplierInvoicePdf } from "~/domain/purchasing/supplier-area.server";
import { requireSupplier } from "~/utils/auth.server";
import { invoicePrintLoader } from "~/utils/invoice-api.server";

/** GET /supplier/invoices/{id}.pdf: one of the signed-in supplier's invoices as a PDF; another's is not found (404). */
export const loader = invoicePrintLoader({
  notFound: "Invoice not found",
  guard: requireSupplier,
  render: (db, id, supplier) => supplierInvoicePdf(db, supplier.id, id),
});
