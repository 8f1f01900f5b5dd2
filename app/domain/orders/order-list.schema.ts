/**
 * The back office's order list and what is read from it: the list's filters (screen and API), and the
 * selection an export or a picking list covers.
 */
import { z } from "zod";
import { pageField } from "~/utils/paging.schema";
import { ORDER_STATUSES, type OrderStatus } from "~db/schema";

export { ORDER_STATUSES };
export type { OrderStatus };

export const ADMIN_ORDERS_PAGE_SIZE = 25;
export const MAX_BULK_ORDERS = 500;

export const NO_ORDERS_FOUND = "No orders found";
export const BULK_NO_ORDERS_MESSAGE = "Select at least one order";
export const BULK_TOO_MANY_MESSAGE = `Select at most ${MAX_BULK_ORDERS} orders at a time`;
export const EXPORT_COMPLETE = "Export Complete";
export const PICKING_LIST_EXPORTED = "Picking List Exported";

export const ORDER_SORTS = ["newest", "oldest", "total-desc", "total-asc", "status"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const ORDER_SORT_LABELS: Record<OrderSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  "total-desc": "Total: high to low",
  "total-asc": "Total: low to high",
  status: "Status",
};

/**
 * A day of the date filter: YYYY-MM-DD (what a date box sends) or the UK's DD/MM/YYYY typed into an
 * address; kept as YYYY-MM-DD. Not a real calendar day: no filter.
 */
const ukDay = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const uk = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
    const ymd = uk ? `${uk[3]}-${uk[2].padStart(2, "0")}-${uk[1].padStart(2, "0")}` : text;
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
    const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
    if (!date || date.toISOString().slice(0, 10) !== ymd) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Enter a date as DD/MM/YYYY" });
      return z.NEVER;
    }
    return ymd;
  })
  .optional()
  .catch(undefined);

/**
 * GET ?page=&q=&status=&from=&to=&sort= for the screen, its downloads and the API; anything unreadable
 * falls back to the whole list (a hand-edited address never fails the page).
 */
export const orderListQuerySchema = z.object({
  page: pageField(1_000_000),
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .catch(undefined)
    .transform((value) => (value ? value : undefined)),
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  from: ukDay,
  to: ukDay,
  sort: z.enum(ORDER_SORTS).optional().catch(undefined),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const orderIdField = z.coerce
  .number({ invalid_type_error: "Order ids must be whole numbers" })
  .int("Order ids must be whole numbers")
  .positive("Order ids must be whole numbers");

/**
 * The orders an export or a picking list covers: `ids` repeated (a form's ticked boxes) or comma-separated
 * (GET /api/admin/orders/export?ids=1,2,3).
 */
export const exportIdsSchema = z.preprocess(
  (value) =>
    (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value])
      .flatMap((item) => String(item).split(","))
      .map((item) => item.trim())
      .filter(Boolean),
  z.array(orderIdField).min(1, BULK_NO_ORDERS_MESSAGE).max(MAX_BULK_ORDERS, BULK_TOO_MANY_MESSAGE),
);

/** The `ids` of a query string, read with exportIdsSchema. */
export function exportIdsFrom(params: URLSearchParams) {
  return exportIdsSchema.safeParse(params.getAll("ids"));
}

/** The list's filter and sort as query parameters (no page), leaving out what is not set. */
export function orderListParams(query: Partial<OrderListQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status) params.set("status", query.status);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.sort && query.sort !== "newest") params.set("sort", query.sort);
  return params;
}

/** True when the list is narrowed by a search, a status or a date. */
export function isFiltered(query: Partial<OrderListQuery>) {
  return Boolean(query.q || query.status || query.from || query.to);
}

/**
 * What the bulk toolbar acts on: the ticked `ids`, or with `all=1` every order matching `filter` (the
 * list's query string, carried by the form so a filter's `status` never meets the action's `status`).
 */
export type OrderSelection = { ids: number[] } | { filter: OrderListQuery };

/** The list's filter a form carried in its `filter` field, read like the list's own address. */
export function filterFrom(value: unknown): OrderListQuery {
  const params = new URLSearchParams(typeof value === "string" ? value : "");
  return orderListQuerySchema.parse(Object.fromEntries(params));
}

/**
 * A download's selection from its query: `ids` when any are given (ticked boxes, or ids=1,2,3), else the
 * filtered list: `filter` (the toolbar's form) or the query's own q/status/from/to (an API client).
 */
export function selectionFrom(params: URLSearchParams): OrderSelection | { invalid: string } {
  const ids = params.getAll("ids").filter((value) => value.trim() !== "");
  if (ids.length > 0 && params.get("all") !== "1") {
    const parsed = exportIdsSchema.safeParse(ids);
    return parsed.success ? { ids: parsed.data } : { invalid: parsed.error.issues[0]?.message ?? "Invalid request" };
  }
  if (params.has("filter")) return { filter: filterFrom(params.get("filter")) };
  return { filter: orderListQuerySchema.parse(Object.fromEntries(params)) };
}
