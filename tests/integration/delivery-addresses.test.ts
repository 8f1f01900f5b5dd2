/**
 * The address book through both doors (the /account/addresses forms and /api/addresses), each customer's
 * addresses their own, and at checkout: picking a saved address and keeping the typed one.
 */
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliveryAddresses, orders, products, users } from "~db/schema";
import { addToCart } from "~/domain/cart/cart.server";
import { SAVED_ADDRESS_NOT_FOUND } from "~/domain/orders/checkout.server";
import { buyerFor } from "~/domain/pricing/pricing.server";
import { ADDRESS_BOOK_FULL, MAX_ADDRESSES_PER_CUSTOMER } from "~/domain/users/delivery-address.schema";
import { findSessionUser } from "~/domain/users/user-accounts.server";
import * as root from "~/root";
import * as addressesPage from "~/routes/account.addresses/route";
import * as apiAddress from "~/routes/api.addresses.$id";
import * as apiAddresses from "~/routes/api.addresses";
import * as apiOrders from "~/routes/api.orders";
import * as checkoutPage from "~/routes/checkout/route";
import * as orderPlaced from "~/routes/account.orders_.$orderId.placed";
import { getDb } from "~/utils/db.server";
import { createProduct, createUser, companyIdOf } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

type User = typeof users.$inferSelect;

let buyer: User;
let other: User;
let buyerCookie: string;
let otherCookie: string;
let water: typeof products.$inferSelect;

const YARD = { label: "Yard", name: "Goods In", address: "Unit 4, Canal Wharf", city: "Leeds", postcode: "ls115ps" };
const SITE_B = { label: "Site B", name: "Sam Patel", address: "2 Mill Lane", city: "Bradford", postcode: "BD1 1AA" };

beforeAll(async () => {
  buyer = await createUser({ email: "buyer@patel-catering.co.uk", businessName: "Patel Catering Ltd" });
  other = await createUser({ email: "orders@other-trade.co.uk" });
  water = createProduct({ name: "Sparkling Water 24 pack", salesPrice: 525, stockLevel: 1000 });
  buyerCookie = await signIn(buyer.email);
  otherCookie = await signIn(other.email);
});

beforeEach(() => {
  getDb().delete(deliveryAddresses).run();
});

function rowsOf(user: User) {
  return getDb().select().from(deliveryAddresses).where(eq(deliveryAddresses.companyId, companyIdOf(user.id))).orderBy(deliveryAddresses.id).all();
}

function api(method: string, path: string, body?: unknown, { cookie = buyerCookie, key }: { cookie?: string; key?: string } = {}) {
  const request = buildRequest(path, { method, json: body, cookie, headers: key ? { "Idempotency-Key": key } : undefined });
  const id = /\/api\/addresses\/([^/]+)$/.exec(path)?.[1];
  const route = id === undefined ? apiAddresses : apiAddress;
  return callRoute(method === "GET" ? route.loader : route.action, request, id === undefined ? {} : { id });
}

async function pageKey(cookie = buyerCookie, query = "") {
  const page = await callRoute(addressesPage.loader, buildRequest(`/account/addresses${query}`, { cookie }));
  return (await readJson(page)).idempotencyKey as string;
}

async function postPage(form: Record<string, string | number>, { cookie = buyerCookie, query = "" } = {}) {
  return callRoute(
    addressesPage.action,
    buildRequest(`/account/addresses${query}`, { form: { idempotencyKey: await pageKey(cookie), ...form }, cookie }),
  );
}

async function toastAfter(response: Response) {
  const location = redirectLocation(response);
  const rootData = await readJson(await callRoute(root.loader, buildRequest(location, { cookie: cookieFrom(response, buyerCookie) })));
  return { location, toast: rootData.toast };
}

describe("/api/addresses", () => {
  it("adds, lists, reads, edits and deletes the customer's addresses; the first is the default", async () => {
    const created = await api("POST", "/api/addresses", YARD);
    expect(created.status).toBe(201);
    const yard = await readJson(created);
    expect(yard).toMatchObject({ ...YARD, postcode: "LS11 5PS", isDefault: true });
    const siteB = await readJson(await api("POST", "/api/addresses", SITE_B));
    expect(siteB.isDefault).toBe(false);

    const list = await readJson(await api("GET", "/api/addresses"));
    expect(list.map((entry: { label: string; isDefault: boolean }) => [entry.label, entry.isDefault])).toEqual([
      ["Yard", true],
      ["Site B", false],
    ]);
    expect(await readJson(await api("GET", `/api/addresses/${siteB.id}`))).toEqual(siteB);

    // naming another default moves it
    const edited = await api("PUT", `/api/addresses/${siteB.id}`, { ...SITE_B, city: "Halifax", isDefault: true });
    expect(edited.status).toBe(200);
    expect(await readJson(edited)).toMatchObject({ city: "Halifax", isDefault: true });
    expect(rowsOf(buyer).map((row) => [row.label, row.isDefault])).toEqual([
      ["Yard", false],
      ["Site B", true],
    ]);

    // deleting the default passes it to the newest left
    const deleted = await api("DELETE", `/api/addresses/${siteB.id}`);
    expect(await readJson(deleted)).toEqual({ message: "Address deleted", id: siteB.id });
    expect(rowsOf(buyer).map((row) => [row.label, row.isDefault])).toEqual([["Yard", true]]);
    expect((await api("GET", `/api/addresses/${siteB.id}`)).status).toBe(404);
  });

  it("answers 404 for another customer's address on GET, PUT and DELETE and changes nothing", async () => {
    const yard = await readJson(await api("POST", "/api/addresses", YARD));
    for (const [method, body] of [["GET"], ["PUT", SITE_B], ["DELETE"]] as const) {
      const response = await api(method, `/api/addresses/${yard.id}`, body, { cookie: otherCookie });
      expect(response.status, method).toBe(404);
      expect(await readJson(response)).toEqual({ message: "Address not found" });
    }
    expect(await readJson(await api("GET", "/api/addresses", undefined, { cookie: otherCookie }))).toEqual([]);
    expect(rowsOf(buyer)).toMatchObject([{ label: "Yard", city: "Leeds" }]);
  });

  it("answers 400 with the checkout's messages, 401 signed out, and adds once per Idempotency-Key", async () => {
    const blank = await api("POST", "/api/addresses", { ...YARD, name: " " });
    expect(blank.status).toBe(400);
    expect(await readJson(blank)).toEqual({ message: "Name is required", field: "name" });
    const noLabel = await api("POST", "/api/addresses", { ...YARD, label: "" });
    expect(await readJson(noLabel)).toEqual({ message: "Label is required", field: "label" });
    expect((await api("GET", "/api/addresses", undefined, { cookie: "" })).status).toBe(401);
    expect((await api("POST", "/api/addresses", YARD, { cookie: "" })).status).toBe(401);
    expect(rowsOf(buyer)).toEqual([]);

    const key = crypto.randomUUID();
    const first = await readJson(await api("POST", "/api/addresses", YARD, { key }));
    const again = await api("POST", "/api/addresses", YARD, { key });
    expect(await readJson(again)).toEqual(first);
    expect(rowsOf(buyer)).toHaveLength(1);
  });

  it("keeps at most 50 addresses (409)", async () => {
    getDb()
      .insert(deliveryAddresses)
      .values(Array.from({ length: MAX_ADDRESSES_PER_CUSTOMER }, (_, i) => ({ ...YARD, label: `Site ${i}`, companyId: companyIdOf(buyer.id) })))
      .run();
    const full = await api("POST", "/api/addresses", SITE_B);
    expect(full.status).toBe(409);
    expect(await readJson(full)).toEqual({ message: ADDRESS_BOOK_FULL });
  });
});

describe("/account/addresses", () => {
  it("adds, edits, makes default and deletes through the forms, each with a notice", async () => {
    const added = await toastAfter(await postPage({ intent: "add", ...YARD }));
    expect(added).toEqual({ location: "/account/addresses", toast: expect.objectContaining({ title: "Address saved" }) });
    await postPage({ intent: "add", ...SITE_B });
    const [yard, siteB] = rowsOf(buyer);
    expect(yard).toMatchObject({ postcode: "LS11 5PS", isDefault: true });

    const page = await readJson(await callRoute(addressesPage.loader, buildRequest(`/account/addresses?edit=${siteB.id}`, { cookie: buyerCookie })));
    expect(page.addresses.map((entry: { label: string }) => entry.label)).toEqual(["Yard", "Site B"]);
    expect(page.editing).toMatchObject({ id: siteB.id, label: "Site B" });

    await postPage({ intent: "edit", addressId: siteB.id, ...SITE_B, label: "Site B (rear)" }, { query: `?edit=${siteB.id}` });
    const made = await toastAfter(await postPage({ intent: "default", addressId: siteB.id }));
    expect(made.toast).toMatchObject({ title: "Default address changed", description: '"Site B (rear)" is now your default delivery address.' });
    expect(rowsOf(buyer).map((row) => [row.label, row.isDefault])).toEqual([
      ["Yard", false],
      ["Site B (rear)", true],
    ]);

    const removed = await toastAfter(await postPage({ intent: "delete", addressId: yard.id }));
    expect(removed.toast).toMatchObject({ title: "Address deleted" });
    expect(rowsOf(buyer).map((row) => row.label)).toEqual(["Site B (rear)"]);
  });

  it("shows the form's errors (400) and adds nothing", async () => {
    const response = await postPage({ intent: "add", label: "Yard", name: "", address: "", city: "Leeds", postcode: "" });
    expect(response.status).toBe(400);
    const { intent, result } = await readJson(response);
    expect(intent).toBe("add");
    expect(result.error).toEqual({ name: ["Name is required"], address: ["Address is required"], postcode: ["Postcode is required"] });
    expect(rowsOf(buyer)).toEqual([]);
  });

  it("keeps the UK form's parts in the address and city, and gives them back to the edit form", async () => {
    const kitchen = { label: "Kitchen", name: "Sam Patel", businessName: "Patel Catering Ltd", address: "Unit 2", addressLine2: "Hunslet", city: "Leeds", county: "West Yorkshire", postcode: "ls101rs" };
    await postPage({ intent: "add", ...kitchen });
    const [row] = rowsOf(buyer);
    expect(row).toMatchObject({ address: "Patel Catering Ltd, Unit 2, Hunslet", city: "Leeds, West Yorkshire", postcode: "LS10 1RS" });
    const page = await readJson(await callRoute(addressesPage.loader, buildRequest(`/account/addresses?edit=${row.id}`, { cookie: buyerCookie })));
    // the buyer's own business name (beforeAll) goes back to its field
    expect(page.editingParts).toEqual({ businessName: "Patel Catering Ltd", line1: "Unit 2, Hunslet", line2: "", town: "Leeds", county: "West Yorkshire" });
  });

  it("refuses a postcode that is not a UK one on the form and from the API, and keeps nothing", async () => {
    const form = await postPage({ intent: "add", ...YARD, postcode: "D02 X285" });
    expect(form.status).toBe(400);
    expect((await readJson(form)).result.error).toEqual({ postcode: ["Enter a UK postcode, for example LS1 6EN"] });
    const fromApi = await api("POST", "/api/addresses", { ...YARD, postcode: "10115" });
    expect(fromApi.status).toBe(400);
    expect(await readJson(fromApi)).toEqual({ message: "Enter a UK postcode, for example LS1 6EN", field: "postcode" });
    expect(rowsOf(buyer)).toEqual([]);
  });

  it("answers 404 for another customer's address, on the page and in every form, and changes nothing", async () => {
    const yard = await readJson(await api("POST", "/api/addresses", YARD));
    for (const query of [`?edit=${yard.id}`, `?delete=${yard.id}`]) {
      const page = await callRoute(addressesPage.loader, buildRequest(`/account/addresses${query}`, { cookie: otherCookie }));
      expect(page.status).toBe(404);
      expect(await readJson(page)).toMatchObject({ editing: null, deleting: null, missing: true, addresses: [] });
    }
    for (const form of [
      { intent: "edit", addressId: yard.id, ...SITE_B },
      { intent: "delete", addressId: yard.id },
      { intent: "default", addressId: yard.id },
    ]) {
      const response = await postPage(form, { cookie: otherCookie });
      expect(response.status, form.intent).toBe(404);
      expect((await readJson(response)).toast).toMatchObject({ description: "Address not found" });
    }
    expect(rowsOf(buyer)).toMatchObject([{ label: "Yard", name: "Goods In", city: "Leeds" }]);
    expect(rowsOf(other)).toEqual([]);
  });
});

describe("saved addresses at checkout", () => {
  function fillCart() {
    const db = getDb();
    const user = findSessionUser(db, buyer.id)!;
    const added = addToCart(db, { kind: "user", userId: buyer.id }, buyerFor(db, user), { productId: water.id, quantity: 1, selectedVariants: {} });
    expect(added.ok).toBe(true);
  }

  async function openCheckout(query = "") {
    const response = await callRoute(checkoutPage.loader, buildRequest(`/checkout${query}`, { cookie: buyerCookie }));
    expect(response.status).toBe(200);
    return readJson(response);
  }

  it("starts from the default, fills the fields from a picked address, and ignores another customer's", async () => {
    fillCart();
    const yard = await readJson(await api("POST", "/api/addresses", YARD));
    const siteB = await readJson(await api("POST", "/api/addresses", SITE_B));
    const theirs = await readJson(await api("POST", "/api/addresses", SITE_B, { cookie: otherCookie }));

    const start = await openCheckout();
    expect(start.addresses.map((entry: { id: number }) => entry.id)).toEqual([yard.id, siteB.id]);
    expect(start.chosenAddressId).toBe(yard.id);
    expect(start.defaults).toEqual({
      shippingName: "Goods In",
      shippingEmail: buyer.email,
      shippingBusinessName: "",
      shippingAddress: "Unit 4, Canal Wharf",
      shippingAddressLine2: "",
      shippingCity: "Leeds",
      shippingCounty: "",
      shippingPostcode: "LS11 5PS",
    });

    const picked = await openCheckout(`?address=${siteB.id}&voucher=`);
    expect(picked.chosenAddressId).toBe(siteB.id);
    expect(picked.defaults).toMatchObject({ shippingName: "Sam Patel", shippingAddress: "2 Mill Lane", shippingCity: "Bradford" });
    expect(picked.addressProblem).toBeNull();

    const foreign = await openCheckout(`?address=${theirs.id}`);
    expect(foreign.addressProblem).toBe(SAVED_ADDRESS_NOT_FOUND);
    expect(foreign.chosenAddressId).toBeNull();
    expect(foreign.defaults.shippingAddress).not.toBe("2 Mill Lane");
  });

  it("keeps the typed address once when the order is posted again with the same key", async () => {
    fillCart();
    const { idempotencyKey } = await openCheckout();
    const form = {
      shippingName: "Dock Office",
      shippingEmail: buyer.email,
      shippingAddress: "Berth 7, Albert Dock",
      shippingCity: "Liverpool",
      shippingPostcode: "l34aa",
      saveAddress: "on",
      addressLabel: "Dock",
      idempotencyKey,
    };
    const post = () => callRoute(checkoutPage.action, buildRequest("/checkout", { form, cookie: buyerCookie }));
    const first = await post();
    // the order-placed page says what became of the address (the query names the outcome, the book the label)
    const location = redirectLocation(first);
    expect(location).toMatch(/^\/account\/orders\/\d+\/placed\?addressBook=saved$/);
    const placed = await callRoute(orderPlaced.loader, buildRequest(location, { cookie: buyerCookie }), {
      orderId: /orders\/(\d+)\//.exec(location)![1],
    });
    expect((await readJson(placed)).addressBookNotice).toBe('The address was saved to your address book as "Dock".');
    const again = await post();
    expect(redirectLocation(again)).toBe(location);
    expect(rowsOf(buyer)).toMatchObject([{ label: "Dock", name: "Dock Office", postcode: "L3 4AA", isDefault: true }]);
    expect(getDb().select().from(orders).where(eq(orders.userId, buyer.id)).all()).toHaveLength(1);
  });

  it("asks for a label when saving, and the API keeps the address too (not twice)", async () => {
    fillCart();
    const { idempotencyKey } = await openCheckout();
    const unlabelled = await callRoute(
      checkoutPage.action,
      buildRequest("/checkout", {
        form: { shippingName: "Yard", shippingEmail: buyer.email, shippingAddress: "1 Way", shippingCity: "Leeds", shippingPostcode: "LS1 6EN", saveAddress: "on", idempotencyKey },
        cookie: buyerCookie,
      }),
    );
    expect(unlabelled.status).toBe(400);
    expect((await readJson(unlabelled)).result.error).toEqual({ addressLabel: ["Label is required"] });

    const body = {
      shippingName: "Goods In",
      shippingEmail: buyer.email,
      shippingAddress: "Unit 4, Canal Wharf",
      shippingCity: "Leeds",
      shippingPostcode: "LS11 5PS",
      saveAddress: true,
      addressLabel: "Wharf",
      items: [{ productId: water.id, quantity: 1 }],
    };
    const placeApi = () => callRoute(apiOrders.action, buildRequest("/api/orders", { json: body, cookie: buyerCookie }));
    const placed = await placeApi();
    expect(placed.status).toBe(201);
    expect((await readJson(placed)).addressBook).toEqual({ saved: true, label: "Wharf" });
    // the same address again (another order, another key) is not kept twice
    const second = await placeApi();
    expect((await readJson(second)).addressBook).toEqual({ saved: false, reason: "already-saved", label: "Wharf" });
    expect(rowsOf(buyer).map((row) => row.label)).toEqual(["Wharf"]);
  });
});
