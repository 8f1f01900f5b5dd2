/**
 * Commands and queries of the customer's order history, shared by the /account/orders page, the order
 * APIs and the browser. Browser-safe: no server imports.
 */
import { z } from "zod";

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

/**
 * `/account/orders?page=&order=`: the page number (1 when missing or not a number) and the order to open.
 * `pageGiven` tells whether the URL chose the page, so `?order=` alone can go to that order's page.
 */
export function parseOrderHistoryQuery(params: URLSearchParams) {
  const page = positiveIntOrNull(params.get("page"));
  return { page: page ?? 1, pageGiven: page !== null, openOrderId: positiveIntOrNull(params.get("order")) };
}

/** The address of a page of the order history, optionally with one order open. */
export function orderHistoryHref(page: number, openOrderId?: number | null): string {
  const params = new URLSearchParams();
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
