import { describe, expect, it } from "vitest";
import { STAFF_ROLES, type StaffRole } from "~/domain/users/staff-roles";
import { ADMIN_BOTTOM_LINKS, ADMIN_NAV, ADMIN_NAV_GROUP_KEYS, currentNavGroup, isActiveNav, navForRole } from "./nav";

describe("admin navigation", () => {
  it("has the spec's groups in order", () => {
    expect(ADMIN_NAV.map((group) => group.label)).toEqual([null, "Sales", "Procurement", "Finance", "Administration"]);
    expect(ADMIN_NAV[1].items.map((item) => item.label)).toEqual([
      "Products",
      "Inventory Alerts",
      "Inventory Forecast",
      "Orders",
      "Quotes",
      "Returns",
      "Sales Invoices",
      "POS",
    ]);
    expect(ADMIN_NAV[2].items.map((item) => item.label)).toEqual(["Purchase Orders", "Purchase Invoices", "Product Requests"]);
  });

  it("puts the reports beside the dashboard", () => {
    expect(ADMIN_NAV[0].items.map((item) => item.label)).toEqual(["Dashboard", "Analytics", "Customer Insights"]);
  });

  it("marks the dashboard active on both of its addresses only", () => {
    expect(isActiveNav("/admin", "/admin")).toBe(true);
    expect(isActiveNav("/admin", "/admin/")).toBe(true);
    expect(isActiveNav("/admin", "/admin/dashboard")).toBe(true);
    expect(isActiveNav("/admin", "/admin/users")).toBe(false);
  });

  it("marks a section active on its sub-pages but not on look-alike paths", () => {
    expect(isActiveNav("/admin/products", "/admin/products/12")).toBe(true);
    expect(isActiveNav("/admin/products", "/admin/products-export")).toBe(false);
  });

  it("lists the Ledger once under Finance (its own tabs lead to its screens) and keeps it current on all of them", () => {
    expect(ADMIN_NAV[3].items.map((item) => item.label)).toEqual(["Accounts", "Ledger", "VAT Returns"]);
    expect(isActiveNav("/admin/ledger", "/admin/ledger")).toBe(true);
    expect(isActiveNav("/admin/ledger", "/admin/ledger/accounts/1200")).toBe(true);
    expect(isActiveNav("/admin/ledger", "/admin/ledger/journals/12")).toBe(true);
    expect(isActiveNav("/admin/ledger", "/admin/ledger/chart")).toBe(true);
    expect(isActiveNav("/admin/accounts", "/admin/ledger")).toBe(false);
  });

  it("keeps Orders current on Order Approvals, Users on Sign-in holds and System on the Outbox, the screens their headers lead to", () => {
    expect(isActiveNav("/admin/orders", "/admin/order-approvals")).toBe(true);
    expect(isActiveNav("/admin/users", "/admin/sign-in-holds")).toBe(true);
    expect(isActiveNav("/admin/system", "/admin/outbox")).toBe(true);
    expect(isActiveNav("/admin/sales-invoices", "/admin/aged-debtors/12")).toBe(true);
    expect(isActiveNav("/admin/system", "/admin/outbox/20260131T174502123Z-1a2b3c4d")).toBe(true);
    expect(currentNavGroup("/admin/outbox")).toBe("administration");
    expect(isActiveNav("/admin/products", "/admin/order-approvals")).toBe(false);
    expect(currentNavGroup("/admin/order-approvals")).toBe("sales");
    expect(currentNavGroup("/admin/sign-in-holds")).toBe("administration");
  });

  it("lists Quotes beside Orders, current on the list and on a quote, for the roles that may open quotes", () => {
    expect(ADMIN_NAV[1].items.find((item) => item.label === "Quotes")?.to).toBe("/admin/quotes");
    expect(isActiveNav("/admin/quotes", "/admin/quotes")).toBe(true);
    expect(isActiveNav("/admin/quotes", "/admin/quotes/12")).toBe(true);
    expect(isActiveNav("/admin/orders", "/admin/quotes/12")).toBe(false);
    expect(currentNavGroup("/admin/quotes/12")).toBe("sales");
    const quotesFor = (role: StaffRole) => navForRole(role).flatMap((group) => group.items.map((item) => item.label)).includes("Quotes");
    expect(STAFF_ROLES.filter(quotesFor)).toEqual(["admin", "sales"]);
  });

  it("lists the settings once, as Settings, current on both of its tabs", () => {
    const administration = ADMIN_NAV[4].items.map((item) => item.label);
    expect(administration).toContain("Settings");
    expect(administration).not.toContain("Company");
    expect(administration).not.toContain("Delivery & ordering");
    expect(isActiveNav("/admin/settings/company", "/admin/settings/company")).toBe(true);
    expect(isActiveNav("/admin/settings/company", "/admin/settings/ordering")).toBe(true);
    expect(currentNavGroup("/admin/settings/ordering")).toBe("administration");
    expect(navForRole("sales").flatMap((group) => group.items.map((item) => item.label))).not.toContain("Settings");
  });

  it("fits a 1280×768 screen: 28 rows at most, links and group headings together", () => {
    const rows = ADMIN_NAV.reduce((sum, group) => sum + group.items.length + (group.label ? 1 : 0), 0);
    expect(rows).toBeLessThanOrEqual(28);
  });

  it("names each foldable group, and finds the group of the current page", () => {
    expect(ADMIN_NAV_GROUP_KEYS).toEqual(["sales", "procurement", "finance", "administration"]);
    expect(currentNavGroup("/admin/products")).toBe("sales");
    expect(currentNavGroup("/admin/products/12")).toBe("sales");
    expect(currentNavGroup("/admin/ledger/journals/new")).toBe("finance");
    expect(currentNavGroup("/admin/outbox")).toBe("administration");
    // the dashboard's block has no heading and never folds
    expect(currentNavGroup("/admin")).toBeNull();
    expect(currentNavGroup("/admin/no-such-screen")).toBeNull();
  });

  it("offers no customer pages at the bottom, only the storefront (Log Out is a button)", () => {
    expect(ADMIN_BOTTOM_LINKS).toEqual([{ label: "Storefront", to: "/", short: "SF" }]);
  });
});
