import { describe, expect, it } from "vitest";
import { accountsHref, accountsReturnHref } from "./accounts-hrefs";

describe("accounts screen addresses", () => {
  it("leaves the defaults out and keeps the period on every tab", () => {
    expect(accountsHref({ tab: "profit-loss", period: {} })).toBe("/admin/accounts");
    expect(accountsHref({ tab: "transactions", period: { period: "last-month" }, page: 3 })).toBe(
      "/admin/accounts?tab=transactions&period=last-month&page=3",
    );
    expect(accountsHref({ tab: "financial-accounts", period: {} }, { edit: "4", delete: undefined })).toBe(
      "/admin/accounts?tab=financial-accounts&edit=4",
    );
  });

  it("returns a form only to this screen, with its tab and period and nothing else", () => {
    expect(accountsReturnHref("/admin/accounts?tab=financial-accounts&period=custom&from=2026-01-01&to=2026-01-31&edit=3")).toBe(
      "/admin/accounts?tab=financial-accounts&period=custom&from=2026-01-01&to=2026-01-31",
    );
    expect(accountsReturnHref("https://evil.example/admin/accounts")).toBe("/admin/accounts?tab=financial-accounts");
    expect(accountsReturnHref("/admin/accounts-elsewhere")).toBe("/admin/accounts?tab=financial-accounts");
    expect(accountsReturnHref("/admin/accounts?tab=nonsense&period=%3Cscript%3E")).toBe("/admin/accounts?tab=financial-accounts");
    expect(accountsReturnHref(null)).toBe("/admin/accounts?tab=financial-accounts");
  });
});
