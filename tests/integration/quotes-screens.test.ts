/**
 * Quotes through the screens' forms, as a browser without JavaScript posts them (the API door is quotes.test.ts):
 * Request a quote from the cart (the cart is emptied), the back office prices it (a price, a discount, a removed
 * line) and sends it, the buyer accepts it: one order at the quoted prices whatever the list price does, and the
 * same form posted twice places it once; expired is refused on the form; another company's quote page is 404;
 * over the spending limit, accepting sends it to the approvers.
 */
import { eq } from "drizzle-orm";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, orders, productBarcodes, products, quotes, users } from "~db/schema";
import * as adminQuotePage from "~/routes/admin.quotes.$id/route";
import * as adminQuotesPage from "~/routes/admin.quotes._index";
import * as apiCartItems from "~/routes/api.cart.items";
import * as apiLimits from "~/routes/api.company.limits";
import * as quotePage from "~/routes/account.quotes.$id";
import * as quotesPage from "~/routes/account.quotes._index";
import * as newQuotePage from "~/routes/account.quotes.new";
import * as quotePdf from "~/routes/account.quotes.$id[.]pdf";
import * as adminQuotePdf from "~/routes/admin.quotes.$id[.]pdf";
import { getDb } from "~/utils/db.server";
import { addDays, ukDay } from "~/utils/uk-time";
import { companyIdOf, createProduct, createUser, SHIPPING } from "./factories";
import { buildRequest, callRoute, readJson, redirectLocation } from "./http";
import { mailsDuring } from "./outbox";
import { pdfText } from "./pdf-text";
import { signIn } from "./sign-in";

type User = typeof users.$inferSelect;
const db = () => getDb();
const cookies: Record<string, string> = {};
let buyer: User;
let mugs: typeof products.$inferSelect; // £4.00 list, cost £2.50
let plates: typeof products.$inferSelect; // £6.00 list, cost £3.00
let spoons: typeof products.$inferSelect; // £1.00 list

beforeAll(async () => {
  const owner = await createUser({ email: "owner@dales-cafe.co.uk", businessName: "Dales Cafe Ltd" });
  const companyId = companyIdOf(owner.id);
  buyer = await createUser({ email: "kitchen@dales-cafe.co.uk", firstName: "Kit", lastName: "Chen", companyId, companyRole: "buyer" });
  const outsider = await createUser({ email: "owner@fells-bistro.co.uk", businessName: "Fells Bistro Ltd" });
  await createUser({ email: "rep@wholesale.example.com", role: "admin", staffRole: "sales" });
  cookies.owner = await signIn(owner.email);
  cookies.buyer = await signIn(buyer.email);
  cookies.outsider = await signIn(outsider.email);
  cookies.sales = await signIn("rep@wholesale.example.com");
  mugs = createProduct({ name: "Stoneware Mug 12oz", salesPrice: 400, costPrice: 250, stockLevel: 1000 });
  plates = createProduct({ name: "Dinner Plate 27cm", sku: "PLATE-27", salesPrice: 600, costPrice: 300, stockLevel: 1000 });
  spoons = createProduct({ name: "Teaspoon (each)", salesPrice: 100, costPrice: 40, stockLevel: 1000 });
  db().insert(orders).values({ orderNumber: "ORD-QS-0001", userId: buyer.id, companyId, status: "delivered", subtotal: 0, vatAmount: 0, total: 0, ...SHIPPING }).run();
});

async function fillCart(cookie: string, items: { productId: number; quantity: number }[]) {
  for (const item of items) {
    const added = await callRoute(apiCartItems.action, buildRequest("/api/cart/items", { json: item, cookie }));
    expect(added.status).toBeLessThan(300);
  }
}

async function keyOf(loader: (args: LoaderFunctionArgs) => unknown, path: string, cookie: string, params: Record<string, string> = {}) {
  return (await readJson(await callRoute(loader, buildRequest(path, { cookie }), params))).idempotencyKey as string;
}

/** Request a quote from the cart, as the form posts it; answers the new quote's id. */
async function requestFromCart(cookie: string, form: Record<string, string> = {}) {
  const key = await keyOf(newQuotePage.loader, "/account/quotes/new", cookie);
  const response = await callRoute(newQuotePage.action, buildRequest("/account/quotes/new", { form: { idempotencyKey: key, ...form }, cookie }));
  const location = redirectLocation(response);
  expect(location).toMatch(/^\/account\/quotes\/\d+$/);
  return Number(location.split("/").pop());
}

async function adminForm(id: number, form: Record<string, string>) {
  const key = await keyOf(adminQuotePage.loader, `/admin/quotes/${id}`, cookies.sales!, { id: String(id) });
  return callRoute(adminQuotePage.action, buildRequest(`/admin/quotes/${id}`, { form: { idempotencyKey: key, ...form }, cookie: cookies.sales! }), { id: String(id) });
}

async function acceptForm(cookie: string, id: number, key?: string) {
  const idempotencyKey = key ?? (await keyOf(quotePage.loader, `/account/quotes/${id}`, cookie, { id: String(id) }));
  return callRoute(quotePage.action, buildRequest(`/account/quotes/${id}`, { form: { idempotencyKey, intent: "accept" }, cookie }), { id: String(id) });
}

const quoteRow = (id: number) => db().select().from(quotes).where(eq(quotes.id, id)).get()!;

/** A cart of mugs and plates asked for as a quote, priced on the back office's form and sent. */
async function pricedAndSent(cookie = cookies.buyer!) {
  await fillCart(cookie, [
    { productId: mugs.id, quantity: 48 },
    { productId: plates.id, quantity: 24 },
  ]);
  const id = await requestFromCart(cookie);
  const sent = await adminForm(id, {
    intent: "send",
    "line.0.productId": String(mugs.id),
    "line.0.variants": "{}",
    "line.0.quantity": "48",
    "line.0.unitPrice": "3.20",
    "line.1.productId": String(plates.id),
    "line.1.variants": "{}",
    "line.1.quantity": "24",
    "line.1.unitPrice": "",
    "line.1.discountPercent": "25",
    validUntil: addDays(ukDay(), 3),
  });
  expect(redirectLocation(sent)).toBe(`/admin/quotes/${id}`);
  return id;
}

describe("the quote screens", () => {
  it("Request a quote turns the cart into a quote and empties it; the buyer's list shows it being priced", async () => {
    await fillCart(cookies.buyer!, [
      { productId: mugs.id, quantity: 48 },
      { productId: spoons.id, quantity: 100 },
    ]);
    const id = await requestFromCart(cookies.buyer!, { notes: "New cafe opening", wantedBy: addDays(ukDay(), 10) });
    expect(db().select().from(cartItems).where(eq(cartItems.userId, buyer.id)).all()).toHaveLength(0);
    expect(quoteRow(id)).toMatchObject({ status: "requested", requestNotes: "New cafe opening" });
    const list = await readJson(await callRoute(quotesPage.loader, buildRequest("/account/quotes", { cookie: cookies.buyer! })));
    expect(list.items.find((q: { id: number }) => q.id === id)).toMatchObject({ status: "requested", total: null, lineCount: 2 });

    // an empty cart cannot be asked for
    const key = await keyOf(newQuotePage.loader, "/account/quotes/new", cookies.buyer!);
    const empty = await callRoute(newQuotePage.action, buildRequest("/account/quotes/new", { form: { idempotencyKey: key }, cookie: cookies.buyer! }));
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await readJson(empty))).toContain("Your cart is empty");

    // the back office removes the spoons, prices the mugs and adds plates at the buyer's price, and the list filters by state
    const saved = await adminForm(id, {
      intent: "save",
      "line.0.productId": String(mugs.id),
      "line.0.variants": "{}",
      "line.0.quantity": "48",
      "line.0.unitPrice": "3.50",
      "line.1.productId": String(spoons.id),
      "line.1.variants": "{}",
      "line.1.quantity": "100",
      "line.1.unitPrice": "0.80",
      "line.1.remove": "1",
      "add.code": "plate-27",
      "add.quantity": "12",
      validUntil: addDays(ukDay(), 5),
    });
    expect(redirectLocation(saved)).toBe(`/admin/quotes/${id}`);
    const staffView = (await readJson(await callRoute(adminQuotePage.loader, buildRequest(`/admin/quotes/${id}`, { cookie: cookies.sales! }), { id: String(id) }))).quote;
    expect(staffView.status).toBe("draft");
    expect(staffView.lines.map((l: { productName: string; unitPrice: string; margin: string }) => [l.productName, l.unitPrice, l.margin])).toEqual([
      ["Stoneware Mug 12oz", "3.50", "48.00"],
      ["Dinner Plate 27cm", "6.00", "36.00"],
    ]);
    const drafts = await readJson(await callRoute(adminQuotesPage.loader, buildRequest("/admin/quotes?status=draft", { cookie: cookies.sales! })));
    expect(drafts.items.map((q: { id: number }) => q.id)).toContain(id);
    const requested = await readJson(await callRoute(adminQuotesPage.loader, buildRequest("/admin/quotes?status=requested", { cookie: cookies.sales! })));
    expect(requested.items.map((q: { id: number }) => q.id)).not.toContain(id);

    // a past valid-until date is refused on the form, nothing changed
    const past = await adminForm(id, {
      intent: "save",
      "line.0.productId": String(mugs.id),
      "line.0.quantity": "48",
      "line.0.unitPrice": "1.00",
      validUntil: addDays(ukDay(), -1),
    });
    expect(past.status).toBe(400);
    expect(JSON.stringify(await readJson(past))).toContain("The valid-until date cannot be in the past");
    expect(quoteRow(id).validUntil).toBe(addDays(ukDay(), 5));
  });

  it("Request a quote from a Quick Entry list or a quick-order CSV takes the same lines, leaves the cart alone, and refuses a line it cannot find", async () => {
    await fillCart(cookies.buyer!, [{ productId: spoons.id, quantity: 5 }]);
    const key = () => keyOf(newQuotePage.loader, "/account/quotes/new?from=list", cookies.buyer!);
    const post = async (form: Record<string, string> | FormData) =>
      callRoute(newQuotePage.action, buildRequest("/account/quotes/new", { form, cookie: cookies.buyer! }));

    const before = db().select().from(quotes).all().length;
    const unknown = await post({ idempotencyKey: await key(), source: "list", lines: `${mugs.slug}, 10\nNO-SUCH-SKU, 3` });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await readJson(unknown))).toContain('Line 2: Product \\"NO-SUCH-SKU\\" not found');
    expect(db().select().from(quotes).all()).toHaveLength(before);

    const listed = await post({ idempotencyKey: await key(), source: "list", lines: `${mugs.slug}, 10\n${plates.slug}, 4`, notes: "From the pad" });
    const listId = Number(redirectLocation(listed).split("/").pop());
    const listView = (await readJson(await callRoute(quotePage.loader, buildRequest(`/account/quotes/${listId}`, { cookie: cookies.buyer! }), { id: String(listId) }))).quote;
    expect(listView.lines.map((l: { productId: number; quantity: number }) => [l.productId, l.quantity])).toEqual([
      [mugs.id, 10],
      [plates.id, 4],
    ]);

    const form = new FormData();
    form.set("idempotencyKey", await key());
    form.set("source", "csv");
    form.set("file", new File([`sku,quantity\n${plates.slug},12\n`], "job.csv", { type: "text/csv" }));
    const uploaded = await post(form);
    const csvId = Number(redirectLocation(uploaded).split("/").pop());
    const csvView = (await readJson(await callRoute(quotePage.loader, buildRequest(`/account/quotes/${csvId}`, { cookie: cookies.buyer! }), { id: String(csvId) }))).quote;
    expect(csvView.lines.map((l: { productId: number; quantity: number }) => [l.productId, l.quantity])).toEqual([[plates.id, 12]]);

    // the cart is as it was
    expect(db().select({ productId: cartItems.productId, quantity: cartItems.quantity }).from(cartItems).where(eq(cartItems.userId, buyer.id)).all()).toEqual([
      { productId: spoons.id, quantity: 5 },
    ]);
    db().delete(cartItems).where(eq(cartItems.userId, buyer.id)).run();
  });

  it("Save and send mails the PDF; Accept places one order at the quoted prices, and the same form posted again lands on it", async () => {
    let id = 0;
    const mails = await mailsDuring(async () => {
      id = await pricedAndSent();
    });
    expect(mails.map((mail) => mail.to)).toEqual([buyer.email]);
    expect(mails[0]!.body).toContain("application/pdf");
    expect(quoteRow(id).status).toBe("sent");

    db().update(products).set({ salesPrice: 900 }).where(eq(products.id, plates.id)).run();
    const key = await keyOf(quotePage.loader, `/account/quotes/${id}`, cookies.buyer!, { id: String(id) });
    const first = await acceptForm(cookies.buyer!, id, key);
    const placedAt = redirectLocation(first);
    expect(placedAt).toMatch(/^\/account\/orders\/\d+\/placed$/);
    const again = await acceptForm(cookies.buyer!, id, key);
    expect(redirectLocation(again)).toBe(placedAt);

    const placed = db().select().from(orders).where(eq(orders.quoteId, id)).all();
    expect(placed).toHaveLength(1);
    // 48 × £3.20 + 24 × £4.50 (25% off £6.00 when priced) = £261.60 ex VAT
    expect(placed[0]!.subtotal).toBe(26160);
    db().update(products).set({ salesPrice: 600 }).where(eq(products.id, plates.id)).run();

    const page = await readJson(await callRoute(quotePage.loader, buildRequest(`/account/quotes/${id}`, { cookie: cookies.buyer! }), { id: String(id) }));
    expect(page.quote).toMatchObject({ status: "accepted", order: { id: placed[0]!.id } });
  });

  it("an expired quote's Accept answers 409 on the form and orders nothing; another company's quote is 404", async () => {
    const id = await pricedAndSent();
    db().update(quotes).set({ validUntil: addDays(ukDay(), -1) }).where(eq(quotes.id, id)).run();
    const refused = await acceptForm(cookies.buyer!, id);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await readJson(refused))).toContain("cannot be accepted: it has expired");
    expect(db().select().from(orders).where(eq(orders.quoteId, id)).all()).toHaveLength(0);

    const outsider = await callRoute(quotePage.loader, buildRequest(`/account/quotes/${id}`, { cookie: cookies.outsider! }), { id: String(id) });
    expect(outsider.status).toBe(404);
    const outsiderPost = await callRoute(
      quotePage.action,
      buildRequest(`/account/quotes/${id}`, { form: { intent: "decline", reason: "not mine" }, cookie: cookies.outsider! }),
      { id: String(id) },
    );
    expect(outsiderPost.status).toBe(404);
    expect(quoteRow(id).status).toBe("sent");
  });

  it("over the buyer's spending limit, Accept sends it to the company's approvers", async () => {
    const limits = await callRoute(
      apiLimits.action,
      buildRequest("/api/company/limits", { method: "PUT", json: { people: [{ id: buyer.id, orderLimit: "50.00", periodLimit: null, limitPeriod: "none" }] }, cookie: cookies.owner! }),
    );
    expect(limits.status).toBe(200);
    const id = await pricedAndSent();
    const accepted = await acceptForm(cookies.buyer!, id);
    expect(redirectLocation(accepted)).toMatch(/^\/account\/approvals\/\d+$/);
    expect(quoteRow(id)).toMatchObject({ status: "accepted", acceptedOrderId: null });
    expect(quoteRow(id).approvalRequestId).not.toBeNull();
  });
});

describe("a quote's PDF (screens)", () => {
  const download = (loader: (args: LoaderFunctionArgs) => unknown, path: string, cookie: string, id: number) =>
    callRoute(loader, buildRequest(path, { cookie }), { id: String(id) });

  it("the buyer's quote page and the back office's link the PDF of the version shown; another company's is 404", async () => {
    const id = await pricedAndSent();
    const label = `${quoteRow(id).quoteNumber} v${quoteRow(id).version}`;
    const buyerPdf = await download(quotePdf.loader, `/account/quotes/${id}.pdf`, cookies.buyer!, id);
    expect(buyerPdf.status).toBe(200);
    expect(buyerPdf.headers.get("Content-Disposition")).toBe(`attachment; filename="${quoteRow(id).quoteNumber}-v1.pdf"`);
    const text = pdfText(Buffer.from(await buyerPdf.arrayBuffer()));
    expect(text).toContain(quoteRow(id).quoteNumber);
    expect(text).toContain("Dales Cafe Ltd");
    expect(text).toContain("Subtotal (ex VAT)");
    expect(label).toMatch(/ v1$/);

    const staffPdf = await download(adminQuotePdf.loader, `/admin/quotes/${id}.pdf`, cookies.sales!, id);
    expect(staffPdf.status).toBe(200);
    expect(staffPdf.headers.get("Content-Type")).toBe("application/pdf");

    // the company's other people: the company admin sees it, another company does not (404 as if unknown)
    expect((await download(quotePdf.loader, `/account/quotes/${id}.pdf`, cookies.owner!, id)).status).toBe(200);
    expect((await download(quotePdf.loader, `/account/quotes/${id}.pdf`, cookies.outsider!, id)).status).toBe(404);
    expect((await download(quotePdf.loader, `/account/quotes/abc.pdf`, cookies.buyer!, 0)).status).toBe(404);
    // a buyer is not staff
    const notStaff = await download(adminQuotePdf.loader, `/admin/quotes/${id}.pdf`, cookies.buyer!, id);
    expect([302, 403]).toContain(notStaff.status);
  });

  it("a quote not yet sent has no PDF for the buyer (409), and its page offers no link", async () => {
    await fillCart(cookies.buyer!, [{ productId: spoons.id, quantity: 100 }]);
    const id = await requestFromCart(cookies.buyer!);
    const early = await download(quotePdf.loader, `/account/quotes/${id}.pdf`, cookies.buyer!, id);
    expect(early.status).toBe(409);
    expect(await early.text()).toMatch(/has not been sent to you yet/);
    const page = await readJson(await callRoute(quotePage.loader, buildRequest(`/account/quotes/${id}`, { cookie: cookies.buyer! }), { id: String(id) }));
    expect(page.quote.sentAt).toBeNull();
    expect((await download(adminQuotePdf.loader, `/admin/quotes/${id}.pdf`, cookies.sales!, id)).status).toBe(409);
  });
});

describe("adding a line to a quote on the back office's form", () => {
  it("takes a barcode as quick order does; a SKU or barcode that names nothing is refused on the field, nothing changed", async () => {
    await fillCart(cookies.buyer!, [{ productId: mugs.id, quantity: 10 }]);
    const id = await requestFromCart(cookies.buyer!);
    db().insert(productBarcodes).values({ productId: spoons.id, code: "5012345678900", type: "ean13" }).run();
    const row = { "line.0.productId": String(mugs.id), "line.0.variants": "{}", "line.0.quantity": "10", "line.0.unitPrice": "3.00", validUntil: addDays(ukDay(), 5) };

    const unknown = await adminForm(id, { intent: "save", ...row, "add.code": "NO-SUCH-SKU", "add.quantity": "4" });
    expect(unknown.status).toBe(400);
    const body = await readJson(unknown);
    expect(body.result.error["add.code"]).toEqual(['No product has the SKU or barcode "NO-SUCH-SKU"']);
    expect(body.result.initialValue.add.code).toBe("NO-SUCH-SKU");
    expect(quoteRow(id).status).toBe("requested");

    const added = await adminForm(id, { intent: "save", ...row, "add.code": " 5012345678900 ", "add.quantity": "50", "add.unitPrice": "0.75" });
    expect(redirectLocation(added)).toBe(`/admin/quotes/${id}`);
    const staffView = (await readJson(await callRoute(adminQuotePage.loader, buildRequest(`/admin/quotes/${id}`, { cookie: cookies.sales! }), { id: String(id) }))).quote;
    expect(staffView.lines.map((l: { productName: string; quantity: number; unitPrice: string }) => [l.productName, l.quantity, l.unitPrice])).toEqual([
      ["Stoneware Mug 12oz", 10, "3.00"],
      ["Teaspoon (each)", 50, "0.75"],
    ]);
  });
});

describe("pack rules on quotes (screens)", () => {
  it("a Quick Entry list with a quantity outside the pack rule is refused under the list; staff quote outside it only with a reason", async () => {
    const cases = createProduct({ name: "Napkins (case of 12 packs)", sku: "NAPKIN-CASE", salesPrice: 500, costPrice: 300, stockLevel: 500, orderMultiple: 12, packLabel: "case of 12" });
    const key = () => keyOf(newQuotePage.loader, "/account/quotes/new?from=list", cookies.buyer!);
    const before = db().select().from(quotes).all().length;
    const refused = await callRoute(
      newQuotePage.action,
      buildRequest("/account/quotes/new", { form: { idempotencyKey: await key(), source: "list", lines: `NAPKIN-CASE, 10\n${mugs.slug}, 2` }, cookie: cookies.buyer! }),
    );
    expect(refused.status).toBe(400);
    const body = await readJson(refused);
    expect(body.result.error.lines).toEqual(["Napkins (case of 12 packs) is sold in multiples of 12 (case of 12): 12? The nearest quantity allowed is 12."]);
    expect(db().select().from(quotes).all()).toHaveLength(before);

    const listed = await callRoute(
      newQuotePage.action,
      buildRequest("/account/quotes/new", { form: { idempotencyKey: await key(), source: "list", lines: "NAPKIN-CASE, 24" }, cookie: cookies.buyer! }),
    );
    const id = Number(redirectLocation(listed).split("/").pop());
    const row = { "line.0.productId": String(cases.id), "line.0.variants": "{}", "line.0.quantity": "30", "line.0.unitPrice": "4.50", validUntil: addDays(ukDay(), 5) };
    const outside = await adminForm(id, { intent: "save", ...row });
    expect(outside.status).toBe(400);
    expect((await readJson(outside)).result.error.quantity[0]).toContain("sold in multiples of 12");
    const noReason = await adminForm(id, { intent: "save", ...row, overridePackRules: "on" });
    expect((await readJson(noReason)).result.error.packOverrideReason).toEqual(["Give a reason to quote outside the pack rules"]);
    expect(quoteRow(id).status).toBe("requested");
    const saved = await adminForm(id, { intent: "save", ...row, overridePackRules: "on", packOverrideReason: "Two and a half cases for the function" });
    expect(redirectLocation(saved)).toBe(`/admin/quotes/${id}`);
    expect(quoteRow(id).status).toBe("draft");
  });
});
