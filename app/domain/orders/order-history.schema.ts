/**
 * Commands and queries of the customer's order history, shared by the /account/orders page, the order
 * APIs and the browser. Browser-safe: no server imports.
 */
import { z } from "zod";
import { ORDER_STATUSES, type OrderStatus } from "~db/schema";
import { londonDayStart } from "~/domain/loyalty/reward.schema";
import { askedPage } from "~/utils/paging";

/** Orders per page on /account/orders. */
export const ORDER_HISTORY_PAGE_SIZE = 20;
/** Orders a list call returns when it names no limit, and the most it may ask for. */
export const DEFAULT_ORDER_LIST_LIMIT = 20;
export const MAX_ORDER_LIST_LIMIT = 100;

export const ORDER_NOT_FOUND = "Order not found";
/** The spec's message when an order's items cannot be loaded (here: for a reorder). */
export const FAILED_TO_FETCH_ORDER_ITEMS = "Failed to fetch order items";
export const REORDER_INTENT = "reorder";

const wholeNumber = (field: string, { min, max }: { min: number; max: number }) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value),
    z
      .number({
        required_error: `${field} is required`,
        invalid_type_error: `${field} must be a whole number`,
      })
      .int(`${field} must be a whole number`)
      .min(min, `${field} must be at least ${min}`)
      .max(max, `${field} must be at most ${max}`),
  );

/** `?limit=&offset=` of the order list calls: limit 1–100 (20 when absent), offset 0 or more. */
export const orderListQuerySchema = z.object({
  limit: wholeNumber("limit", { min: 1, max: MAX_ORDER_LIST_LIMIT }).default(DEFAULT_ORDER_LIST_LIMIT),
  offset: wholeNumber("offset", { min: 0, max: Number.MAX_SAFE_INTEGER }).default(0),
});

/** A positive whole number from a query string, or null for anything else (a bad link is not an error). */
function positiveIntOrNull(value: string | null): number | null {
  if (value === null || !/^\s*\d{1,15}\s*$/.test(value)) return null;
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}

/** The furthest page `?page=` may name (15 digits); past it is no page asked for. */
const MAX_HISTORY_PAGE = 999_999_999_999_999;

/**
 * `/account/orders?page=&order=`: the page number (1 when missing or not a number) and the order to open.
 * `pageGiven` tells whether the URL chose the page, so `?order=` alone can go to that order's page.
 */
export function parseOrderHistoryQuery(params: URLSearchParams) {
  const page = askedPage(params.get("page"), MAX_HISTORY_PAGE);
  return { page: page ?? 1, pageGiven: page !== null, openOrderId: positiveIntOrNull(params.get("order")) };
}

// ─── Filters: search, status, dates ─────────────────────────────────────────

export const ORDER_SEARCH_MAX_LENGTH = 100;
export const ORDER_SEARCH_TOO_LONG = `Search is at most ${ORDER_SEARCH_MAX_LENGTH} characters`;
export const ORDER_STATUS_UNKNOWN = `Status must be one of ${ORDER_STATUSES.join(", ")}`;
export const DATE_FORMAT_MESSAGE = "Enter a date as YYYY-MM-DD";
export const DATES_OUT_OF_ORDER = "The To date must be on or after the From date";

/**
 * The order history's filters, as GET parameters of the page, the CSV download and the JSON list:
 * `q` (order number, PO reference, product name or SKU), `status`, `from`/`to` (UK calendar days,
 * both included) and `placedBy` (a colleague's id, for the roles that see the company's orders).
 */
export type OrderHistoryFilters = {
  q: string;
  status: OrderStatus | null;
  from: string | null;
  to: string | null;
  /** the person of the company who placed the order (their user id); for company admins and approvers */
  placedBy: string | null;
};

export const NO_ORDER_FILTERS: OrderHistoryFilters = { q: "", status: null, from: null, to: null, placedBy: null };
export const PLACED_BY_UNKNOWN = "Choose someone from your company";

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

const dayField = z.preprocess(
  blankToUndefined,
  z
    .string({ invalid_type_error: DATE_FORMAT_MESSAGE })
    .trim()
    .refine((day) => londonDayStart(day) !== null, DATE_FORMAT_MESSAGE)
    .optional()
    .transform((value) => value ?? null),
);

/** The filter fields, to share between the page's query and the API's (which adds limit and offset). */
export const orderHistoryFilterFields = {
  q: z.preprocess(
    (value) => (value === null || value === undefined ? "" : value),
    z
      .string({ invalid_type_error: "Search must be text" })
      .transform((value) => value.replace(/\s+/g, " ").trim())
      .pipe(z.string().max(ORDER_SEARCH_MAX_LENGTH, ORDER_SEARCH_TOO_LONG)),
  ),
  status: z.preprocess(
    (value) => (blankToUndefined(value) === undefined || value === "all" ? undefined : value),
    z
      .enum(ORDER_STATUSES, { errorMap: () => ({ message: ORDER_STATUS_UNKNOWN }) })
      .optional()
      .transform((value) => value ?? null),
  ),
  from: dayField,
  to: dayField,
  // a person's id; one who is not of the company (or not visible to the asker) simply matches nothing
  placedBy: z.preprocess(
    blankToUndefined,
    z
      .string({ invalid_type_error: PLACED_BY_UNKNOWN })
      .trim()
      .max(100, PLACED_BY_UNKNOWN)
      .optional()
      .transform((value) => value ?? null),
  ),
};

/** From must not be after To (YYYY-MM-DD compares as text). */
function datesInOrder(value: { from: string | null; to: string | null }, ctx: z.RefinementCtx) {
  if (value.from !== null && value.to !== null && value.from > value.to) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["to"], message: DATES_OUT_OF_ORDER });
  }
}

export const orderHistoryFiltersSchema = z.object(orderHistoryFilterFields).superRefine(datesInOrder);

/** GET /api/orders/my-orders: limit and offset, and the same filters as the page. */
export const myOrdersQuerySchema = orderListQuerySchema.extend(orderHistoryFilterFields).superRefine(datesInOrder);

export type OrderFilterField = keyof OrderHistoryFilters;

/**
 * The page's filters from its URL. A bad value is left out (the rest still apply) and named in `errors`
 * so the form can say what was wrong; the page never fails on a hand-edited address.
 */
export function readOrderHistoryFilters(params: URLSearchParams): {
  filters: OrderHistoryFilters;
  errors: Partial<Record<OrderFilterField, string>>;
} {
  const input = {
    q: params.get("q") ?? undefined,
    status: params.get("status") ?? undefined,
    from: params.get("from") ?? undefined,
    to: params.get("to") ?? undefined,
    placedBy: params.get("placedBy") ?? undefined,
  };
  const parsed = orderHistoryFiltersSchema.safeParse(input);
  if (parsed.success) return { filters: parsed.data, errors: {} };
  const errors: Partial<Record<OrderFilterField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as OrderFilterField;
    errors[field] ??= issue.message;
  }
  const filters = { ...NO_ORDER_FILTERS };
  for (const field of Object.keys(orderHistoryFilterFields) as OrderFilterField[]) {
    if (errors[field]) continue;
    const one = orderHistoryFilterFields[field].safeParse(input[field]);
    if (one.success) (filters as Record<OrderFilterField, unknown>)[field] = one.data;
  }
  return { filters, errors };
}

/** True when a filter narrows the list. */
export function hasOrderFilters(filters: OrderHistoryFilters): boolean {
  return filters.q !== "" || filters.status !== null || filters.from !== null || filters.to !== null || filters.placedBy !== null;
}

/** The filters as query parameters, leaving out what is not set. */
export function orderFilterParams(filters: OrderHistoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status) params.set("status", filters.status);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.placedBy) params.set("placedBy", filters.placedBy);
  return params;
}

/** The CSV download of the filtered history. */
export function orderHistoryCsvHref(filters: OrderHistoryFilters): string {
  const query = orderFilterParams(filters).toString();
  return query ? `/account/orders.csv?${query}` : "/account/orders.csv";
}

/** The address of a page of the order history, optionally with one order open and the list filtered. */
export function orderHistoryHref(
  page: number,
  openOrderId?: number | null,
  filters: OrderHistoryFilters = NO_ORDER_FILTERS,
): string {
  const params = orderFilterParams(filters);
  if (page > 1) params.set("page", String(page));
  if (openOrderId) params.set("order", String(openOrderId));
  const query = params.toString();
  return query ? `/account/orders?${query}` : "/account/orders";
}

/** The Reorder button's form: which order to put back in the cart. */
export const reorderSchema = z.object({
  intent: z.literal(REORDER_INTENT, { errorMap: () => ({ message: "Unknown action" }) }),
  orderId: z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value),
    z
      .number({ required_error: ORDER_NOT_FOUND, invalid_type_error: ORDER_NOT_FOUND })
      .int(ORDER_NOT_FOUND)
      .positive(ORDER_NOT_FOUND)
      .max(Number.MAX_SAFE_INTEGER, ORDER_NOT_FOUND),
  ),
});

/** "1 item", "3 items" */
export function itemCount(n: number): string {
  return `${n.toLocaleString("en-GB")} ${n === 1 ? "item" : "items"}`;
}
