import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { purchaseInvoices, users, vatReturns } from "~db/schema";
import * as root from "~/root";
import * as page from "~/routes/admin.vat-returns/route";
import * as pageCsv from "~/routes/admin.vat-returns.$id[.]csv";
import * as apiList from "~/routes/api.admin.vat-returns";
import * as apiGenerate from "~/routes/api.admin.vat-returns.generate";
import * as apiOne from "~/routes/api.admin.vat-returns.$id";
import * as apiFile from "~/routes/api.admin.vat-returns.$id.file";
import * as apiRegenerate from "~/routes/api.admin.vat-returns.$id.regenerate";
import * as apiCsv from "~/routes/api.admin.vat-returns.$id.csv";
import * as apiAssistant from "~/routes/api.admin.vat-assistant";
import * as apiOrderStatus from "~/routes/api.admin.orders.$orderId.status";
import { getDb } from "~/utils/db.server";
import { createInvoicedOrder, createProduct, createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation, type RouteHandler } from "./http";
import { signIn } from "./sign-in";

const db = () => getDb();
let adminCookie: string;
let buyerCookie: string;
let supplier: typeof users.$inferSelect;
const invoiceNumbers: string[] = [];

/** A supplier's invoice, entered straight into the books (the purchase-invoice screens are their own work). */
/** Waits (at most a millisecond) until the clock shows a later millisecond than when it was called. */
function nextMillisecond() {
  const now = Date.now();
  while (Date.now() <= now) {
    // spin: the wait is shorter than a timer's
  }
}

/**
 * Records a supplier's invoice in a millisecond of its own. SQLite stamps it to a fraction of a millisecond
 * while a return is as of a whole one, so without the gaps an invoice recorded in the same millisecond as a
 * filing or a generation would fall on the other side of it than the test means.
 */
function purchaseInvoice(invoiceNumber: string, invoiceDate: string, subtotal: number, vatAmount: number, status: "unpaid" | "void" = "unpaid") {
  nextMillisecond();
  const invoice = db()
    .insert(purchaseInvoices)
    .values({ supplierId: supplier.id, invoiceNumber, invoiceDate, subtotal, vatAmount, total: subtotal + vatAmount, status })
    .returning()
    .get();
  nextMillisecond();
  return invoice;
}

function api(handler: RouteHandler, url: string, method: string, body?: unknown, params: Record<string, string> = {}, cookie = adminCookie, headers?: HeadersInit) {
  return callRoute(handler, buildRequest(url, { method, json: body, cookie, headers }), params);
}
const generate = (periodStart: string, periodEnd: string, headers?: HeadersInit) =>
  api(apiGenerate.action, "/api/admin/vat-returns/generate", "POST", { periodStart, periodEnd }, {}, adminCookie, headers);
const fileApi = (id: number, headers?: HeadersInit) => api(apiFile.action, `/api/admin/vat-returns/${id}/file`, "POST", undefined, { id: String(id) }, adminCookie, headers);
const regenerateApi = (id: number) => api(apiRegenerate.action, `/api/admin/vat-returns/${id}/regenerate`, "POST", undefined, { id: String(id) });
const ask = (question: unknown) => api(apiAssistant.action, "/api/admin/vat-assistant", "POST", { question });

function pagePost(form: Record<string, string | number>, url = "/admin/vat-returns") {
  return callRoute(page.action, buildRequest(url, { form: { idempotencyKey: crypto.randomUUID(), ...form }, cookie: adminCookie }));
}
const pageGet = (url: string, cookie = adminCookie) => callRoute(page.loader, buildRequest(url, { cookie }));

/** Follows a form's redirect like a browser: the flashed notice and the page it lands on. */
async function follow(response: Response) {
  const location = redirectLocation(response);
  const next = cookieFrom(response, adminCookie);
  const rootData = await readJson(await callRoute(root.loader, buildRequest(location, { cookie: next })));
  const landed = await readJson(await pageGet(location, next));
  return { location, toast: rootData.toast as { title: string; description?: string } | null, page: landed };
}

const returnRow = (month: string) => db().select().from(vatReturns).where(eq(vatReturns.quarter, month)).get();
const returnCount = () => db().select({ n: sql<number>`count(*)` }).from(vatReturns).get()!.n;

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  const buyer = await createUser({ email: "buyer@harbour-cafe.co.uk", businessName: "Harbour Cafe" });
  supplier = await createUser({ email: "sales@northern.example.com", role: "supplier", businessName: "Northern Catering Supplies" });
  const urn = createProduct({ name: "Tea Urn 20L", salesPrice: 12000, vatRate: 2000 });
  const tea = createProduct({ name: "Tea Bags 1100", salesPrice: 499, vatRate: 0 });
  const gloves = createProduct({ name: "Rigger Gloves", salesPrice: 850, vatRate: 500 });

  adminCookie = await signIn("admin@example.com", { via: "api" });
  buyerCookie = await signIn(buyer.email, { via: "api" });

  // September 2026: two orders invoiced, one cancelled (its invoice becomes void), and one order in August
  invoiceNumbers.push(createInvoicedOrder(buyer, [{ product: urn, quantity: 3 }, { product: tea, quantity: 7 }], "2026-09-03").invoiceNumber);
  invoiceNumbers.push(createInvoicedOrder(buyer, [{ product: gloves, quantity: 13 }], "2026-09-30").invoiceNumber);
  const cancelled = createInvoicedOrder(buyer, [{ product: urn, quantity: 2 }], "2026-09-15");
  const cancelling = await api(apiOrderStatus.action, `/api/admin/orders/${cancelled.orderId}/status`, "PATCH", { status: "cancelled" }, { orderId: String(cancelled.orderId) });
  expect(cancelling.status).toBe(200);
  createInvoicedOrder(buyer, [{ product: urn, quantity: 1 }], "2026-08-31");

  purchaseInvoice("NCS-100", "2026-09-12", 25000, 5000);
  purchaseInvoice("NCS-101", "2026-09-30", 1999, 0); // zero-rated goods
  purchaseInvoice("NCS-102", "2026-09-20", 5000, 1000, "void");
  purchaseInvoice("NCS-103", "2026-10-01", 7000, 1400);
});

/**
 * September by hand:
 *   sales  3 × £120.00 at 20% = £360.00 + £72.00; 7 × £4.99 at 0% = £34.93; 13 × £8.50 at 5% = £110.50 + £5.525 → £5.53
 *          (the cancelled order's £240.00 + £48.00 is void: out)
 *   box 1 = 72.00 + 5.53 = 77.53; box 6 = 360.00 + 34.93 + 110.50 = 505.43 → £505
 *   purchases £250.00 + £50.00 and £19.99 + £0 (the void one out, October's out)
 *   box 4 = 50.00; box 7 = 269.99 → £269; box 5 = 77.53 − 50.00 = 27.53 payable
 */
const SEPTEMBER = {
  quarter: "2026-09",
  periodLabel: "September 2026",
  startDate: "2026-09-01",
  endDate: "2026-09-30",
  box1VatDue: "77.53",
  box2VatDueAcquisitions: "0.00",
  box3TotalVatDue: "77.53",
  box4VatReclaimed: "50.00",
  box5NetVat: "27.53",
  box6TotalSales: "505.00",
  box7TotalPurchases: "269.00",
  box8TotalSupplies: "0.00",
  box9TotalAcquisitions: "0.00",
  netVatDirection: "payable",
  status: "pending",
  isFiled: false,
  dueDate: "2026-11-07",
};

describe("guards", () => {
  it("answers 401 signed out and 403 to a customer, and sends a customer away from the screen", async () => {
    for (const cookie of ["", buyerCookie]) {
      const expected = cookie ? 403 : 401;
      expect((await api(apiList.loader, "/api/admin/vat-returns", "GET", undefined, {}, cookie)).status).toBe(expected);
      expect((await api(apiGenerate.action, "/api/admin/vat-returns/generate", "POST", { periodStart: "2026-09-01", periodEnd: "2026-09-30" }, {}, cookie)).status).toBe(expected);
      expect((await api(apiAssistant.action, "/api/admin/vat-assistant", "POST", { question: "rates" }, {}, cookie)).status).toBe(expected);
    }
    const screen = await pageGet("/admin/vat-returns", buyerCookie);
    expect(screen.status).toBeGreaterThanOrEqual(300);
    expect(returnCount()).toBe(0);
  });
});

describe("generating a month's return", () => {
  it("the form makes September's return, and its nine boxes match the hand computation to the penny", async () => {
    const response = await pagePost({ intent: "generate", month: "2026-09" });
    const { location, toast, page: landed } = await follow(response);
    expect(toast).toMatchObject({ title: "VAT Return generated", description: "The return for September 2026 shows net VAT £27.53 payable." });
    expect(location).toMatch(/^\/admin\/vat-returns\?view=\d+$/);
    expect(landed.view).toMatchObject(SEPTEMBER);
    expect(landed.view.boxes.map((box: { number: number; pence: number }) => [box.number, box.pence])).toEqual([
      [1, 7753], [2, 0], [3, 7753], [4, 5000], [5, 2753], [6, 50500], [7, 26900], [8, 0], [9, 0],
    ]);
    expect(landed.view.counted.sales).toMatchObject({ count: 2, net: 50543, vat: 7753 });
    expect(landed.view.counted.purchases).toMatchObject({ count: 2, net: 26999, vat: 5000 });
  });

  it("the API lists it with boxes as money strings, and shows it with what it counted", async () => {
    const list = await api(apiList.loader, "/api/admin/vat-returns", "GET");
    expect(list.headers.get("X-Total-Count")).toBe("1");
    const [first] = await readJson(list);
    expect(first).toMatchObject(SEPTEMBER);
    const one = await readJson(await api(apiOne.loader, `/api/admin/vat-returns/${first.id}`, "GET", undefined, { id: String(first.id) }));
    expect(one).toMatchObject({ ...SEPTEMBER, outOfDate: false, counted: { salesInvoices: { count: 2, net: "505.43", vat: "77.53" }, purchaseInvoices: { count: 2, net: "269.99", vat: "50.00" } } });
  });

  it("opening box 1 lists the sales invoices behind it, linked by id, without the cancelled order's", async () => {
    const id = returnRow("2026-09")!.id;
    const landed = await readJson(await pageGet(`/admin/vat-returns?view=${id}&box=1`));
    expect(landed.view.lines.group).toBe("sales");
    expect(landed.view.lines.items.map((line: { invoiceNumber: string }) => line.invoiceNumber)).toEqual(invoiceNumbers);
    const purchases = await readJson(await pageGet(`/admin/vat-returns?view=${id}&box=4`));
    expect(purchases.view.lines.items.map((line: { invoiceNumber: string; vat: number }) => [line.invoiceNumber, line.vat])).toEqual([
      ["NCS-100", 5000],
      ["NCS-101", 0],
    ]);
  });

  it("a second return for the month is refused through both doors, and nothing is written", async () => {
    const viaApi = await generate("2026-09-01", "2026-09-30");
    expect(viaApi.status).toBe(409);
    expect(await readJson(viaApi)).toEqual({ message: "A VAT return for September 2026 already exists", field: "periodStart" });
    const viaForm = await pagePost({ intent: "generate", month: "2026-09" });
    expect(viaForm.status).toBe(409);
    const reply = await readJson(viaForm);
    expect(reply.result.error.month).toEqual(["A VAT return for September 2026 already exists"]);
    expect(returnCount()).toBe(1);
  });

  it("the API takes only the first and last day of one calendar month, and no month that has not started", async () => {
    const cases: [string, string, string][] = [
      ["2026-08-02", "2026-08-31", "periodStart"],
      ["2026-08-01", "2026-08-30", "periodEnd"],
      ["2026-08-01", "2026-09-30", "periodEnd"],
      ["01/08/2026", "2026-08-31", "periodStart"],
      ["2099-01-01", "2099-01-31", "periodStart"],
    ];
    for (const [start, end, field] of cases) {
      const response = await generate(start, end);
      expect(response.status, `${start} to ${end}`).toBe(400);
      expect((await readJson(response)).field).toBe(field);
    }
    const missing = await api(apiGenerate.action, "/api/admin/vat-returns/generate", "POST", {});
    expect(missing.status).toBe(400);
    expect(returnCount()).toBe(1);
  });

  it("August by the API: 201, and a repeat with the same key answers the same return", async () => {
    const key = "vat-august-2026-key";
    const first = await generate("2026-08-01", "2026-08-31", { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    const body = await readJson(first);
    expect(body.vatReturn).toMatchObject({ quarter: "2026-08", box1VatDue: "24.00", box6TotalSales: "120.00", box5NetVat: "24.00" });
    const again = await generate("2026-08-01", "2026-08-31", { "Idempotency-Key": key });
    expect((await readJson(again)).vatReturn.id).toBe(body.vatReturn.id);
    expect(returnCount()).toBe(2);
  });
});

describe("filing", () => {
  it("a return not filed may be regenerated: the figures follow the books", async () => {
    const august = returnRow("2026-08")!;
    const late = purchaseInvoice("NCS-099", "2026-08-28", 1000, 200);
    const regenerated = await regenerateApi(august.id);
    expect(regenerated.status).toBe(200);
    expect((await readJson(regenerated)).vatReturn).toMatchObject({ box4VatReclaimed: "2.00", box5NetVat: "22.00" });
    db().delete(purchaseInvoices).where(eq(purchaseInvoices.id, late.id)).run();
    const viaForm = await follow(await pagePost({ intent: "regenerate", id: august.id }));
    expect(viaForm.toast).toMatchObject({ title: "VAT Return regenerated" });
    expect(viaForm.page.view).toMatchObject({ box4VatReclaimed: "0.00", box5NetVat: "24.00" });
  });

  it("the form files September; from then on nothing can regenerate or change it (409, nothing written)", async () => {
    const september = returnRow("2026-09")!;
    const { toast, page: landed } = await follow(await pagePost({ intent: "file", id: september.id }));
    expect(toast).toMatchObject({ title: "VAT Return filed", description: "The return for September 2026 is filed (net VAT £27.53 payable) and can no longer change." });
    expect(landed.view).toMatchObject({ ...SEPTEMBER, status: "paid", isFiled: true });
    const filed = returnRow("2026-09")!;

    for (const response of [await regenerateApi(september.id), await fileApi(september.id), await generate("2026-09-01", "2026-09-30")]) {
      expect(response.status).toBe(409);
    }
    const refused = await follow(await pagePost({ intent: "regenerate", id: september.id }));
    expect(refused.toast).toMatchObject({ title: "Error", description: expect.stringMatching(/^The VAT return for September 2026 was filed on .* and cannot be changed$/) });
    const again = await follow(await pagePost({ intent: "file", id: september.id }));
    expect(again.toast).toMatchObject({ title: "Error" });
    expect(returnRow("2026-09")).toEqual(filed);
    expect(returnCount()).toBe(2);
  });

  it("an invoice for September entered after the filing is counted in October's return as a late entry", async () => {
    purchaseInvoice("NCS-104", "2026-09-25", 4000, 800);
    const october = await generate("2026-10-01", "2026-10-31");
    expect(october.status).toBe(201);
    const { vatReturn } = await readJson(october);
    // NCS-103 (October) £14.00 and the late NCS-104 £8.00
    expect(vatReturn).toMatchObject({ box4VatReclaimed: "22.00", box7TotalPurchases: "110.00", box5NetVat: "-22.00", netVatDirection: "refundable" });
    const landed = await readJson(await pageGet(`/admin/vat-returns?view=${vatReturn.id}&box=7`));
    expect(landed.view.lines.items).toEqual([
      expect.objectContaining({ invoiceNumber: "NCS-104", date: "2026-09-25", late: true }),
      expect.objectContaining({ invoiceNumber: "NCS-103", date: "2026-10-01", late: false }),
    ]);
    // September as filed is unchanged
    expect(returnRow("2026-09")).toMatchObject({ box4VatReclaimed: 5000, isFiled: true });
    const september = await readJson(await pageGet(`/admin/vat-returns?view=${returnRow("2026-09")!.id}&box=4`));
    expect(september.view.lines.items.map((line: { invoiceNumber: string }) => line.invoiceNumber)).toEqual(["NCS-100", "NCS-101"]);
  });

  it("the API files August; a second filing answers 409", async () => {
    const august = returnRow("2026-08")!;
    const filed = await fileApi(august.id);
    expect(filed.status).toBe(200);
    expect((await readJson(filed)).vatReturn).toMatchObject({ status: "paid", isFiled: true });
    expect((await fileApi(august.id)).status).toBe(409);
  });

  it("the CSV carries the boxes and every line behind them, through both doors", async () => {
    const id = returnRow("2026-09")!.id;
    const viaApi = await api(apiCsv.loader, `/api/admin/vat-returns/${id}/csv`, "GET", undefined, { id: String(id) });
    expect(viaApi.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(viaApi.headers.get("Content-Disposition")).toBe('attachment; filename="vat-return-2026-09.csv"');
    expect(viaApi.headers.get("X-Export-Count")).toBe("4");
    const csv = await viaApi.text();
    expect(csv).toContain("VAT return,September 2026");
    expect(csv).toContain("1,VAT due on sales and other outputs,77.53");
    expect(csv).toContain("5,Net VAT to pay to HMRC or reclaim (box 3 less box 4),27.53");
    expect(csv).toContain("6,\"Total value of sales and all other outputs, excluding VAT\",505.00");
    expect(csv).toMatch(new RegExp(`Sales invoice,"1, 6",${invoiceNumbers[1]},2026-09-30,.*,Harbour Cafe,110.50,5.53,`));
    expect(csv).toMatch(/Purchase invoice,"4, 7",NCS-100,2026-09-12,.*,Northern Catering Supplies,250.00,50.00,/);
    expect(csv).not.toContain("NCS-104");

    const viaScreen = await callRoute(pageCsv.loader, buildRequest(`/admin/vat-returns/${id}.csv`, { cookie: adminCookie }), { id: String(id) });
    expect(await viaScreen.text()).toBe(csv);
    expect((await api(apiCsv.loader, "/api/admin/vat-returns/9999/csv", "GET", undefined, { id: "9999" })).status).toBe(404);
  });
});

describe("the VAT assistant", () => {
  it("answers a rule question with its gov.uk source", async () => {
    const response = await ask("What is the VAT registration threshold?");
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body.answer).toContain("£90,000");
    expect(body.kind).toBe("topic");
    expect(body.sources[0]).toEqual({ title: "Register for VAT: when to register", url: "https://www.gov.uk/vat-registration/when-to-register" });
  });

  it("answers a figures question with the month's numbers and whether its return was filed", async () => {
    const body = await readJson(await ask("How much VAT do I owe for September 2026?"));
    expect(body.kind).toBe("figures");
    expect(body.answer).toContain("For September 2026 your net VAT is £27.53 payable to HMRC (box 5): VAT on sales £77.53 (box 1) less VAT reclaimable on purchases £50.00 (box 4).");
    expect(body.answer).toMatch(/The return for September 2026 was filed on \d+ \w+ 2026; these are the filed figures\./);
    expect(body.sources[0]).toEqual({ title: "VAT return for September 2026", url: `/admin/vat-returns?view=${returnRow("2026-09")!.id}` });

    const input = await readJson(await ask("what was my input VAT for 2026-10?"));
    expect(input.answer).toMatch(/^For October 2026 your input VAT \(VAT reclaimable on purchases, box 4\) is £22\.00\./);
    expect(input.answer).toContain("1 late entry from earlier months");
  });

  it("the screen's dialog answers in the page, and a blank question is refused on its field through both doors", async () => {
    const viaForm = await pagePost({ intent: "ask", question: "Do I need to keep records for six years?" }, "/admin/vat-returns?dialog=assistant");
    expect(viaForm.status).toBe(200);
    const reply = await readJson(viaForm);
    expect(reply).toMatchObject({ intent: "ask", question: "Do I need to keep records for six years?", kind: "topic" });
    expect(reply.sources.map((source: { url: string }) => source.url)).toContain("https://www.gov.uk/vat-record-keeping");

    const blank = await ask("   ");
    expect(blank.status).toBe(400);
    expect(await readJson(blank)).toEqual({ message: "Please enter a question", field: "question" });
    const blankForm = await pagePost({ intent: "ask", question: "  " }, "/admin/vat-returns?dialog=assistant");
    expect(blankForm.status).toBe(400);
    expect((await readJson(blankForm)).result.error.question).toEqual(["Please enter a question"]);
  });

  it("says what it can help with when it cannot match a question", async () => {
    const body = await readJson(await ask("Who won the cup final?"));
    expect(body).toMatchObject({ kind: "unknown", sources: [] });
    expect(body.answer).toContain("I could not match that question");
  });
});
