import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imagesDir } from "~/domain/catalog/product-images.server";
import { ukToday } from "~/domain/invoices/invoices.server";
import * as root from "~/root";
import * as companyPage from "~/routes/admin.settings.company";
import * as apiInvoicePdf from "~/routes/api.admin.invoices.sales.$id.pdf";
import * as apiLogo from "~/routes/api.admin.settings.company.logo";
import { getDb } from "~/utils/db.server";
import { createInvoicedOrder, createProduct, createUser } from "./factories";
import { buildRequest, callRoute, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

/**
 * The logo uploaded on the Company settings screen (or through the API): checked like a product image, made
 * into one small PNG, shown in the headers with the business's name as its alt text and drawn on the PDFs.
 */
let adminCookie: string;
let customerCookie: string;
let wideLogo: Buffer;
let otherLogo: Buffer;
let invoice: { id: number };
const savedName = process.env.COMPANY_NAME;

beforeAll(async () => {
  process.env.COMPANY_NAME = "Acme Catering Supplies Ltd";
  await createUser({ email: "owner@acme.test", role: "admin" });
  const buyer = await createUser({ email: "chef@bistro.test" });
  adminCookie = await signIn("owner@acme.test", { via: "api" });
  customerCookie = await signIn("chef@bistro.test", { via: "api" });
  invoice = createInvoicedOrder(buyer, [{ product: createProduct({ name: "Blue Roll", salesPrice: 1_250 }), quantity: 1 }], ukToday());
  wideLogo = await sharp({ create: { width: 1200, height: 300, channels: 4, background: { r: 29, g: 78, b: 216, alpha: 1 } } }).png().toBuffer();
  otherLogo = await sharp({ create: { width: 300, height: 100, channels: 3, background: "#b91c1c" } }).jpeg().toBuffer();
});

afterAll(() => {
  if (savedName === undefined) delete process.env.COMPANY_NAME;
  else process.env.COMPANY_NAME = savedName;
});

const logoFiles = () => (fs.existsSync(imagesDir()) ? fs.readdirSync(imagesDir()).filter((name) => name.endsWith("-logo.png")) : []);

function logoForm(bytes: Buffer | null, type = "image/png", name = "logo.png") {
  const form = new FormData();
  form.set("image", bytes ? new File([new Uint8Array(bytes)], name, { type }) : new File([], "", { type: "application/octet-stream" }));
  return form;
}

const postForm = (form: FormData | Record<string, string>, cookie = adminCookie) =>
  callRoute(companyPage.action, buildRequest("/admin/settings/company", { method: "POST", form, cookie }));

async function brand(cookie = adminCookie) {
  return (await readJson(await callRoute(root.loader, buildRequest("/", { cookie })))).company;
}

describe("uploading a logo through the Company screen's form", () => {
  it("makes a small PNG of it, which every page is sent for its headers", async () => {
    const response = await postForm(logoForm(wideLogo));
    expect(redirectLocation(response)).toBe("/admin/settings/company");

    const { name, logo } = await brand();
    expect(name).toBe("Acme Catering Supplies Ltd");
    expect(logo).toMatchObject({ url: expect.stringMatching(/^\/images\/[0-9a-f]{64}-logo\.png$/), width: 600, height: 150 });
    const file = path.join(imagesDir(), path.basename(logo.url));
    const stored = await sharp(fs.readFileSync(file)).metadata();
    expect(stored).toMatchObject({ format: "png", width: 600, height: 150 });

    const screen = await readJson(await callRoute(companyPage.loader, buildRequest("/admin/settings/company", { cookie: adminCookie })));
    expect(screen.logo.url).toBe(logo.url);
  });

  it("draws it on the invoice PDF", async () => {
    const pdf = await callRoute(apiInvoicePdf.loader, buildRequest(`/api/admin/invoices/sales/${invoice.id}/pdf`, { cookie: adminCookie }), {
      id: String(invoice.id),
    });
    expect(pdf.status).toBe(200);
    const raw = Buffer.from(await pdf.arrayBuffer()).toString("latin1");
    expect(raw).toMatch(/\/Subtype \/Image[\s\S]*\/Width 600[\s\S]*\/Height 150|\/Height 150[\s\S]*\/Width 600/);
  });

  it("refuses a file that is not a picture, with the reason on the field, and keeps the logo as it was", async () => {
    const before = await brand();
    const response = await postForm(logoForm(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), "image/svg+xml", "logo.svg"));
    expect(response.status).toBe(400);
    expect(await readJson(response)).toEqual({ error: { message: "Choose a JPEG, PNG or WebP image", field: "image" } });
    expect(await brand()).toEqual(before);
  });

  it("asks for a file when none was chosen", async () => {
    const response = await postForm(logoForm(null));
    expect(response.status).toBe(400);
    expect((await readJson(response)).error.message).toBe("Choose a logo file: a PNG, JPEG or WebP picture");
  });

  it("replaces the logo, and the old file goes", async () => {
    const before = await brand();
    expect(redirectLocation(await postForm(logoForm(otherLogo, "image/jpeg", "logo.jpg")))).toBe("/admin/settings/company");
    const after = await brand();
    expect(after.logo).toMatchObject({ width: 300, height: 100 });
    expect(logoFiles()).toEqual([path.basename(after.logo.url)]);
    expect(after.logo.url).not.toBe(before.logo.url);
  });

  it("removes it: the headers show the name alone again", async () => {
    expect(redirectLocation(await postForm({ intent: "remove-logo" }))).toBe("/admin/settings/company");
    expect((await brand()).logo).toBeNull();
    expect(logoFiles()).toEqual([]);
  });

  it("is not for a customer", async () => {
    const response = await postForm(logoForm(wideLogo), customerCookie);
    expect(response.status).toBe(302);
    expect(redirectLocation(response)).not.toBe("/admin/settings/company");
    expect((await brand()).logo).toBeNull();
  });
});

describe("the logo through the API", () => {
  const post = (form: FormData, cookie = adminCookie) =>
    callRoute(apiLogo.action, buildRequest("/api/admin/settings/company/logo", { method: "POST", form, cookie }));
  const remove = (cookie = adminCookie) =>
    callRoute(apiLogo.action, buildRequest("/api/admin/settings/company/logo", { method: "DELETE", cookie }));

  it("uploads (201), refuses a non-picture (400 on image), and removes (200, then 404)", async () => {
    const created = await post(logoForm(wideLogo));
    expect(created.status).toBe(201);
    const { logo } = await readJson(created);
    expect(logo).toMatchObject({ width: 600, height: 150 });
    expect((await brand()).logo.url).toBe(logo.url);

    const refused = await post(logoForm(Buffer.from("GIF89a........"), "image/gif", "logo.gif"));
    expect(refused.status).toBe(400);
    expect(await readJson(refused)).toEqual({ message: "Choose a JPEG, PNG or WebP image", field: "image" });
    expect((await brand()).logo.url).toBe(logo.url);

    const removed = await remove();
    expect(removed.status).toBe(200);
    expect(await readJson(removed)).toEqual({ logo: null });
    const again = await remove();
    expect(again.status).toBe(404);
    expect(await readJson(again)).toEqual({ message: "There is no logo to remove." });
  });

  it("answers 401 signed out, 403 to a customer, 405 to other methods", async () => {
    expect((await post(logoForm(wideLogo), "")).status).toBe(401);
    expect((await post(logoForm(wideLogo), customerCookie)).status).toBe(403);
    const put = await callRoute(apiLogo.action, buildRequest("/api/admin/settings/company/logo", { method: "PUT", cookie: adminCookie, json: {} }));
    expect(put.status).toBe(405);
    expect(getDb().$client.prepare("select count(*) as n from install_settings where key = 'company_logo'").get()).toEqual({ n: 0 });
  });
});
