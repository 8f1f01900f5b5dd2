import type { SerializeFrom } from "@remix-run/node";
import type { loader } from "./route";

/** The Returns screen's address; its list state (status, page) and dialogs (?update=, ?complete=) are query parameters. */
export const RETURNS_PATH = "/admin/returns";

export type ReturnsLoaderData = SerializeFrom<typeof loader>;
export type ReturnRowData = ReturnsLoaderData["returns"][number];

/** Who asked for the return, as the screen names them. */
export function customerName(item: ReturnRowData) {
  if (!item.customer) return "A deleted customer";
  return [item.customer.firstName, item.customer.lastName].filter(Boolean).join(" ") || item.customer.email;
}
