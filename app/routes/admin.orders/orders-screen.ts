import type { SerializeFrom } from "@remix-run/node";
import type { loader } from "./route";

/** The Orders screen's address; its list state (q, status, page) and dialogs (?view=12) are query parameters. */
export const ORDERS_PATH = "/admin/orders";

export type OrdersLoaderData = SerializeFrom<typeof loader>;
export type OrderDetail = NonNullable<OrdersLoaderData["viewing"]>;
/** The hidden fields every form of the screen sends: where to return to and the repeat-safety key. */
export type ScreenHidden = Record<string, string>;
