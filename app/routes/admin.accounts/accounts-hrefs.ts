/**
 * Addresses of the Accounts screen: the tab, the period (?period=&from=&to=), the transactions page and a
 * financial account dialog (?dialog=new, ?edit=12, ?delete=12). A form only ever returns to this screen.
 */
import { ACCOUNTS_TABS, type AccountsTab } from "~/domain/finance/accounts-query.schema";

export const ACCOUNTS_PATH = "/admin/accounts";

export type AccountsView = { tab: AccountsTab; period: Record<string, string>; page?: number };

export function accountsHref(view: AccountsView, extra: Record<string, string | undefined> = {}) {
  const params = new URLSearchParams();
  if (view.tab !== "profit-loss") params.set("tab", view.tab);
  for (const [name, value] of Object.entries(view.period)) params.set(name, value);
  if (view.page && view.page > 1) params.set("page", String(view.page));
  for (const [name, value] of Object.entries(extra)) if (value) params.set(name, value);
  const search = params.toString();
  return search ? `${ACCOUNTS_PATH}?${search}` : ACCOUNTS_PATH;
}

const PERIOD_PARAMS = ["period", "from", "to"] as const;
const SAFE_VALUE = /^[\w-]{1,20}$/;

/** The `returnTo` a form posted when it is this screen (its tab and period kept), else the Financial Accounts tab. */
export function accountsReturnHref(value: FormDataEntryValue | null) {
  const fallback = accountsHref({ tab: "financial-accounts", period: {} });
  if (typeof value !== "string" || !value.startsWith(ACCOUNTS_PATH)) return fallback;
  const url = new URL(value, "http://localhost");
  if (url.pathname !== ACCOUNTS_PATH) return fallback;
  const tab = ACCOUNTS_TABS.find((option) => option === url.searchParams.get("tab")) ?? "financial-accounts";
  const period: Record<string, string> = {};
  for (const name of PERIOD_PARAMS) {
    const param = url.searchParams.get(name);
    if (param && SAFE_VALUE.test(param)) period[name] = param;
  }
  return accountsHref({ tab, period });
}
