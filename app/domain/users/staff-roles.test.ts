import { describe, expect, it } from "vitest";
import { ADMIN_NAV, navForRole } from "~/components/admin/nav";
import { areaForStatusChange, STAFF_AREAS, STAFF_ROLES, staffAreaOfPath, staffMay, staffMayOpen, staffRoleOf } from "./staff-roles";

const labels = (role: (typeof STAFF_ROLES)[number]) => navForRole(role).flatMap((group) => group.items.map((item) => item.label));

describe("staff roles", () => {
  it("a full admin may use every area; nobody without a staff role may use any", () => {
    for (const area of Object.keys(STAFF_AREAS) as (keyof typeof STAFF_AREAS)[]) {
      expect(staffMay("admin", area)).toBe(true);
      expect(staffMay(null, area)).toBe(false);
    }
  });

  it("settings, the System page and staff are a full admin's only", () => {
    for (const role of ["sales", "warehouse", "accounts"] as const) {
      expect(staffMay(role, "settings")).toBe(false);
      expect(staffMay(role, "system")).toBe(false);
      expect(staffMay(role, "staff")).toBe(false);
      expect(staffMay(role, "home")).toBe(true);
    }
  });

  it("gives each role its own areas and not the others'", () => {
    expect(staffMay("sales", "orders")).toBe(true);
    expect(staffMay("sales", "pricing")).toBe(true);
    expect(staffMay("sales", "catalogue")).toBe(false);
    expect(staffMay("sales", "invoices")).toBe(false);
    expect(staffMay("warehouse", "purchasing")).toBe(true);
    expect(staffMay("warehouse", "fulfilment")).toBe(true);
    expect(staffMay("warehouse", "orders")).toBe(false);
    expect(staffMay("warehouse", "analytics")).toBe(false);
    expect(staffMay("accounts", "vat")).toBe(true);
    expect(staffMay("accounts", "ledger")).toBe(true);
    expect(staffMay("accounts", "fulfilment")).toBe(false);
    expect(staffMay("accounts", "pos")).toBe(false);
  });

  it("reads a back-office user with no staff role stored as a full admin, and nobody else as staff", () => {
    expect(staffRoleOf({ role: "admin", staffRole: null })).toBe("admin");
    expect(staffRoleOf({ role: "admin", staffRole: "warehouse" })).toBe("warehouse");
    expect(staffRoleOf({ role: "customer", staffRole: "admin" })).toBeNull();
    expect(staffRoleOf({ role: "supplier", staffRole: null })).toBeNull();
  });

  it("finds the area of addresses and route patterns, the most specific first", () => {
    expect(staffAreaOfPath("/admin")).toBe("home");
    expect(staffAreaOfPath("/admin/dashboard")).toBe("home");
    expect(staffAreaOfPath("/admin/orders?view=3")).toBe("fulfilment");
    expect(staffAreaOfPath("/admin/orders/export.csv")).toBe("fulfilment");
    expect(staffAreaOfPath("/admin/order-approvals")).toBe("orders");
    expect(staffAreaOfPath("/admin/orders/picking-list.csv")).toBe("fulfilment");
    expect(staffAreaOfPath("/api/admin/orders/:orderId/approve")).toBe("orders");
    expect(staffAreaOfPath("/api/admin/orders/12/status")).toBe("fulfilment");
    expect(staffAreaOfPath("/api/admin/products/:id/stock-adjustments")).toBe("stock");
    expect(staffAreaOfPath("/api/admin/products/:id")).toBe("catalogue");
    expect(staffAreaOfPath("/admin/products/export.csv")).toBe("catalogue");
    expect(staffAreaOfPath("/api/admin/invoices/purchase/:id/pdf")).toBe("purchaseInvoices");
    expect(staffAreaOfPath("/admin/sales-invoices/:id.pdf")).toBe("invoices");
    expect(staffAreaOfPath("/admin/outbox/:id")).toBe("system");
    expect(staffAreaOfPath("/admin/settings/company")).toBe("settings");
    expect(staffAreaOfPath("/admin/companies")).toBe("companies");
    expect(staffAreaOfPath("/api/admin/companies/12/credit")).toBe("credit");
    expect(staffAreaOfPath("/api/admin/companies/:id/statement")).toBe("credit");
    expect(staffAreaOfPath("/api/admin/companies/12")).toBe("companies");
    expect(staffAreaOfPath("/admin/aged-debtors")).toBe("credit");
    expect(staffAreaOfPath("/admin/aged-debtors.csv")).toBe("credit");
    expect(staffAreaOfPath("/admin/aged-debtors/:companyId")).toBe("credit");
    expect(staffAreaOfPath("/api/admin/aged-debtors")).toBe("credit");
    expect(staffAreaOfPath("/admin/credit-reminders")).toBe("credit");
    expect(staffAreaOfPath("/api/admin/credit-reminders/send")).toBe("credit");
    expect(staffAreaOfPath("/shop")).toBeNull();
  });

  it("puts every screen of the sidebar in an area", () => {
    for (const item of ADMIN_NAV.flatMap((group) => group.items)) expect(staffAreaOfPath(item.to), item.to).not.toBeNull();
  });

  it("shows each role only the screens it may use, and no empty heading", () => {
    expect(labels("admin")).toEqual(ADMIN_NAV.flatMap((group) => group.items.map((item) => item.label)));
    expect(labels("warehouse")).toEqual(["Dashboard", "Products", "Inventory Alerts", "Inventory Forecast", "Orders", "Purchase Orders"]);
    expect(labels("accounts")).toEqual(["Dashboard", "Analytics", "Sales Invoices", "Purchase Invoices", "Accounts", "Ledger", "VAT Returns"]);
    expect(labels("sales")).toEqual([
      "Dashboard",
      "Analytics",
      "Customer Insights",
      "Orders",
      "Quotes",
      "Returns",
      "POS",
      "Product Requests",
      "Users",
      "Price Tiers",
      "Volume Discounts",
      "Customer Pricing",
      "Loyalty Rewards",
    ]);
    for (const role of STAFF_ROLES) {
      for (const group of navForRole(role)) {
        expect(group.items.length).toBeGreaterThan(0);
        for (const item of group.items) expect(staffMayOpen(role, item.to)).toBe(true);
      }
    }
    expect(navForRole("warehouse").map((group) => group.label)).toEqual([null, "Sales", "Procurement"]);
  });

  it("leaves cancelling and approval decisions to sales, and moving an order on to the warehouse too", () => {
    expect(areaForStatusChange("processing", "shipped")).toBe("fulfilment");
    expect(areaForStatusChange("shipped", "delivered")).toBe("fulfilment");
    expect(areaForStatusChange("pending", "processing")).toBe("fulfilment");
    expect(areaForStatusChange("processing", "cancelled")).toBe("orders");
    expect(areaForStatusChange("pending_approval", "processing")).toBe("orders");
    expect(areaForStatusChange("processing", "pending_approval")).toBe("orders");
    expect(areaForStatusChange("pending_approval", "pending_approval")).toBe("fulfilment");
  });
});
