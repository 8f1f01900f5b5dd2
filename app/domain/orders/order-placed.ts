/**
 * The order-placed page's address: /account/orders/{id}/placed, where Place Order lands (with and without
 * JavaScript). What became of "Save this address" rides along in the query, so the page can say it in place
 * rather than in a notice that floats over the totals. Browser-safe.
 */
import type { AddressBookOutcome } from "~/domain/users/delivery-addresses.server";

export const ADDRESS_BOOK_PARAM = "addressBook";
const ADDRESS_BOOK_RESULTS = ["saved", "already-saved", "full"] as const;
export type AddressBookResult = (typeof ADDRESS_BOOK_RESULTS)[number];

export function orderPlacedHref(orderId: number, addressBook: AddressBookOutcome | null = null): string {
  const path = `/account/orders/${orderId}/placed`;
  if (!addressBook) return path;
  const result: AddressBookResult = addressBook.saved ? "saved" : addressBook.reason;
  return `${path}?${new URLSearchParams({ [ADDRESS_BOOK_PARAM]: result })}`;
}

/** The query's address-book result, or null for anything else. */
export function addressBookResultOf(value: string | null): AddressBookResult | null {
  return ADDRESS_BOOK_RESULTS.find((result) => result === value) ?? null;
}
