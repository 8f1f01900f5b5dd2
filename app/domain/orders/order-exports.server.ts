/**
 * The Orders toolbar's files for the ticked orders: the CSV export (spec §3 "Order export row") and the
 * picking list (spec §3 "Picking list row"). The selection is the ticked `ids` or, when none are ticked,
 * every order the list's filter matches.
 */
import { writeCsv, type CsvRows, type CsvStreamFile } from "~/utils/csv.server";
import { asc, eq, inArray } from "drizzle-orm";
import { orderItems, orders, users, companies } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import { ukToday } from "~/domain/invoices/invoices.server";
import { NO_ORDERS_FOUND, type OrderSelection } from "./order-list.schema";
import { matchingOrderIds, matchingOrderIdsOldestFirst, summaryColumns, type AdminOrderSummary } from "./order-list.server";
import { lineBarcodeFinder } from "~/domain/catalog/barcodes.server";

type CsvExport = { csv: string; fileName: string; count: number };

/** The orders of a selection: the ticked ids (404 naming any unknown one), or the filtered list (404 when empty). */
function loadSelection(db: DB, selection: OrderSelection | { invalid: string }): Result<AdminOrderSummary[]> {
  if ("invalid" in selection) return fail(400, selection.invalid, "ids");
  if ("ids" in selection) return loadOrdersByIds(db, selection.ids);
  const ids = matchingOrderIds(db, selection.filter);
  return ids.length === 0 ? fail(404, NO_ORDERS_FOUND) : loadOrdersByIds(db, ids);
}

function loadOrdersByIds(db: DB, ids: readonly number[]): Result<AdminOrderSummary[]> {
  const unique = [...new Set(ids)];
  const found = orderSummaries(db, unique);
  if (found.length < unique.length) {
    const known = new Set(found.map((order) => order.id));
    const missing = unique.filter((id) => !known.has(id));
    return fail(404, `${missing.length === 1 ? "Order" : "Orders"} not found: ${missing.join(", ")}`, "ids");
  }
  return ok(found);
}

/** The orders of these (distinct) ids that exist, oldest first: the order they came in. */
function orderSummaries(db: DB, ids: readonly number[]): AdminOrderSummary[] {
  const found: AdminOrderSummary[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    found.push(
      ...db
        .select(summaryColumns)
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(inArray(orders.id, ids.slice(i, i + 500)))
        .all(),
    );
  }
  return found.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
}

/** Orders a batch of the export reads and writes at a time. */
const EXPORT_BATCH = 1000;

const ORDER_EXPORT_COLUMNS = [
  "id",
  "orderNumber",
  "customerId",
  "customerEmail",
  "status",
  "subtotal",
  "vatAmount",
  "total",
  "createdAt",
  "poReference",
  "deliveryNotes",
  "deliveryCharge",
] as const;

const orderExportRow = (order: AdminOrderSummary) => [
  order.id,
  order.orderNumber,
  order.userId ?? "",
  order.accountEmail ?? order.shippingEmail,
  order.status,
  toDecimalString(order.subtotal),
  toDecimalString(order.vatAmount),
  toDecimalString(order.total),
  order.createdAt.toISOString(),
  order.poReference ?? "",
  order.deliveryNotes ?? "",
  toDecimalString(order.deliveryChargePence),
];

/**
 * The selected orders as CSV, oldest first, to stream a batch at a time (400 on "ids" that are not order ids,
 * 404 naming any unknown one, or when the filter matches none; spec §3 "Order export row": id, customerId,
 * customerEmail, status, subtotal, vatAmount, total, createdAt, with the order number after the id, and the
 * customer's PO reference, delivery notes and delivery charge ex VAT at the end). Money as 2-decimal pounds.
 * A filter's selection (every order, at its widest) is held as ids alone, its rows read a batch at a time.
 */
export function exportOrdersCsv(
  db: DB,
  selection: OrderSelection | { invalid: string },
  today = ukToday(),
  batchSize = EXPORT_BATCH,
): Result<CsvStreamFile> {
  if ("invalid" in selection) return fail(400, selection.invalid, "ids");
  const file = { fileName: `orders-${today}.csv`, header: ORDER_EXPORT_COLUMNS };
  if ("ids" in selection) {
    const loaded = loadOrdersByIds(db, selection.ids);
    if (!loaded.ok) return loaded;
    return ok({ ...file, count: loaded.value.length, batches: orderRowBatches(loaded.value.length, batchSize, (from, to) => loaded.value.slice(from, to)) });
  }
  const ids = matchingOrderIdsOldestFirst(db, selection.filter);
  if (ids.length === 0) return fail(404, NO_ORDERS_FOUND);
  return ok({ ...file, count: ids.length, batches: orderRowBatches(ids.length, batchSize, (from, to) => orderSummaries(db, ids.slice(from, to))) });
}

function* orderRowBatches(total: number, batchSize: number, ordersAt: (from: number, to: number) => AdminOrderSummary[]): Generator<CsvRows> {
  for (let from = 0; from < total; from += batchSize) yield ordersAt(from, from + batchSize).map(orderExportRow);
}

const NOTHING_TO_PICK_MESSAGE = "The selected orders are all cancelled: there is nothing to pick.";

/**
 * "ORD-000012: PO-4471; ORD-000013: gate code 1234": a per-order detail for the orders of a picking row
 * that have one, so the packer sees whose reference goes on the docket and what the driver must know.
 */
function perOrder(orderIds: number[], numbers: Map<number, string>, detail: Map<number, string | null>) {
  return orderIds
    .filter((id) => detail.get(id))
    .map((id) => `${numbers.get(id)}: ${detail.get(id)!.replace(/\s*\n\s*/g, " / ")}`)
    .join("; ");
}

export type PickRow = {
  productId: number | null;
  productName: string;
  /** "Colour: Red; Size: L", or "" */
  variants: string;
  totalQuantity: number;
  orderIds: number[];
  orderNumbers: string[];
  /** "ORD-000012: PO-4471; …" for the orders that gave one */
  poReferences: string;
  deliveryNotes: string;
  /** the code to scan at the shelf: the chosen option's, else the product's own (its first); null when none */
  barcode: string | null;
};

export type PickingList = { rows: PickRow[]; orderCount: number; today: string };

/**
 * What to take off the shelves for the selected orders (spec §3 "Picking list row": productId,
 * productName, variants, totalQuantity, orderIds), one row per product and variant choice, by product
 * name, with the PO references and delivery notes of those orders and each line's barcode. Cancelled
 * orders are left out: their stock is back on the shelf. The CSV and the printed (PDF) list read this.
 */
export function loadPickingList(db: DB, selection: OrderSelection | { invalid: string }, today = ukToday()): Result<PickingList> {
  const loaded = loadSelection(db, selection);
  if (!loaded.ok) return loaded;
  const live = loaded.value.filter((order) => order.status !== "cancelled");
  if (live.length === 0) return fail(409, NOTHING_TO_PICK_MESSAGE, "ids");
  const numbers = new Map(live.map((order) => [order.id, order.orderNumber]));
  const poReferences = new Map(live.map((order) => [order.id, order.poReference]));
  const deliveryNotes = new Map(live.map((order) => [order.id, order.deliveryNotes]));
  const lines = db
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      productName: orderItems.productName,
      selectedVariants: orderItems.selectedVariants,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...numbers.keys()]))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id))
    .all();
  const barcodeOf = lineBarcodeFinder(
    db,
    lines.flatMap((line) => (line.productId === null ? [] : [line.productId])),
  );
  type Pick = { productId: number | null; productName: string; variants: string; totalQuantity: number; orderIds: number[]; barcode: string | null };
  const picks = new Map<string, Pick>();
  for (const line of lines) {
    const variants = Object.entries(line.selectedVariants ?? {})
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, value]) => `${name}: ${value}`)
      .join("; ");
    const key = `${line.productId ?? line.productName}|${variants}`;
    const barcode = line.productId === null ? null : barcodeOf(line.productId, line.selectedVariants ?? {});
    const pick = picks.get(key) ?? { productId: line.productId, productName: line.productName, variants, totalQuantity: 0, orderIds: [], barcode };
    pick.totalQuantity += line.quantity;
    if (!pick.orderIds.includes(line.orderId)) pick.orderIds.push(line.orderId);
    picks.set(key, pick);
  }
  const rows = [...picks.values()]
    .sort((a, b) => a.productName.localeCompare(b.productName) || a.variants.localeCompare(b.variants))
    .map((pick) => ({
      ...pick,
      orderNumbers: pick.orderIds.map((id) => numbers.get(id)!),
      poReferences: perOrder(pick.orderIds, numbers, poReferences),
      deliveryNotes: perOrder(pick.orderIds, numbers, deliveryNotes),
    }));
  return ok({ rows, orderCount: live.length, today });
}

/** The picking list as CSV (the spec's row, then the order numbers, PO references, delivery notes and barcode). */
export function pickingListCsv(db: DB, selection: OrderSelection | { invalid: string }, today = ukToday()): Result<CsvExport> {
  const list = loadPickingList(db, selection, today);
  if (!list.ok) return list;
  const csv = writeCsv(
    list.value.rows.map((pick) => [
      pick.productId ?? "",
      pick.productName,
      pick.variants,
      pick.totalQuantity,
      pick.orderIds.join(" "),
      pick.orderNumbers.join(" "),
      pick.poReferences,
      pick.deliveryNotes,
      pick.barcode ?? "",
    ]),
    {
      header: true,
      columns: ["productId", "productName", "variants", "totalQuantity", "orderIds", "orderNumbers", "poReferences", "deliveryNotes", "barcode"],
    },
  );
  return ok({ csv, fileName: `picking-list-${today}.csv`, count: list.value.orderCount });
}
