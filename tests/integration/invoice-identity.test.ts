import { beforeAll, describe, expect, it } from "vitest";
import { markRealInstall } from "~/domain/users/install.server";
import * as apiManual from "~/routes/api.admin.invoices.sales.manual";
import * as apiSendEmail from "~/routes/api.admin.invoices.sales.$id.send-email";
import * as invoicesPage from "~/routes/admin.sales-invoices/route";
import { ukToday } from "~/domain/invoices/invoices.server";
import { NO_VAT_NUMBER_MESSAGE } from "~/utils/company.server";
import { getDb } from "~/utils/db.server";
import { listOutbox } from "~/utils/mail.server";
import { createInvoicedOrder, createProduct, createUser } from "./factories";
import { buildRequest, callRoute, readJson } from "./http";
import { signIn } from "./sign-in";

/** A UK VAT invoice must carry the seller's VAT number: a real install without one issues and sends none. */
let adminCookie: string;
let buyer: { id: string; email: string };
let invoice: { id: number; invoiceNumber: string };

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  buyer = await createUser({ email: "buyer@example.com" });
  adminCookie = await signIn("admin@example.com", { via: "api" });
  const product = createProduct({ name: "Blue Roll", salesPrice: 1_250 });
  invoice = createInvoicedOrder(buyer, [{ product, quantity: 2 }], ukToday());
  markRealInstall(getDb(), "admin@example.com");
  delete process.env.COMPANY_VAT_NUMBER;
});

const manual = () =>
  callRoute(
    apiManual.action,
    buildRequest("/api/admin/invoices/sales/manual", {
      method: "POST",
      cookie: adminCookie,
      json: { customerId: buyer.id, items: [{ description: "Pallet hire", quantity: 1, unitPrice: "12.50", vatRate: "20" }] },
    }),
  );
const send = () =>
  callRoute(
    apiSendEmail.action,
    buildRequest(`/api/admin/invoices/sales/${invoice.id}/send-email`, { method: "POST", cookie: adminCookie, json: {} }),
    { id: String(invoice.id) },
  );

describe("a real install without COMPANY_VAT_NUMBER", () => {
  it("refuses to issue an invoice by hand or send one, saying what to set, and the screen warns", async () => {
    const created = await manual();
    expect(created.status).toBe(409);
    expect(await readJson(created)).toEqual({ message: NO_VAT_NUMBER_MESSAGE });
    const sent = await send();
    expect(sent.status).toBe(409);
    expect(listOutbox().items.some((mail) => mail.subject.includes(invoice.invoiceNumber))).toBe(false);
    const page = await readJson(await callRoute(invoicesPage.loader, buildRequest("/admin/sales-invoices", { cookie: adminCookie })));
    expect(page.identityProblem).toBe(NO_VAT_NUMBER_MESSAGE);
  });

  it("issues and sends once the VAT number is configured", async () => {
    process.env.COMPANY_VAT_NUMBER = "GB999999973";
    try {
      expect((await manual()).status).toBe(201);
      expect((await send()).status).toBe(200);
    } finally {
      delete process.env.COMPANY_VAT_NUMBER;
    }
  });
});
