import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  auditLogs,
  financialAccounts,
  payments,
  salesInvoiceItems,
  salesInvoices,
  users,
} from "~db/schema";
import { addDaysToDate, ukToday, voidSalesInvoiceForOrder } from "~/domain/invoices/invoices.server";
import { getFinancialAccount } from "~/domain/finance/financial-accounts.server";
import { postHistoryJournals } from "~/domain/ledger/history.server";
import * as root from "~/root";
import * as invoicesPage from "~/routes/admin.sales-invoices/route";
import * as printPdf from "~/routes/admin.sales-invoices.$id[.]pdf";
import * as apiList from "~/routes/api.admin.invoices.sales";
import * as apiManual from "~/routes/api.admin.invoices.sales.manual";
import * as apiPayments from "~/routes/api.admin.invoices.sales.$id.payments";
import * as apiPdf from "~/routes/api.admin.invoices.sales.$id.pdf";
import * as apiSendEmail from "~/routes/api.admin.invoices.sales.$id.send-email";
import { getDb, writeTransaction } from "~/utils/db.server";
import { listOutbox, outboxDir } from "~/utils/mail.server";
import { createInvoicedOrder as createInvoiced, createProduct, createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation, type RouteHandler } from "./http";
import { signIn } from "./sign-in";

type User = typeof users.$inferSelect;
type Product = ReturnType<typeof createProduct>;
type Invoice = { id: number; invoiceNumber: string; orderId: number; orderNumber: string };

const TODAY = ukToday();
const db = () => getDb();

let adminCookie: string;
let buyerCookie: string;
let buyer: User;
let other: User;
let towels: Product; // £2.50, 20% VAT
let milk: Product; // £3.33, 5% VAT
let bankAccountId: number;
let cardAccountId: number;

/** Invoices set up in beforeAll, one per derived status. */
const inv = {} as Record<"unpaid" | "partial" | "paid" | "overdue" | "void" | "other", Invoice>;

/** An order with its lines and its invoice, written as checkout writes them. */
function createInvoicedOrder(user: User, lines: { product: Product; quantity: number }[], issueDate = TODAY): Invoice {
  return createInvoiced(user, lines, issueDate);
}

function invoiceRow(id: number) {
  return db().select().from(salesInvoices).where(eq(salesInvoices.id, id)).get()!;
}
/** An account's balance as the books keep it: its ledger account's (a card's as money owed). */
function balanceOf(id: number) {
  return getFinancialAccount(db(), id)!.balance;
}
const countOf = (table: typeof payments | typeof auditLogs | typeof salesInvoices) =>
  db().select({ n: sql<number>`count(*)` }).from(table).get()!.n;

/** What a refused write must leave alone. */
function snapshot(invoiceId: number) {
  return {
    payments: countOf(payments),
    audits: countOf(auditLogs),
    invoices: countOf(salesInvoices),
    amountPaid: invoiceRow(invoiceId).amountPaid,
    bank: balanceOf(bankAccountId),
    card: balanceOf(cardAccountId),
  };
}

function api(handler: RouteHandler, url: string, method: string, body?: unknown, params: Record<string, string> = {}, cookie = adminCookie, headers?: HeadersInit) {
  return callRoute(handler, buildRequest(url, { method, json: body, cookie, headers }), params);
}

function pagePost(form: Record<string, string | number | undefined>, cookie = adminCookie, url = "/admin/sales-invoices") {
  return callRoute(invoicesPage.action, buildRequest(url, { form: { idempotencyKey: crypto.randomUUID(), ...form }, cookie }));
}

function pageGet(url: string, cookie = adminCookie) {
  return callRoute(invoicesPage.loader, buildRequest(url, { cookie }));
}

/** Follows a form's redirect like a browser: the flashed notice (root) and the page it lands on. */
async function follow(response: Response) {
  const location = redirectLocation(response);
  const next = cookieFrom(response, adminCookie);
  const rootData = await readJson(await callRoute(root.loader, buildRequest(location, { cookie: next })));
  const page = await readJson(await pageGet(location, next));
  return { location, toast: rootData.toast as { title: string; description?: string; variant?: string } | null, page };
}

function paymentsUrl(id: number) {
  return `/api/admin/invoices/sales/${id}/payments`;
}

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  buyer = await createUser({
    email: "accounts@acme-catering.co.uk",
    firstName: "Bea",
    lastName: "Buyer",
    businessName: "Acme Catering Ltd",
    address: "12 Market Street, York, YO1 8BB",
  });
  other = await createUser({ email: "orders@northern-cafes.co.uk", businessName: "Northern Cafes" });
  towels = createProduct({ name: "Paper Towels", sku: "TOWEL-PAPER", salesPrice: 250, vatRate: 2000 });
  milk = createProduct({ name: "Semi-Skimmed Milk", salesPrice: 333, vatRate: 500 });
  bankAccountId = db().insert(financialAccounts).values({ name: "Business Current", type: "bank", balance: 100000 }).returning().get().id;
  cardAccountId = db().insert(financialAccounts).values({ name: "Company Card", type: "credit_card", balance: 50000 }).returning().get().id;
  // each opens its ledger account with its balance, as on an install that kept these before the ledger
  writeTransaction(db(), (tx) => postHistoryJournals(tx));

  const longAgo = addDaysToDate(TODAY, -60);
  inv.overdue = createInvoicedOrder(buyer, [{ product: towels, quantity: 4 }], longAgo); // £12.00, due 30 days ago
  inv.paid = createInvoicedOrder(buyer, [{ product: towels, quantity: 2 }], addDaysToDate(TODAY, -5)); // £6.00
  db().update(salesInvoices).set({ amountPaid: 600 }).where(eq(salesInvoices.id, inv.paid.id)).run();
  inv.void = createInvoicedOrder(buyer, [{ product: towels, quantity: 1 }], addDaysToDate(TODAY, -3));
  writeTransaction(db(), (tx) => voidSalesInvoiceForOrder(tx, inv.void.orderId));
  inv.partial = createInvoicedOrder(buyer, [{ product: milk, quantity: 10 }], addDaysToDate(TODAY, -2)); // £34.97
  db().update(salesInvoices).set({ amountPaid: 1000 }).where(eq(salesInvoices.id, inv.partial.id)).run();
  inv.other = createInvoicedOrder(other, [{ product: milk, quantity: 1 }], addDaysToDate(TODAY, -1));
  // 20 towels (£50.00 + £10.00 VAT) and 2 milk (£6.66 + £0.33 VAT) = £66.99
  inv.unpaid = createInvoicedOrder(buyer, [
    { product: towels, quantity: 20 },
    { product: milk, quantity: 2 },
  ]);

  adminCookie = await signIn("admin@example.com", { via: "api" });
  buyerCookie = await signIn(buyer.email, { via: "api" });
});

describe("guards", () => {
  it("answers 401 signed out and 403 to a customer, through every call, and writes nothing", async () => {
    const before = snapshot(inv.unpaid.id);
    const calls: [RouteHandler, string, string, unknown, Record<string, string>][] = [
      [apiList.loader, "/api/admin/invoices/sales", "GET", undefined, {}],
      [apiManual.action, "/api/admin/invoices/sales/manual", "POST", { customerId: buyer.id, items: [{ description: "X", quantity: 1, unitPrice: 1, vatRate: 20 }] }, {}],
      [apiPayments.loader, paymentsUrl(inv.unpaid.id), "GET", undefined, { id: String(inv.unpaid.id) }],
      [apiPayments.action, paymentsUrl(inv.unpaid.id), "POST", { amount: "1.00", paymentMethod: "cash" }, { id: String(inv.unpaid.id) }],
      [apiSendEmail.action, `/api/admin/invoices/sales/${inv.unpaid.id}/send-email`, "POST", {}, { id: String(inv.unpaid.id) }],
      [apiPdf.loader, `/api/admin/invoices/sales/${inv.unpaid.id}/pdf`, "GET", undefined, { id: String(inv.unpaid.id) }],
    ];
    for (const [handler, url, method, body, params] of calls) {
      const signedOut = await callRoute(handler, buildRequest(url, { method, json: body }), params);
      expect(signedOut.status, `${method} ${url} signed out`).toBe(401);
      const customer = await api(handler, url, method, body, params, buyerCookie);
      expect(customer.status, `${method} ${url} as a customer`).toBe(403);
      expect(await readJson(customer)).toEqual({ message: "You do not have admin privileges." });
    }
    // the screen and the print route send a customer away
    expect(redirectLocation(await pageGet("/admin/sales-invoices", buyerCookie))).toBe("/");
    expect(redirectLocation(await pagePost({ intent: "pay", id: inv.unpaid.id, amount: "1.00", paymentMethod: "cash" }, buyerCookie))).toBe("/");
    expect(
      redirectLocation(await callRoute(printPdf.loader, buildRequest(`/admin/sales-invoices/${inv.unpaid.id}.pdf`, { cookie: buyerCookie }), { id: String(inv.unpaid.id) })),
    ).toBe("/");
    expect(snapshot(inv.unpaid.id)).toEqual(before);
    expect(listOutbox().total).toBe(0);
  });
});

describe("the list", () => {
  it("lists newest issue date first with derived statuses and money as 2-decimal strings", async () => {
    const response = await api(apiList.loader, "/api/admin/invoices/sales", "GET");
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Total-Count")).toBe("6");
    const rows = await readJson(response);
    expect(rows.map((row: { invoiceNumber: string }) => row.invoiceNumber)).toEqual(
      [inv.unpaid, inv.other, inv.partial, inv.void, inv.paid, inv.overdue].map((i) => i.invoiceNumber),
    );
    expect(rows[0]).toMatchObject({
      id: inv.unpaid.id,
      status: "unpaid",
      subtotal: "56.66",
      vatAmount: "10.33",
      total: "66.99",
      amountPaid: "0.00",
      outstanding: "66.99",
      issueDate: TODAY,
      dueDate: addDaysToDate(TODAY, 30),
      customer: { id: buyer.id, email: buyer.email, businessName: "Acme Catering Ltd" },
      order: { id: inv.unpaid.orderId, orderNumber: inv.unpaid.orderNumber, shippingCity: "Leeds", shippingPostcode: "LS11 5PS" },
    });
    const statuses = Object.fromEntries(rows.map((row: { id: number; status: string; outstanding: string }) => [row.id, [row.status, row.outstanding]]));
    expect(statuses[inv.overdue.id]).toEqual(["overdue", "12.00"]);
    expect(statuses[inv.paid.id]).toEqual(["paid", "0.00"]);
    expect(statuses[inv.void.id]).toEqual(["void", "0.00"]);
    expect(statuses[inv.partial.id]).toEqual(["partially_paid", "24.97"]);
  });

  it("filters by each derived status and searches number, email, business name and order number", async () => {
    const numbersOf = async (query: string) => {
      const response = await api(apiList.loader, `/api/admin/invoices/sales?${query}`, "GET");
      expect(response.status, query).toBe(200);
      return (await readJson(response)).map((row: { invoiceNumber: string }) => row.invoiceNumber);
    };
    expect(await numbersOf("status=void")).toEqual([inv.void.invoiceNumber]);
    expect(await numbersOf("status=paid")).toEqual([inv.paid.invoiceNumber]);
    expect(await numbersOf("status=overdue")).toEqual([inv.overdue.invoiceNumber]);
    expect(await numbersOf("status=partially_paid")).toEqual([inv.partial.invoiceNumber]);
    expect(await numbersOf("status=unpaid")).toEqual([inv.unpaid.invoiceNumber, inv.other.invoiceNumber]);
    expect(await numbersOf(`q=${inv.paid.invoiceNumber}`)).toEqual([inv.paid.invoiceNumber]);
    expect(await numbersOf("q=northern-cafes")).toEqual([inv.other.invoiceNumber]);
    expect(await numbersOf("q=Northern%20Cafes")).toEqual([inv.other.invoiceNumber]);
    expect(await numbersOf(`q=${inv.overdue.orderNumber}`)).toEqual([inv.overdue.invoiceNumber]);
    expect(await numbersOf("q=acme&status=unpaid")).toEqual([inv.unpaid.invoiceNumber]);
    expect(await numbersOf("q=nobody-has-this")).toEqual([]);

    const bad = await api(apiList.loader, "/api/admin/invoices/sales?status=lost", "GET");
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).field).toBe("status");

    const paged = await api(apiList.loader, "/api/admin/invoices/sales?pageSize=2&page=2", "GET");
    expect(paged.headers.get("X-Page-Count")).toBe("3");
    expect((await readJson(paged)).map((row: { id: number }) => row.id)).toEqual([inv.partial.id, inv.void.id]);
  });

  it("the screen shows the same list, filtered by GET parameters, and one invoice on ?view=", async () => {
    const page = await readJson(await pageGet("/admin/sales-invoices?q=acme&status=overdue"));
    expect(page.invoices.map((row: { invoiceNumber: string }) => row.invoiceNumber)).toEqual([inv.overdue.invoiceNumber]);
    expect(page.list).toMatchObject({ q: "acme", status: "overdue", page: 1 });

    const view = await readJson(await pageGet(`/admin/sales-invoices?view=${inv.unpaid.id}`));
    expect(view.invoice).toMatchObject({
      invoiceNumber: inv.unpaid.invoiceNumber,
      orderNumber: inv.unpaid.orderNumber,
      status: "unpaid",
      total: 6699,
      outstanding: 6699,
      billTo: { businessName: "Acme Catering Ltd", name: "Bea Buyer", email: buyer.email, address: "12 Market Street, York, YO1 8BB" },
      shipTo: { name: "Goods In, Canal Wharf Depot", city: "Leeds", postcode: "LS11 5PS" },
      payments: [],
    });
    expect(view.invoice.lines).toEqual([
      { sku: "TOWEL-PAPER", description: "Paper Towels", quantity: 20, unitPrice: 250, vatRate: 2000, vatAmount: 1000, total: 5000 },
      { sku: null, description: "Semi-Skimmed Milk", quantity: 2, unitPrice: 333, vatRate: 500, vatAmount: 33, total: 666 },
    ]);
    // the invoice carries the terms it was issued on (the company's: net 30 until accounts set others)
    expect(view.invoice.paymentTerms).toBe("net30");
    expect(view.company.name).toBe("INFY Wholesale Ltd");
    expect((await readJson(await pageGet("/admin/sales-invoices?view=999999"))).missing).toBe(true);
  });
});

describe("recording payments", () => {
  it("refuses too much, zero and negative amounts with the spec's message, through both doors, writing nothing", async () => {
    const id = inv.unpaid.id;
    const before = snapshot(id);
    const message = "Amount must be greater than 0 and not exceed £66.99";
    for (const amount of ["66.995", 67, "67.00", 0, "0", "-5.00", -1]) {
      const response = await api(apiPayments.action, paymentsUrl(id), "POST", { amount, paymentMethod: "bank_transfer", financialAccountId: bankAccountId }, { id: String(id) });
      expect(response.status, `amount ${amount}`).toBe(400);
      const body = await readJson(response);
      expect(body.field).toBe("amount");
      if (amount !== "66.995") expect(body.message, `amount ${amount}`).toBe(message);
      else expect(body.message).toBe("Amount must have at most 2 decimal places");
    }
    for (const amount of ["70", "0", "-2"]) {
      const response = await pagePost({ intent: "pay", id, amount, paymentMethod: "cash", returnTo: `/admin/sales-invoices?pay=${id}` }, adminCookie, `/admin/sales-invoices?pay=${id}`);
      expect(response.status).toBe(400);
      const data = await readJson(response);
      expect(data.result.error.amount).toEqual([message]);
      expect(data.toast).toMatchObject({ title: "Error", description: message });
    }
    const noMethod = await api(apiPayments.action, paymentsUrl(id), "POST", { amount: "1.00", paymentMethod: "cheque" }, { id: String(id) });
    expect(noMethod.status).toBe(400);
    expect(await readJson(noMethod)).toEqual({ message: "Payment method must be one of bank_transfer, cash, credit", field: "paymentMethod" });
    const noAccount = await api(apiPayments.action, paymentsUrl(id), "POST", { amount: "1.00", paymentMethod: "cash", financialAccountId: 9999 }, { id: String(id) });
    expect(noAccount.status).toBe(400);
    expect(snapshot(id)).toEqual(before);
  });

  it("a part payment then the rest: partially_paid then paid, amountPaid and the accounts' balances move", async () => {
    const id = inv.unpaid.id;
    const audits = countOf(auditLogs);
    const key = crypto.randomUUID();
    const part = () =>
      api(
        apiPayments.action,
        paymentsUrl(id),
        "POST",
        { amount: 20.5, paymentMethod: "bank_transfer", reference: "BACS ACME 1", notes: "First half", financialAccountId: bankAccountId },
        { id: String(id) },
        adminCookie,
        { "Idempotency-Key": key },
      );
    const first = await part();
    expect(first.status).toBe(201);
    const body = await readJson(first);
    expect(body).toMatchObject({
      message: "Payment recorded",
      payment: { amount: "20.50", paymentMethod: "bank_transfer", paymentDate: TODAY, reference: "BACS ACME 1", notes: "First half", financialAccountId: bankAccountId },
      invoice: { id, status: "partially_paid", amountPaid: "20.50", outstanding: "46.49" },
    });
    // the same request again (a retry) records nothing more
    const replay = await part();
    expect(replay.status).toBe(201);
    expect((await readJson(replay)).payment.id).toBe(body.payment.id);
    expect(invoiceRow(id).amountPaid).toBe(2050);
    expect(balanceOf(bankAccountId)).toBe(100000 + 2050);

    // the rest through the screen's form, into the credit card account (lowers what is owed on it)
    const response = await pagePost({
      intent: "pay",
      id,
      amount: "46.49",
      paymentMethod: "credit",
      paymentDate: TODAY,
      reference: "Card ending 4242",
      financialAccountId: cardAccountId,
      returnTo: "/admin/sales-invoices?q=acme",
    });
    const landed = await follow(response);
    expect(landed.location).toBe(`/admin/sales-invoices?q=acme&view=${id}`);
    expect(landed.toast).toMatchObject({ title: "Payment recorded" });
    expect(landed.toast?.description).toContain("Outstanding balance: £0.00");
    expect(landed.page.invoice).toMatchObject({ status: "paid", amountPaid: 6699, outstanding: 0 });
    expect(landed.page.invoice.payments.map((p: { amount: string; paymentMethod: string; financialAccountName: string }) => [p.amount, p.paymentMethod, p.financialAccountName])).toEqual([
      ["20.50", "bank_transfer", "Business Current"],
      ["46.49", "credit", "Company Card"],
    ]);
    expect(balanceOf(cardAccountId)).toBe(50000 - 4649);
    expect(invoiceRow(id).amountPaid).toBe(6699);
    expect(countOf(auditLogs)).toBe(audits + 2);

    const listed = await readJson(await api(apiPayments.loader, paymentsUrl(id), "GET", undefined, { id: String(id) }));
    expect(listed.map((p: { amount: string }) => p.amount)).toEqual(["20.50", "46.49"]);
    const status = await readJson(await api(apiList.loader, `/api/admin/invoices/sales?q=${inv.unpaid.invoiceNumber}`, "GET"));
    expect(status[0]).toMatchObject({ status: "paid", amountPaid: "66.99", outstanding: "0.00" });

    // fully paid: nothing more can be taken
    const more = await api(apiPayments.action, paymentsUrl(id), "POST", { amount: "0.01", paymentMethod: "cash" }, { id: String(id) });
    expect(more.status).toBe(400);
    expect((await readJson(more)).message).toBe("Amount must be greater than 0 and not exceed £0.00");
  });

  it("a void invoice refuses payments (409), through both doors", async () => {
    const id = inv.void.id;
    const before = snapshot(id);
    const response = await api(apiPayments.action, paymentsUrl(id), "POST", { amount: "1.00", paymentMethod: "cash" }, { id: String(id) });
    expect(response.status).toBe(409);
    expect((await readJson(response)).message).toMatch(/void/);
    const landed = await follow(await pagePost({ intent: "pay", id, amount: "1.00", paymentMethod: "cash" }));
    expect(landed.toast).toMatchObject({ title: "Error", variant: "destructive" });
    expect(landed.toast?.description).toMatch(/void/);
    expect(snapshot(id)).toEqual(before);
    // an unknown invoice is a 404; the form without an invoice says so
    expect((await api(apiPayments.action, paymentsUrl(99999), "POST", { amount: "1.00", paymentMethod: "cash" }, { id: "99999" })).status).toBe(404);
    const none = await follow(await pagePost({ intent: "pay", amount: "1.00", paymentMethod: "cash" }));
    expect(none.toast).toMatchObject({ title: "Error", description: "No invoice selected" });
  });
});

describe("emailing an invoice", () => {
  function mailFor(invoiceNumber: string) {
    const entry = listOutbox({ limit: 100 }).items.find((item) => item.subject.includes(invoiceNumber));
    if (!entry) return null;
    return { ...entry, raw: fs.readFileSync(path.join(outboxDir(), entry.file), "latin1") };
  }

  it("sends the invoice with its PDF attached to the customer, through both doors, audited", async () => {
    const audits = countOf(auditLogs);
    const response = await api(apiSendEmail.action, `/api/admin/invoices/sales/${inv.partial.id}/send-email`, "POST", undefined, { id: String(inv.partial.id) });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ message: "Invoice sent via email successfully", to: buyer.email });
    const mail = mailFor(inv.partial.invoiceNumber)!;
    expect(mail).not.toBeNull();
    expect(mail.to).toBe(buyer.email);
    expect(mail.subject).toBe(`Invoice ${inv.partial.invoiceNumber} from INFY Wholesale Ltd`);
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/i);
    expect(mail.raw).toContain(`filename=${inv.partial.invoiceNumber}.pdf`);
    // the attachment is a real PDF
    const base64 = mail.raw.split(/Content-Disposition: attachment[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n/i)[1]?.split(/\r?\n--/)[0] ?? "";
    expect(Buffer.from(base64.replace(/\s+/g, ""), "base64").subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(countOf(auditLogs)).toBe(audits + 1);

    const landed = await follow(await pagePost({ intent: "email", id: inv.other.id }));
    expect(landed.location).toBe(`/admin/sales-invoices?view=${inv.other.id}`);
    expect(landed.toast).toMatchObject({ title: "Invoice sent via email successfully" });
    expect(mailFor(inv.other.invoiceNumber)?.to).toBe(other.email);
  });

  it("answers the server's message when the mail cannot be written, and a void invoice is not sent", async () => {
    const blocked = path.join(path.dirname(outboxDir()), "not-a-folder");
    fs.writeFileSync(blocked, "a file where the outbox should be");
    const previous = process.env.OUTBOX_DIR;
    process.env.OUTBOX_DIR = blocked;
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const response = await api(apiSendEmail.action, `/api/admin/invoices/sales/${inv.overdue.id}/send-email`, "POST", undefined, { id: String(inv.overdue.id) });
      expect(response.status).toBe(502);
      const body = await readJson(response);
      expect(body.message).toMatch(/\S/);
      expect(body.message).not.toBe("Invoice sent via email successfully");
      const landed = await follow(await pagePost({ intent: "email", id: inv.overdue.id }));
      expect(landed.toast).toMatchObject({ title: "Error", description: body.message });
    } finally {
      logged.mockRestore();
      process.env.OUTBOX_DIR = previous;
    }
    const voided = await api(apiSendEmail.action, `/api/admin/invoices/sales/${inv.void.id}/send-email`, "POST", undefined, { id: String(inv.void.id) });
    expect(voided.status).toBe(409);
    expect(mailFor(inv.void.invoiceNumber)).toBeNull();
    expect(mailFor(inv.overdue.invoiceNumber)).toBeNull();
  });
});

describe("the PDF", () => {
  it("Print Invoice and the API answer the invoice as a PDF", async () => {
    const printed = await callRoute(printPdf.loader, buildRequest(`/admin/sales-invoices/${inv.overdue.id}.pdf`, { cookie: adminCookie }), { id: String(inv.overdue.id) });
    expect(printed.status).toBe(200);
    expect(printed.headers.get("Content-Type")).toBe("application/pdf");
    expect(printed.headers.get("Content-Disposition")).toBe(`inline; filename="${inv.overdue.invoiceNumber}.pdf"`);
    expect(Buffer.from(await printed.arrayBuffer()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const fromApi = await api(apiPdf.loader, `/api/admin/invoices/sales/${inv.other.id}/pdf`, "GET", undefined, { id: String(inv.other.id) });
    expect(fromApi.headers.get("Content-Type")).toBe("application/pdf");
    expect((await api(apiPdf.loader, "/api/admin/invoices/sales/99999/pdf", "GET", undefined, { id: "99999" })).status).toBe(404);
  });
});

describe("creating an invoice by hand", () => {
  it("computes the totals on the server to the penny, ignoring the client's, and starts unpaid", async () => {
    const audits = countOf(auditLogs);
    const response = await api(apiManual.action, "/api/admin/invoices/sales/manual", "POST", {
      customerId: other.id,
      invoiceNumber: "MAN-0001",
      issueDate: TODAY,
      subtotal: "1.00",
      vatAmount: "0.00",
      total: "1.00",
      status: "paid",
      items: [
        { description: "Delivery to site", quantity: 3, unitPrice: "2.35", vatRate: "20.00", total: "0.01" }, // 7.05 + 1.41
        { description: "Catering pack", quantity: 7, unitPrice: 3.33, vatRate: 17.5 }, // 23.31 + 4.08 (4.07925 → 4.08)
        { productId: milk.id, description: "ignored", quantity: 3, unitPrice: "0.01", vatRate: 0 }, // 9.99 + 0.50 (0.4995 → 0.50)
      ],
    });
    expect(response.status).toBe(201);
    const body = await readJson(response);
    expect(body).toMatchObject({
      message: "Invoice created",
      invoiceNumber: "MAN-0001",
      customerId: other.id,
      orderId: null,
      status: "unpaid",
      issueDate: TODAY,
      dueDate: addDaysToDate(TODAY, 30),
      subtotal: "40.35",
      vatAmount: "5.99",
      total: "46.34",
      amountPaid: "0.00",
    });
    expect(body.items).toEqual([
      { description: "Delivery to site", quantity: 3, unitPrice: "2.35", vatRate: "20.00", vatAmount: "1.41", total: "7.05" },
      { description: "Catering pack", quantity: 7, unitPrice: "3.33", vatRate: "17.50", vatAmount: "4.08", total: "23.31" },
      { description: "Semi-Skimmed Milk", quantity: 3, unitPrice: "3.33", vatRate: "5.00", vatAmount: "0.50", total: "9.99" },
    ]);
    const row = invoiceRow(body.id);
    expect(row).toMatchObject({ status: "unpaid", subtotal: 4035, vatAmount: 599, total: 4634, amountPaid: 0 });
    expect(db().select().from(salesInvoiceItems).where(eq(salesInvoiceItems.invoiceId, body.id)).all()).toHaveLength(3);
    expect(countOf(auditLogs)).toBe(audits + 1);
  });

  it("refuses no lines, a taken number and an order that already has its invoice, through both doors", async () => {
    const invoices = countOf(salesInvoices);
    const none = await api(apiManual.action, "/api/admin/invoices/sales/manual", "POST", { customerId: buyer.id, items: [] });
    expect(none.status).toBe(400);
    expect(await readJson(none)).toEqual({ message: "Please add at least one line item", field: "items" });

    // the form: every row left blank
    const blank = await pagePost({
      intent: "create",
      customerId: buyer.id,
      "items[0].description": "",
      "items[0].quantity": "1",
      "items[0].unitPrice": "0",
      "items[0].vatRate": "20",
      "items[1].quantity": "1",
      "items[1].unitPrice": "0",
      "items[1].vatRate": "20",
    });
    expect(blank.status).toBe(400);
    expect((await readJson(blank)).result.error.items).toEqual(["Please add at least one line item"]);

    const duplicate = await api(apiManual.action, "/api/admin/invoices/sales/manual", "POST", {
      customerId: buyer.id,
      invoiceNumber: "man-0001",
      items: [{ description: "Anything", quantity: 1, unitPrice: "1.00", vatRate: "20" }],
    });
    expect(duplicate.status).toBe(409);
    expect(await readJson(duplicate)).toEqual({ message: "Invoice number man-0001 is already in use", field: "invoiceNumber" });
    const duplicateForm = await pagePost({
      intent: "create",
      customerId: buyer.id,
      invoiceNumber: inv.paid.invoiceNumber,
      "items[0].description": "Anything",
      "items[0].quantity": "1",
      "items[0].unitPrice": "1.00",
      "items[0].vatRate": "20",
    });
    expect(duplicateForm.status).toBe(409);
    expect((await readJson(duplicateForm)).result.error.invoiceNumber).toEqual([`Invoice number ${inv.paid.invoiceNumber} is already in use`]);

    const twice = await api(apiManual.action, "/api/admin/invoices/sales/manual", "POST", {
      customerId: buyer.id,
      orderId: inv.paid.orderId,
      items: [{ description: "Again", quantity: 1, unitPrice: "1.00", vatRate: "20" }],
    });
    expect(twice.status).toBe(409);
    expect((await readJson(twice)).field).toBe("orderId");

    const notCustomer = await api(apiManual.action, "/api/admin/invoices/sales/manual", "POST", {
      customerId: "no-such-user",
      items: [{ description: "X", quantity: 1, unitPrice: "1.00", vatRate: "20" }],
    });
    expect(notCustomer.status).toBe(400);
    expect((await readJson(notCustomer)).field).toBe("customerId");

    const badLine = await api(apiManual.action, "/api/admin/invoices/sales/manual", "POST", {
      customerId: buyer.id,
      items: [{ description: "X", quantity: 0, unitPrice: "1.00", vatRate: "20.05" }],
    });
    expect(badLine.status).toBe(400);
    expect(await readJson(badLine)).toEqual({ message: "Quantity must be at least 1", field: "items.0.quantity" });
    expect(countOf(salesInvoices)).toBe(invoices);
  });

  it("the form creates an invoice from its filled rows, numbered in the series and due in 30 days", async () => {
    const response = await pagePost({
      intent: "create",
      customerId: buyer.id,
      issueDate: TODAY,
      dueDate: "",
      "items[0].productId": String(towels.id),
      "items[0].quantity": "4",
      "items[1].description": "",
      "items[1].quantity": "1",
      "items[1].unitPrice": "0",
      "items[1].vatRate": "20",
      "items[2].description": "Pallet hire",
      "items[2].quantity": "2",
      "items[2].unitPrice": "12.50",
      "items[2].vatRate": "0",
    });
    const landed = await follow(response);
    expect(landed.toast).toMatchObject({ title: "Invoice created" });
    const view = landed.page.invoice;
    expect(view.invoiceNumber).toMatch(new RegExp(`^INV-${TODAY.slice(0, 4)}-\\d{5}$`));
    expect(landed.location).toBe(`/admin/sales-invoices?view=${view.id}`);
    expect(view).toMatchObject({ status: "unpaid", issueDate: TODAY, dueDate: addDaysToDate(TODAY, 30), subtotal: 3500, vatAmount: 200, total: 3700, orderNumber: null, shipTo: null });
    expect(view.lines.map((l: { description: string; total: number }) => [l.description, l.total])).toEqual([
      ["Paper Towels", 1000],
      ["Pallet hire", 2500],
    ]);
  });
});
