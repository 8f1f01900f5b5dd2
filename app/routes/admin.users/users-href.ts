/**
 * Addresses of the Users screen: the list with its filters, the approval queue or its held-back sign-ups
 * (?pending=held, ?heldPage=), plus a page state (?dialog=new, ?edit=, ?delete=, ?reject=, ?rejectHeld=1).
 */
import { heldViewQuerySchema } from "~/domain/users/held-sign-ups.schema";
import { userListQuerySchema } from "~/domain/users/user.schema";

export const USERS_PATH = "/admin/users";

export type UsersListState = { q?: string; role?: string; page?: number; pending?: "held"; heldPage?: number };

export function usersHref(list: UsersListState, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  if (list.q) params.set("q", list.q);
  if (list.role) params.set("role", list.role);
  if (list.page && list.page > 1) params.set("page", String(list.page));
  if (list.pending) params.set("pending", list.pending);
  if (list.pending && list.heldPage && list.heldPage > 1) params.set("heldPage", String(list.heldPage));
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const search = params.toString();
  return search ? `${USERS_PATH}?${search}` : USERS_PATH;
}

/** Only the users list itself may be the place a form returns to. */
export function usersReturnHref(value: FormDataEntryValue | null) {
  if (typeof value !== "string" || !value.startsWith(USERS_PATH)) return USERS_PATH;
  const url = new URL(value, "http://localhost");
  if (url.pathname !== USERS_PATH) return USERS_PATH;
  const params = Object.fromEntries(url.searchParams);
  return usersHref({ ...userListQuerySchema.parse(params), ...heldViewQuerySchema.parse(params) });
}

export function roleLabel(role: string) {
  return role.charAt(0).toUpperCase() + role.slice(1);
}

/** "First Last", or "" when the user gave no name. */
export function personName(user: { firstName: string | null; lastName: string | null }) {
  return [user.firstName, user.lastName].filter(Boolean).join(" ");
}
