/**
 * Quotes through the API door (docs/decisions/0072, 0073): a buyer asks, the back office prices and sends (the
 * PDF by mail), the buyer accepts: one order at the quoted prices even when list prices changed since, once
 * whatever the key is sent again; an expired quote is refused (409); another company's quote is unknown (404);
 * an accepted quote over the buyer's spending limit waits for the company's approvers and, once approved, is
 * placed at the quoted prices. The screens' forms are in quotes-screens.test.ts.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs, orderItems, orders, products, quotes, users } from "~db/schema";
import { loadSalesInvoiceDocument } from "~/domain/invoices/invoice-document.server";
import * as apiAdminQuote from "~/routes/api.admin.quotes.$id";
import * as apiAdminQuotes from "~/routes/api.admin.quotes";
import * as apiAdminSend from "~/routes/api.admin.quotes.$id.send";
import * as apiApproval from "~/routes/api.company.approvals.$id";
import * as apiLimits from "~/routes/api.company.limits";
import * as apiQuote from "~/routes/api.quotes.$id";
import * as apiAccept from "~/routes/api.quotes.$id.accept";
import * as apiDecline from "~/routes/api.quotes.$id.decline";
import * as apiRevise from "~/routes/api.quotes.$id.revise";
import * as apiQuotes from "~/routes/api.quotes";
import * as apiQuotePdf from "~/routes/api.quotes.$id.pdf";
import * as apiAdminQuotePdf from "~/routes/api.admin.quotes.$id.pdf";
import { getDb } from "~/utils/db.server";
import { addDays, ukDay } from "~/utils/uk-time";
import { companyIdOf, createProduct, createUser, SHIPPING } from "./factories";
import { buildRequest, callRoute, readJson } from "./http";
import { mailsDuring } from "./outbox";
import { pdfText } from "./pdf-text";
import { signIn } from "./sign-in";

type User = typeof users.$inferSelect;
const db = () => getDb();
const cookies: Record<string, string> = {};
let buyer: User;
let approver: User;
let outsider: User;
let tiles: typeof products.$inferSelect; // £20.00 ex VAT list, cost £12.00
let adhesive: typeof products.$inferSelect; // £8.00 ex VAT list, cost £5.00

const today = () => ukDay();

beforeAll(async () => {
  const owner = await createUser({ email: "owner@harrogate-care.co.uk", firstName: "Olive", lastName: "Owner", businessName: "Harrogate Care Homes Ltd" });
  const companyId = companyIdOf(owner.id);
  buyer = await createUser({ email: "facilities@harrogate-care.co.uk", firstName: "Fay", lastName: "Facilities", companyId, companyRole: "buyer" });
  approver = await createUser({ email: "finance@harrogate-care.co.uk", firstName: "Fin", lastName: "Ance", companyId, companyRole: "approver" });
  outsider = await createUser({ email: "chef@other-kitchen.co.uk", businessName: "Other Kitchen Ltd" });
  await createUser({ email: "rep@wholesale.example.com", role: "admin", staffRole: "sales" });
  await createUser({ email: "yard@wholesale.example.com", role: "admin", staffRole: "warehouse" });
  for (const [name, email] of Object.entries({
    owner: owner.email,
    buyer: buyer.email,
    approver: approver.email,
    outsider: outsider.email,
    sales: "rep@wholesale.example.com",
    warehouse: "yard@wholesale.example.com",
  })) {
    cookies[name] = await signIn(email);
  }
  tiles = createProduct({ name: "Anti-slip Floor Tiles (box)", salesPrice: 2000, costPrice: 1200, stockLevel: 500 });
  adhesive = createProduct({ name: "Tile Adhesive 20kg", salesPrice: 800, costPrice: 500, stockLevel: 300 });
  // the buyer's earlier order: where an accepted quote's order is delivered when the company has no address book
  db().insert(orders).values({ orderNumber: "ORD-QT-0001", userId: buyer.id, companyId, status: "delivered", subtotal: 0, vatAmount: 0, total: 0, ...SHIPPING }).run();
});

const json = (cookie: string, body: unknown, key?: string) => ({ json: body, cookie, headers: key ? { "Idempotency-Key": key } : undefined });

async function requestQuote(cookie: string, items: { productId: number; quantity: number }[], extra: Record<string, unknown> = {}) {
  const response = await callRoute(apiQuotes.action, buildRequest("/api/quotes", json(cookie, { items, ...extra })));
  return { status: response.status, body: await readJson(response) };
}

async function priceQuote(id: number, body: unknown) {
  const response = await callRoute(apiAdminQuote.action, buildRequest(`/api/admin/quotes/${id}`, { method: "PUT", ...json(cookies.sales!, body) }), { id: String(id) });
  return { status: response.status, body: await readJson(response) };
}

async function sendQuote(id: number, cookie = cookies.sales!) {
  const response = await callRoute(apiAdminSend.action, buildRequest(`/api/admin/quotes/${id}/send`, { method: "POST", cookie }), { id: String(id) });
  return { status: response.status, body: await readJson(response) };
}

async function accept(cookie: string, id: number, key?: string, body: unknown = {}) {
  const response = await callRoute(apiAccept.action, buildRequest(`/api/quotes/${id}/accept`, json(cookie, body, key)), { id: String(id) });
  return { status: response.status, body: await readJson(response) };
}

async function getQuote(cookie: string, id: number) {
  const response = await callRoute(apiQuote.loader, buildRequest(`/api/quotes/${id}`, { cookie }), { id: String(id) });
  return { status: response.status, body: await readJson(response) };
}

/** A quote asked for, priced (tiles at £17.50, adhesive at 10% off the buyer's price) and sent, valid for a week. */
async function sentQuote(cookie = cookies.buyer!, quantities = { tiles: 40, adhesive: 10 }) {
  const asked = await requestQuote(cookie, [
    { productId: tiles.id, quantity: quantities.tiles },
    { productId: adhesive.id, quantity: quantities.adhesive },
  ]);
  expect(asked.status).toBe(201);
  const id = asked.body.quote.id as number;
  const priced = await priceQuote(id, {
    items: [
      { productId: tiles.id, quantity: quantities.tiles, unitPrice: "17.50" },
      { productId: adhesive.id, quantity: quantities.adhesive, discountPercent: "10" },
    ],
    validUntil: addDays(today(), 7),
    deliveryTerms: "Free delivery to Harrogate, two pallets",
  });
  expect(priced.status).toBe(200);
  const sent = await sendQuote(id);
  expect(sent.status).toBe(200);
  return id;
}

const setListPrice = (product: { id: number }, salesPrice: number) => db().update(products).set({ salesPrice }).where(eq(products.id, product.id)).run();
const ordersOfQuote = (id: number) => db().select().from(orders).where(eq(orders.quoteId, id)).all();

describe("asking for, pricing and sending a quote", () => {
  it("a buyer's request is unpriced; the back office prices it by price or discount, with the margin, and sends the PDF by mail", async () => {
    const asked = await requestQuote(cookies.buyer!, [{ productId: tiles.id, quantity: 40 }, { productId: adhesive.id, quantity: 10 }], {
      notes: "Refit of the east wing",
      wantedBy: addDays(today(), 14),
    });
    expect(asked.status).toBe(201);
    expect(asked.body.quote).toMatchObject({
      status: "requested",
      version: 1,
      requestNotes: "Refit of the east wing",
      total: null,
      lines: [
        { productId: tiles.id, quantity: 40, unitPrice: null },
        { productId: adhesive.id, quantity: 10, unitPrice: null },
      ],
    });
    expect(asked.body.quote.label).toMatch(/^QT-\d{5} v1$/);
    const id = asked.body.quote.id;

    // a sent quote needs its prices first
    const early = await sendQuote(id);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe("Price every line before sending the quote");

    // warehouse staff may not price quotes
    const refused = await callRoute(apiAdminQuotes.loader, buildRequest("/api/admin/quotes", { cookie: cookies.warehouse! }));
    expect(refused.status).toBe(403);

    const bad = await priceQuote(id, { items: [{ productId: tiles.id, quantity: 40 }], validUntil: addDays(today(), 7) });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Enter a price (ex VAT) or a discount % for each line");

    const priced = await priceQuote(id, {
      items: [
        { productId: tiles.id, quantity: 40, unitPrice: "17.50" },
        { productId: adhesive.id, quantity: 10, discountPercent: "10" },
      ],
      validUntil: addDays(today(), 7),
      notes: "Prices held for the whole refit",
    });
    expect(priced.status).toBe(200);
    expect(priced.body.quote).toMatchObject({
      status: "draft",
      // 40 × £17.50 + 10 × £7.20 = £772.00 ex VAT; VAT 20% £154.40
      subtotal: "772.00",
      vatAmount: "154.40",
      total: "926.40",
      // (17.50 − 12.00) × 40 + (7.20 − 5.00) × 10 = £242.00
      margin: "242.00",
      lines: [
        { unitPrice: "17.50", buyerPrice: "20.00", costPrice: "12.00", discountPercent: "12.50", margin: "220.00" },
        { unitPrice: "7.20", buyerPrice: "8.00", discountPercent: "10.00", margin: "22.00" },
      ],
    });

    const mails = await mailsDuring(async () => {
      const sent = await sendQuote(id);
      expect(sent.status).toBe(200);
      expect(sent.body.sent).toMatchObject({ to: buyer.email, mailed: true });
      expect(sent.body.quote.status).toBe("sent");
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(`Quote ${asked.body.quote.label}`);
    expect(mails[0]!.body).toContain("Total: £926.40 inc VAT");
    expect(mails[0]!.body).toContain("application/pdf");

    // a sent quote cannot be priced again: the buyer asks for a revision instead
    const again = await priceQuote(id, { items: [{ productId: tiles.id, quantity: 40, unitPrice: "1.00" }], validUntil: addDays(today(), 7) });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/cannot be changed: it has already been sent/);
  });

  it("an unknown product or a past wanted-by date is refused, nothing written", async () => {
    const before = db().select().from(quotes).all().length;
    const unknown = await requestQuote(cookies.buyer!, [{ productId: 999999, quantity: 1 }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.field).toBe("items");
    const past = await requestQuote(cookies.buyer!, [{ productId: tiles.id, quantity: 1 }], { wantedBy: addDays(today(), -1) });
    expect(past.status).toBe(400);
    expect(past.body.field).toBe("wantedBy");
    expect(db().select().from(quotes).all()).toHaveLength(before);
  });
});

describe("what the buyer sees before a quote is sent", () => {
  it("no prices while it is a draft (the list's requested filter finds it), and the quoted prices once sent", async () => {
    const asked = await requestQuote(cookies.buyer!, [{ productId: adhesive.id, quantity: 6 }]);
    const id = asked.body.quote.id as number;
    await priceQuote(id, { items: [{ productId: adhesive.id, quantity: 6, unitPrice: "7.00" }], validUntil: addDays(today(), 7) });
    const draft = (await getQuote(cookies.buyer!, id)).body.quote;
    expect(draft).toMatchObject({ status: "draft", total: null, subtotal: null, lines: [{ quantity: 6, unitPrice: null, lineTotal: null }] });
    const requested = await readJson(await callRoute(apiQuotes.loader, buildRequest("/api/quotes?status=requested", { cookie: cookies.buyer! })));
    const row = requested.items.find((q: { id: number }) => q.id === id);
    expect(row).toMatchObject({ status: "draft", total: null });
    // the back office sees its own prices meanwhile
    const staff = await readJson(await callRoute(apiAdminQuote.loader, buildRequest(`/api/admin/quotes/${id}`, { cookie: cookies.sales! }), { id: String(id) }));
    expect(staff.quote.lines[0].unitPrice).toBe("7.00");
    await sendQuote(id);
    expect((await getQuote(cookies.buyer!, id)).body.quote).toMatchObject({ status: "sent", subtotal: "42.00", lines: [{ unitPrice: "7.00" }] });
  });
});

describe("accepting a quote", () => {
  it("places one order at the quoted prices even though list prices rose since, and a repeat with the same key answers the same order", async () => {
    const id = await sentQuote();
    setListPrice(tiles, 2600);
    setListPrice(adhesive, 1100);
    const stockBefore = db().select({ s: products.stockLevel }).from(products).where(eq(products.id, tiles.id)).get()!.s;

    const first = await accept(cookies.buyer!, id, "accept-quote-1");
    expect(first.status).toBe(201);
    const label = (await getQuote(cookies.buyer!, id)).body.quote.label;
    expect(first.body.order).toMatchObject({ quote: label, shippingPostcode: SHIPPING.shippingPostcode });
    const lines = first.body.order.items.map((item: { productId: number; unitPrice: string; quantity: number }) => [item.productId, item.unitPrice, item.quantity]);
    expect(lines).toEqual([
      [tiles.id, "17.50", 40],
      [adhesive.id, "7.20", 10],
    ]);
    expect(db().select({ s: products.stockLevel }).from(products).where(eq(products.id, tiles.id)).get()!.s).toBe(stockBefore - 40);

    const repeat = await accept(cookies.buyer!, id, "accept-quote-1");
    expect(repeat.status).toBe(200);
    expect(repeat.body.order.id).toBe(first.body.order.id);
    expect(ordersOfQuote(id)).toHaveLength(1);

    // another try without the key: the quote is accepted already
    const again = await accept(cookies.buyer!, id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Quote ${label} cannot be accepted: it has already been accepted`);
    expect(ordersOfQuote(id)).toHaveLength(1);

    const quote = (await getQuote(cookies.buyer!, id)).body.quote;
    expect(quote).toMatchObject({ status: "accepted", order: { id: first.body.order.id } });

    // the invoice names the quote
    const invoice = db().query.salesInvoices.findFirst({ where: (row, { eq: is }) => is(row.orderId, first.body.order.id) }).sync();
    expect(invoice).toBeTruthy();
    expect(loadSalesInvoiceDocument(db(), invoice!.id)?.quote).toBe(label);
    setListPrice(tiles, 2000);
    setListPrice(adhesive, 800);
  });

  it("an expired quote is refused with 409 and nothing written; the buyer can ask for a revision, a new version", async () => {
    const id = await sentQuote();
    // the valid-until day was yesterday (UK): the quote expired at midnight
    db().update(quotes).set({ validUntil: addDays(today(), -1) }).where(eq(quotes.id, id)).run();
    const label = (await getQuote(cookies.buyer!, id)).body.quote.label;
    expect((await getQuote(cookies.buyer!, id)).body.quote.status).toBe("expired");

    const refused = await accept(cookies.buyer!, id, "accept-expired");
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Quote ${label} cannot be accepted: it has expired`);
    expect(ordersOfQuote(id)).toHaveLength(0);

    const declined = await callRoute(apiDecline.action, buildRequest(`/api/quotes/${id}/decline`, json(cookies.buyer!, { reason: "Too late" })), { id: String(id) });
    expect(declined.status).toBe(409);

    const revised = await callRoute(apiRevise.action, buildRequest(`/api/quotes/${id}/revise`, json(cookies.buyer!, { notes: "Please hold the prices another month" })), {
      id: String(id),
    });
    expect(revised.status).toBe(200);
    const next = (await readJson(revised)).quote;
    expect(next).toMatchObject({ version: 2, status: "requested", requestNotes: "Please hold the prices another month", validUntil: null });
    expect(next.versions.map((v: { version: number; status: string }) => [v.version, v.status])).toEqual([
      [1, "revision_requested"],
      [2, "requested"],
    ]);
    // the earlier version is kept as it was, prices included
    expect((await getQuote(cookies.buyer!, id)).body.quote.lines[0].unitPrice).toBe("17.50");
  });

  it("declining needs a reason and ends the quote", async () => {
    const id = await sentQuote();
    const empty = await callRoute(apiDecline.action, buildRequest(`/api/quotes/${id}/decline`, json(cookies.buyer!, { reason: " " })), { id: String(id) });
    expect(empty.status).toBe(400);
    expect((await readJson(empty)).field).toBe("reason");
    const declined = await callRoute(apiDecline.action, buildRequest(`/api/quotes/${id}/decline`, json(cookies.buyer!, { reason: "Went with a local supplier" })), {
      id: String(id),
    });
    expect(declined.status).toBe(200);
    expect((await readJson(declined)).quote).toMatchObject({ status: "declined", declineReason: "Went with a local supplier" });
    expect((await accept(cookies.buyer!, id)).status).toBe(409);
  });

  it("another company's quote is unknown: 404 to read, accept or decline; an approver of the company sees a buyer's quote", async () => {
    const id = await sentQuote();
    expect((await getQuote(cookies.outsider!, id)).status).toBe(404);
    expect((await accept(cookies.outsider!, id)).status).toBe(404);
    const decline = await callRoute(apiDecline.action, buildRequest(`/api/quotes/${id}/decline`, json(cookies.outsider!, { reason: "mine now" })), { id: String(id) });
    expect(decline.status).toBe(404);
    expect(ordersOfQuote(id)).toHaveLength(0);
    expect((await getQuote(cookies.approver!, id)).status).toBe(200);
    const list = await readJson(await callRoute(apiQuotes.loader, buildRequest("/api/quotes", { cookie: cookies.outsider! })));
    expect(list.items.map((q: { id: number }) => q.id)).not.toContain(id);
  });

  it("over the buyer's spending limit it waits for the company's approvers, and once approved is placed at the quoted prices", async () => {
    const limits = await callRoute(
      apiLimits.action,
      buildRequest("/api/company/limits", { method: "PUT", json: { people: [{ id: buyer.id, orderLimit: "100.00", periodLimit: null, limitPeriod: "none" }] }, cookie: cookies.owner! }),
    );
    expect(limits.status).toBe(200);
    const id = await sentQuote();

    const accepted = await accept(cookies.buyer!, id, "accept-over-limit");
    expect(accepted.status).toBe(202);
    expect(ordersOfQuote(id)).toHaveLength(0);
    const approvalId = accepted.body.approval.id as number;

    // the list price rises while it waits: the quoted price still holds, so there is no price change to confirm
    setListPrice(tiles, 2600);
    const decided = await callRoute(
      apiApproval.action,
      buildRequest(`/api/company/approvals/${approvalId}`, { json: { decision: "approve" }, cookie: cookies.approver! }),
      { id: String(approvalId) },
    );
    expect(decided.status).toBe(200);
    const placed = ordersOfQuote(id);
    expect(placed).toHaveLength(1);
    // 40 × £17.50 + 10 × £7.20
    expect(placed[0]!.subtotal).toBe(77200);
    const quote = (await getQuote(cookies.buyer!, id)).body.quote;
    expect(quote).toMatchObject({ status: "accepted", order: { id: placed[0]!.id } });
    setListPrice(tiles, 2000);
  });

  it("a rejected approval opens the quote again, and the buyer may accept it once more", async () => {
    // the buyer's limit of £100 per order (set above) still holds
    const id = await sentQuote();
    const accepted = await accept(cookies.buyer!, id, "accept-then-rejected");
    expect(accepted.status).toBe(202);
    const approvalId = accepted.body.approval.id as number;
    const rejected = await callRoute(
      apiApproval.action,
      buildRequest(`/api/company/approvals/${approvalId}`, { json: { decision: "reject", reason: "Not this month" }, cookie: cookies.approver! }),
      { id: String(approvalId) },
    );
    expect(rejected.status).toBe(200);
    expect((await getQuote(cookies.buyer!, id)).body.quote).toMatchObject({ status: "sent", approvalRequestId: null, order: null });
    const again = await accept(cookies.buyer!, id, "accept-after-rejection");
    expect(again.status).toBe(202);
  });
});

describe("a quote's PDF (API)", () => {
  const buyerPdf = (cookie: string, id: number) => callRoute(apiQuotePdf.loader, buildRequest(`/api/quotes/${id}/pdf`, { cookie }), { id: String(id) });
  const staffPdf = (cookie: string, id: number) =>
    callRoute(apiAdminQuotePdf.loader, buildRequest(`/api/admin/quotes/${id}/pdf`, { cookie }), { id: String(id) });

  it("the buyer downloads each sent version, which says its version; before it is sent it is 409; another company's is 404", async () => {
    const asked = await requestQuote(cookies.buyer!, [{ productId: tiles.id, quantity: 12 }]);
    const id = asked.body.quote.id as number;
    const early = await buyerPdf(cookies.buyer!, id);
    expect(early.status).toBe(409);
    expect((await readJson(early)).message).toMatch(/has not been sent to you yet/);
    // staff: nothing priced yet, 409; a priced draft downloads and says DRAFT
    expect((await staffPdf(cookies.sales!, id)).status).toBe(409);
    await priceQuote(id, { items: [{ productId: tiles.id, quantity: 12, unitPrice: "18.00" }], validUntil: addDays(today(), 7) });
    const draft = await staffPdf(cookies.sales!, id);
    expect(draft.status).toBe(200);
    expect(pdfText(Buffer.from(await draft.arrayBuffer()))).toContain("DRAFT QUOTE");
    expect((await buyerPdf(cookies.buyer!, id)).status).toBe(409);
    await sendQuote(id);

    const response = await buyerPdf(cookies.buyer!, id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    const label = asked.body.quote.label as string;
    const number = asked.body.quote.quoteNumber as string;
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="${number}-v1.pdf"`);
    const text = pdfText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain("QUOTE");
    expect(text).not.toContain("DRAFT");
    expect(text).toContain(number);
    expect(text).toContain("Version");
    expect(text).toContain("£216.00"); // 12 × £18.00 ex VAT
    expect(text).toContain("Total (inc VAT)");
    expect(label).toBe(`${number} v1`);

    // a revision is a new version with its own PDF once sent; the first keeps its own
    const revised = await callRoute(apiRevise.action, buildRequest(`/api/quotes/${id}/revise`, json(cookies.buyer!, { notes: "Twenty boxes please" })), {
      id: String(id),
    });
    const v2 = (await readJson(revised)).quote.id as number;
    await priceQuote(v2, { items: [{ productId: tiles.id, quantity: 20, unitPrice: "17.00" }], validUntil: addDays(today(), 7) });
    await sendQuote(v2);
    const second = await buyerPdf(cookies.buyer!, v2);
    expect(second.headers.get("Content-Disposition")).toBe(`attachment; filename="${number}-v2.pdf"`);
    const secondText = pdfText(Buffer.from(await second.arrayBuffer()));
    expect(secondText).toMatch(/Version\s*\n?\s*2/);
    expect(secondText).toContain("£340.00");
    expect((await buyerPdf(cookies.buyer!, id)).status).toBe(200);

    // the company's approver sees it; another company, a warehouse hand and a stranger to the quote do not
    expect((await buyerPdf(cookies.approver!, v2)).status).toBe(200);
    const outsider = await buyerPdf(cookies.outsider!, v2);
    expect(outsider.status).toBe(404);
    expect(await readJson(outsider)).toEqual({ message: expect.any(String) });
    expect((await staffPdf(cookies.warehouse!, v2)).status).toBe(403);
    expect((await staffPdf(cookies.sales!, 999999)).status).toBe(404);
    expect((await buyerPdf(cookies.buyer!, 999999)).status).toBe(404);
  });
});

describe("pack rules on quotes (API)", () => {
  let cases: typeof products.$inferSelect; // sold in cases of 6, at least 12

  beforeAll(() => {
    cases = createProduct({ name: "Sparkling Water 330ml", salesPrice: 90, costPrice: 40, stockLevel: 1000, orderMultiple: 6, minOrderQuantity: 12, packLabel: "case of 6" });
  });

  it("a buyer's request with a quantity outside the pack rule is refused on quantity, naming the rule and the nearest quantity; nothing written", async () => {
    const before = db().select().from(quotes).all().length;
    const refused = await requestQuote(cookies.buyer!, [{ productId: tiles.id, quantity: 3 }, { productId: cases.id, quantity: 20 }]);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      message: "Sparkling Water 330ml is sold in multiples of 6 (case of 6), at least 12: 18 or 24? The nearest quantity allowed is 18.",
      field: "quantity",
    });
    const belowMinimum = await requestQuote(cookies.buyer!, [{ productId: cases.id, quantity: 6 }]);
    expect(belowMinimum.body.message).toMatch(/at least 12: 12\? The nearest quantity allowed is 12\.$/);
    expect(db().select().from(quotes).all()).toHaveLength(before);
    expect((await requestQuote(cookies.buyer!, [{ productId: cases.id, quantity: 18 }])).status).toBe(201);
  });

  it("staff pricing keeps the rule unless they quote outside it with a reason, which is logged; the buyer then accepts that quantity", async () => {
    const asked = await requestQuote(cookies.buyer!, [{ productId: cases.id, quantity: 24 }]);
    const id = asked.body.quote.id as number;
    const body = { items: [{ productId: cases.id, quantity: 15, unitPrice: "0.80" }], validUntil: addDays(today(), 7) };

    const refused = await priceQuote(id, body);
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe("quantity");
    expect(refused.body.message).toContain("The nearest quantity allowed is 18.");
    const noReason = await priceQuote(id, { ...body, overridePackRules: true });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toEqual({ message: "Give a reason to quote outside the pack rules", field: "packOverrideReason" });
    expect(db().select().from(quotes).where(eq(quotes.id, id)).get()!.status).toBe("requested");

    const priced = await priceQuote(id, { ...body, overridePackRules: true, packOverrideReason: "Fifteen for the tasting day: one case split" });
    expect(priced.status).toBe(200);
    // the back office sees the rule beside the line
    expect(priced.body.quote.lines[0]).toMatchObject({ quantity: 15, unitPrice: "0.80", packRule: "Case of 6 · min 12" });
    const logged = db().select().from(auditLogs).where(eq(auditLogs.action, "quote.pack_rule_overridden")).all().filter((row) => row.entityId === String(id));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]!.details!)).toMatchObject({
      reason: "Fifteen for the tasting day: one case split",
      lines: [{ productId: cases.id, quantity: 15, rule: expect.stringContaining("multiples of 6") }],
    });

    // a quantity within the rule needs no reason, and nothing is logged
    const within = await priceQuote(id, { items: [{ productId: cases.id, quantity: 30, unitPrice: "0.80" }], validUntil: addDays(today(), 7) });
    expect(within.status).toBe(200);
    await priceQuote(id, { ...body, overridePackRules: true, packOverrideReason: "Fifteen for the tasting day: one case split" });

    expect((await sendQuote(id)).status).toBe(200);
    const accepted = await accept(cookies.buyer!, id, `accept-pack-rule-${id}`);
    expect(accepted.status).toBe(201);
    const [order] = ordersOfQuote(id);
    expect(db().select({ quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, order!.id)).all()).toEqual([{ quantity: 15 }]);
  });
});
