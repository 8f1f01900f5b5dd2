import { describe, expect, it } from "vitest";
import { ADMIN_NAV, isActiveNav } from "./nav";

describe("admin navigation", () => {
  it("has the spec's groups in order", () => {
    expect(ADMIN_NAV.map((group) => group.label)).toEqual([null, "Sales", "Procurement", "Finance", "Administration"]);
    expect(ADMIN_NAV[1].items.map((item) => item.label)).toEqual([
      "Products",
      "Inventory Alerts",
      "Inventory Forecast",
      "Orders",
      "Order Approvals",
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

  it("lists the ledger's screens under Finance and marks only the most specific one", () => {
    expect(ADMIN_NAV[3].items.map((item) => item.label)).toEqual([
      "Accounts",
      "Ledger",
      "Journals",
      "Chart of accounts",
      "Accountant's exports",
      "VAT Returns",
    ]);
    expect(isActiveNav("/admin/ledger", "/admin/ledger")).toBe(true);
    expect(isActiveNav("/admin/ledger", "/admin/ledger/accounts/1200")).toBe(true);
    expect(isActiveNav("/admin/ledger", "/admin/ledger/journals/12")).toBe(false);
    expect(isActiveNav("/admin/ledger/journals", "/admin/ledger/journals/12")).toBe(true);
    expect(isActiveNav("/admin/ledger/chart", "/admin/ledger/chart")).toBe(true);
    expect(isActiveNav("/admin/accounts", "/admin/ledger")).toBe(false);
  });
});
