/**
 * Making Tax Digital, offline, through both doors: the VAT Returns screen's panel (form post, downloads) and
 * the API (PATCH /api/admin/vat-returns/{id}, GET …/mtd-body), on September 2026's return worked by hand.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, purchaseInvoices, vatReturns } from "~db/schema";
import { PERIOD_KEY_MESSAGE, VRN_MESSAGE } from "~/domain/vat/mtd.schema";
import * as root from "~/root";
import * as page from "~/routes/admin.vat-returns/route";
import * as pageMtdJson from "~/routes/admin.vat-returns.$id.mtd[.]json";
import * as pageBridgingCsv from "~/routes/admin.vat-returns.$id.bridging[.]csv";
import * as apiGenerate from "~/routes/api.admin.vat-returns.generate";
import * as apiOne from "~/routes/api.admin.vat-returns.$id";
import * as apiMtdBody from "~/routes/api.admin.vat-returns.$id.mtd-body";
import * as apiFile from "~/routes/api.admin.vat-returns.$id.file";
import { getDb } from "~/utils/db.server";
import { hmrcSchemaErrors } from "../support/hmrc-vat-schema";
import { createInvoicedOrder, createProduct, createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation, type RouteHandler } from "./http";
import { signIn } from "./sign-in";

const db = () => getDb();
let adminCookie: string;
let buyerCookie: string;
let september: number;
let august: number;

function api(handler: RouteHandler, url: string, method: string, body?: unknown, params: Record<string, string> = {}, cookie = adminCookie, headers?: HeadersInit) {
  return callRoute(handler, buildRequest(url, { method, json: body, cookie, headers }), params);
}
const patchDetails = (id: number, body: unknown, headers?: HeadersInit, cookie = adminCookie) =>
  api(apiOne.action, `/api/admin/vat-returns/${id}`, "PATCH", body, { id: String(id) }, cookie, headers);
const mtdBody = (id: number, cookie = adminCookie) => api(apiMtdBody.loader, `/api/admin/vat-returns/${id}/mtd-body`, "GET", undefined, { id: String(id) }, cookie);
const mtdJson = (id: number, cookie = adminCookie) =>
  callRoute(pageMtdJson.loader, buildRequest(`/admin/vat-returns/${id}/mtd.json`, { cookie }), { id: String(id) });
const bridgingCsv = (id: number) => callRoute(pageBridgingCsv.loader, buildRequest(`/admin/vat-returns/${id}/bridging.csv`, { cookie: adminCookie }), { id: String(id) });
const pagePost = (form: Record<string, string | number>) =>
  callRoute(page.action, buildRequest(`/admin/vat-returns?view=${form.id}`, { form: { idempotencyKey: crypto.randomUUID(), ...form }, cookie: adminCookie }));
const pageGet = (url: string, cookie = adminCookie) => callRoute(page.loader, buildRequest(url, { cookie }));
const row = (id: number) => db().select().from(vatReturns).where(eq(vatReturns.id, id)).get()!;

/** Follows a form's redirect like a browser: the flashed notice and the page it lands on. */
async function follow(response: Response) {
  const location = redirectLocation(response);
  const next = cookieFrom(response, adminCookie);
  const rootData = await readJson(await callRoute(root.loader, buildRequest(location, { cookie: next })));
  const landed = await readJson(await pageGet(location, next));
  return { location, toast: rootData.toast as { title: string; description?: string } | null, page: landed };
}

beforeAll(async () => {
  // the company's VAT number as settings give it, spaces and all
  process.env.COMPANY_VAT_NUMBER = "GB 987 6543 21";
  await createUser({ email: "admin@example.com", role: "admin" });
  const buyer = await createUser({ email: "buyer@harbour-cafe.co.uk", businessName: "Harbour Cafe" });
  const supplier = await createUser({ email: "sales@northern.example.com", role: "supplier", businessName: "Northern Catering Supplies" });
  const urn = createProduct({ name: "Tea Urn 20L", salesPrice: 12000, vatRate: 2000 });
  const tea = createProduct({ name: "Tea Bags 1100", salesPrice: 499, vatRate: 0 });
  const gloves = createProduct({ name: "Rigger Gloves", salesPrice: 850, vatRate: 500 });
  adminCookie = await signIn("admin@example.com", { via: "api" });
  buyerCookie = await signIn(buyer.email, { via: "api" });

  // September 2026 as in admin-vat-returns.test.ts: box 1 £77.53, box 4 £50.00, box 6 £505, box 7 £269
  createInvoicedOrder(buyer, [{ product: urn, quantity: 3 }, { product: tea, quantity: 7 }], "2026-09-03");
  createInvoicedOrder(buyer, [{ product: gloves, quantity: 13 }], "2026-09-30");
  const purchase = (invoiceNumber: string, invoiceDate: string, subtotal: number, vatAmount: number) =>
    db().insert(purchaseInvoices).values({ supplierId: supplier.id, invoiceNumber, invoiceDate, subtotal, vatAmount, total: subtotal + vatAmount, status: "unpaid" }).run();
  purchase("NCS-100", "2026-09-12", 25000, 5000);
  purchase("NCS-101", "2026-09-30", 1999, 0);
  // August: purchases only, so its box 5 is below 0 (a refund from HMRC)
  purchase("NCS-090", "2026-08-14", 10000, 2000);

  const generated = async (periodStart: string, periodEnd: string) =>
    (await readJson(await api(apiGenerate.action, "/api/admin/vat-returns/generate", "POST", { periodStart, periodEnd }))).vatReturn.id as number;
  september = await generated("2026-09-01", "2026-09-30");
  august = await generated("2026-08-01", "2026-08-31");
});

afterAll(() => {
  delete process.env.COMPANY_VAT_NUMBER;
});

describe("guards", () => {
  it("answers 401 signed out and 403 to a customer, and writes nothing", async () => {
    for (const cookie of ["", buyerCookie]) {
      const expected = cookie ? 403 : 401;
      expect((await mtdBody(september, cookie)).status).toBe(expected);
      expect((await patchDetails(september, { vatRegistrationNumber: "123456789", periodKey: "26I1" }, undefined, cookie)).status).toBe(expected);
      expect((await mtdJson(september, cookie)).status).toBeGreaterThanOrEqual(300);
    }
    expect(row(september)).toMatchObject({ vatRegistrationNumber: null, periodKey: null });
  });
});

describe("before the details are entered", () => {
  it("the screen offers the company's VAT number from settings, as 9 digits, and no JSON download yet", async () => {
    const landed = await readJson(await pageGet(`/admin/vat-returns?view=${september}`));
    expect(landed.view.mtd).toEqual({ vatRegistrationNumber: null, periodKey: null, defaultVrn: "987654321", ready: false });
  });

  it("the body answers 409 through both doors, saying what is missing; the bridging CSV needs no period key", async () => {
    const viaApi = await mtdBody(september);
    expect(viaApi.status).toBe(409);
    expect(await readJson(viaApi)).toEqual({
      message: "The VAT return for September 2026 has no period key yet: enter the period key HMRC gives for it first",
      field: "periodKey",
    });
    const viaScreen = await mtdJson(september);
    expect(viaScreen.status).toBe(409);
    expect((await readJson(viaScreen)).message).toMatch(/has no period key yet/);
    expect((await mtdBody(9999)).status).toBe(404);

    const csv = await bridgingCsv(september);
    expect(csv.headers.get("Content-Disposition")).toBe('attachment; filename="vat-return-2026-09-bridging.csv"');
    expect((await csv.text()).trim().split("\n")).toEqual([
      "Box,Description,Value",
      "1,VAT due on sales and other outputs,77.53",
      "2,VAT due on acquisitions of goods made in Northern Ireland from EU Member States,0.00",
      "3,Total VAT due (boxes 1 and 2),77.53",
      "4,VAT reclaimed on purchases and other inputs,50.00",
      "5,Net VAT to pay to HMRC or reclaim (box 3 less box 4),27.53",
      '6,"Total value of sales and all other outputs, excluding VAT",505',
      '7,"Total value of purchases and all other inputs, excluding VAT",269',
      '8,"Total value of dispatches of goods from Northern Ireland to EU Member States, excluding VAT",0',
      '9,"Total value of acquisitions of goods made in Northern Ireland from EU Member States, excluding VAT",0',
    ]);
  });
});

describe("entering the details", () => {
  it("the form refuses a malformed VRN and period key on their fields, and writes nothing", async () => {
    const response = await pagePost({ intent: "submission-details", id: september, vatRegistrationNumber: "GB12345", periodKey: "26K" });
    expect(response.status).toBe(400);
    const reply = await readJson(response);
    expect(reply.result.error).toMatchObject({ vatRegistrationNumber: [VRN_MESSAGE], periodKey: [PERIOD_KEY_MESSAGE] });
    expect(row(september)).toMatchObject({ vatRegistrationNumber: null, periodKey: null });
  });

  it("the form stores the VRN as 9 digits and the key in capitals, audits it and comes back with a notice", async () => {
    const { location, toast, page: landed } = await follow(
      await pagePost({ intent: "submission-details", id: september, vatRegistrationNumber: "GB 987 6543 21", periodKey: "26i1" }),
    );
    expect(location).toBe(`/admin/vat-returns?view=${september}`);
    expect(toast).toEqual({
      title: "Making Tax Digital details saved",
      description: "The return for September 2026 has VAT registration number 987654321 and period key 26I1.",
    });
    expect(landed.view.mtd).toEqual({ vatRegistrationNumber: "987654321", periodKey: "26I1", defaultVrn: "987654321", ready: true });
    const audits = db().select().from(auditLogs).where(and(eq(auditLogs.action, "vat_return.submission_details_set"), eq(auditLogs.entityId, String(september)))).all();
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0].details!)).toMatchObject({ before: { periodKey: null }, after: { vatRegistrationNumber: "987654321", periodKey: "26I1" } });
  });

  it("the API changes them with PATCH: 200, a repeat with the same key answers the same, bad fields 400, unknown 404", async () => {
    const headers = { "Idempotency-Key": "vat-mtd-details-august" };
    const first = await patchDetails(august, { vatRegistrationNumber: "987654321", periodKey: "#001" }, headers);
    expect(first.status).toBe(200);
    const body = await readJson(first);
    expect(body.vatReturn).toMatchObject({ id: august, quarter: "2026-08", vatRegistrationNumber: "987654321", periodKey: "#001" });
    const again = await patchDetails(august, { vatRegistrationNumber: "987654321", periodKey: "#001" }, headers);
    expect(await readJson(again)).toEqual(body);
    expect((await patchDetails(august, { vatRegistrationNumber: "987654321", periodKey: "#002" }, headers)).status).toBe(422);

    const bad = await patchDetails(august, { vatRegistrationNumber: "98765432", periodKey: "#001" });
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toEqual({ message: VRN_MESSAGE, field: "vatRegistrationNumber" });
    const noKey = await patchDetails(august, { vatRegistrationNumber: "987654321" });
    expect(await readJson(noKey)).toEqual({ message: PERIOD_KEY_MESSAGE, field: "periodKey" });
    expect((await patchDetails(9999, { vatRegistrationNumber: "987654321", periodKey: "26K1" })).status).toBe(404);
    const put = await api(apiOne.action, `/api/admin/vat-returns/${august}`, "PUT", {}, { id: String(august) });
    expect(put.status).toBe(405);
    expect(put.headers.get("Allow")).toBe("GET, PATCH");

    const one = await readJson(await api(apiOne.loader, `/api/admin/vat-returns/${august}`, "GET", undefined, { id: String(august) }));
    expect(one).toMatchObject({ vatRegistrationNumber: "987654321", periodKey: "#001" });
  });

  it("a period key already on another return is refused (409) through both doors", async () => {
    const viaApi = await patchDetails(august, { vatRegistrationNumber: "987654321", periodKey: "26I1" });
    expect(viaApi.status).toBe(409);
    expect(await readJson(viaApi)).toEqual({ message: "Period key 26I1 is already on the VAT return for September 2026", field: "periodKey" });
    const viaForm = await pagePost({ intent: "submission-details", id: august, vatRegistrationNumber: "987654321", periodKey: "26i1" });
    expect(viaForm.status).toBe(409);
    expect((await readJson(viaForm)).result.error.periodKey).toEqual(["Period key 26I1 is already on the VAT return for September 2026"]);
    expect(row(august).periodKey).toBe("#001");
  });
});

describe("the body", () => {
  const SEPTEMBER_BODY = {
    periodKey: "26I1",
    vatDueSales: 77.53,
    vatDueAcquisitions: 0,
    totalVatDue: 77.53,
    vatReclaimedCurrPeriod: 50,
    netVatDue: 27.53,
    totalValueSalesExVAT: 505,
    totalValuePurchasesExVAT: 269,
    totalValueGoodsSuppliedExVAT: 0,
    totalAcquisitionsExVAT: 0,
    finalised: true,
  };

  it("the API answers exactly HMRC's 11 fields, boxes 1 to 5 with 2 decimals, valid by HMRC's schema", async () => {
    const response = await mtdBody(september);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    const text = await response.text();
    expect(JSON.parse(text)).toEqual(SEPTEMBER_BODY);
    expect(Object.keys(JSON.parse(text))).toEqual(Object.keys(SEPTEMBER_BODY));
    expect(text).toContain('"vatReclaimedCurrPeriod": 50.00,');
    expect(text).toContain('"vatDueAcquisitions": 0.00,');
    expect(hmrcSchemaErrors(JSON.parse(text))).toEqual([]);
  });

  it("a refund month sends box 5 as a positive netVatDue", async () => {
    const body = await readJson(await mtdBody(august));
    expect(body).toMatchObject({ periodKey: "#001", vatDueSales: 0, vatReclaimedCurrPeriod: 20, netVatDue: 20, totalValuePurchasesExVAT: 100 });
    expect(hmrcSchemaErrors(body)).toEqual([]);
  });

  it("the screen's download is the same body, named after the month and the VRN", async () => {
    const download = await mtdJson(september);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toBe('attachment; filename="vat-return-2026-09-mtd-987654321.json"');
    expect(await download.text()).toBe(await (await mtdBody(september)).text());
  });

  it("details may be changed on a filed return; its boxes never change", async () => {
    expect((await api(apiFile.action, `/api/admin/vat-returns/${september}/file`, "POST", undefined, { id: String(september) })).status).toBe(200);
    const filed = row(september);
    const { toast } = await follow(await pagePost({ intent: "submission-details", id: september, vatRegistrationNumber: "123456789", periodKey: "26I1" }));
    expect(toast).toMatchObject({ title: "Making Tax Digital details saved" });
    expect(row(september)).toEqual({ ...filed, vatRegistrationNumber: "123456789" });
    expect(await readJson(await mtdBody(september))).toEqual(SEPTEMBER_BODY);
  });
});
