import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markRealInstall } from "~/domain/users/install.server";
import { ukToday } from "~/domain/invoices/invoices.server";
import * as apiInvoicePdf from "~/routes/api.admin.invoices.sales.$id.pdf";
import * as apiSendEmail from "~/routes/api.admin.invoices.sales.$id.send-email";
import * as companyIcon from "~/routes/company-icon[.]svg";
import { getDb } from "~/utils/db.server";
import { listOutbox, outboxDir } from "~/utils/mail.server";
import { createCategory, createInvoicedOrder, createProduct, createUser } from "./factories";
import { buildRequest, callRoute } from "./http";
import { pdfText } from "./pdf-text";
import { renderPage } from "./rendered-page";
import { signIn } from "./sign-in";

/**
 * A real install under the wholesaler's own name: every surface a customer or an admin meets says it, in the
 * header and the page title, and none says the demo's "INFY" anywhere in the page, a mail or a PDF.
 */
const COMPANY = {
  COMPANY_NAME: "Acme Catering Supplies Ltd",
  COMPANY_ADDRESS: "4 Mill Lane, Leeds, LS1 4AB",
  COMPANY_VAT_NUMBER: "GB999999973",
  COMPANY_EMAIL: "accounts@acme-catering.test",
};
const SHORT = "Acme Catering Supplies";

let saved: Record<string, string | undefined>;
let adminCookie: string;
let buyerCookie: string;
let invoice: { id: number; invoiceNumber: string };

beforeAll(async () => {
  saved = Object.fromEntries(Object.keys(COMPANY).map((key) => [key, process.env[key]]));
  Object.assign(process.env, COMPANY);
  await createUser({ email: "owner@acme-catering.test", role: "admin" });
  const buyer = await createUser({ email: "chef@bistro.test" });
  markRealInstall(getDb(), "owner@acme-catering.test");
  const category = createCategory("Catering Disposables");
  const product = createProduct({ name: "Blue Roll 2-ply", sku: "BR-2PLY", salesPrice: 1_250, categoryId: category.id });
  invoice = createInvoicedOrder(buyer, [{ product, quantity: 2 }], ukToday());
  adminCookie = await signIn("owner@acme-catering.test", { via: "api" });
  buyerCookie = await signIn("chef@bistro.test", { via: "api" });
  // the first page loads every route module: well within this, but not within a test's usual time
  await renderPage("/login");
}, 120_000);

afterAll(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

function titleOf(html: string) {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&amp;/g, "&") ?? null;
}

describe("a real install's storefront", () => {
  it.each([
    ["/", null, `${SHORT} · Trade-only wholesale supplies`],
    ["/login", null, `Log In · ${SHORT}`],
    ["/category/catering-disposables", null, `Catering Disposables · ${SHORT}`],
    ["/products/blue-roll-2-ply", null, `Blue Roll 2-ply · ${SHORT}`],
    ["/cart", "buyer", `Cart · ${SHORT}`],
    ["/quick-order", "buyer", `Quick Order · ${SHORT}`],
    ["/account/dashboard", "buyer", `Your Account · ${SHORT}`],
  ] as const)("%s says the business's name in the header and title, and never INFY", async (page, who, title) => {
    const { status, html } = await renderPage(page, { cookie: who === "buyer" ? buyerCookie : undefined });
    expect(status).toBe(200);
    expect(titleOf(html)).toBe(title);
    expect(html).toMatch(new RegExp(`data-testid="header-logo"[^>]*>.*?${SHORT}`, "s"));
    expect(html).toContain(`© ${new Date().getFullYear()} ${COMPANY.COMPANY_NAME}`);
    expect(html).not.toMatch(/infy/i);
  });
});

describe("a real install's back office", () => {
  it.each([
    ["/admin", `Dashboard · ${SHORT} Admin`],
    ["/admin/products", `Products · ${SHORT} Admin`],
    ["/admin/orders", `Orders · ${SHORT} Admin`],
    ["/admin/sales-invoices", `Sales Invoices · ${SHORT} Admin`],
    ["/admin/settings/company", `Company · ${SHORT} Admin`],
  ])("%s is titled for the business, with its name atop the sidebar, and never says INFY", async (page, title) => {
    const { status, html } = await renderPage(page, { cookie: adminCookie });
    expect(status).toBe(200);
    expect(titleOf(html)).toBe(title);
    expect(html).toMatch(new RegExp(`data-testid="admin-title"[^>]*>(<span[^>]*>)?${SHORT} Admin<`));
    expect(html).not.toMatch(/infy/i);
  });
});

describe("a real install's mail and PDF", () => {
  it("sends an invoice from the business, under its name, with a PDF that prints it", async () => {
    const sent = await callRoute(
      apiSendEmail.action,
      buildRequest(`/api/admin/invoices/sales/${invoice.id}/send-email`, { method: "POST", cookie: adminCookie, json: {} }),
      { id: String(invoice.id) },
    );
    expect(sent.status).toBe(200);
    const mail = listOutbox().items.find((item) => item.subject.includes(invoice.invoiceNumber));
    expect(mail?.subject).toBe(`Invoice ${invoice.invoiceNumber} from ${COMPANY.COMPANY_NAME}`);
    const raw = fs.readFileSync(path.join(outboxDir(), mail!.file), "latin1");
    expect(raw).toContain(`From: ${COMPANY.COMPANY_NAME} <${COMPANY.COMPANY_EMAIL}>`);
    expect(raw).not.toMatch(/infy/i);

    const pdf = await callRoute(
      apiInvoicePdf.loader,
      buildRequest(`/api/admin/invoices/sales/${invoice.id}/pdf`, { cookie: adminCookie }),
      { id: String(invoice.id) },
    );
    expect(pdf.status).toBe(200);
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain(COMPANY.COMPANY_NAME);
    expect(text).toContain("4 Mill Lane");
    expect(text).not.toMatch(/infy/i);
  });
});

describe("a real install with no COMPANY_NAME yet", () => {
  it("says a neutral name rather than the demo's, and the Company screen says what to set", async () => {
    delete process.env.COMPANY_NAME;
    try {
      const home = await renderPage("/");
      expect(titleOf(home.html)).toBe("Trade Counter · Trade-only wholesale supplies");
      expect(home.html).not.toMatch(/infy/i);
      const settings = await renderPage("/admin/settings/company", { cookie: adminCookie });
      expect(settings.html).toContain("Not set in .env: COMPANY_NAME");
      expect(settings.html).not.toMatch(/infy/i);
    } finally {
      process.env.COMPANY_NAME = COMPANY.COMPANY_NAME;
    }
  });
});

describe("the demo install", () => {
  it("keeps the spec's 'INFY Admin' and the demo company's name", async () => {
    const db = getDb();
    db.$client.prepare("delete from install_settings where key = 'real_install'").run();
    delete process.env.COMPANY_NAME;
    try {
      const admin = await renderPage("/admin", { cookie: adminCookie });
      expect(titleOf(admin.html)).toBe("Dashboard · INFY Admin");
      const store = await renderPage("/login");
      expect(titleOf(store.html)).toBe("Log In · INFY Wholesale");
    } finally {
      process.env.COMPANY_NAME = COMPANY.COMPANY_NAME;
      markRealInstall(db, "owner@acme-catering.test");
    }
  });
});

describe("the browser tab's icon", () => {
  it("carries the business's initials", async () => {
    const response = companyIcon.loader();
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(await response.text()).toMatch(/>AC<\/text><\/svg>$/);
  });
});
