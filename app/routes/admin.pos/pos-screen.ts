import type { SerializeFrom } from "@remix-run/node";
import { useFetcher } from "@remix-run/react";
import type { Toast } from "~/utils/session.server";
import type { loader } from "./route";

/** The point of sale's address; the grid's search, category and page, and the customer search, are GET parameters. */
export const POS_PATH = "/admin/pos";

export type PosData = SerializeFrom<typeof loader>;
export type PosState = { q?: string | null; category?: string | null; page?: number; customerSearch?: string | null };

/** The screen's address for a state of the grid and the customer picker. */
export function posHref(state: PosState, extra: Record<string, string | undefined> = {}) {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (state.category) params.set("category", state.category);
  if (state.page && state.page > 1) params.set("page", String(state.page));
  if (state.customerSearch) params.set("customerSearch", state.customerSearch);
  for (const [name, value] of Object.entries(extra)) if (value) params.set(name, value);
  const search = params.toString();
  return search ? `${POS_PATH}?${search}` : POS_PATH;
}

/** What the route's clientAction answers when the server could not be reached (the page and basket stay). */
export type PosActionData = { toast: Toast; attempt: string; connectionLost: true };

/**
 * Every button of the screen posts through this one fetcher (with JavaScript; without it the same forms are
 * plain posts): one change at a time, and the pending post tells the page what is about to change.
 */
export function usePosFetcher() {
  return useFetcher<PosActionData>({ key: "pos-sale" });
}

/** The quantity a line is about to have while a post for it is under way, else what the server said. */
export function usePendingQuantity(productId: number, quantity: number) {
  const pending = usePosFetcher().formData;
  if (!pending || pending.get("productId") !== String(productId)) return quantity;
  const intent = pending.get("intent");
  if (intent === "remove") return 0;
  if (intent === "quantity") {
    const next = Number(pending.get("quantity"));
    return Number.isSafeInteger(next) && next >= 0 ? next : quantity;
  }
  return quantity;
}
