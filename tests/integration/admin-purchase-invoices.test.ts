import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditLogs,
  financialAccounts,
  purchaseInvoiceItems,
  purchaseInvoices,
  purchaseOrderItems,
  purchaseOrders,
  purchasePayments,
  users,
} from "~db/schema";
import { addDaysToDate, ukToday } from "~/domain/invoices/invoices.server";
import * as root from "~/root";
import * as page from "~/routes/admin.purchase-invoices/route";
import * as printPdf from "~/routes/admin.purchase-invoices.$id[.]pdf";
import * as apiInvoices from "~/routes/api.admin.invoices.purchase";
import * as apiPayments from "~/routes/api.admin.invoices.purchase.$id.payments";
import * as apiPdf from "~/routes/api.admin.invoices.purchase.$id.pdf";
import * as apiSendEmail from "~/routes/api.admin.invoices.purchase.$id.send-email";
import * as apiPurchaseOrders from "~/routes/api.admin.purchase-orders";
import { getFinancialAccount } from "~/domain/finance/financial-accounts.server";
import { postHistoryJournals } from "~/domain/ledger/history.server";
import { getDb, writeTransaction } from "~/utils/db.server";
import { listOutbox } from "~/utils/mail.server";
import { createProduct, createUser } from "./factories";
import { mailFor } from "./outbox";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation, type RouteHandler } from "./http";
import { signIn } from "./sign-in";

type User = typeof users.$inferSelect;

const TODAY = ukToday();
const db = () => getDb();

let [adminCookie, buyerCookie, supplierCookie] = ["", "", ""];
let [supplier, otherSupplier, buyer] = [] as User[];
let flour: ReturnType<typeof createProduct>; // cost £4.10, 0% VAT
let gloves: ReturnType<typeof createProduct>; // cost £1.25, 20% VAT
let bankId: number;
let cardId: number;

const countOf = (table: typeof purchaseInvoices | typeof purchasePayments | typeof auditLogs | typeof purchaseInvoiceItems) =>
  db().select({ n: sql<number>`count(*)` }).from(table).get()!.n;
/** An account's balance as the books keep it: its ledger account's (a card's as money owed). */
const balanceOf = (id: number) => getFinancialAccount(db(), id)!.balance;
const invoiceRow = (id: number) => db().select().from(purchaseInvoices).where(eq(purchaseInvoices.id, id)).get()!;

/** What a refused write must leave alone. */
function snapshot() {
  return {
    invoices: countOf(purchaseInvoices),
    lines: countOf(purchaseInvoiceItems),
    payments: countOf(purchasePayments),
    audits: countOf(auditLogs),
    paid: db().select({ paid: sql<number>`coalesce(sum(amount_paid), 0)` }).from(purchaseInvoices).get()!.paid,
    bank: balanceOf(bankId),
    card: balanceOf(cardId),
  };
}

function api(handler: RouteHandler, url: string, method: string, body?: unknown, params: Record<string, string> = {}, cookie = adminCookie, headers?: HeadersInit) {
  return callRoute(handler, buildRequest(url, { method, json: body, cookie, headers }), params);
}

function pagePost(form: Record<string, string | number | undefined>, { cookie = adminCookie, key = crypto.randomUUID() as string } = {}) {
  return callRoute(page.action, buildRequest("/admin/purchase-invoices", { form: { idempotencyKey: key, ...form }, cookie }));
}

/** Follows a form's redirect like a browser: the flashed notice and the page it lands on. */
async function follow(response: Response) {
  const location = redirectLocation(response);
  const next = cookieFrom(response, adminCookie);
  const rootData = await readJson(await callRoute(root.loader, buildRequest(location, { cookie: next })));
  const screen = await readJson(await callRoute(page.loader, buildRequest(location, { cookie: next })));
  return { location, toast: rootData.toast as { title: string; description?: string } | null, page: screen };
}

/** An invoice from `supplier` through the API: one line of `quantity` × £10.00 at 20% VAT unless given. */
async function createThroughApi(body: Record<string, unknown>, headers?: HeadersInit) {
  return api(apiInvoices.action, "/api/admin/invoices/purchase", "POST", {
    supplierId: supplier.id,
    items: [{ productId: null, description: "Delivery charge", quantity: 1, unitPrice: "10.00", vatRate: "20.00" }],
    ...body,
  }, {}, adminCookie, headers);
}

const paymentsUrl = (id: number) => `/api/admin/invoices/purchase/${id}/payments`;

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  buyer = await createUser({ email: "orders@cafe.example", businessName: "Corner Cafe" });
  supplier = await createUser({ email: "sales@millers.example", role: "supplier", businessName: "Northern Millers Ltd", address: "2 Mill Lane, Leeds, LS1 1AA" });
  otherSupplier = await createUser({ email: "trade@gloves.example", role: "supplier", businessName: "Glove Co" });
  flour = createProduct({ name: "Strong White Flour 16kg", salesPrice: 650, costPrice: 410, vatRate: 0 });
  gloves = createProduct({ name: "Nitrile Gloves 100", salesPrice: 300, costPrice: 125, vatRate: 2000 });
  bankId = db().insert(financialAccounts).values({ name: "Business Current", type: "bank", balance: 100_000 }).returning().get().id;
  cardId = db().insert(financialAccounts).values({ name: "Company Card", type: "credit_card", balance: 5_000 }).returning().get().id;
  // each opens its ledger account with its balance, as on an install that kept these before the ledger
  writeTransaction(db(), (tx) => postHistoryJournals(tx));
  adminCookie = await signIn("admin@example.com", { via: "api" });
  buyerCookie = await signIn(buyer.email, { via: "api" });
  supplierCookie = await signIn(supplier.email, { via: "api" });
});

describe("recording a supplier's invoice", () => {
  it("refuses anyone but a supplier with 400 on supplierId, through both doors, writing nothing", async () => {
    const before = snapshot();
    for (const who of [buyer.id, "no-such-user"]) {
      const response = await createThroughApi({ supplierId: who, invoiceNumber: "X-1" });
      expect(response.status).toBe(400);
      expect(await readJson(response)).toEqual({
        message: "Choose a supplier: only accounts with the supplier role can be invoiced from",
        field: "supplierId",
      });
    }
    const admin = db().select().from(users).where(eq(users.email, "admin@example.com")).get()!;
    const form = await pagePost({ intent: "create", supplierId: admin.id, invoiceNumber: "X-1", "items[0].description": "Pallet", "items[0].quantity": 1, "items[0].unitPrice": "5", "items[0].vatRate": "20" });
    expect(form.status).toBe(400);
    const reply = await readJson(form);
    expect(reply.result.error.supplierId).toEqual(["Choose a supplier: only accounts with the supplier role can be invoiced from"]);
    expect(snapshot()).toEqual(before);
  });

  it("prices a product line at the product's cost and VAT, keeps a custom line as typed, and ignores the client's totals", async () => {
    const response = await createThroughApi({
      invoiceNumber: "NM-1001",
      invoiceDate: "2026-01-10",
      subtotal: "1.00",
      vatAmount: "0.00",
      total: "1.00",
      items: [
        { productId: flour.id, description: "anything", quantity: 3, unitPrice: "0.01", vatRate: "5.00" },
        { productId: gloves.id, description: "Gloves", quantity: 3, unitPrice: "9.99", vatRate: "0" },
        { productId: null, description: "Pallet charge", quantity: 1, unitPrice: "7.35", vatRate: "20.00" },
      ],
    });
    expect(response.status).toBe(201);
    const body = await readJson(response);
    // flour 3 × £4.10 at 0% = £12.30; gloves 3 × £1.25 = £3.75 + £0.75 VAT; pallet £7.35 + £1.47 VAT
    expect(body).toMatchObject({ message: "Invoice created", invoiceNumber: "NM-1001", supplierId: supplier.id, amountPaid: "0.00" });
    // dated in January: due 30 days later, and long past that
    expect([body.status, body.invoiceDate, body.dueDate]).toEqual(["overdue", "2026-01-10", "2026-02-09"]);
    expect([body.subtotal, body.vatAmount, body.total]).toEqual(["23.40", "2.22", "25.62"]);
    expect(body.items.map((item: { description: string; unitPrice: string; vatRate: string }) => [item.description, item.unitPrice, item.vatRate])).toEqual([
      ["Strong White Flour 16kg", "4.10", "0.00"],
      ["Nitrile Gloves 100", "1.25", "20.00"],
      ["Pallet charge", "7.35", "20.00"],
    ]);
    expect(invoiceRow(body.id)).toMatchObject({ subtotal: 2340, vatAmount: 222, total: 2562, status: "unpaid" });
  });

  it("creates through the form too (invoice date today, due 30 days later), ignoring blank rows", async () => {
    const response = await pagePost({
      intent: "create",
      supplierId: otherSupplier.id,
      invoiceNumber: "GC-77",
      invoiceDate: "",
      dueDate: "",
      "items[0].productId": String(gloves.id),
      "items[0].quantity": "10",
      "items[1].description": "Carriage",
      "items[1].quantity": "1",
      "items[1].unitPrice": "4.50",
      "items[1].vatRate": "20",
      "items[2].quantity": "1",
      "items[2].unitPrice": "0",
      "items[2].vatRate": "20",
    });
    const { toast, page: screen } = await follow(response);
    expect(toast).toMatchObject({ title: "Invoice created", description: "GC-77 for £20.40 (VAT included)." });
    expect(screen.invoice).toMatchObject({
      invoiceNumber: "GC-77",
      invoiceDate: TODAY,
      dueDate: addDaysToDate(TODAY, 30),
      status: "unpaid",
      total: 2040,
      supplier: { email: otherSupplier.email, businessName: "Glove Co" },
    });
    expect(screen.invoice.lines).toHaveLength(2);
  });

  it("says 'Please add at least one line item' when there is none", async () => {
    const before = snapshot();
    const apiReply = await createThroughApi({ invoiceNumber: "EMPTY-1", items: [] });
    expect(apiReply.status).toBe(400);
    expect(await readJson(apiReply)).toEqual({ message: "Please add at least one line item", field: "items" });
    const form = await pagePost({ intent: "create", supplierId: supplier.id, invoiceNumber: "EMPTY-1", "items[0].quantity": "1", "items[0].unitPrice": "0" });
    expect(form.status).toBe(400);
    expect((await readJson(form)).result.error.items).toEqual(["Please add at least one line item"]);
    const tooLong = await createThroughApi({ invoiceNumber: "N".repeat(51) });
    expect(tooLong.status).toBe(400);
    expect((await readJson(tooLong)).field).toBe("invoiceNumber");
    expect(snapshot()).toEqual(before);
  });

  it("refuses a supplier's invoice number twice with 409 (any case), through both doors; another supplier may use it", async () => {
    expect((await createThroughApi({ invoiceNumber: "DUP-9" })).status).toBe(201);
    const before = snapshot();
    const again = await createThroughApi({ invoiceNumber: "dup-9" });
    expect(again.status).toBe(409);
    expect(await readJson(again)).toEqual({ message: "Invoice number dup-9 from this supplier is already recorded", field: "invoiceNumber" });
    const form = await pagePost({ intent: "create", supplierId: supplier.id, invoiceNumber: "DUP-9", "items[0].description": "X", "items[0].quantity": 1, "items[0].unitPrice": "1", "items[0].vatRate": "20" });
    expect(form.status).toBe(409);
    expect((await readJson(form)).result.error.invoiceNumber).toEqual(["Invoice number DUP-9 from this supplier is already recorded"]);
    expect(snapshot()).toEqual(before);
    expect((await createThroughApi({ supplierId: otherSupplier.id, invoiceNumber: "DUP-9" })).status).toBe(201);
  });

  it("writes once for a repeated Idempotency-Key (API) or form key", async () => {
    const headers = { "Idempotency-Key": "create-once-1" };
    const first = await createThroughApi({ invoiceNumber: "ONCE-1" }, headers);
    const before = snapshot();
    const second = await createThroughApi({ invoiceNumber: "ONCE-1" }, headers);
    expect(first.status).toBe(201);
    expect((await readJson(second)).id).toBe((await readJson(first)).id);
    expect(snapshot()).toEqual(before);

    const form = { intent: "create", supplierId: supplier.id, invoiceNumber: "ONCE-2", "items[0].description": "X", "items[0].quantity": 1, "items[0].unitPrice": "1", "items[0].vatRate": "0" };
    const firstForm = await pagePost(form, { key: "form-once-2" });
    const afterFirst = snapshot();
    const secondForm = await pagePost(form, { key: "form-once-2" });
    expect(redirectLocation(secondForm)).toBe(redirectLocation(firstForm));
    expect(snapshot()).toEqual(afterFirst);
  });
});

describe("paying a supplier's invoice", () => {
  let invoiceId: number;
  beforeAll(async () => {
    // 4 × £10.00 + 20% VAT = £48.00
    const response = await createThroughApi({ invoiceNumber: "PAY-1", items: [{ productId: null, description: "Sacks", quantity: 4, unitPrice: "10.00", vatRate: "20.00" }] });
    invoiceId = (await readJson(response)).id;
  });

  it("refuses more than is owed, and zero, with the spec's message through both doors, writing nothing", async () => {
    const before = snapshot();
    for (const amount of ["48.01", "0", "-5"]) {
      const response = await api(apiPayments.action, paymentsUrl(invoiceId), "POST", { amount, paymentMethod: "bank_transfer", financialAccountId: bankId }, { id: String(invoiceId) });
      expect(response.status).toBe(400);
      expect(await readJson(response)).toEqual({ message: "Amount must be greater than 0 and not exceed £48.00", field: "amount" });
    }
    const form = await pagePost({ intent: "pay", id: invoiceId, amount: "100", paymentMethod: "cash", financialAccountId: String(bankId) });
    expect(form.status).toBe(400);
    expect((await readJson(form)).result.error.amount).toEqual(["Amount must be greater than 0 and not exceed £48.00"]);
    const badMethod = await api(apiPayments.action, paymentsUrl(invoiceId), "POST", { amount: "1.00", paymentMethod: "cheque" }, { id: String(invoiceId) });
    expect(badMethod.status).toBe(400);
    expect(await readJson(badMethod)).toEqual({ message: "Payment method must be one of bank_transfer, cash, credit", field: "paymentMethod" });
    expect(snapshot()).toEqual(before);
    expect(invoiceRow(invoiceId).amountPaid).toBe(0);
  });

  it("pays in two parts out of the named accounts: the bank falls, the card's balance owed rises; then it is paid", async () => {
    const bankBefore = balanceOf(bankId);
    const cardBefore = balanceOf(cardId);
    // the form's method is typed text: surrounding spaces are forgiven
    const first = await pagePost({ intent: "pay", id: invoiceId, amount: "30.00", paymentMethod: " bank_transfer ", reference: "BACS 991", financialAccountId: String(bankId) });
    const { toast, page: screen } = await follow(first);
    expect(toast).toMatchObject({ title: "Payment recorded", description: "£30.00 against PAY-1. Outstanding balance: £18.00." });
    expect(screen.invoice).toMatchObject({ status: "partially_paid", amountPaid: 3000, outstanding: 1800 });
    expect(balanceOf(bankId)).toBe(bankBefore - 3000);

    const second = await api(apiPayments.action, paymentsUrl(invoiceId), "POST", { amount: "18.00", paymentMethod: "credit", reference: "Card 4417", financialAccountId: cardId }, { id: String(invoiceId) });
    expect(second.status).toBe(201);
    expect(await readJson(second)).toMatchObject({
      message: "Payment recorded",
      payment: { amount: "18.00", paymentMethod: "credit", financialAccountId: cardId, financialAccountName: "Company Card" },
      invoice: { id: invoiceId, status: "paid", amountPaid: "48.00", outstanding: "0.00" },
    });
    expect(balanceOf(cardId)).toBe(cardBefore + 1800);
    expect(balanceOf(bankId)).toBe(bankBefore - 3000);

    const list = await readJson(await api(apiPayments.loader, paymentsUrl(invoiceId), "GET", undefined, { id: String(invoiceId) }));
    expect(list.map((p: { amount: string; reference: string; financialAccountName: string }) => [p.amount, p.reference, p.financialAccountName])).toEqual([
      ["30.00", "BACS 991", "Business Current"],
      ["18.00", "Card 4417", "Company Card"],
    ]);
    const paid = await readJson(await api(apiInvoices.loader, "/api/admin/invoices/purchase?status=paid&q=PAY-1", "GET"));
    expect(paid.map((row: { invoiceNumber: string }) => row.invoiceNumber)).toEqual(["PAY-1"]);
    const audits = db().select().from(auditLogs).where(eq(auditLogs.entityId, String(invoiceId))).all().map((entry) => entry.action);
    expect(audits.filter((action) => action === "purchase_invoice.payment_recorded")).toHaveLength(2);
    // nothing more can be paid
    const more = await api(apiPayments.action, paymentsUrl(invoiceId), "POST", { amount: "0.01", paymentMethod: "cash" }, { id: String(invoiceId) });
    expect(await readJson(more)).toEqual({ message: "Amount must be greater than 0 and not exceed £0.00", field: "amount" });
  });

  it("records a payment once for a repeated Idempotency-Key", async () => {
    const id = (await readJson(await createThroughApi({ invoiceNumber: "PAY-2" }))).id;
    const headers = { "Idempotency-Key": "pay-once" };
    const body = { amount: "5.00", paymentMethod: "bank_transfer", financialAccountId: bankId };
    const first = await api(apiPayments.action, paymentsUrl(id), "POST", body, { id: String(id) }, adminCookie, headers);
    const before = snapshot();
    const second = await api(apiPayments.action, paymentsUrl(id), "POST", body, { id: String(id) }, adminCookie, headers);
    expect((await readJson(second)).payment.id).toBe((await readJson(first)).payment.id);
    expect(snapshot()).toEqual(before);
    expect(invoiceRow(id).amountPaid).toBe(500);
  });

  it("404s an unknown invoice and an unknown account is refused on its field", async () => {
    expect((await api(apiPayments.loader, paymentsUrl(999999), "GET", undefined, { id: "999999" })).status).toBe(404);
    const id = (await readJson(await createThroughApi({ invoiceNumber: "PAY-3" }))).id;
    const before = snapshot();
    const response = await api(apiPayments.action, paymentsUrl(id), "POST", { amount: "1.00", paymentMethod: "cash", financialAccountId: 999999 }, { id: String(id) });
    expect(response.status).toBe(400);
    expect(await readJson(response)).toEqual({ message: "Financial account not found", field: "financialAccountId" });
    expect(snapshot()).toEqual(before);
  });
});

describe("from a purchase order", () => {
  it("invoices a sent order once, linked both ways; a draft and a second invoice are refused", async () => {
    const [sent, draft] = (["sent", "draft"] as const).map((status, i) =>
      db().insert(purchaseOrders).values({ supplierId: supplier.id, orderNumber: `PO-T${i}`, status, subtotal: 1230, vatAmount: 0, total: 1230 }).returning().get(),
    );
    db().insert(purchaseOrderItems).values({ purchaseOrderId: sent.id, productId: flour.id, productName: flour.name, quantity: 3, unitPrice: 410, vatRate: 0, total: 1230 }).run();

    const dialog = await readJson(await callRoute(page.loader, buildRequest(`/admin/purchase-invoices?dialog=new&fromOrder=${sent.id}`, { cookie: adminCookie })));
    expect(dialog.fromOrder).toMatchObject({ id: sent.id, orderNumber: "PO-T0", supplierId: supplier.id, rows: [{ productId: String(flour.id), quantity: "3", unitPrice: "4.10" }] });
    expect(dialog.suppliers.items.map((s: { id: string }) => s.id)).toContain(supplier.id);
    expect(dialog.suppliers.items.map((s: { id: string }) => s.id)).not.toContain(buyer.id);

    const created = await pagePost({ intent: "create", supplierId: supplier.id, purchaseOrderId: String(sent.id), invoiceNumber: "NM-PO-1", "items[0].productId": String(flour.id), "items[0].quantity": "3" });
    const { page: screen } = await follow(created);
    expect(screen.invoice.purchaseOrder).toEqual({ id: sent.id, orderNumber: "PO-T0" });
    const orders = await readJson(await api(apiPurchaseOrders.loader, "/api/admin/purchase-orders?q=PO-T0", "GET"));
    expect(orders[0].invoice).toEqual({ id: screen.invoice.id, invoiceNumber: "NM-PO-1" });

    const before = snapshot();
    const again = await createThroughApi({ invoiceNumber: "NM-PO-2", purchaseOrderId: sent.id });
    expect(again.status).toBe(409);
    expect(await readJson(again)).toEqual({ message: "Purchase order PO-T0 is already invoiced (NM-PO-1)", field: "purchaseOrderId" });
    const ofDraft = await createThroughApi({ invoiceNumber: "NM-PO-3", purchaseOrderId: draft.id });
    expect(ofDraft.status).toBe(409);
    const otherSuppliers = await createThroughApi({ supplierId: otherSupplier.id, invoiceNumber: "NM-PO-4", purchaseOrderId: draft.id });
    expect(otherSuppliers.status).toBe(400);
    expect(snapshot()).toEqual(before);
    const reopened = await readJson(await callRoute(page.loader, buildRequest(`/admin/purchase-invoices?dialog=new&fromOrder=${sent.id}`, { cookie: adminCookie })));
    expect(reopened.fromOrder).toBeNull();
    expect(reopened.orderProblem).toBe("Purchase order PO-T0 is already invoiced (NM-PO-1)");
  });
});

describe("the list, PDF, email and guards", () => {
  it("lists newest first with derived statuses, filters and searches", async () => {
    const response = await api(apiInvoices.loader, "/api/admin/invoices/purchase?q=millers&pageSize=100", "GET");
    expect(response.status).toBe(200);
    const rows = await readJson(response);
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.every((row: { supplier: { email: string } }) => row.supplier.email === supplier.email)).toBe(true);
    expect(rows.at(-1)).toMatchObject({ invoiceNumber: "NM-1001", status: "overdue", total: "25.62", outstanding: "25.62" });
    const overdue = await readJson(await api(apiInvoices.loader, "/api/admin/invoices/purchase?status=overdue", "GET"));
    expect(overdue.map((row: { invoiceNumber: string }) => row.invoiceNumber)).toEqual(["NM-1001"]);
    expect((await api(apiInvoices.loader, "/api/admin/invoices/purchase?status=lost", "GET")).status).toBe(400);
  });

  it("prints the PDF and emails it to the supplier with the PDF attached", async () => {
    const id = (await readJson(await createThroughApi({ invoiceNumber: "MAIL-1" }))).id;
    const pdf = await api(apiPdf.loader, `/api/admin/invoices/purchase/${id}/pdf`, "GET", undefined, { id: String(id) });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const print = await callRoute(printPdf.loader, buildRequest(`/admin/purchase-invoices/${id}.pdf`, { cookie: adminCookie }), { id: String(id) });
    expect(print.headers.get("Content-Disposition")).toBe('inline; filename="MAIL-1.pdf"');

    const sent = await api(apiSendEmail.action, `/api/admin/invoices/purchase/${id}/send-email`, "POST", {}, { id: String(id) });
    expect(sent.status).toBe(200);
    expect(await readJson(sent)).toEqual({ message: "Invoice sent via email successfully", to: supplier.email });
    const mail = mailFor("MAIL-1");
    expect(mail?.raw).toContain(`To: ${supplier.email}`);
    expect(mail?.raw).toContain("MAIL-1.pdf");
    expect(mail?.raw).toContain("Still to pay: £12.00");

    const form = await follow(await pagePost({ intent: "email", id }));
    expect(form.toast).toMatchObject({ title: "Invoice sent via email successfully" });
  });

  it("answers 401 signed out and 403 to a customer or a supplier on every admin call", async () => {
    const before = snapshot();
    const mails = listOutbox().total;
    const id = String(invoiceRow(db().select().from(purchaseInvoices).get()!.id).id);
    const calls: [RouteHandler, string, string, unknown, Record<string, string>][] = [
      [apiInvoices.loader, "/api/admin/invoices/purchase", "GET", undefined, {}],
      [apiInvoices.action, "/api/admin/invoices/purchase", "POST", { supplierId: supplier.id, invoiceNumber: "G-1", items: [] }, {}],
      [apiPayments.loader, paymentsUrl(Number(id)), "GET", undefined, { id }],
      [apiPayments.action, paymentsUrl(Number(id)), "POST", { amount: "1.00", paymentMethod: "cash" }, { id }],
      [apiSendEmail.action, `/api/admin/invoices/purchase/${id}/send-email`, "POST", {}, { id }],
      [apiPdf.loader, `/api/admin/invoices/purchase/${id}/pdf`, "GET", undefined, { id }],
    ];
    for (const [handler, url, method, body, params] of calls) {
      expect((await callRoute(handler, buildRequest(url, { method, json: body }), params)).status, `${method} ${url} signed out`).toBe(401);
      for (const cookie of [buyerCookie, supplierCookie]) {
        const refused = await api(handler, url, method, body, params, cookie);
        expect(refused.status, `${method} ${url}`).toBe(403);
        expect(await readJson(refused)).toEqual({ message: "You do not have admin privileges." });
      }
    }
    expect(redirectLocation(await callRoute(page.loader, buildRequest("/admin/purchase-invoices", { cookie: supplierCookie })))).toBe("/supplier");
    expect(redirectLocation(await pagePost({ intent: "pay", id, amount: "1.00", paymentMethod: "cash" }, { cookie: supplierCookie }))).toBe("/supplier");
    expect(snapshot()).toEqual(before);
    expect(listOutbox().total).toBe(mails);
  });
});
