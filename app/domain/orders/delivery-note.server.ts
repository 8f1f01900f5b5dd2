/**
 * The delivery note of an order, one use case for both doors (the admin order screen's Delivery note and
 * GET /api/admin/orders/{id}/delivery-note): the paper that travels with the goods. The seller's name and
 * address (the company settings), where it goes, the order's number, date and the buyer's PO reference, and
 * per line the code, name, options, the quantity ordered and to deliver, the pack it is sold in and the line's
 * barcode (the chosen option's code, else the product's own first: the picking list's rule). No prices: the
 * person signing for the goods checks what came, not what it cost.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { companies, orderItems, orders, products } from "~db/schema";
import { lineBarcodeFinder } from "~/domain/catalog/barcodes.server";
import { effectivePackRule } from "~/domain/catalog/pack-rules";
import { productPackColumns } from "~/domain/catalog/pack-rules.server";
import { variantGroupsByProduct } from "~/domain/cart/cart.server";
import { getCompanySettings } from "~/utils/company.server";
import { addressLines } from "~/utils/pdf-document.server";
import type { DB } from "~/utils/db.server";
import { fail, ok, type Result } from "~/utils/result";
import { formatUkDate } from "~/utils/uk-time";
import { renderDeliveryNotePdf } from "./delivery-note-pdf.server";
import { ORDER_NOT_FOUND_MESSAGE } from "./order-list.server";

export const CANCELLED_NO_DELIVERY_NOTE = "This order was cancelled: there is nothing to deliver, so it has no delivery note.";

export type DeliveryNoteLine = {
  sku: string | null;
  productName: string;
  /** "Size: L; Colour: Navy", or "" */
  options: string;
  ordered: number;
  toDeliver: number;
  /** the pack the line is sold in ("Case of 24 cans"), or null */
  packLabel: string | null;
  barcode: string | null;
};

export type DeliveryNote = {
  orderNumber: string;
  /** "28 Nov 2026", UK time */
  orderDate: string;
  poReference: string | null;
  deliverTo: string[];
  deliveryNotes: string | null;
  lines: DeliveryNoteLine[];
};

function optionsText(selected: Record<string, string>): string {
  return Object.entries(selected)
    .map(([name, value]) => `${name}: ${value}`)
    .join("; ");
}

function capitalised(text: string | null): string | null {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : null;
}

/** The order's delivery note: 404 for no such order, 409 for a cancelled one. */
export function loadDeliveryNote(db: DB, orderId: number): Result<DeliveryNote> {
  const order = db
    .select({
      orderNumber: orders.orderNumber,
      status: orders.status,
      createdAt: orders.createdAt,
      poReference: orders.poReference,
      deliveryNotes: orders.deliveryNotes,
      shippingName: orders.shippingName,
      shippingAddress: orders.shippingAddress,
      shippingCity: orders.shippingCity,
      shippingPostcode: orders.shippingPostcode,
      companyName: companies.name,
    })
    .from(orders)
    .leftJoin(companies, eq(companies.id, orders.companyId))
    .where(eq(orders.id, orderId))
    .get();
  if (!order) return fail(404, ORDER_NOT_FOUND_MESSAGE);
  if (order.status === "cancelled") return fail(409, CANCELLED_NO_DELIVERY_NOTE);
  const items = db
    .select({
      productId: orderItems.productId,
      productName: orderItems.productName,
      sku: orderItems.sku,
      selectedVariants: orderItems.selectedVariants,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id))
    .all();
  const productIds = [...new Set(items.flatMap((item) => (item.productId === null ? [] : [item.productId])))];
  const rules = new Map(
    productIds.length === 0
      ? []
      : db
          .select({ id: products.id, ...productPackColumns })
          .from(products)
          .where(inArray(products.id, productIds))
          .all()
          .map(({ id, ...fields }) => [id, fields]),
  );
  const groups = variantGroupsByProduct(db, productIds);
  const barcodeOf = lineBarcodeFinder(db, productIds);
  const lines = items.map((item): DeliveryNoteLine => {
    const fields = item.productId === null ? undefined : rules.get(item.productId);
    const rule = fields ? effectivePackRule(fields, groups.get(item.productId!) ?? []) : null;
    return {
      sku: item.sku,
      productName: item.productName,
      options: optionsText(item.selectedVariants ?? {}),
      ordered: item.quantity,
      // nothing is delivered in part here: what was ordered (and not cancelled) goes
      toDeliver: item.quantity,
      packLabel: capitalised(rule?.packLabel ?? null),
      barcode: item.productId === null ? null : barcodeOf(item.productId, item.selectedVariants ?? {}),
    };
  });
  const deliverTo = [order.companyName, order.shippingName, ...addressLines(order.shippingAddress), order.shippingCity, order.shippingPostcode]
    .map((line) => line?.trim() ?? "")
    .filter((line, index, all) => line !== "" && all.indexOf(line) === index);
  return ok({
    orderNumber: order.orderNumber,
    orderDate: formatUkDate(order.createdAt),
    poReference: order.poReference,
    deliverTo,
    deliveryNotes: order.deliveryNotes,
    lines,
  });
}

/** The delivery note printed (A4 PDF), named after the order. */
export async function deliveryNotePdf(db: DB, orderId: number): Promise<Result<{ pdf: Buffer; fileName: string }>> {
  const note = loadDeliveryNote(db, orderId);
  if (!note.ok) return note;
  const pdf = await renderDeliveryNotePdf(note.value, getCompanySettings());
  return ok({ pdf, fileName: `delivery-note-${note.value.orderNumber}.pdf` });
}
