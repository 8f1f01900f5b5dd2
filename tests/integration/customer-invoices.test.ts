import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, products, salesInvoices, users } from "~db/schema";
import { getCustomerInvoice, listCustomerInvoices } from "~/domain/invoices/customer-invoices.server";
import { addDaysToDate, ukToday, voidSalesInvoiceForOrder } from "~/domain/invoices/invoices.server";
import * as accountPdf from "~/routes/account.invoices.$id[.]pdf";
import * as invoicesPage from "~/routes/account.invoices";
import * as apiInvoices from "~/routes/api.invoices";
import * as apiInvoicePdf from "~/routes/api.invoices.$id.pdf";
import { getCompanySettings } from "~/utils/company.server";
import { getDb, writeTransaction } from "~/utils/db.server";
import { renderSalesInvoicePdf } from "~/utils/invoice-pdf.server";
import { commitSession, sessionStorage } from "~/utils/session.server";
import { createCategory, createInvoicedOrder, createUser } from "./factories";
import { buildRequest, callRoute, readJson, redirectLocation } from "./http";
import { pdfText } from "./pdf-text";

type User = typeof users.$inferSelect;
type Product = typeof products.$inferSelect;

let buyer: User;
let other: User;
let newcomer: User;
let towels: Product; // £2.50, 20% VAT
let milk: Product; // £3.33, 5% VAT

let buyerCookie: string;
let otherCookie: string;
let newcomerCookie: string;

const TODAY = ukToday();
/** The buyer's invoice numbers, newest first. */
let buyerInvoiceNumbers: string[] = [];
let newest: { id: number; invoiceNumber: string };
let voided: { id: number; invoiceNumber: string };
let partlyPaid: { id: number; invoiceNumber: string };
let fullyPaid: { id: number; invoiceNumber: string };
let othersInvoice: { id: number; invoiceNumber: string };

/** An order with its lines and its invoice, issued on `issueDate`, written as checkout writes them. */

function setAmountPaid(invoiceId: number, amountPaid: number) {
  getDb().update(salesInvoices).set({ amountPaid }).where(eq(salesInvoices.id, invoiceId)).run();
}

function invoiceRow(invoiceId: number) {
  return getDb().select().from(salesInvoices).where(eq(salesInvoices.id, invoiceId)).get()!;
}

async function sessionCookieFor(user: User) {
  const session = await sessionStorage.getSession();
  session.set("userId", user.id);
  return (await commitSession(session)).split(";")[0];
}

beforeAll(async () => {
  const db = getDb();
  const category = createCategory("Janitorial");
  buyer = await createUser({
    email: "accounts@acme-catering.co.uk",
    firstName: "Bea",
    lastName: "Buyer",
    businessName: "Acme Catering Ltd",
    address: "12 Market Street, York, YO1 8BB",
  });
  other = await createUser({ email: "orders@other-trade.co.uk", firstName: "Otto", lastName: "Other" });
  newcomer = await createUser({ email: "new@example.com" });
  towels = db
    .insert(products)
    .values({ name: "Paper Towels", slug: "paper-towels", sku: "TOWEL-PAPER", salesPrice: 250, vatRate: 2000, stockLevel: 100, categoryId: category.id })
    .returning()
    .get();
  milk = db
    .insert(products)
    .values({ name: "Semi-Skimmed Milk", slug: "milk", salesPrice: 333, vatRate: 500, stockLevel: 100 })
    .returning()
    .get();

  // 22 invoices for the buyer: 21 over 2025 (long past due), the newest issued today
  const written: { id: number; invoiceNumber: string }[] = [];
  for (let i = 0; i < 21; i++) {
    const issueDate = addDaysToDate("2025-01-06", i * 7);
    written.push(createInvoicedOrder(buyer, [{ product: towels, quantity: i + 1 }, { product: milk, quantity: 2 }], issueDate));
  }
  newest = createInvoicedOrder(buyer, [{ product: towels, quantity: 4 }, { product: milk, quantity: 3 }], TODAY);
  written.push(newest);
  buyerInvoiceNumbers = written.map((invoice) => invoice.invoiceNumber).reverse();

  voided = written[20];
  writeTransaction(db, (tx) => voidSalesInvoiceForOrder(tx, invoiceRow(voided.id).orderId!));
  partlyPaid = written[19];
  setAmountPaid(partlyPaid.id, 500);
  fullyPaid = written[18];
  setAmountPaid(fullyPaid.id, invoiceRow(fullyPaid.id).total);

  othersInvoice = createInvoicedOrder(other, [{ product: towels, quantity: 10 }], TODAY);

  buyerCookie = await sessionCookieFor(buyer);
  otherCookie = await sessionCookieFor(other);
  newcomerCookie = await sessionCookieFor(newcomer);
});

// ─── The page ───────────────────────────────────────────────────────────────

function loadPage(cookie: string | undefined, query = "") {
  return callRoute(invoicesPage.loader, buildRequest(`/account/invoices${query}`, { cookie }));
}

describe("/account/invoices", () => {
  it("sends signed-out visitors to sign in first", async () => {
    expect(redirectLocation(await loadPage(undefined))).toBe("/login?redirectTo=%2Faccount%2Finvoices");
  });

  it("lists only the customer's own invoices, newest first, 20 a page", async () => {
    const first = await readJson(await loadPage(buyerCookie));
    expect(first.total).toBe(22);
    expect(first.pageCount).toBe(2);
    expect(first.invoices.map((invoice: { invoiceNumber: string }) => invoice.invoiceNumber)).toEqual(
      buyerInvoiceNumbers.slice(0, 20),
    );
    expect(first.invoices.some((invoice: { id: number }) => invoice.id === othersInvoice.id)).toBe(false);

    const second = await readJson(await loadPage(buyerCookie, "?page=2"));
    expect(second.invoices.map((invoice: { invoiceNumber: string }) => invoice.invoiceNumber)).toEqual(
      buyerInvoiceNumbers.slice(20),
    );
  });

  it("sends a page past the end to the last page, and reads a bad page number as page 1", async () => {
    expect(redirectLocation(await loadPage(buyerCookie, "?page=9"))).toBe("/account/invoices?page=2");
    const bad = await readJson(await loadPage(buyerCookie, "?page=abc"));
    expect(bad.page).toBe(1);
  });

  it("shows the derived status and what is outstanding", async () => {
    const { invoices } = await readJson(await loadPage(buyerCookie));
    const byId = new Map(invoices.map((invoice: { id: number }) => [invoice.id, invoice]));
    expect(byId.get(newest.id)).toMatchObject({ status: "unpaid", issueDate: TODAY, dueDate: addDaysToDate(TODAY, 30) });
    expect(byId.get(voided.id)).toMatchObject({ status: "void", outstanding: "0.00" });
    expect(byId.get(fullyPaid.id)).toMatchObject({ status: "paid", outstanding: "0.00" });
    const partly = byId.get(partlyPaid.id) as { status: string; total: string; amountPaid: string; outstanding: string };
    // issued in 2025, so long past its due date: overdue even though part is paid
    expect(partly.status).toBe("overdue");
    expect(partly.amountPaid).toBe("5.00");
    expect(Number(partly.outstanding)).toBeCloseTo(Number(partly.total) - 5, 2);
  });

  it("has nothing to show a customer without invoices", async () => {
    const page = await readJson(await loadPage(newcomerCookie));
    expect(page).toMatchObject({ invoices: [], total: 0, page: 1, pageCount: 1 });
  });
});

describe("listCustomerInvoices", () => {
  it("derives partially_paid before the due date", () => {
    const { invoices } = listCustomerInvoices(getDb(), buyer.id, 1, { pageSize: 50, today: "2025-01-01" });
    expect(invoices).toHaveLength(22);
    expect(invoices.find((invoice) => invoice.id === partlyPaid.id)?.status).toBe("partially_paid");
    expect(invoices.find((invoice) => invoice.id === voided.id)?.status).toBe("void");
  });
});

// ─── The API ────────────────────────────────────────────────────────────────

function getInvoices(cookie: string | undefined, query = "") {
  return callRoute(apiInvoices.loader, buildRequest(`/api/invoices${query}`, { cookie }));
}

function getPdf(cookie: string | undefined, id: string | number) {
  return callRoute(apiInvoicePdf.loader, buildRequest(`/api/invoices/${id}/pdf`, { cookie }), { id: String(id) });
}

describe("GET /api/invoices", () => {
  it("answers 401 when signed out", async () => {
    const response = await getInvoices(undefined);
    expect(response.status).toBe(401);
    expect(await readJson(response)).toEqual({ message: "Unauthorized" });
  });

  it("returns the customer's own invoices with 2-decimal money and the derived status", async () => {
    const response = await getInvoices(buyerCookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Total-Count")).toBe("22");
    const list = await readJson(response);
    expect(list).toHaveLength(20);
    const row = invoiceRow(newest.id);
    const order = getDb().select().from(orders).where(eq(orders.id, row.orderId!)).get()!;
    expect(list[0]).toEqual({
      id: newest.id,
      invoiceNumber: newest.invoiceNumber,
      orderId: order.id,
      orderNumber: order.orderNumber,
      poReference: null,
      quote: null,
      issueDate: TODAY,
      dueDate: addDaysToDate(TODAY, 30),
      status: "unpaid",
      // 4 × £2.50 at 20% + 3 × £3.33 at 5%
      subtotal: "19.99",
      vatAmount: "2.50",
      total: "22.49",
      amountPaid: "0.00",
      creditedAmount: "0.00",
      outstanding: "22.49",
    });
    const page2 = await readJson(await getInvoices(buyerCookie, "?page=2"));
    expect(page2.map((invoice: { invoiceNumber: string }) => invoice.invoiceNumber)).toEqual(buyerInvoiceNumbers.slice(20));
  });

  it("never shows another customer's invoices", async () => {
    const list = await readJson(await getInvoices(otherCookie));
    expect(list.map((invoice: { id: number }) => invoice.id)).toEqual([othersInvoice.id]);
  });

  it("answers 400 for a bad page and an empty list past the end", async () => {
    const bad = await getInvoices(buyerCookie, "?page=0");
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toMatchObject({ field: "page" });
    expect(await readJson(await getInvoices(buyerCookie, "?page=5"))).toEqual([]);
  });
});

describe("GET /api/invoices/{id}/pdf", () => {
  it("downloads the customer's own invoice as a PDF named after it", async () => {
    const response = await getPdf(buyerCookie, newest.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="${newest.invoiceNumber}.pdf"`);
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.length).toBeGreaterThan(1500);

    const text = pdfText(pdf);
    expect(text).toContain("INVOICE");
    expect(text).toContain(newest.invoiceNumber);
    expect(text).toContain("Acme Catering Ltd");
    expect(text).toContain("Goods In, Canal Wharf Depot");
    expect(text).toContain("LS11 5PS");
    expect(text).toContain("Paper Towels");
    // the Code column, with the code the line was invoiced under
    expect(text).toContain("Code");
    expect(text).toContain("TOWEL-PAPER");
    expect(text).toContain("£22.49");
    expect(text).toContain("Payment due within 30 days of the invoice date");
    expect(text).toContain(getCompanySettings().name);
  });

  it("answers 404 for another customer's invoice, an unknown id or a bad id, and 401 signed out", async () => {
    const others = await getPdf(buyerCookie, othersInvoice.id);
    expect(others.status).toBe(404);
    expect(await readJson(others)).toEqual({ message: "Invoice not found" });
    expect((await getPdf(otherCookie, newest.id)).status).toBe(404);
    expect((await getPdf(buyerCookie, 999_999)).status).toBe(404);
    expect((await getPdf(buyerCookie, "abc")).status).toBe(404);
    expect((await getPdf(undefined, newest.id)).status).toBe(401);
  });
});

describe("GET /account/invoices/{id}.pdf", () => {
  function download(cookie: string | undefined, id: string | number) {
    return callRoute(accountPdf.loader, buildRequest(`/account/invoices/${id}.pdf`, { cookie }), { id: String(id) });
  }

  it("downloads the customer's own invoice", async () => {
    const response = await download(buyerCookie, voided.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="${voided.invoiceNumber}.pdf"`);
    const text = pdfText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain(voided.invoiceNumber);
    expect(text).toContain("Void");
  });

  it("is a 404 for another customer's invoice and sends signed-out visitors to sign in", async () => {
    expect((await download(otherCookie, newest.id)).status).toBe(404);
    expect((await download(buyerCookie, "12abc")).status).toBe(404);
    expect(redirectLocation(await download(undefined, newest.id))).toBe(
      `/login?redirectTo=${encodeURIComponent(`/account/invoices/${newest.id}.pdf`)}`,
    );
  });
});

describe("the invoice document", () => {
  it("holds what the PDF prints: lines, bill-to, ship-to and the balance", () => {
    const invoice = getCustomerInvoice(getDb(), buyer.id, partlyPaid.id, { today: "2025-01-01" })!;
    const row = invoiceRow(partlyPaid.id);
    expect(invoice).toMatchObject({
      invoiceNumber: partlyPaid.invoiceNumber,
      status: "partially_paid",
      total: row.total,
      amountPaid: 500,
      outstanding: row.total - 500,
      billTo: {
        businessName: "Acme Catering Ltd",
        name: "Bea Buyer",
        email: "accounts@acme-catering.co.uk",
        address: "12 Market Street, York, YO1 8BB",
      },
      shipTo: { name: "Goods In, Canal Wharf Depot", address: "Unit 4, Canal Wharf", city: "Leeds", postcode: "LS11 5PS" },
    });
    expect(invoice.lines).toEqual([
      { sku: "TOWEL-PAPER", description: "Paper Towels", quantity: 20, unitPrice: 250, vatRate: 2000, vatAmount: 1000, total: 5000 },
      { sku: null, description: "Semi-Skimmed Milk", quantity: 2, unitPrice: 333, vatRate: 500, vatAmount: 33, total: 666 },
    ]);
    expect(getCustomerInvoice(getDb(), other.id, partlyPaid.id)).toBeNull();
  });

  it("renders many lines over more than one page", async () => {
    const invoice = getCustomerInvoice(getDb(), buyer.id, newest.id)!;
    const many = { ...invoice, lines: Array.from({ length: 60 }, (_, i) => ({ ...invoice.lines[0], description: `Line ${i + 1}` })) };
    const text = pdfText(await renderSalesInvoicePdf(many, getCompanySettings()));
    expect(text).toContain("Line 60");
    // the table continues on a second page (a third holds the totals and payment details when they do not fit)
    expect(text).toMatch(/Page 2 of [23]/);
    expect(text).not.toContain("Page 1 of 1");
  });
});
