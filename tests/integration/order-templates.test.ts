/**
 * Order templates through both doors: the cart page's Save as Template form and /account/templates
 * (plain form posts, as without JavaScript), and the JSON API.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderTemplates, products, productVariants, users } from "~db/schema";
import {
  TEMPLATE_DELETE_FAILED,
  TEMPLATE_LOAD_FAILED,
  TEMPLATE_NAME_REQUIRED,
  TEMPLATE_NAME_REQUIRED_DESCRIPTION,
  TEMPLATE_SAVE_FAILED,
} from "~/domain/cart/order-template.schema";
import * as root from "~/root";
import * as accountTemplates from "~/routes/account.templates/route";
import * as apiTemplate from "~/routes/api.order-templates.$id";
import * as apiTemplates from "~/routes/api.order-templates";
import * as cartAdd from "~/routes/cart.add";
import * as cartPage from "~/routes/cart/route";
import { getDb } from "~/utils/db.server";
import { createProduct, createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation, type RouteHandler } from "./http";
import { signIn } from "./sign-in";

type Product = typeof products.$inferSelect;
let towels: Product; // 5 in stock
let vest: Product; // Size S/M/L
let milk: Product;
let ownerEmail: string;
let otherEmail: string;

beforeAll(async () => {
  ownerEmail = (await createUser({ email: "templates-owner@example.com" })).email;
  otherEmail = (await createUser({ email: "templates-other@example.com" })).email;
  towels = createProduct({ name: "Paper Towels", salesPrice: 250, stockLevel: 5 });
  vest = createProduct({ name: "Hi-Vis Vest", salesPrice: 1000, stockLevel: 50 });
  getDb().insert(productVariants).values({ productId: vest.id, name: "Size", options: ["S", "M", "L"], position: 0 }).run();
  milk = createProduct({ name: "Semi-Skimmed Milk", salesPrice: 333, vatRate: 500, stockLevel: 200 });
});

function userId(email: string) {
  return getDb().select({ id: users.id }).from(users).where(eq(users.email, email)).get()!.id;
}

function templatesOf(email: string) {
  return getDb().select().from(orderTemplates).where(eq(orderTemplates.userId, userId(email))).all();
}

class Browser {
  constructor(public cookie = "") {}

  keep(response: Response) {
    if (response.headers.getSetCookie().length > 0) this.cookie = cookieFrom(response, this.cookie);
    return response;
  }

  async signIn(email: string) {
    this.cookie = await signIn(email, { cookie: this.cookie });
    return this;
  }

  async add(fields: Record<string, string | number>) {
    this.keep(await callRoute(cartAdd.action, buildRequest("/cart/add", { form: { redirectTo: "/cart", ...fields }, cookie: this.cookie })));
    await this.toast(); // the "Added to Cart!" notice is shown once
  }

  async clearCart() {
    this.keep(await callRoute(cartPage.action, buildRequest("/cart", { form: { intent: "clear" }, cookie: this.cookie })));
  }

  async post(handler: RouteHandler, path: string, form: Record<string, string | number>) {
    return this.keep(await callRoute(handler, buildRequest(path, { form, cookie: this.cookie })));
  }

  async load(handler: RouteHandler, path: string) {
    return readJson(this.keep(await callRoute(handler, buildRequest(path, { cookie: this.cookie }))));
  }

  async toast() {
    return (await readJson(this.keep(await callRoute(root.loader, buildRequest("/", { cookie: this.cookie }))))).toast;
  }

  async api(handler: RouteHandler, method: string, path: string, json?: unknown, params: Record<string, string> = {}, headers?: HeadersInit) {
    const response = await callRoute(handler, buildRequest(path, { method, json, cookie: this.cookie, headers }), params);
    return { status: response.status, body: response.status === 204 ? null : await readJson(response) };
  }

  async cartLines() {
    const page = await this.load(cartPage.loader, "/cart");
    return page.lines.map((line: { productName: string; quantity: number; selectedVariants: Record<string, string> }) => [
      line.productName,
      line.quantity,
      line.selectedVariants,
    ]);
  }
}

async function saveFromCart(browser: Browser, fields: Record<string, string>) {
  const page = await browser.load(cartPage.loader, "/cart?dialog=save-template");
  return browser.post(cartPage.action, "/cart?dialog=save-template", {
    intent: "save-template",
    idempotencyKey: page.saveTemplateKey,
    ...fields,
  });
}

describe("saving the cart as a template (the cart page)", () => {
  it("needs a name: blank or spaces only is refused with both messages and nothing is saved", async () => {
    const browser = await new Browser().signIn(ownerEmail);
    await browser.clearCart();
    await browser.add({ productId: towels.id, quantity: 2 });
    const before = templatesOf(ownerEmail).length;

    for (const name of ["", "    "]) {
      const response = await saveFromCart(browser, { name, description: "whatever" });
      expect(response.status).toBe(400);
      const body = await readJson(response);
      expect(body.result.error.name).toEqual([TEMPLATE_NAME_REQUIRED]);
      expect(body.notice).toEqual({ title: TEMPLATE_NAME_REQUIRED, description: TEMPLATE_NAME_REQUIRED_DESCRIPTION });
    }
    expect(templatesOf(ownerEmail)).toHaveLength(before);
  });

  it("saves the cart's lines with a null description when none is given, once per form", async () => {
    const browser = await new Browser().signIn(ownerEmail);
    await browser.clearCart();
    await browser.add({ productId: towels.id, quantity: 2 });
    await browser.add({ productId: vest.id, quantity: 3, "variant:Size": "M" });
    const before = templatesOf(ownerEmail).length;

    const page = await browser.load(cartPage.loader, "/cart?dialog=save-template");
    const fields = { intent: "save-template", idempotencyKey: page.saveTemplateKey, name: "  Weekly restock ", description: "" };
    const response = await browser.post(cartPage.action, "/cart?dialog=save-template", fields);
    expect(redirectLocation(response)).toBe("/cart");
    expect(await browser.toast()).toMatchObject({ title: "Template saved" });

    // the same form posted again (double click): no second template
    expect(redirectLocation(await browser.post(cartPage.action, "/cart?dialog=save-template", fields))).toBe("/cart");
    const saved = templatesOf(ownerEmail);
    expect(saved).toHaveLength(before + 1);
    const template = saved.at(-1)!;
    expect(template.name).toBe("Weekly restock");
    expect(template.description).toBeNull();
    expect(template.items).toEqual([
      { productId: towels.id, productName: "Paper Towels", quantity: 2, selectedVariants: {} },
      { productId: vest.id, productName: "Hi-Vis Vest", quantity: 3, selectedVariants: { Size: "M" } },
    ]);
    // saving does not touch the cart
    expect(await browser.cartLines()).toEqual([
      ["Paper Towels", 2, {}],
      ["Hi-Vis Vest", 3, { Size: "M" }],
    ]);
  });

  it("keeps a description, and refuses an empty cart with the save failure message", async () => {
    const browser = await new Browser().signIn(ownerEmail);
    await browser.clearCart();
    await browser.add({ productId: milk.id, quantity: 4 });
    expect(redirectLocation(await saveFromCart(browser, { name: "Dairy", description: " Every Monday " }))).toBe("/cart");
    expect(templatesOf(ownerEmail).at(-1)).toMatchObject({ name: "Dairy", description: "Every Monday" });

    await browser.clearCart();
    const empty = await saveFromCart(browser, { name: "Nothing" });
    expect(empty.status).toBe(400);
    expect((await readJson(empty)).notice).toEqual({
      title: TEMPLATE_SAVE_FAILED,
      description: "Your cart is empty. Add products before saving a template.",
    });
  });

  it("sends a guest to log in first", async () => {
    const browser = new Browser();
    await browser.add({ productId: towels.id, quantity: 1 });
    const response = await browser.post(cartPage.action, "/cart?dialog=save-template", { intent: "save-template", name: "Mine" });
    expect(redirectLocation(response)).toBe(`/login?redirectTo=${encodeURIComponent("/cart?dialog=save-template")}`);
  });
});

describe("the template API", () => {
  it("answers 401 when signed out", async () => {
    const guest = new Browser();
    expect((await guest.api(apiTemplates.loader, "GET", "/api/order-templates")).status).toBe(401);
    expect((await guest.api(apiTemplates.action, "POST", "/api/order-templates", { name: "x", items: [] })).status).toBe(401);
    expect((await guest.api(apiTemplate.action, "DELETE", "/api/order-templates/1", undefined, { id: "1" })).status).toBe(401);
  });

  it("validates the name, the items and the products, naming the field", async () => {
    const browser = await new Browser().signIn(ownerEmail);
    const item = { productId: towels.id, productName: "Paper Towels", quantity: 2, selectedVariants: {} };
    const cases: [unknown, string, string][] = [
      [{ name: "   ", items: [item] }, "name", TEMPLATE_NAME_REQUIRED],
      [{ items: [item] }, "name", TEMPLATE_NAME_REQUIRED],
      [{ name: "Bar", items: [] }, "items", "A template needs at least one item"],
      [{ name: "Bar", items: [{ ...item, quantity: 0 }] }, "items.0.quantity", "Quantity must be a positive whole number"],
      [{ name: "Bar", items: [item, { ...item, quantity: 1.5 }] }, "items.1.quantity", "Quantity must be a positive whole number"],
      [{ name: "Bar", items: [{ ...item, productId: 999_999 }] }, "items.0.productId", "Product 999999 not found"],
      [{ name: "Bar", items: [{ ...item, productId: vest.id, selectedVariants: { Size: "XXL" } }] }, "items.0.selectedVariants", ""],
      [{ name: "Bar", items: [{ ...item, productId: vest.id, selectedVariants: {} }] }, "items.0.selectedVariants", ""],
    ];
    const before = templatesOf(ownerEmail).length;
    for (const [payload, field, message] of cases) {
      const { status, body } = await browser.api(apiTemplates.action, "POST", "/api/order-templates", payload);
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.field).toBe(field);
      if (message) expect(body.message).toBe(message);
    }
    expect(templatesOf(ownerEmail)).toHaveLength(before);
  });

  it("creates a template (201), lists only the caller's own, and honours an Idempotency-Key", async () => {
    const owner = await new Browser().signIn(ownerEmail);
    const other = await new Browser().signIn(otherEmail);
    const payload = {
      name: "API bar order",
      description: "",
      items: [
        { productId: vest.id, productName: "whatever the client says", quantity: 2, selectedVariants: { size: "l" } },
        { productId: milk.id, productName: "Milk", quantity: 6, selectedVariants: {} },
      ],
    };
    const headers = { "Idempotency-Key": "template-create-0001" };
    const created = await owner.api(apiTemplates.action, "POST", "/api/order-templates", payload, {}, headers);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "API bar order",
      description: null,
      items: [
        // the product's own name, and its variant spelled as the product spells it
        { productId: vest.id, productName: "Hi-Vis Vest", quantity: 2, selectedVariants: { Size: "L" } },
        { productId: milk.id, productName: "Semi-Skimmed Milk", quantity: 6, selectedVariants: {} },
      ],
    });
    expect(typeof created.body.id).toBe("number");
    expect(new Date(created.body.createdAt).toString()).not.toBe("Invalid Date");

    const repeated = await owner.api(apiTemplates.action, "POST", "/api/order-templates", payload, {}, headers);
    expect(repeated.body.id).toBe(created.body.id);
    expect(templatesOf(ownerEmail).filter((row) => row.name === "API bar order")).toHaveLength(1);

    const otherCreated = await other.api(apiTemplates.action, "POST", "/api/order-templates", { ...payload, name: "Other's" });
    expect(otherCreated.status).toBe(201);

    const mine = await owner.api(apiTemplates.loader, "GET", "/api/order-templates");
    expect(mine.status).toBe(200);
    expect(mine.body[0]).toEqual(created.body); // newest first
    expect(mine.body.map((template: { name: string }) => template.name)).not.toContain("Other's");
    const theirs = await other.api(apiTemplates.loader, "GET", "/api/order-templates");
    expect(theirs.body.map((template: { name: string }) => template.name)).toEqual(["Other's"]);
  });

  it("deletes only the caller's own template: another user's or an unknown id is 404 and nothing is deleted", async () => {
    const owner = await new Browser().signIn(ownerEmail);
    const other = await new Browser().signIn(otherEmail);
    const item = { productId: milk.id, productName: "Milk", quantity: 1, selectedVariants: {} };
    const { body: template } = await owner.api(apiTemplates.action, "POST", "/api/order-templates", { name: "Keep me", items: [item] });
    const path = `/api/order-templates/${template.id}`;

    const stolen = await other.api(apiTemplate.action, "DELETE", path, undefined, { id: String(template.id) });
    expect(stolen).toEqual({ status: 404, body: { message: "Template not found" } });
    expect(templatesOf(ownerEmail).some((row) => row.id === template.id)).toBe(true);
    const peek = await other.api(apiTemplate.loader, "GET", path, undefined, { id: String(template.id) });
    expect(peek.status).toBe(404);

    const deleted = await owner.api(apiTemplate.action, "DELETE", path, undefined, { id: String(template.id) });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe("Template deleted");
    expect(templatesOf(ownerEmail).some((row) => row.id === template.id)).toBe(false);

    const again = await owner.api(apiTemplate.action, "DELETE", path, undefined, { id: String(template.id) });
    expect(again.status).toBe(404);
    const nonsense = await owner.api(apiTemplate.action, "DELETE", "/api/order-templates/abc", undefined, { id: "abc" });
    expect(nonsense.status).toBe(404);
  });
});

describe("/account/templates", () => {
  it("is for signed-in users", async () => {
    const response = await callRoute(accountTemplates.loader, buildRequest("/account/templates"));
    expect(redirectLocation(response)).toBe(`/login?redirectTo=${encodeURIComponent("/account/templates")}`);
  });

  it("lists the user's templates, newest first, and shows the empty state to a user with none", async () => {
    const fresh = await createUser({ email: "templates-none@example.com" });
    const empty = await new Browser().signIn(fresh.email);
    const nothing = await empty.load(accountTemplates.loader, "/account/templates");
    expect(nothing.templates).toMatchObject({ items: [], total: 0, page: 1, pageCount: 1 });

    const owner = await new Browser().signIn(ownerEmail);
    const page = await owner.load(accountTemplates.loader, "/account/templates");
    const names = page.templates.items.map((template: { name: string }) => template.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names).not.toContain("Other's");
    const ids = page.templates.items.map((template: { id: number }) => template.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it("loads a template into the cart, skipping a product that no longer exists with the failure message", async () => {
    const browser = await new Browser().signIn(ownerEmail);
    await browser.clearCart();
    const doomed = createProduct({ name: "Discontinued Mop", salesPrice: 500, stockLevel: 10 });
    const { body: template } = await browser.api(apiTemplates.action, "POST", "/api/order-templates", {
      name: "With a gone product",
      items: [
        { productId: towels.id, quantity: 2, selectedVariants: {} },
        { productId: doomed.id, quantity: 1, selectedVariants: {} },
        { productId: vest.id, quantity: 1, selectedVariants: { Size: "S" } },
      ],
    });
    getDb().delete(products).where(eq(products.id, doomed.id)).run();

    const page = await browser.load(accountTemplates.loader, "/account/templates");
    const response = await browser.post(accountTemplates.action, "/account/templates", {
      intent: "load",
      templateId: template.id,
      idempotencyKey: page.idempotencyKey,
    });
    expect(redirectLocation(response)).toBe("/cart");
    const toast = await browser.toast();
    expect(toast).toMatchObject({ title: TEMPLATE_LOAD_FAILED, variant: "destructive" });
    expect(toast.description).toBe(
      'Added 2 products (3 units) from "With a gone product" to your cart. Skipped: Discontinued Mop (no longer available).',
    );
    // the rest were still loaded
    expect(await browser.cartLines()).toEqual([
      ["Paper Towels", 2, {}],
      ["Hi-Vis Vest", 1, { Size: "S" }],
    ]);

    // the same form posted twice adds nothing more
    await browser.post(accountTemplates.action, "/account/templates", {
      intent: "load",
      templateId: template.id,
      idempotencyKey: page.idempotencyKey,
    });
    expect(await browser.cartLines()).toEqual([
      ["Paper Towels", 2, {}],
      ["Hi-Vis Vest", 1, { Size: "S" }],
    ]);
  });

  it("loads a template whose products are all available, adding to lines already in the cart", async () => {
    const browser = await new Browser().signIn(ownerEmail);
    await browser.clearCart();
    await browser.add({ productId: milk.id, quantity: 1 });
    const { body: template } = await browser.api(apiTemplates.action, "POST", "/api/order-templates", {
      name: "Milk run",
      items: [{ productId: milk.id, quantity: 5, selectedVariants: {} }],
    });
    const response = await browser.post(accountTemplates.action, "/account/templates", { intent: "load", templateId: template.id });
    expect(redirectLocation(response)).toBe("/cart");
    expect(await browser.toast()).toEqual({
      title: "Template loaded",
      description: 'Added 1 product (5 units) from "Milk run" to your cart.',
    });
    expect(await browser.cartLines()).toEqual([["Semi-Skimmed Milk", 6, {}]]);
  });

  it("puts in what there is of a short item and says so: one short, one out of stock", async () => {
    const browser = await new Browser().signIn(ownerEmail);
    await browser.clearCart();
    const soldOut = createProduct({ name: "Blue Roll", salesPrice: 1599, stockLevel: 0 });
    const { body: template } = await browser.api(apiTemplates.action, "POST", "/api/order-templates", {
      name: "Weekly clean",
      items: [
        { productId: towels.id, quantity: 10, selectedVariants: {} },
        { productId: soldOut.id, quantity: 2, selectedVariants: {} },
        { productId: milk.id, quantity: 4, selectedVariants: {} },
        { productId: vest.id, quantity: 2, selectedVariants: { Size: "L" } },
      ],
    });
    const page = await browser.load(accountTemplates.loader, "/account/templates");
    const response = await browser.post(accountTemplates.action, "/account/templates", {
      intent: "load",
      templateId: template.id,
      idempotencyKey: page.idempotencyKey,
    });
    expect(redirectLocation(response)).toBe("/cart");
    expect(await browser.toast()).toEqual({
      title: "Template loaded",
      description:
        'Added 3 products (11 units) from "Weekly clean" to your cart. ' +
        "Short: Paper Towels (asked 10, added 5); Blue Roll: out of stock.",
    });
    expect(await browser.cartLines()).toEqual([
      ["Paper Towels", 5, {}],
      ["Semi-Skimmed Milk", 4, {}],
      ["Hi-Vis Vest", 2, { Size: "L" }],
    ]);
  });

  it("will not load another user's template", async () => {
    const owner = await new Browser().signIn(ownerEmail);
    const other = await new Browser().signIn(otherEmail);
    await other.clearCart();
    const { body: template } = await owner.api(apiTemplates.action, "POST", "/api/order-templates", {
      name: "Private",
      items: [{ productId: milk.id, quantity: 1, selectedVariants: {} }],
    });
    const response = await other.post(accountTemplates.action, "/account/templates", { intent: "load", templateId: template.id });
    expect(redirectLocation(response)).toBe("/account/templates");
    expect(await other.toast()).toMatchObject({ title: TEMPLATE_LOAD_FAILED, description: "This template no longer exists." });
    expect(await other.cartLines()).toEqual([]);
  });

  it("deletes with a confirmation step, and never another user's template", async () => {
    const owner = await new Browser().signIn(ownerEmail);
    const other = await new Browser().signIn(otherEmail);
    const { body: template } = await owner.api(apiTemplates.action, "POST", "/api/order-templates", {
      name: "Short-lived",
      items: [{ productId: milk.id, quantity: 1, selectedVariants: {} }],
    });

    // the confirmation step is a URL
    const confirm = await owner.load(accountTemplates.loader, `/account/templates?delete=${template.id}`);
    expect(confirm.confirmDelete).toEqual({ id: template.id, name: "Short-lived", shared: false });
    const notTheirs = await other.load(accountTemplates.loader, `/account/templates?delete=${template.id}`);
    expect(notTheirs.confirmDelete).toBeNull();
    expect(notTheirs.deleteMissing).toBe(true);

    const refused = await other.post(accountTemplates.action, "/account/templates", { intent: "delete", templateId: template.id });
    expect(redirectLocation(refused)).toBe("/account/templates");
    expect(await other.toast()).toMatchObject({ title: TEMPLATE_DELETE_FAILED, variant: "destructive" });
    expect(templatesOf(ownerEmail).some((row) => row.id === template.id)).toBe(true);

    const fields = { intent: "delete", templateId: template.id, idempotencyKey: confirm.idempotencyKey };
    const deleted = await owner.post(accountTemplates.action, "/account/templates", fields);
    expect(redirectLocation(deleted)).toBe("/account/templates");
    expect(await owner.toast()).toEqual({ title: "Template deleted", description: '"Short-lived" was deleted.' });
    expect(templatesOf(ownerEmail).some((row) => row.id === template.id)).toBe(false);

    // Confirm clicked twice: the second answers as the first did
    await owner.post(accountTemplates.action, "/account/templates", fields);
    expect(await owner.toast()).toMatchObject({ title: "Template deleted" });
  });
});
