import type { SerializeFrom } from "@remix-run/node";
import { Badge, type BadgeTone } from "~/components/admin/badge";
import { idParam, listHref } from "~/components/admin/form/list-hrefs";
import { purchaseOrderStatusLabel, type PurchaseOrderStatus } from "~/domain/purchasing/purchase-order-status";
import {
  FORM_LINES_MAX,
  FORM_LINES_STEP,
  purchaseOrderListQuerySchema,
  type PurchaseOrderListQuery,
} from "~/domain/purchasing/purchase-order.schema";
import type { loader } from "./route";

/** The Purchase Orders screen's address; its list state and pages (?view=, ?dialog=new) are query parameters. */
export const PURCHASE_ORDERS_PATH = "/admin/purchase-orders";

export type PurchaseOrdersLoaderData = SerializeFrom<typeof loader>;
export type PurchaseOrderRow = PurchaseOrdersLoaderData["orders"][number];
export type PurchaseOrderView = NonNullable<PurchaseOrdersLoaderData["view"]>;

export function purchaseOrdersHref(list: Partial<PurchaseOrderListQuery>, extra: Record<string, string | undefined> = {}) {
  return listHref(PURCHASE_ORDERS_PATH, { q: list.q, status: list.status, page: list.page }, extra);
}

/** The list's filters and page from a query string (anything unreadable: the whole list). */
export function listQuery(params: URLSearchParams): PurchaseOrderListQuery {
  return purchaseOrderListQuerySchema.parse(Object.fromEntries(params));
}

/** Where a form goes back to: this screen's list (its filters kept), or one order's view on it. */
export function returnHref(value: FormDataEntryValue | null): string {
  if (typeof value !== "string" || !value.startsWith(PURCHASE_ORDERS_PATH)) return PURCHASE_ORDERS_PATH;
  const url = new URL(value, "http://localhost");
  if (url.pathname !== PURCHASE_ORDERS_PATH) return PURCHASE_ORDERS_PATH;
  const view = idParam(url.searchParams.get("view"));
  return purchaseOrdersHref(listQuery(url.searchParams), { view: view ? String(view) : undefined });
}

/** How many line rows the Create form shows: 5, 10, ... up to 50 (`?lines=`). */
export function lineRowsOf(params: URLSearchParams) {
  const asked = Number(params.get("lines"));
  if (!Number.isSafeInteger(asked) || asked <= FORM_LINES_STEP) return FORM_LINES_STEP;
  return Math.min(FORM_LINES_MAX, Math.ceil(asked / FORM_LINES_STEP) * FORM_LINES_STEP);
}

const STATUS_TONES: Record<PurchaseOrderStatus, BadgeTone> = {
  draft: "warning",
  sent: "info",
  received: "success",
  cancelled: "neutral",
};

export function PurchaseOrderStatusBadge({ status }: { status: PurchaseOrderStatus }) {
  return (
    <span data-status={status}>
      <Badge tone={STATUS_TONES[status]}>{purchaseOrderStatusLabel(status)}</Badge>
    </span>
  );
}

/** Marks an order drafted by Auto-Generate. */
export function AutoBadge() {
  return (
    <span title="Generated from the stock forecast">
      <Badge tone="info">Auto</Badge>
    </span>
  );
}

export function supplierName(supplier: PurchaseOrderRow["supplier"]) {
  if (!supplier) return "Supplier removed";
  const person = [supplier.firstName, supplier.lastName].filter(Boolean).join(" ");
  return supplier.businessName || person || supplier.email;
}
