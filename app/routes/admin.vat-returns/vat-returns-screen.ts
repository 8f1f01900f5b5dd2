import type { SerializeFrom } from "@remix-run/node";
import type { loader } from "./route";

/**
 * The VAT Returns screen's address. Its pages are query parameters: `?page=` of the list, `?dialog=generate`
 * (with `&month=2026-10` to preselect a month), `?dialog=assistant`, `?view=12` for one return, with `&box=1` and
 * `&lines=2` for the lines behind a box, and `&confirm=file` for the filing step.
 */
export const VAT_RETURNS_PATH = "/admin/vat-returns";

export type VatReturnsData = SerializeFrom<typeof loader>;
export type VatReturnView = NonNullable<VatReturnsData["view"]>;

export function vatReturnsHref(params: Record<string, string | number | null | undefined> = {}) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === "") continue;
    if (name === "page" && Number(value) <= 1) continue;
    search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${VAT_RETURNS_PATH}?${query}` : VAT_RETURNS_PATH;
}

export const viewHref = (id: number, extra: Record<string, string | number | null | undefined> = {}) => vatReturnsHref({ view: id, ...extra });

/** Where a form goes back to: this screen, one of its own addresses, or the bare list. */
export function returnHref(value: FormDataEntryValue | null): string {
  if (typeof value !== "string" || !value.startsWith(VAT_RETURNS_PATH)) return VAT_RETURNS_PATH;
  const url = new URL(value, "http://localhost");
  return url.pathname === VAT_RETURNS_PATH ? `${url.pathname}${url.search}` : VAT_RETURNS_PATH;
}
