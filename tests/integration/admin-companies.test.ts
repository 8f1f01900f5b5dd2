/**
 * The back office's Companies (the /admin/companies screens and /api/admin/companies): search by company name
 * or any member's email, the detail, creating, editing the terms, and a hold that stops a company's orders on
 * every door with the reason, until it is released.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { orders, users } from "~db/schema";
import { ON_HOLD_MESSAGE } from "~/domain/companies/companies.server";
import * as companyPage from "~/routes/admin.companies.$id/route";
import * as companiesPage from "~/routes/admin.companies._index";
import * as apiCompanies from "~/routes/api.admin.companies";
import * as apiCompany from "~/routes/api.admin.companies.$id";
import * as apiOrders from "~/routes/api.orders";
import { getDb } from "~/utils/db.server";
import { companyIdOf, createProduct, createUser, SHIPPING } from "./factories";
import { buildRequest, callRoute, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

let adminCookie: string;
let buyerCookie: string;
let colleagueCookie: string;
let buyer: typeof users.$inferSelect;
let companyId: number;
let productId: number;

const db = () => getDb();

beforeAll(async () => {
  await createUser({ email: "boss@wholesale.example.com", role: "admin" });
  buyer = await createUser({ email: "owner@quayside-bakery.co.uk", businessName: "Quayside Bakery Ltd", vatNumber: "GB123456789" });
  companyId = companyIdOf(buyer.id);
  await createUser({ email: "baker@quayside-bakery.co.uk", companyId, companyRole: "buyer" });
  await createUser({ email: "orders@hilltop-farm.co.uk", businessName: "Hilltop Farm Shop" });
  productId = createProduct({ name: "Strong White Flour 16kg", salesPrice: 1450, stockLevel: 100 }).id;
  adminCookie = await signIn("boss@wholesale.example.com");
  buyerCookie = await signIn(buyer.email);
  colleagueCookie = await signIn("baker@quayside-bakery.co.uk");
});

const list = (query: string, cookie = adminCookie) => callRoute(apiCompanies.loader, buildRequest(`/api/admin/companies${query}`, { cookie }));
const detail = (id: number | string, cookie = adminCookie) =>
  callRoute(apiCompany.loader, buildRequest(`/api/admin/companies/${id}`, { cookie }), { id: String(id) });
const patch = (id: number, body: unknown, cookie = adminCookie) =>
  callRoute(apiCompany.action, buildRequest(`/api/admin/companies/${id}`, { method: "PATCH", json: body, cookie }), { id: String(id) });
const placeOrder = (cookie: string) =>
  callRoute(apiOrders.action, buildRequest("/api/orders", { json: { ...SHIPPING, items: [{ productId, quantity: 1 }] }, cookie }));
const ordersOfCompany = () => db().select().from(orders).all().filter((o) => o.companyId === companyId).length;

describe("/api/admin/companies", () => {
  it("lists companies by name and finds one by a member's email or its name", async () => {
    const all = await readJson(await list(""));
    expect(all.map((c: { name: string }) => c.name)).toEqual(["Hilltop Farm Shop", "Quayside Bakery Ltd"]);
    expect(all[1]).toMatchObject({ id: companyId, peopleCount: 2, vatNumber: "GB123456789", onHold: false });
    expect((await readJson(await list("?search=baker%40quayside"))).map((c: { id: number }) => c.id)).toEqual([companyId]);
    expect((await readJson(await list("?search=hilltop"))).map((c: { name: string }) => c.name)).toEqual(["Hilltop Farm Shop"]);
    expect(await readJson(await list("?search=nobody-at-all"))).toEqual([]);
  });

  it("shows a company's people and roles; 404 for an unknown one; customers are refused (403) and guests sent to sign in (401)", async () => {
    const company = await readJson(await detail(companyId));
    expect(company.people.map((p: { email: string; role: string }) => [p.email, p.role])).toEqual([
      ["baker@quayside-bakery.co.uk", "buyer"],
      ["owner@quayside-bakery.co.uk", "company_admin"],
    ]);
    expect((await detail(999_999)).status).toBe(404);
    expect((await list("", buyerCookie)).status).toBe(403);
    expect((await list("", "")).status).toBe(401);
    expect((await patch(companyId, { onHold: true, holdReason: "x" }, buyerCookie)).status).toBe(403);
  });

  it("creates a company (201) and refuses a bad one (400), writing nothing", async () => {
    const created = await callRoute(apiCompanies.action, buildRequest("/api/admin/companies", { json: { name: "Harbour Fish Co", companyNumber: "01234567" }, cookie: adminCookie }));
    expect(created.status).toBe(201);
    expect(await readJson(created)).toMatchObject({ name: "Harbour Fish Co", companyNumber: "01234567", people: [] });
    const bad = await callRoute(apiCompanies.action, buildRequest("/api/admin/companies", { json: { name: "", priceTierId: 5 }, cookie: adminCookie }));
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toMatchObject({ field: "name" });
    const unknownTier = await callRoute(apiCompanies.action, buildRequest("/api/admin/companies", { json: { name: "Tierless", priceTierId: 999 }, cookie: adminCookie }));
    expect(unknownTier.status).toBe(400);
    expect((await readJson(await list("?search=tierless")))).toEqual([]);
  });

  it("a hold (API) stops every buyer of the company ordering, with the reason; releasing it lets them order again", async () => {
    const noReason = await patch(companyId, { onHold: true });
    expect(noReason.status).toBe(400);
    expect(await readJson(noReason)).toMatchObject({ field: "holdReason" });

    const held = await patch(companyId, { onHold: true, holdReason: "Invoices over 60 days" });
    expect(held.status).toBe(200);
    expect(await readJson(held)).toMatchObject({ onHold: true, holdReason: "Invoices over 60 days" });
    const before = ordersOfCompany();
    for (const cookie of [buyerCookie, colleagueCookie]) {
      const refused = await placeOrder(cookie);
      expect(refused.status).toBe(403);
      expect(await readJson(refused)).toEqual({ message: `${ON_HOLD_MESSAGE} Reason: Invoices over 60 days` });
    }
    expect(ordersOfCompany()).toBe(before);

    expect(await readJson(await patch(companyId, { onHold: false }))).toMatchObject({ onHold: false, holdReason: null });
    expect((await placeOrder(colleagueCookie)).status).toBe(201);
    expect(ordersOfCompany()).toBe(before + 1);
  });
});

describe("the /admin/companies screens", () => {
  it("lists and searches with a GET form", async () => {
    const page = await readJson(await callRoute(companiesPage.loader, buildRequest("/admin/companies?search=quayside", { cookie: adminCookie })));
    expect(page.items.map((c: { name: string }) => c.name)).toEqual(["Quayside Bakery Ltd"]);
  });

  it("puts on hold with a reason and releases through the form; saves the terms; a hold without a reason changes nothing", async () => {
    const post = (form: Record<string, string>) =>
      callRoute(companyPage.action, buildRequest(`/admin/companies/${companyId}`, { form, cookie: adminCookie }), { id: String(companyId) });
    const empty = await post({ intent: "hold", holdReason: " " });
    expect(empty.status).toBe(400);
    expect((await readJson(await detail(companyId))).onHold).toBe(false);

    expect(redirectLocation(await post({ intent: "hold", holdReason: "Card declined" }))).toBe(`/admin/companies/${companyId}`);
    expect(await readJson(await detail(companyId))).toMatchObject({ onHold: true, holdReason: "Card declined" });
    expect((await placeOrder(buyerCookie)).status).toBe(403);
    expect(redirectLocation(await post({ intent: "release" }))).toBe(`/admin/companies/${companyId}`);
    expect((await readJson(await detail(companyId))).onHold).toBe(false);

    const saved = await post({ intent: "terms", name: "Quayside Bakery Limited", vatNumber: "", companyNumber: "07654321", address: "1 Quay, Hull, HU1 1AA", priceTierId: "", requiresApproval: "on" });
    expect(redirectLocation(saved)).toBe(`/admin/companies/${companyId}`);
    expect(await readJson(await detail(companyId))).toMatchObject({ name: "Quayside Bakery Limited", vatNumber: null, companyNumber: "07654321", requiresApproval: true });
    // the session reads the company: the new name, and orders now wait for approval
    const placed = await placeOrder(buyerCookie);
    expect(placed.status).toBe(201);
    expect((await readJson(placed)).status).toBe("pending_approval");
  });
});
