import { supplierPurchaseOrderPdf } from "~/domain/purchasing/supplier-area.server";
import { requireSupplier } from "~/utils/auth.server";
import { invoicePrintLoader } from "~/utils/invoice-api.server";

/** GET /supplier/purchase-orders/{id}.pdf: one of the signed-in supplier's purchase orders as the PDF they were sent; 404 otherwise. */
export const loader = invoicePrintLoader({
  notFound: "Purchase order not found",
  guard: requireSupplier,
  render: (db, id, supplier) => supplierPurchaseOrderPdf(db, supplier.id, id),
});
