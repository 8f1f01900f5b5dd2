/**
 * Shared lists (docs/decisions/0068-shared-lists.md) through both doors: /account/templates (plain form posts,
 * as without JavaScript) and the JSON API. One company (a company admin, the list's maker, a colleague who buys,
 * a viewer) on a 10% price tier, and a buyer of another company.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, orderTemplates, priceTiers, products, users } from "~db/schema";
import { TEMPLATE_LOAD_FAILED } from "~/domain/cart/order-template.schema";
import { TEMPLATE_CHANGE_REFUSED } from "~/domain/cart/template-access";
import { VIEWER_MESSAGE } from "~/domain/companies/companies.server";
import * as root from "~/root";
import { COMPANY_ROLE_REFUSED_TITLE } from "~/domain/companies/company-roles";
import * as accountTemplates from "~/routes/account.templates/route";
import * as apiTemplate from "~/routes/api.order-templates.$id";
import * as apiTemplateCopy from "~/routes/api.order-templates.$id.copy";
import * as apiTemplateLoad from "~/routes/api.order-templates.$id.load";
import * as apiTemplates from "~/routes/api.order-templates";
import * as cartAdd from "~/routes/cart.add";
import * as cartPage from "~/routes/cart/route";
import { getDb } from "~/utils/db.server";
import { companyIdOf, createProduct, createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation, type RouteHandler } from "./http";
import { signIn } from "./sign-in";

type Product = typeof products.$inferSelect;
type TemplateJson = {
  id: number;
  name: string;
  shared: boolean;
  createdBy: { id: string; name: string };
  canEdit: boolean;
  updatedAt: string;
  createdAt: string;
  items: { productId: number; productName: string; quantity: number; selectedVariants: Record<string, string> }[];
};

const PATH = "/account/templates";
let flour: Product; // £10.00 ex VAT, £9.00 at the company's 10% tier
let oil: Product; // £5.00, £4.50 at the tier
let makerId: string;

class Person {
  cookie = "";

  async signIn(email: string) {
    this.cookie = await signIn(email);
    return this;
  }

  keep(response: Response) {
    if (response.headers.getSetCookie().length > 0) this.cookie = cookieFrom(response, this.cookie);
    return response;
  }

  async post(form: Record<string, string | number>, path = PATH) {
    return this.keep(await callRoute(accountTemplates.action, buildRequest(path, { form, cookie: this.cookie })));
  }

  async page(path = PATH) {
    return readJson(this.keep(await callRoute(accountTemplates.loader, buildRequest(path, { cookie: this.cookie }))));
  }

  async toast() {
    return (await readJson(this.keep(await callRoute(root.loader, buildRequest("/", { cookie: this.cookie }))))).toast;
  }

  async api(handler: RouteHandler, method: string, path: string, json?: unknown, headers?: HeadersInit) {
    const id = /\/api\/order-templates\/([^/]+)/.exec(path)?.[1];
    const response = await callRoute(handler, buildRequest(path, { method, json, cookie: this.cookie, headers }), id ? { id } : {});
    return { status: response.status, body: await readJson(response) };
  }

  async add(productId: number, quantity: number) {
    const form = { redirectTo: "/cart", productId, quantity };
    this.keep(await callRoute(cartAdd.action, buildRequest("/cart/add", { form, cookie: this.cookie })));
    await this.toast();
  }

  async clearCart() {
    this.keep(await callRoute(cartPage.action, buildRequest("/cart", { form: { intent: "clear" }, cookie: this.cookie })));
    await this.toast();
  }

  async cartLines() {
    const page = await readJson(this.keep(await callRoute(cartPage.loader, buildRequest("/cart", { cookie: this.cookie }))));
    return page.lines.map((line: { productName: string; quantity: number; unitPriceExVat: number }) => [line.productName, line.quantity, line.unitPriceExVat]);
  }

  /** A new template of this person's, through the API. */
  async template(name: string, items: [Product, number][] = [[flour, 2], [oil, 1]]): Promise<TemplateJson> {
    const { status, body } = await this.api(apiTemplates.action, "POST", "/api/order-templates", {
      name,
      items: items.map(([product, quantity]) => ({ productId: product.id, quantity, selectedVariants: {} })),
    });
    expect(status).toBe(201);
    return body;
  }
}

let admin: Person;
let maker: Person;
let colleague: Person;
let viewer: Person;
let outsider: Person;

const row = (id: number) => getDb().select().from(orderTemplates).where(eq(orderTemplates.id, id)).get();
const names = (list: { name: string }[]) => list.map((template) => template.name);

beforeAll(async () => {
  const tier = getDb().insert(priceTiers).values({ name: "Shared lists 10%", discountPercentage: 1000 }).returning().get();
  const owner = await createUser({ email: "ada@harbour-kitchen.co.uk", firstName: "Ada", lastName: "Admin", businessName: "Harbour Kitchen Ltd", priceTierId: tier.id });
  const companyId = companyIdOf(owner.id);
  makerId = (await createUser({ email: "mo@harbour-kitchen.co.uk", firstName: "Mo", lastName: "Maker", companyId, companyRole: "buyer" })).id;
  await createUser({ email: "cy@harbour-kitchen.co.uk", firstName: "Cy", lastName: "Colleague", companyId, companyRole: "buyer" });
  await createUser({ email: "vi@harbour-kitchen.co.uk", firstName: "Vi", lastName: "Viewer", companyId, companyRole: "viewer" });
  await createUser({ email: "os@other-bistro.co.uk", businessName: "Other Bistro Ltd", priceTierId: tier.id });
  flour = createProduct({ name: "Strong White Flour 16kg", salesPrice: 1000, stockLevel: 500 });
  oil = createProduct({ name: "Rapeseed Oil 20L", salesPrice: 500, stockLevel: 500 });

  admin = await new Person().signIn("ada@harbour-kitchen.co.uk");
  maker = await new Person().signIn("mo@harbour-kitchen.co.uk");
  colleague = await new Person().signIn("cy@harbour-kitchen.co.uk");
  viewer = await new Person().signIn("vi@harbour-kitchen.co.uk");
  outsider = await new Person().signIn("os@other-bistro.co.uk");
});

describe("shared lists on /account/templates", () => {
  it("the maker shares a list; a colleague sees who made it and loads it at the company's prices; another company cannot", async () => {
    const list = await maker.template("Kitchen restock");
    expect(list).toMatchObject({ shared: false, canEdit: true, createdBy: { id: makerId, name: "Mo Maker" } });
    expect(list.updatedAt).toBe(list.createdAt); // new, so never changed
    expect((await colleague.page()).shared.items.map((t: TemplateJson) => t.id)).not.toContain(list.id);

    expect(redirectLocation(await maker.post({ intent: "share", templateId: list.id }))).toBe(PATH);
    expect(await maker.toast()).toEqual({
      title: "Template shared",
      description: '"Kitchen restock" is now a list everyone in Harbour Kitchen Ltd can load.',
    });
    const makerPage = await maker.page();
    expect(makerPage.templates.items.find((t: TemplateJson) => t.id === list.id)).toMatchObject({ shared: true, canEdit: true });
    expect(makerPage.shared.items.map((t: TemplateJson) => t.id)).not.toContain(list.id); // one's own stay among one's own

    const page = await colleague.page();
    expect(page.companyName).toBe("Harbour Kitchen Ltd");
    const seen = page.shared.items.find((t: TemplateJson) => t.id === list.id);
    expect(seen).toMatchObject({ name: "Kitchen restock", shared: true, canEdit: false, createdBy: { id: makerId, name: "Mo Maker" } });
    expect(page.templates.items.map((t: TemplateJson) => t.id)).not.toContain(list.id);

    await colleague.clearCart();
    const loaded = await colleague.post({ intent: "load", templateId: list.id, idempotencyKey: page.idempotencyKey });
    expect(redirectLocation(loaded)).toBe("/cart");
    expect(await colleague.toast()).toEqual({
      title: "Template loaded",
      description: 'Added 2 products (3 units) from "Kitchen restock" to your cart.',
    });
    expect(await colleague.cartLines()).toEqual([
      ["Strong White Flour 16kg", 2, 900],
      ["Rapeseed Oil 20L", 1, 450],
    ]);

    const other = await outsider.page();
    expect(other.shared.items).toEqual([]);
    await outsider.clearCart();
    expect(redirectLocation(await outsider.post({ intent: "load", templateId: list.id }))).toBe(PATH);
    expect(await outsider.toast()).toMatchObject({ title: TEMPLATE_LOAD_FAILED, description: "This template no longer exists." });
    expect(await outsider.cartLines()).toEqual([]);
  });

  it("a colleague may not change a shared list (the reason, nothing changed); the company admin and the maker may", async () => {
    const list = await maker.template("Bar list");
    await maker.post({ intent: "share", templateId: list.id });
    await maker.toast();

    for (const intent of ["unshare", "delete"]) {
      expect(redirectLocation(await colleague.post({ intent, templateId: list.id }))).toBe(PATH);
      expect(await colleague.toast()).toMatchObject({ description: TEMPLATE_CHANGE_REFUSED, variant: "destructive" });
    }
    const edit = { intent: "edit", templateId: list.id, name: "Mine now", description: "" };
    expect(redirectLocation(await colleague.post(edit, `${PATH}?edit=${list.id}`))).toBe(PATH);
    expect(await colleague.toast()).toMatchObject({ description: TEMPLATE_CHANGE_REFUSED });
    expect(row(list.id)).toMatchObject({ name: "Bar list", shared: true });
    // the Edit and Delete dialogs do not open for them
    expect((await colleague.page(`${PATH}?edit=${list.id}`)).edit).toBeNull();
    expect((await colleague.page(`${PATH}?delete=${list.id}`)).confirmDelete).toBeNull();

    const before = row(list.id)!.updatedAt!;
    const adminPage = await admin.page(`${PATH}?edit=${list.id}`);
    expect(adminPage.edit).toMatchObject({ id: list.id, name: "Bar list" });
    expect(adminPage.shared.items.find((t: TemplateJson) => t.id === list.id)).toMatchObject({ canEdit: true });
    const renamed = await admin.post({ ...edit, name: "Bar list (winter)", description: "Mulled wine season" }, `${PATH}?edit=${list.id}`);
    expect(redirectLocation(renamed)).toBe(PATH);
    expect(await admin.toast()).toEqual({ title: "Template updated", description: '"Bar list (winter)" was saved.' });
    expect(row(list.id)).toMatchObject({ name: "Bar list (winter)", description: "Mulled wine season", shared: true, userId: makerId });
    expect(row(list.id)!.updatedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime());

    // a blank name comes back to the open dialog with its message, and nothing changes
    const blank = await admin.post({ ...edit, name: "  " }, `${PATH}?edit=${list.id}`);
    expect(blank.status).toBe(400);
    expect((await readJson(blank)).result.error.name).toEqual(["Name required"]);
    expect(row(list.id)!.name).toBe("Bar list (winter)");

    // the company admin replaces its lines with their cart's
    await admin.clearCart();
    await admin.add(oil.id, 6);
    await admin.post({ ...edit, name: "Bar list (winter)", replaceLines: "on" }, `${PATH}?edit=${list.id}`);
    expect(row(list.id)!.items).toEqual([{ productId: oil.id, productName: "Rapeseed Oil 20L", quantity: 6, selectedVariants: {} }]);

    // the maker keeps their rights while it is shared
    expect(redirectLocation(await maker.post({ intent: "delete", templateId: list.id }))).toBe(PATH);
    expect(await maker.toast()).toEqual({ title: "Template deleted", description: '"Bar list (winter)" was deleted.' });
    expect(row(list.id)).toBeUndefined();
  });

  it("a viewer (catalogue and prices only) is kept off the lists: the page sends them to their account, the API answers 403", async () => {
    const list = await maker.template("Viewer cannot use");
    await maker.post({ intent: "share", templateId: list.id });
    await maker.toast();

    const page = await callRoute(accountTemplates.loader, buildRequest(PATH, { cookie: viewer.cookie }));
    expect(redirectLocation(page)).toBe("/account");
    expect(redirectLocation(await viewer.post({ intent: "load", templateId: list.id }))).toBe("/account");
    expect(await viewer.toast()).toMatchObject({ title: COMPANY_ROLE_REFUSED_TITLE, description: VIEWER_MESSAGE });
    const listed = await viewer.api(apiTemplates.loader, "GET", "/api/order-templates");
    expect(listed.status).toBe(403);
    const copied = await viewer.api(apiTemplateCopy.action, "POST", `/api/order-templates/${list.id}/copy`);
    expect(copied).toMatchObject({ status: 403, body: { message: VIEWER_MESSAGE } });
    const viewerId = getDb().select({ id: users.id }).from(users).where(eq(users.email, "vi@harbour-kitchen.co.uk")).get()!.id;
    expect(getDb().select().from(cartItems).where(eq(cartItems.userId, viewerId)).all()).toEqual([]);
    expect(row(list.id)!.shared).toBe(true);
  });

  it("a colleague saves a copy as their own; unsharing hides the list from colleagues again", async () => {
    const list = await maker.template("Weekend brunch", [[flour, 4]]);
    await maker.post({ intent: "share", templateId: list.id });
    await maker.toast();

    const page = await colleague.page();
    const copyForm = { intent: "copy", templateId: list.id, idempotencyKey: page.idempotencyKey };
    expect(redirectLocation(await colleague.post(copyForm))).toBe(PATH);
    expect(await colleague.toast()).toEqual({ title: "Copy saved", description: '"Weekend brunch" is now among your own templates.' });
    await colleague.post(copyForm); // Save a copy pressed twice: one copy
    const own = (await colleague.page()).templates.items.filter((t: TemplateJson) => t.name === "Weekend brunch");
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ shared: false, canEdit: true, createdBy: { name: "Cy Colleague" } });
    expect(own[0].items).toEqual([{ productId: flour.id, productName: "Strong White Flour 16kg", quantity: 4, selectedVariants: {} }]);

    expect(redirectLocation(await maker.post({ intent: "unshare", templateId: list.id }))).toBe(PATH);
    expect(await maker.toast()).toEqual({
      title: "Template no longer shared",
      description: '"Weekend brunch" is no longer shared with Harbour Kitchen Ltd.',
    });
    expect((await colleague.page()).shared.items.map((t: TemplateJson) => t.id)).not.toContain(list.id);
    expect((await admin.page()).shared.items.map((t: TemplateJson) => t.id)).not.toContain(list.id);
    await colleague.post({ intent: "load", templateId: list.id });
    expect(await colleague.toast()).toMatchObject({ description: "This template no longer exists." });
    // the copy is the colleague's own and stays
    expect(names((await colleague.page()).templates.items)).toContain("Weekend brunch");
  });
});

describe("shared lists through the API", () => {
  it("lists one's own and the company's shared lists with shared, createdBy and canEdit, never another company's", async () => {
    const list = await maker.template("API shared list");
    const privateOne = await maker.template("API private list");
    const shared = await maker.api(apiTemplate.action, "PATCH", `/api/order-templates/${list.id}`, { shared: true });
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ id: list.id, shared: true, canEdit: true, createdBy: { id: makerId, name: "Mo Maker" } });
    // the existing fields are all still there
    expect(Object.keys(shared.body)).toEqual(expect.arrayContaining(["id", "name", "description", "items", "createdAt"]));

    const seen = await colleague.api(apiTemplates.loader, "GET", "/api/order-templates");
    expect(seen.status).toBe(200);
    const mine = seen.body.find((t: TemplateJson) => t.id === list.id);
    expect(mine).toMatchObject({ shared: true, canEdit: false, createdBy: { id: makerId, name: "Mo Maker" } });
    expect(seen.body.map((t: TemplateJson) => t.id)).not.toContain(privateOne.id);
    expect((await colleague.api(apiTemplate.loader, "GET", `/api/order-templates/${list.id}`)).body).toMatchObject({ id: list.id, canEdit: false });
    expect((await colleague.api(apiTemplate.loader, "GET", `/api/order-templates/${privateOne.id}`)).status).toBe(404);

    const adminList = await admin.api(apiTemplates.loader, "GET", "/api/order-templates");
    expect(adminList.body.find((t: TemplateJson) => t.id === list.id)).toMatchObject({ canEdit: true });
    expect(adminList.body.map((t: TemplateJson) => t.id)).not.toContain(privateOne.id);

    const other = await outsider.api(apiTemplates.loader, "GET", "/api/order-templates");
    expect(other.body.map((t: TemplateJson) => t.id)).not.toContain(list.id);
    for (const [handler, method, path, body] of [
      [apiTemplate.loader, "GET", `/api/order-templates/${list.id}`, undefined],
      [apiTemplate.action, "PATCH", `/api/order-templates/${list.id}`, { name: "Ours now" }],
      [apiTemplate.action, "DELETE", `/api/order-templates/${list.id}`, undefined],
      [apiTemplateCopy.action, "POST", `/api/order-templates/${list.id}/copy`, {}],
      [apiTemplateLoad.action, "POST", `/api/order-templates/${list.id}/load`, undefined],
    ] as const) {
      expect(await outsider.api(handler, method, path, body), `${method} ${path}`).toEqual({ status: 404, body: { message: "Template not found" } });
    }
    expect(row(list.id)).toMatchObject({ name: "API shared list", shared: true });
  });

  it("refuses a colleague's change with 403 {message}; the company admin renames, replaces items and unshares", async () => {
    const list = await maker.template("API bar");
    await maker.api(apiTemplate.action, "PATCH", `/api/order-templates/${list.id}`, { shared: true });
    const path = `/api/order-templates/${list.id}`;

    for (const body of [{ shared: false }, { name: "Cy's" }]) {
      expect(await colleague.api(apiTemplate.action, "PATCH", path, body)).toEqual({ status: 403, body: { message: TEMPLATE_CHANGE_REFUSED } });
    }
    expect(await colleague.api(apiTemplate.action, "DELETE", path)).toEqual({ status: 403, body: { message: TEMPLATE_CHANGE_REFUSED } });
    expect((await viewer.api(apiTemplate.action, "PATCH", path, { shared: false })).body).toEqual({ message: VIEWER_MESSAGE });
    expect(row(list.id)).toMatchObject({ name: "API bar", shared: true });

    // bad input: a clear message and nothing changed
    const empty = await admin.api(apiTemplate.action, "PATCH", path, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Nothing to change: send name, description, shared or items");
    const notBoolean = await admin.api(apiTemplate.action, "PATCH", path, { shared: "yes" });
    expect(notBoolean).toEqual({ status: 400, body: { message: "shared must be true or false", field: "shared" } });
    const unknownProduct = await admin.api(apiTemplate.action, "PATCH", path, { items: [{ productId: 999_999, quantity: 1, selectedVariants: {} }] });
    expect(unknownProduct).toEqual({ status: 400, body: { message: "Product 999999 not found", field: "items.0.productId" } });

    const changed = await admin.api(apiTemplate.action, "PATCH", path, {
      name: "API bar (summer)",
      items: [{ productId: oil.id, quantity: 3, selectedVariants: {} }],
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: "API bar (summer)", shared: true, canEdit: true, createdBy: { id: makerId } });
    expect(changed.body.items).toEqual([{ productId: oil.id, productName: "Rapeseed Oil 20L", quantity: 3, selectedVariants: {} }]);
    expect(Date.parse(changed.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(changed.body.createdAt));

    // the answer is as the admin now sees it: the maker's private template, no longer theirs to change
    expect((await admin.api(apiTemplate.action, "PATCH", path, { shared: false })).body).toMatchObject({ shared: false, canEdit: false });
    // unshared, it is the maker's alone again: the admin and the colleague get 404
    expect((await admin.api(apiTemplate.loader, "GET", path)).status).toBe(404);
    expect((await colleague.api(apiTemplateLoad.action, "POST", `${path}/load`)).status).toBe(404);
    expect((await maker.api(apiTemplate.loader, "GET", path)).body).toMatchObject({ shared: false, canEdit: true });
  });

  it("loads a shared list into a colleague's cart at the company's prices, and saves a copy once per key", async () => {
    const list = await maker.template("API load me", [[flour, 1], [oil, 2]]);
    await maker.api(apiTemplate.action, "PATCH", `/api/order-templates/${list.id}`, { shared: true });

    await colleague.clearCart();
    const loaded = await colleague.api(apiTemplateLoad.action, "POST", `/api/order-templates/${list.id}/load`, undefined, { "Idempotency-Key": "shared-load-0001" });
    expect(loaded.status).toBe(200);
    expect(loaded.body).toMatchObject({ templateId: list.id, templateName: "API load me", added: 2, units: 3, short: [], skipped: [] });
    await colleague.api(apiTemplateLoad.action, "POST", `/api/order-templates/${list.id}/load`, undefined, { "Idempotency-Key": "shared-load-0001" });
    expect(await colleague.cartLines()).toEqual([
      ["Strong White Flour 16kg", 1, 900],
      ["Rapeseed Oil 20L", 2, 450],
    ]);
    expect(await viewer.api(apiTemplateLoad.action, "POST", `/api/order-templates/${list.id}/load`)).toEqual({ status: 403, body: { message: VIEWER_MESSAGE } });

    const headers = { "Idempotency-Key": "shared-copy-0001" };
    const copy = await colleague.api(apiTemplateCopy.action, "POST", `/api/order-templates/${list.id}/copy`, { name: "My brunch" }, headers);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: "My brunch", shared: false, canEdit: true, createdBy: { name: "Cy Colleague" } });
    expect(copy.body.items).toEqual(list.items);
    const again = await colleague.api(apiTemplateCopy.action, "POST", `/api/order-templates/${list.id}/copy`, { name: "My brunch" }, headers);
    expect(again.body.id).toBe(copy.body.id);
    const mine = await colleague.api(apiTemplates.loader, "GET", "/api/order-templates");
    expect(names(mine.body).filter((name) => name === "My brunch")).toHaveLength(1);
    expect((await viewer.api(apiTemplateCopy.action, "POST", `/api/order-templates/${list.id}/copy`, {})).status).toBe(403);
  });

  it("keeps a deactivated maker's shared list with the company: still listed and loadable, the admin still manages it", async () => {
    const leaver = await createUser({ email: "leaver@harbour-kitchen.co.uk", firstName: "Lee", lastName: "Leaver", companyId: companyIdOf(makerId), companyRole: "buyer" });
    const person = await new Person().signIn(leaver.email);
    const list = await person.template("Leaver's list", [[oil, 1]]);
    await person.api(apiTemplate.action, "PATCH", `/api/order-templates/${list.id}`, { shared: true });
    getDb().update(users).set({ isActive: false }).where(eq(users.id, leaver.id)).run();

    const seen = await colleague.api(apiTemplates.loader, "GET", "/api/order-templates");
    expect(seen.body.find((t: TemplateJson) => t.id === list.id)).toMatchObject({ createdBy: { name: "Lee Leaver" }, canEdit: false });
    await colleague.clearCart();
    expect((await colleague.api(apiTemplateLoad.action, "POST", `/api/order-templates/${list.id}/load`)).status).toBe(200);
    expect((await admin.api(apiTemplate.action, "PATCH", `/api/order-templates/${list.id}`, { name: "Oil (was Lee's)" })).status).toBe(200);
  });
});
