/**
 * Staff roles in the back office (docs/decisions/0065-staff-roles.md): each role, at a screen and an API of an
 * area it may use and of one it may not; setting a staff role through both doors (the Users form and
 * PATCH /api/admin/users/{id}), only by a full admin, never leaving the shop without an active full admin;
 * the warehouse moving orders on but not cancelling them; the dashboard showing only the role's figures.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, users } from "~db/schema";
import * as root from "~/root";
import * as dashboardPage from "~/routes/admin._index";
import * as adminLayout from "~/routes/admin";
import * as ordersPage from "~/routes/admin.orders/route";
import * as posPage from "~/routes/admin.pos/route";
import * as productsPage from "~/routes/admin.products/route";
import * as salesInvoicesPage from "~/routes/admin.sales-invoices/route";
import * as systemPage from "~/routes/admin.system/route";
import * as usersPage from "~/routes/admin.users/route";
import * as vatReturnsPage from "~/routes/admin.vat-returns/route";
import * as apiForecast from "~/routes/api.admin.inventory-forecast";
import * as apiSalesInvoices from "~/routes/api.admin.invoices.sales";
import * as apiOrderStatus from "~/routes/api.admin.orders.$orderId.status";
import * as apiProducts from "~/routes/api.admin.products";
import * as apiPurchaseOrders from "~/routes/api.admin.purchase-orders";
import * as apiReturns from "~/routes/api.admin.returns";
import * as apiTrialBalance from "~/routes/api.admin.ledger.trial-balance";
import * as apiUser from "~/routes/api.admin.users.$id";
import * as apiUsers from "~/routes/api.admin.users";
import {
  CUSTOMERS_ONLY_MESSAGE,
  LAST_ADMIN_MESSAGE,
  ROLE_REFUSED_API_MESSAGE,
  ROLE_REFUSED_MESSAGE,
  STAFF_ROLE_ONLY_ADMIN_MESSAGE,
  STATUS_CHANGE_REFUSED_MESSAGE,
} from "~/domain/users/staff-roles";
import { getDb } from "~/utils/db.server";
import { createProduct, createUser, writeOrder } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation, type RouteHandler } from "./http";
import { signIn } from "./sign-in";

type Who = "admin" | "sales" | "warehouse" | "accounts";
const cookies = {} as Record<Who | "buyer", string>;
const ids = {} as Record<Who | "buyer", string>;

beforeAll(async () => {
  for (const [who, staffRole] of [
    ["admin", "admin"],
    ["sales", "sales"],
    ["warehouse", "warehouse"],
    ["accounts", "accounts"],
  ] as const) {
    ids[who] = (await createUser({ email: `${who}@example.com`, role: "admin", staffRole })).id;
    cookies[who] = await signIn(`${who}@example.com`, { via: "api" });
  }
  ids.buyer = (await createUser({ email: "buyer@example.com", businessName: "Hartley's Café" })).id;
  cookies.buyer = await signIn("buyer@example.com", { via: "api" });
});

const db = () => getDb();
const userById = (id: string) => db().select().from(users).where(eq(users.id, id)).get()!;

function page(handler: RouteHandler, path: string, who: Who) {
  return callRoute(handler, buildRequest(path, { cookie: cookies[who] }));
}

function api(handler: RouteHandler, path: string, who: Who | "buyer", { method = "GET", body, params = {} }: { method?: string; body?: unknown; params?: Record<string, string> } = {}) {
  return callRoute(handler, buildRequest(path, { method, json: body, cookie: cookies[who] }), params);
}

/** A screen refused for the role: to the back-office home, whose next page shows the notice. */
async function expectRoleRefused(response: Response, who: Who) {
  expect(response.status).toBe(302);
  expect(redirectLocation(response)).toBe("/admin");
  const next = cookieFrom(response, cookies[who]);
  const rootData = await readJson(await callRoute(root.loader, buildRequest("/admin", { cookie: next })));
  expect(rootData.toast).toMatchObject({ title: "Access Denied", description: ROLE_REFUSED_MESSAGE });
}

describe("each staff role at a screen and an API of its own area and of another", () => {
  const cases: { who: Who; may: [RouteHandler, string][]; mayNot: [RouteHandler, string][]; mayApi: [RouteHandler, string]; mayNotApi: [RouteHandler, string] }[] = [
    {
      who: "sales",
      may: [[ordersPage.loader, "/admin/orders"], [posPage.loader, "/admin/pos"], [usersPage.loader, "/admin/users"]],
      mayNot: [[vatReturnsPage.loader, "/admin/vat-returns"], [productsPage.loader, "/admin/products"], [systemPage.loader, "/admin/system"]],
      mayApi: [apiReturns.loader, "/api/admin/returns"],
      mayNotApi: [apiProducts.loader, "/api/admin/products"],
    },
    {
      who: "warehouse",
      may: [[productsPage.loader, "/admin/products"], [ordersPage.loader, "/admin/orders"]],
      mayNot: [[salesInvoicesPage.loader, "/admin/sales-invoices"], [posPage.loader, "/admin/pos"], [usersPage.loader, "/admin/users"]],
      mayApi: [apiPurchaseOrders.loader, "/api/admin/purchase-orders"],
      mayNotApi: [apiSalesInvoices.loader, "/api/admin/invoices/sales"],
    },
    {
      who: "accounts",
      may: [[salesInvoicesPage.loader, "/admin/sales-invoices"], [vatReturnsPage.loader, "/admin/vat-returns"]],
      mayNot: [[posPage.loader, "/admin/pos"], [ordersPage.loader, "/admin/orders"], [productsPage.loader, "/admin/products"]],
      mayApi: [apiTrialBalance.loader, "/api/admin/ledger/trial-balance"],
      mayNotApi: [apiForecast.loader, "/api/admin/inventory-forecast"],
    },
  ];

  it.each(cases)("$who", async ({ who, may, mayNot, mayApi, mayNotApi }) => {
    for (const [handler, path] of may) expect((await page(handler, path, who)).status, path).toBe(200);
    for (const [handler, path] of mayNot) await expectRoleRefused(await page(handler, path, who), who);

    const allowed = await api(mayApi[0], mayApi[1], who);
    expect(allowed.status).toBe(200);
    const refused = await api(mayNotApi[0], mayNotApi[1], who);
    expect(refused.status).toBe(403);
    expect(await readJson(refused)).toEqual({ message: ROLE_REFUSED_API_MESSAGE });

    // and a full admin may use both
    expect((await api(mayNotApi[0], mayNotApi[1], "admin")).status).toBe(200);
    for (const [handler, path] of mayNot) expect((await page(handler, path, "admin")).status, path).toBe(200);
  });

  it("the layout and the home are every staff role's; a customer still gets 'You do not have admin privileges.'", async () => {
    for (const who of ["sales", "warehouse", "accounts"] as const) {
      expect((await page(adminLayout.loader, "/admin", who)).status).toBe(200);
      expect((await page(dashboardPage.loader, "/admin", who)).status).toBe(200);
    }
    const customer = await callRoute(apiUsers.loader, buildRequest("/api/admin/users", { cookie: cookies.buyer }));
    expect(customer.status).toBe(403);
    expect(await readJson(customer)).toEqual({ message: "You do not have admin privileges." });
  });
});

describe("the dashboard shows only what the role may see", () => {
  const cardLabels = async (who: Who) => ((await readJson(await page(dashboardPage.loader, "/admin", who))).cards as { label: string }[]).map((c) => c.label);

  it("no money for the warehouse, no stock for accounts, everything for a full admin", async () => {
    const warehouse = await readJson(await page(dashboardPage.loader, "/admin", "warehouse"));
    expect(warehouse.cards.map((c: { label: string }) => c.label)).toEqual(["Pending Orders", "Total Products", "Low Stock Products"]);
    expect(JSON.stringify(warehouse.cards)).not.toContain("£");
    expect(warehouse.gettingStarted).toBeNull();

    const accounts = await readJson(await page(dashboardPage.loader, "/admin", "accounts"));
    expect(accounts.cards.map((c: { label: string }) => c.label)).toEqual(["Sales", "Sales", "Total Revenue"]);
    expect(accounts.recentOrders).toBeNull();
    // the Sales figures link to Orders, which accounts cannot open: no link
    expect(accounts.cards[0].to).toBeUndefined();
    expect(accounts.cards[2].to).toBe("/admin/analytics");

    expect(await cardLabels("sales")).toEqual(["Sales", "Sales", "Total Revenue", "Pending Orders", "Product Requests"]);
    expect(await cardLabels("admin")).toEqual([
      "Sales",
      "Sales",
      "Total Revenue",
      "Pending Orders",
      "Total Products",
      "Product Requests",
      "Low Stock Products",
    ]);
  });
});

describe("setting a staff role", () => {
  const formPost = (who: Who, form: Record<string, string>) =>
    callRoute(
      usersPage.action,
      buildRequest("/admin/users", { form: { idempotencyKey: crypto.randomUUID(), returnTo: "/admin/users", ...form }, cookie: cookies[who] }),
    );
  const editForm = (user: typeof users.$inferSelect, overrides: Record<string, string>) => ({
    intent: "update",
    id: user.id,
    email: user.email,
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    role: user.role,
    isActive: user.isActive ? "on" : "",
    ...overrides,
  });

  it("form door: a full admin makes a back-office user warehouse staff, audited, and their next request is refused outside the warehouse", async () => {
    const picker = await createUser({ email: "picker@example.com", role: "admin", staffRole: "admin" });
    const response = await formPost("admin", editForm(picker, { staffRole: "warehouse" }));
    expect(response.status).toBe(302);
    expect(userById(picker.id).staffRole).toBe("warehouse");
    const cookie = await signIn("picker@example.com", { via: "api" });
    const refused = await callRoute(apiSalesInvoices.loader, buildRequest("/api/admin/invoices/sales", { cookie }));
    expect(refused.status).toBe(403);
    const listed = await readJson(await page(usersPage.loader, `/admin/users?edit=${picker.id}`, "admin"));
    expect(listed.editing).toMatchObject({ email: "picker@example.com", staffRole: "warehouse" });
    expect(JSON.stringify(listed.history)).toContain("warehouse");
  });

  it("API door: PATCH {staffRole} by a full admin; 400 for an unknown role or a customer; the JSON shows the role", async () => {
    const clerk = await createUser({ email: "clerk@example.com", role: "admin", staffRole: "sales" });
    const patched = await api(apiUser.action, `/api/admin/users/${clerk.id}`, "admin", { method: "PATCH", body: { staffRole: "accounts" }, params: { id: clerk.id } });
    expect(patched.status).toBe(200);
    expect(await readJson(patched)).toMatchObject({ email: "clerk@example.com", role: "admin", staffRole: "accounts" });
    expect(userById(clerk.id).staffRole).toBe("accounts");

    const unknown = await api(apiUser.action, `/api/admin/users/${clerk.id}`, "admin", { method: "PATCH", body: { staffRole: "boss" }, params: { id: clerk.id } });
    expect(unknown.status).toBe(400);
    expect(await readJson(unknown)).toMatchObject({ field: "staffRole" });

    const onCustomer = await api(apiUser.action, `/api/admin/users/${ids.buyer}`, "admin", { method: "PATCH", body: { staffRole: "sales" }, params: { id: ids.buyer } });
    expect(onCustomer.status).toBe(400);
    expect(userById(ids.buyer).staffRole).toBeNull();

    // a customer made back-office staff without a staff role named is a full admin; made a customer again, none
    const temp = await createUser({ email: "temp@example.com" });
    await api(apiUser.action, `/api/admin/users/${temp.id}`, "admin", { method: "PATCH", body: { role: "admin" }, params: { id: temp.id } });
    expect(userById(temp.id).staffRole).toBe("admin");
    await api(apiUser.action, `/api/admin/users/${temp.id}`, "admin", { method: "PATCH", body: { role: "customer" }, params: { id: temp.id } });
    expect(userById(temp.id).staffRole).toBeNull();

    const created = await api(apiUsers.action, "/api/admin/users", "admin", {
      method: "POST",
      body: { email: "new.packer@example.com", password: "packer-secret", role: "admin", staffRole: "warehouse" },
    });
    expect(created.status).toBe(201);
    expect(await readJson(created)).toMatchObject({ role: "admin", staffRole: "warehouse" });
  });

  it("sales may change customers only, never a staff role: 403 through both doors and nothing changes", async () => {
    const colleague = await createUser({ email: "colleague@example.com", role: "admin", staffRole: "warehouse" });
    const viaApi = await api(apiUser.action, `/api/admin/users/${colleague.id}`, "sales", { method: "PATCH", body: { staffRole: "admin" }, params: { id: colleague.id } });
    expect(viaApi.status).toBe(403);
    expect(await readJson(viaApi)).toEqual({ message: STAFF_ROLE_ONLY_ADMIN_MESSAGE, field: "staffRole" });
    const rename = await api(apiUser.action, `/api/admin/users/${colleague.id}`, "sales", { method: "PATCH", body: { firstName: "X" }, params: { id: colleague.id } });
    expect(rename.status).toBe(403);
    expect(await readJson(rename)).toEqual({ message: CUSTOMERS_ONLY_MESSAGE, field: "role" });
    const promote = await api(apiUser.action, `/api/admin/users/${ids.buyer}`, "sales", { method: "PATCH", body: { role: "admin" }, params: { id: ids.buyer } });
    expect(promote.status).toBe(403);
    const makeAdmin = await api(apiUsers.action, "/api/admin/users", "sales", { method: "POST", body: { email: "sneaky@example.com", password: "sneaky-pass", role: "admin" } });
    expect(makeAdmin.status).toBe(403);
    expect(db().select().from(users).where(eq(users.email, "sneaky@example.com")).get()).toBeUndefined();

    const viaForm = await formPost("sales", editForm(colleague, { staffRole: "admin" }));
    expect(viaForm.status).toBe(403);
    expect(userById(colleague.id).staffRole).toBe("warehouse");
    // the screen does not even open another staff member's account for sales
    expect((await readJson(await page(usersPage.loader, `/admin/users?edit=${colleague.id}`, "sales"))).editing).toBeNull();

    // but a customer's account is theirs to keep up to date
    const customer = userById(ids.buyer);
    const saved = await formPost("sales", editForm(customer, { role: "customer", businessName: "Hartley's Café & Deli" }));
    expect(saved.status).toBe(302);
    // a customer's business name is their company's (docs/decisions/0061-companies.md)
    const company = db().$client.prepare("select c.name from companies c join users u on u.company_id = c.id where u.id = ?").get(ids.buyer) as { name: string };
    expect(company.name).toBe("Hartley's Café & Deli");
  });

  it("the last active full admin cannot take a narrower staff role: 409 through both doors; with another full admin they can", async () => {
    // this test's shop has one active full admin: `admin` (the others made here were created narrower or demoted)
    for (const row of db().select().from(users).where(eq(users.role, "admin")).all()) {
      if (row.id !== ids.admin && (row.staffRole ?? "admin") === "admin") db().update(users).set({ staffRole: "sales" }).where(eq(users.id, row.id)).run();
    }
    const me = userById(ids.admin);

    const viaForm = await formPost("admin", editForm(me, { staffRole: "accounts" }));
    expect(viaForm.status).toBe(409);
    expect(JSON.stringify(await readJson(viaForm))).toContain(LAST_ADMIN_MESSAGE);
    const viaApi = await api(apiUser.action, `/api/admin/users/${ids.admin}`, "admin", { method: "PATCH", body: { staffRole: "accounts" }, params: { id: ids.admin } });
    expect(viaApi.status).toBe(409);
    expect(await readJson(viaApi)).toEqual({ message: LAST_ADMIN_MESSAGE, field: "staffRole" });
    expect(userById(ids.admin).staffRole).toBe("admin");

    // with a second full admin, handing over works, and then the new one is the last
    const successor = await createUser({ email: "successor@example.com", role: "admin", staffRole: "sales" });
    const promoted = await api(apiUser.action, `/api/admin/users/${successor.id}`, "admin", { method: "PATCH", body: { staffRole: "admin" }, params: { id: successor.id } });
    expect(promoted.status).toBe(200);
    const handedOver = await formPost("admin", editForm(me, { staffRole: "accounts" }));
    expect(handedOver.status).toBe(302);
    expect(userById(ids.admin).staffRole).toBe("accounts");
    // ids.admin is accounts staff now: the users screen is no longer theirs
    await expectRoleRefused(await page(usersPage.loader, "/admin/users", "admin"), "admin");

    // two full admins acting at once cannot both step aside: the second change, by someone whose full-admin
    // standing the first has just removed, is refused inside its transaction (deactivating or deleting alike)
    const successorCookie = await signIn("successor@example.com", { via: "api" });
    const restore = await callRoute(
      apiUser.action,
      buildRequest(`/api/admin/users/${ids.admin}`, { method: "PATCH", json: { staffRole: "admin" }, cookie: successorCookie }),
      { id: ids.admin },
    );
    expect(restore.status).toBe(200);
    const { updateUser, deleteUser } = await import("~/domain/users/user-changes.server");
    // admin demotes the successor…
    expect((await updateUser(db(), { id: ids.admin, staffRole: "admin" }, successor.id, { staffRole: "warehouse" })).ok).toBe(true);
    // …while the successor, still thinking themselves a full admin, demotes, deactivates or deletes admin
    const stale = { id: successor.id, staffRole: "admin" as const };
    for (const change of [{ staffRole: "sales" as const }, { isActive: false }, { role: "customer" as const }]) {
      const refused = await updateUser(db(), stale, ids.admin, change);
      expect(refused).toMatchObject({ ok: false, status: 409, message: LAST_ADMIN_MESSAGE });
    }
    expect(deleteUser(db(), stale, ids.admin)).toMatchObject({ ok: false, status: 409, message: LAST_ADMIN_MESSAGE });
    expect(userById(ids.admin)).toMatchObject({ staffRole: "admin", isActive: true, role: "admin" });
  });
});

describe("orders: the warehouse moves them on, sales decide", () => {
  it("warehouse ships an order through the API but cannot cancel it or release one waiting for approval; sales can", async () => {
    const product = createProduct({ name: "Catering foil 450mm", salesPrice: 1250, stockLevel: 40 });
    const buyer = userById(ids.buyer);
    const order = writeOrder(db(), buyer, [{ product, quantity: 2 }], { status: "processing" });
    const waiting = writeOrder(db(), buyer, [{ product, quantity: 1 }], { status: "pending_approval" });
    const status = (who: Who, id: number, value: string) =>
      api(apiOrderStatus.action, `/api/admin/orders/${id}/status`, who, { method: "PATCH", body: { status: value }, params: { orderId: String(id) } });

    expect((await status("warehouse", order.id, "shipped")).status).toBe(200);
    const cancel = await status("warehouse", order.id, "cancelled");
    expect(cancel.status).toBe(403);
    expect(await readJson(cancel)).toEqual({ message: STATUS_CHANGE_REFUSED_MESSAGE, field: "status" });
    const release = await status("warehouse", waiting.id, "processing");
    expect(release.status).toBe(403);
    const statusOf = (id: number) => db().select({ status: orders.status }).from(orders).where(eq(orders.id, id)).get()!.status;
    expect(statusOf(order.id)).toBe("shipped");
    expect(statusOf(waiting.id)).toBe("pending_approval");
    expect((await status("accounts", order.id, "delivered")).status).toBe(403);

    expect((await status("sales", waiting.id, "processing")).status).toBe(200);
    expect((await status("sales", order.id, "cancelled")).status).toBe(200);
    expect(statusOf(order.id)).toBe("cancelled");
  });

  it("form door: the warehouse's cancel on the Orders screen is refused with the reason and changes nothing; shipping works", async () => {
    const product = createProduct({ name: "Paper straws 200", salesPrice: 450, stockLevel: 30 });
    const order = writeOrder(db(), userById(ids.buyer), [{ product, quantity: 3 }], { status: "processing" });
    const response = await callRoute(
      ordersPage.action,
      buildRequest("/admin/orders", {
        form: { intent: "status", id: String(order.id), status: "cancelled", confirmed: "1", idempotencyKey: crypto.randomUUID(), returnTo: "/admin/orders" },
        cookie: cookies.warehouse,
      }),
    );
    expect(response.status).toBe(302);
    const rootData = await readJson(await callRoute(root.loader, buildRequest("/admin/orders", { cookie: cookieFrom(response, cookies.warehouse) })));
    expect(rootData.toast.description).toBe(STATUS_CHANGE_REFUSED_MESSAGE);
    expect(db().select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)).get()!.status).toBe("processing");

    // shipping through the same form is the warehouse's job
    const shipped = await callRoute(
      ordersPage.action,
      buildRequest("/admin/orders", {
        form: { intent: "status", id: String(order.id), status: "shipped", idempotencyKey: crypto.randomUUID(), returnTo: "/admin/orders" },
        cookie: cookies.warehouse,
      }),
    );
    const shippedToast = (await readJson(await callRoute(root.loader, buildRequest("/admin/orders", { cookie: cookieFrom(shipped, cookies.warehouse) })))).toast;
    expect(shippedToast).toMatchObject({ title: "Status updated", description: `${order.orderNumber} is now Shipped.` });
    expect(db().select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)).get()!.status).toBe("shipped");
    // and the screen offers them neither Cancelled nor Order Approvals
    const screen = await readJson(await page(ordersPage.loader, `/admin/orders?view=${order.id}&cancel=${order.id}`, "warehouse"));
    expect(screen).toMatchObject({ canDecide: false, cancelling: null, pendingApprovals: 0 });
  });
});
