/**
 * Companies and their people, through both doors (the /account/company forms and /api/company/users): one price
 * for every buyer of a company, invitations that work once and not after 7 days, roles, deactivation, the last
 * company admin, viewers who cannot order, and a company's records out of reach of another company (404).
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, customerPricing, priceTiers, products, users } from "~db/schema";
import { inviteColleague, INVITATION_LIFETIME_MS, LAST_ADMIN_MESSAGE } from "~/domain/companies/company-people.server";
import { INVITATION_EXPIRED_MESSAGE, INVITATION_USED_MESSAGE } from "~/domain/companies/company-people.schema";
import { VIEWER_MESSAGE } from "~/domain/companies/companies.server";
import { findSessionUser } from "~/domain/users/user-accounts.server";
import * as companyPage from "~/routes/account.company/route";
import * as invitationPage from "~/routes/invitation.$token";
import * as apiCompanyUsers from "~/routes/api.company.users";
import * as apiCompanyUser from "~/routes/api.company.users.$id";
import * as apiPricing from "~/routes/api.products.$slug.pricing";
import * as apiCartItems from "~/routes/api.cart.items";
import * as apiOrderItems from "~/routes/api.orders.$id.items";
import * as apiInvoicePdf from "~/routes/api.invoices.$id.pdf";
import * as apiInvoices from "~/routes/api.invoices";
import * as apiOrders from "~/routes/api.orders";
import { getDb } from "~/utils/db.server";
import { companyIdOf, createInvoicedOrder, createProduct, createUser, TEST_PASSWORD } from "./factories";
import { ukToday } from "~/domain/invoices/invoices.server";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";
import { mailsDuring } from "./outbox";
import { postLogin, signIn } from "./sign-in";

type User = typeof users.$inferSelect;

let admin: User; // company A's admin
let colleague: User; // a buyer of company A
let viewer: User; // a viewer of company A
let outsider: User; // company B's admin
let adminCookie: string;
let colleagueCookie: string;
let viewerCookie: string;
let outsiderCookie: string;
let gloves: typeof products.$inferSelect;
let kettle: typeof products.$inferSelect;

const db = () => getDb();

beforeAll(async () => {
  const gold = db().insert(priceTiers).values({ name: "Gold", discountPercentage: 1500 }).returning().get();
  admin = await createUser({ email: "owner@harbour-cafe.co.uk", firstName: "Ada", lastName: "Owner", businessName: "Harbour Cafe Ltd", priceTierId: gold.id });
  colleague = await createUser({ email: "chef@harbour-cafe.co.uk", firstName: "Ben", lastName: "Chef", companyId: companyIdOf(admin.id), companyRole: "buyer" });
  viewer = await createUser({ email: "accounts@harbour-cafe.co.uk", companyId: companyIdOf(admin.id), companyRole: "viewer" });
  outsider = await createUser({ email: "buyer@other-trade.co.uk", businessName: "Other Trade Ltd" });
  gloves = createProduct({ name: "Nitrile Gloves (100)", salesPrice: 1000, stockLevel: 500 });
  kettle = createProduct({ name: "Catering Kettle", salesPrice: 4000, stockLevel: 50 });
  // the company's agreed price on the kettle: for every buyer of company A
  db().insert(customerPricing).values({ companyId: companyIdOf(admin.id), productId: kettle.id, customPrice: 3200 }).run();
  adminCookie = await signIn(admin.email);
  colleagueCookie = await signIn(colleague.email);
  viewerCookie = await signIn(viewer.email);
  outsiderCookie = await signIn(outsider.email);
});

function api(method: string, path: string, cookie: string, body?: unknown) {
  const id = /\/api\/company\/users\/([^/]+)$/.exec(path)?.[1];
  const route = id === undefined ? apiCompanyUsers : apiCompanyUser;
  const handler = method === "GET" ? route.loader : route.action;
  return callRoute(handler, buildRequest(path, { method, json: body, cookie }), id === undefined ? {} : { id });
}

async function pageKey(cookie: string) {
  return (await readJson(await callRoute(companyPage.loader, buildRequest("/account/company", { cookie })))).idempotencyKey as string;
}

async function postPage(form: Record<string, string>, cookie = adminCookie) {
  return callRoute(companyPage.action, buildRequest("/account/company", { form: { idempotencyKey: await pageKey(cookie), ...form }, cookie }));
}

function priceOf(productId: number, cookie: string) {
  return callRoute(apiPricing.loader, buildRequest(`/api/products/${productId}/pricing?quantity=1`, { cookie }), { slug: String(productId) });
}

const tokenIn = (body: string) => /\/invitation\/([A-Za-z0-9_-]+)/.exec(body)?.[1] ?? null;

describe("one price for the company", () => {
  it("gives two buyers of one company the same price (tier and agreed price), and another company its own", async () => {
    for (const product of [gloves, kettle]) {
      const mine = await readJson(await priceOf(product.id, adminCookie));
      const theirs = await readJson(await priceOf(product.id, colleagueCookie));
      expect(theirs).toEqual(mine);
    }
    expect((await readJson(await priceOf(gloves.id, colleagueCookie))).finalPrice).toBe("8.50"); // Gold: 15% off £10.00
    expect(await readJson(await priceOf(kettle.id, colleagueCookie))).toMatchObject({ finalPrice: "32.00", customPrice: "32.00" });
    expect(await readJson(await priceOf(kettle.id, outsiderCookie))).toMatchObject({ finalPrice: "40.00", customPrice: null });
  });
});

describe("inviting a colleague", () => {
  it("form: sends a link through the outbox that works once, signs the new person in, and refuses it after", async () => {
    let response: Response | undefined;
    const mails = await mailsDuring(async () => {
      response = await postPage({ intent: "invite", email: "Sous@Harbour-Cafe.co.uk", firstName: "Cara", lastName: "Sous", role: "buyer" });
    });
    expect(redirectLocation(response!)).toBe("/account/company");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: "sous@harbour-cafe.co.uk" });
    expect(mails[0]!.subject).toContain("Harbour Cafe Ltd");
    const token = tokenIn(mails[0]!.body)!;
    expect(token).toBeTruthy();
    // only the token's digest is stored
    expect(JSON.stringify(db().$client.prepare("select * from company_invitations").all())).not.toContain(token);

    const page = await readJson(await callRoute(invitationPage.loader, buildRequest(`/invitation/${token}`), { token }));
    expect(page.invitation).toMatchObject({ status: "valid", email: "sous@harbour-cafe.co.uk", companyName: "Harbour Cafe Ltd", role: "buyer" });

    const accept = (form: Record<string, string>) =>
      callRoute(invitationPage.action, buildRequest(`/invitation/${token}`, { form }), { token });
    const mismatch = await accept({ firstName: "Cara", lastName: "Sous", newPassword: "kitchen-pass", confirmPassword: "nope" });
    expect(mismatch.status).toBe(400);
    expect(db().select().from(users).where(eq(users.email, "sous@harbour-cafe.co.uk")).get()).toBeUndefined();

    const accepted = await accept({ firstName: "Cara", lastName: "Sous", newPassword: "kitchen-pass", confirmPassword: "kitchen-pass" });
    expect(redirectLocation(accepted)).toBe("/account");
    const session = cookieFrom(accepted);
    const me = await readJson(await callRoute(apiCompanyUsers.loader, buildRequest("/api/company/users", { cookie: session })));
    expect(me).toEqual({ message: "Only a company admin can manage the people of your company." }); // signed in, as a buyer
    const joined = findSessionUser(db(), db().select().from(users).where(eq(users.email, "sous@harbour-cafe.co.uk")).get()!.id)!;
    expect(joined).toMatchObject({ companyId: companyIdOf(admin.id), companyRole: "buyer", isApproved: true, firstName: "Cara" });
    expect((await postLogin("sous@harbour-cafe.co.uk", { password: "kitchen-pass" })).status).toBe(302);

    // once only
    const again = await accept({ firstName: "Eve", lastName: "Else", newPassword: "other-pass", confirmPassword: "other-pass" });
    expect(again.status).toBe(400);
    expect(JSON.stringify(await readJson(again))).toContain(INVITATION_USED_MESSAGE);
    expect((await readJson(await callRoute(invitationPage.loader, buildRequest(`/invitation/${token}`), { token }))).invitation).toEqual({
      status: "used",
      message: INVITATION_USED_MESSAGE,
    });
  });

  it("API: invites (201), refuses an email with an account (409) and a bad role (400); the link does not work after 7 days", async () => {
    const mails = await mailsDuring(async () => {
      const created = await api("POST", "/api/company/users", adminCookie, { email: "porter@harbour-cafe.co.uk", firstName: "Dan", lastName: "Porter", role: "approver" });
      expect(created.status).toBe(201);
      expect(await readJson(created)).toMatchObject({ email: "porter@harbour-cafe.co.uk", role: "approver", status: "pending" });
    });
    expect(mails).toHaveLength(1);
    const taken = await api("POST", "/api/company/users", adminCookie, { email: outsider.email, firstName: "X", lastName: "Y", role: "buyer" });
    expect(taken.status).toBe(409);
    expect(await readJson(taken)).toMatchObject({ field: "email" });
    const badRole = await api("POST", "/api/company/users", adminCookie, { email: "x@harbour-cafe.co.uk", firstName: "X", lastName: "Y", role: "owner" });
    expect(badRole.status).toBe(400);
    expect(await readJson(badRole)).toMatchObject({ field: "role" });

    // an invitation sent eight days ago
    const sentAt = Date.now() - INVITATION_LIFETIME_MS - 24 * 60 * 60 * 1000;
    const old = await mailsDuring(async () => {
      const result = await inviteColleague(db(), findSessionUser(db(), admin.id)!, { email: "late@harbour-cafe.co.uk", firstName: "Lou", lastName: "Late", role: "buyer" }, { now: sentAt });
      expect(result.ok).toBe(true);
    });
    const token = tokenIn(old[0]!.body)!;
    expect((await readJson(await callRoute(invitationPage.loader, buildRequest(`/invitation/${token}`), { token }))).invitation).toEqual({
      status: "expired",
      message: INVITATION_EXPIRED_MESSAGE,
    });
    const late = await callRoute(invitationPage.action, buildRequest(`/invitation/${token}`, { form: { firstName: "Lou", lastName: "Late", newPassword: "late-pass", confirmPassword: "late-pass" } }), { token });
    expect(late.status).toBe(400);
    expect(JSON.stringify(await readJson(late))).toContain(INVITATION_EXPIRED_MESSAGE);
    expect(db().select().from(users).where(eq(users.email, "late@harbour-cafe.co.uk")).get()).toBeUndefined();

    const listed = await readJson(await api("GET", "/api/company/users", adminCookie));
    expect(listed.people.map((p: { email: string }) => p.email)).toEqual(expect.arrayContaining([admin.email, colleague.email, viewer.email]));
    expect(listed.people.map((p: { email: string }) => p.email)).not.toContain(outsider.email);
    expect(listed.invitations.find((i: { email: string }) => i.email === "late@harbour-cafe.co.uk")).toMatchObject({ status: "expired" });
  });

  it("refuses anyone but a company admin: 403 on both doors", async () => {
    expect((await api("GET", "/api/company/users", colleagueCookie)).status).toBe(403);
    const post = await api("POST", "/api/company/users", colleagueCookie, { email: "z@harbour-cafe.co.uk", firstName: "Z", lastName: "Z", role: "buyer" });
    expect(post.status).toBe(403);
    expect((await api("PATCH", `/api/company/users/${viewer.id}`, colleagueCookie, { role: "buyer" })).status).toBe(403);
    const page = await callRoute(companyPage.loader, buildRequest("/account/company", { cookie: colleagueCookie }));
    expect(page.status).toBe(403);
    const form = await callRoute(companyPage.action, buildRequest("/account/company", { form: { intent: "invite", email: "z@harbour-cafe.co.uk", firstName: "Z", lastName: "Z", role: "buyer" }, cookie: colleagueCookie }));
    expect(form.status).toBe(403);
    expect(db().select().from(users).where(eq(users.email, "z@harbour-cafe.co.uk")).get()).toBeUndefined();
  });
});

describe("roles and access", () => {
  it("changes a role (form) and refuses to leave the company without an active company admin (both doors)", async () => {
    const promoted = await postPage({ intent: "role", userId: viewer.id, role: "approver" });
    expect(redirectLocation(promoted)).toBe("/account/company");
    expect(findSessionUser(db(), viewer.id)!.companyRole).toBe("approver");

    const demoteSelf = await api("PATCH", `/api/company/users/${admin.id}`, adminCookie, { role: "buyer" });
    expect(demoteSelf.status).toBe(409);
    expect(await readJson(demoteSelf)).toEqual({ message: LAST_ADMIN_MESSAGE, field: "role" });
    const removeSelf = await postPage({ intent: "deactivate", userId: admin.id });
    expect(removeSelf.status).toBe(409);
    expect(findSessionUser(db(), admin.id)).toMatchObject({ companyRole: "company_admin", isActive: true });

    await postPage({ intent: "role", userId: viewer.id, role: "viewer" });
    expect(findSessionUser(db(), viewer.id)!.companyRole).toBe("viewer");
  });

  it("a viewer sees prices but cannot add to the cart or order", async () => {
    expect((await priceOf(gloves.id, viewerCookie)).status).toBe(200);
    const add = await callRoute(apiCartItems.action, buildRequest("/api/cart/items", { json: { productId: gloves.id, quantity: 1 }, cookie: viewerCookie }));
    expect(add.status).toBe(403);
    expect(await readJson(add)).toMatchObject({ message: VIEWER_MESSAGE });
    const order = await callRoute(apiOrders.action, buildRequest("/api/orders", {
      json: { shippingName: "V", shippingEmail: viewer.email, shippingAddress: "1 Quay", shippingCity: "Hull", shippingPostcode: "HU1 1AA", items: [{ productId: gloves.id, quantity: 1 }] },
      cookie: viewerCookie,
    }));
    expect(order.status).toBe(403);
    expect(db().select().from(cartItems).where(eq(cartItems.userId, viewer.id)).all()).toEqual([]);
  });

  it("the company admin sees a buyer's orders and invoices; the buyer only their own; another company gets 404", async () => {
    const mine = createInvoicedOrder(colleague, [{ product: gloves, quantity: 2 }], ukToday());
    const theirs = createInvoicedOrder(outsider, [{ product: gloves, quantity: 1 }], ukToday());
    const adminsOwn = createInvoicedOrder(admin, [{ product: kettle, quantity: 1 }], ukToday());
    const orderItems = (id: number, cookie: string) => callRoute(apiOrderItems.loader, buildRequest(`/api/orders/${id}/items`, { cookie }), { id: String(id) });

    expect((await orderItems(mine.orderId, adminCookie)).status).toBe(200); // the company admin sees the company's
    expect((await orderItems(mine.orderId, colleagueCookie)).status).toBe(200);
    expect((await orderItems(adminsOwn.orderId, colleagueCookie)).status).toBe(404); // a buyer sees their own only
    expect((await orderItems(theirs.orderId, adminCookie)).status).toBe(404); // another company's: as if unknown
    expect((await orderItems(mine.orderId, outsiderCookie)).status).toBe(404);

    const invoiceNumbers = async (cookie: string) =>
      (await readJson(await callRoute(apiInvoices.loader, buildRequest("/api/invoices", { cookie })))).map((i: { invoiceNumber: string }) => i.invoiceNumber);
    expect(await invoiceNumbers(adminCookie)).toEqual(expect.arrayContaining([mine.invoiceNumber, adminsOwn.invoiceNumber]));
    expect(await invoiceNumbers(adminCookie)).not.toContain(theirs.invoiceNumber);
    expect(await invoiceNumbers(colleagueCookie)).toEqual([mine.invoiceNumber]);
    const pdf = (id: number, cookie: string) => callRoute(apiInvoicePdf.loader, buildRequest(`/api/invoices/${id}/pdf`, { cookie }), { id: String(id) });
    expect((await pdf(mine.id, adminCookie)).status).toBe(200);
    expect((await pdf(theirs.id, adminCookie)).status).toBe(404);

    // people of another company are unknown here
    expect((await api("PATCH", `/api/company/users/${colleague.id}`, outsiderCookie, { role: "viewer" })).status).toBe(404);
    expect((await api("DELETE", `/api/company/users/${colleague.id}`, outsiderCookie)).status).toBe(404);
    expect(findSessionUser(db(), colleague.id)).toMatchObject({ companyRole: "buyer", isActive: true });
  });

  it("deactivating a person (API, then the form to reactivate): they cannot sign in, their cart is cleared, their orders stay", async () => {
    const add = await callRoute(apiCartItems.action, buildRequest("/api/cart/items", { json: { productId: gloves.id, quantity: 3 }, cookie: colleagueCookie }));
    expect(add.status).toBe(200);
    const ordersBefore = (await readJson(await callRoute(apiOrders.loader, buildRequest("/api/orders", { cookie: adminCookie })))).length;

    const deactivated = await api("DELETE", `/api/company/users/${colleague.id}`, adminCookie);
    expect(deactivated.status).toBe(200);
    expect(await readJson(deactivated)).toMatchObject({ id: colleague.id, active: false });
    expect((await postLogin(colleague.email, { password: TEST_PASSWORD })).status).toBe(403);
    // the old session is over too
    expect((await callRoute(apiOrders.loader, buildRequest("/api/orders", { cookie: colleagueCookie }))).status).toBe(401);
    expect(db().select().from(cartItems).where(eq(cartItems.userId, colleague.id)).all()).toEqual([]);
    expect((await readJson(await callRoute(apiOrders.loader, buildRequest("/api/orders", { cookie: adminCookie })))).length).toBe(ordersBefore);

    const back = await postPage({ intent: "reactivate", userId: colleague.id });
    expect(redirectLocation(back)).toBe("/account/company");
    colleagueCookie = await signIn(colleague.email);
  });
});

describe("the company's address book", () => {
  it("is shared by the company and kept by its company admins: a buyer sees it and is refused changes (403), another company gets 404", async () => {
    const apiAddresses = await import("~/routes/api.addresses");
    const apiAddress = await import("~/routes/api.addresses.$id");
    const site = { label: "Harbour kitchen", name: "Goods In", address: "2 Quay Street", city: "Hull", postcode: "HU1 1AA" };
    const created = await callRoute(apiAddresses.action, buildRequest("/api/addresses", { json: site, cookie: adminCookie }));
    expect(created.status).toBe(201);
    const { id } = await readJson(created);
    const seen = await readJson(await callRoute(apiAddresses.loader, buildRequest("/api/addresses", { cookie: colleagueCookie })));
    expect(seen.map((a: { label: string }) => a.label)).toContain("Harbour kitchen");

    const byBuyer = await callRoute(apiAddresses.action, buildRequest("/api/addresses", { json: { ...site, label: "Mine" }, cookie: colleagueCookie }));
    expect(byBuyer.status).toBe(403);
    const deleteByBuyer = await callRoute(apiAddress.action, buildRequest(`/api/addresses/${id}`, { method: "DELETE", cookie: colleagueCookie }), { id: String(id) });
    expect(deleteByBuyer.status).toBe(403);
    const byOutsider = await callRoute(apiAddress.loader, buildRequest(`/api/addresses/${id}`, { cookie: outsiderCookie }), { id: String(id) });
    expect(byOutsider.status).toBe(404);
    const still = await readJson(await callRoute(apiAddresses.loader, buildRequest("/api/addresses", { cookie: adminCookie })));
    expect(still.map((a: { label: string }) => a.label)).toEqual(["Harbour kitchen"]);
  });
});
