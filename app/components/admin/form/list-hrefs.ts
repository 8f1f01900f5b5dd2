/**
 * Addresses of the pricing screens: the list with its filters, plus a page state (?dialog=new, ?edit=12,
 * ?delete=12). Only the screen's own list may be where a form returns to.
 */
export type ListState = { q?: string; page?: number; status?: string };

export function listHref(path: string, list: ListState, extra: Record<string, string | undefined> = {}) {
  const params = new URLSearchParams();
  if (list.q) params.set("q", list.q);
  if (list.status) params.set("status", list.status);
  if (list.page && list.page > 1) params.set("page", String(list.page));
  for (const [name, value] of Object.entries(extra)) if (value) params.set(name, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The `returnTo` a form posted, when it is this screen's list; otherwise the bare list. */
export function safeReturnHref(path: string, value: FormDataEntryValue | null, parse: (params: URLSearchParams) => ListState) {
  if (typeof value !== "string" || !value.startsWith(path)) return path;
  const url = new URL(value, "http://localhost");
  if (url.pathname !== path) return path;
  return listHref(path, parse(url.searchParams));
}

/** A positive whole-number id from a query parameter, or null. */
export function idParam(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** The list's search and page as hidden fields of a GET form inside a dialog (a picker's search box). */
export function listKeep(list: ListState): Record<string, string> {
  const keep: Record<string, string> = {};
  if (list.q) keep.q = list.q;
  if (list.page && list.page > 1) keep.page = String(list.page);
  return keep;
}
