import type { SerializeFrom } from "@remix-run/node";
import { orderListParams, orderListQuerySchema, type OrderListQuery } from "~/domain/orders/order-list.schema";
import type { loader } from "./route";

/**
 * The Orders screen's address; its list state (q, status, from, to, sort, page) and dialogs (?view=12,
 * ?cancel=12) are query parameters.
 */
export const ORDERS_PATH = "/admin/orders";

export type OrdersLoaderData = SerializeFrom<typeof loader>;
export type OrderDetail = NonNullable<OrdersLoaderData["viewing"]>;
/** The hidden fields every form of the screen sends: where to return to and the repeat-safety key. */
export type ScreenHidden = Record<string, string>;

/** The list's address with its filter, sort and page, plus any page state (view, cancel). */
export function ordersHref(list: Partial<OrderListQuery>, extra: Record<string, string | undefined> = {}) {
  const params = orderListParams(list);
  if (list.page && list.page > 1) params.set("page", String(list.page));
  for (const [name, value] of Object.entries(extra)) if (value) params.set(name, value);
  const search = params.toString();
  return search ? `${ORDERS_PATH}?${search}` : ORDERS_PATH;
}

/** The `returnTo` a form posted, when it is this screen's list; otherwise the bare list. */
export function ordersReturnHref(value: FormDataEntryValue | null) {
  if (typeof value !== "string" || !value.startsWith(ORDERS_PATH)) return ORDERS_PATH;
  const url = new URL(value, "http://localhost");
  if (url.pathname !== ORDERS_PATH) return ORDERS_PATH;
  return ordersHref(orderListQuerySchema.parse(Object.fromEntries(url.searchParams)));
}
