import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditLogs,
  customerPricing,
  financialAccounts,
  loyaltyTransactions,
  orderItems,
  orders,
  payments,
  priceTiers,
  products,
  salesInvoiceItems,
  salesInvoices,
  users,
} from "~db/schema";
import * as root from "~/root";
import * as posPage from "~/routes/admin.pos/route";
import * as apiCheckout from "~/routes/api.admin.pos.checkout";
import * as apiCustomerPrice from "~/routes/api.admin.get-customer-price";
import * as apiProducts from "~/routes/api.admin.pos.products";
import { getFinancialAccount } from "~/domain/finance/financial-accounts.server";
import { postHistoryJournals } from "~/domain/ledger/history.server";
import { getDb, writeTransaction } from "~/utils/db.server";
import { createCategory, createProduct, createUser, companyIdOf, updateCompanyOf } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation, type RouteHandler } from "./http";
import { signIn } from "./sign-in";
import { Counter } from "./pos-counter";

type Product = ReturnType<typeof createProduct>;
type User = typeof users.$inferSelect;

const db = () => getDb();

let adminCookie: string;
let buyerCookie: string;
let buyer: User; // 10% tier, a custom price on kettles
let plain: User; // no tier, no custom prices
let pending: User; // not approved
let towels: Product; // £2.50, 20% VAT, 40 in stock, SKU PT-100
let milk: Product; // £3.33, 5% VAT, 30 in stock
let kettles: Product; // £20.00, 20% VAT, 8 in stock
let gloves: Product; // out of stock
let tillId: number;
let bankId: number;

const stockOf = (id: number) => db().select({ n: products.stockLevel }).from(products).where(eq(products.id, id)).get()!.n;
/** An account's balance as the books keep it: its ledger account's. */
const balanceOf = (id: number) => getFinancialAccount(db(), id)!.balance;
const countOf = (table: typeof orders | typeof salesInvoices | typeof payments | typeof auditLogs | typeof loyaltyTransactions | typeof orderItems) =>
  db().select({ n: sql<number>`count(*)` }).from(table).get()!.n;

/** Everything a refused sale must leave alone. */
function snapshot() {
  return {
    orders: countOf(orders),
    items: countOf(orderItems),
    invoices: countOf(salesInvoices),
    payments: countOf(payments),
    audits: countOf(auditLogs),
    points: countOf(loyaltyTransactions),
    stock: [towels, milk, kettles, gloves].map((product) => stockOf(product.id)),
    till: balanceOf(tillId),
    bank: balanceOf(bankId),
  };
}

function api(handler: RouteHandler, url: string, body?: unknown, { cookie = adminCookie, method, headers }: { cookie?: string; method?: string; headers?: HeadersInit } = {}) {
  return callRoute(handler, buildRequest(url, { method: method ?? (body === undefined ? "GET" : "POST"), json: body, cookie, headers }));
}

async function adminCounter() {
  return new Counter(await signIn("admin@example.com", { via: "api" }));
}

function latestOrder() {
  return db().select().from(orders).orderBy(sql`${orders.id} desc`).limit(1).get()!;
}

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  const tier = db().insert(priceTiers).values({ name: "Trade 10", discountPercentage: 1000 }).returning().get();
  buyer = await createUser({ email: "bea@acme-catering.co.uk", firstName: "Bea", lastName: "Buyer", businessName: "Acme Catering Ltd", priceTierId: tier.id });
  plain = await createUser({ email: "orders@northern-cafes.co.uk", businessName: "Northern Cafes" });
  pending = await createUser({ email: "new@startup.co.uk", approvedAt: null });

  const cleaning = createCategory("Cleaning");
  const dairy = createCategory("Dairy");
  towels = createProduct({ name: "Paper Towels", salesPrice: 250, vatRate: 2000, stockLevel: 40, sku: "PT-100", categoryId: cleaning.id });
  milk = createProduct({ name: "Semi-Skimmed Milk", salesPrice: 333, vatRate: 500, stockLevel: 30, categoryId: dairy.id });
  kettles = createProduct({ name: "Catering Kettle", salesPrice: 2000, vatRate: 2000, stockLevel: 8, sku: "KT-9" });
  gloves = createProduct({ name: "Nitrile Gloves", salesPrice: 899, vatRate: 2000, stockLevel: 0, categoryId: cleaning.id });
  db().insert(customerPricing).values({ companyId: companyIdOf(buyer.id), productId: kettles.id, customPrice: 1500 }).run();

  bankId = db().insert(financialAccounts).values({ name: "Business Current", type: "bank", balance: 100000 }).returning().get().id;
  db().insert(financialAccounts).values({ name: "Company Card", type: "credit_card", balance: 0 }).run();
  tillId = db().insert(financialAccounts).values({ name: "Till", type: "cash", balance: 5000 }).returning().get().id;
  // each opens its ledger account with its balance, as on an install that kept these before the ledger
  writeTransaction(db(), (tx) => postHistoryJournals(tx));

  adminCookie = await signIn("admin@example.com", { via: "api" });
  buyerCookie = await signIn(buyer.email, { via: "api" });
});

describe("guards", () => {
  it("answers 401 signed out and 403 to a customer on every call, sends customers away from the screen, and writes nothing", async () => {
    const before = snapshot();
    const sale = { items: [{ productId: towels.id, quantity: 1 }], customerName: "Walk-in Customer", customerId: null };
    const calls: [RouteHandler, string, unknown][] = [
      [apiCheckout.action, "/api/admin/pos/checkout", sale],
      [apiCustomerPrice.action, "/api/admin/get-customer-price", { customerId: buyer.id, productId: kettles.id, quantity: 1 }],
      [apiProducts.loader, "/api/admin/pos/products", undefined],
    ];
    for (const [handler, url, body] of calls) {
      const signedOut = await callRoute(handler, buildRequest(url, { method: body === undefined ? "GET" : "POST", json: body }));
      expect(signedOut.status, `${url} signed out`).toBe(401);
      const customer = await api(handler, url, body, { cookie: buyerCookie });
      expect(customer.status, `${url} as a customer`).toBe(403);
      expect(await readJson(customer)).toEqual({ message: "You do not have admin privileges." });
    }
    const counter = new Counter(buyerCookie);
    expect(redirectLocation(await callRoute(posPage.loader, buildRequest("/admin/pos", { cookie: buyerCookie })))).toBe("/");
    expect(redirectLocation(await counter.setQuantity(towels, 1))).toBe("/");
    expect(redirectLocation(await counter.post({ intent: "complete", paymentMethod: "cash", idempotencyKey: crypto.randomUUID() }))).toBe("/");
    expect(snapshot()).toEqual(before);
  });
});

describe("the product grid", () => {
  it("searches names in any case within a category, counts each tab, and shows prices with VAT", async () => {
    const counter = await adminCounter();
    const all = await counter.page();
    expect(all.catalog.tabs).toEqual([
      { slug: null, name: "All Products", count: 4 },
      { slug: "cleaning", name: "Cleaning", count: 2 },
      { slug: "dairy", name: "Dairy", count: 1 },
    ]);
    const names = (page: { catalog: { products: { name: string }[] } }) => page.catalog.products.map((product) => product.name);
    expect(names(all)).toEqual(["Catering Kettle", "Nitrile Gloves", "Paper Towels", "Semi-Skimmed Milk"]);
    expect(all.catalog.products.find((product: { id: number }) => product.id === milk.id)).toMatchObject({ priceIncVat: 350, stockLevel: 30 });

    const searched = await counter.page("/admin/pos?q=PAPER&category=cleaning");
    expect(names(searched)).toEqual(["Paper Towels"]);
    expect(searched.catalog.tabs.map((tab: { count: number }) => tab.count)).toEqual([1, 1, 0]);
    expect(names(await counter.page("/admin/pos?q=towels&category=dairy"))).toEqual([]);

    const json = await api(apiProducts.loader, "/api/admin/pos/products?search=t&category=cleaning");
    expect(json.headers.get("X-Total-Count")).toBe("2");
    expect(await readJson(json)).toEqual([
      { id: gloves.id, name: "Nitrile Gloves", sku: null, imageUrl: null, salesPrice: "8.99", vatRate: "20.00", priceIncVat: "10.79", stockLevel: 0 },
      { id: towels.id, name: "Paper Towels", sku: "PT-100", imageUrl: null, salesPrice: "2.50", vatRate: "20.00", priceIncVat: "3.00", stockLevel: 40 },
    ]);
  });
});

describe("selling at the screen", () => {
  it("add, +, −, remove and complete a walk-in sale: a delivered order, a paid invoice, one payment into the till, stock down", async () => {
    const counter = await adminCounter();
    const grid = "/admin/pos?q=e&category=cleaning";
    const added = await counter.land(await counter.setQuantity(towels, 1, grid));
    expect(added.location).toBe(grid); // back where the cashier was
    await counter.setQuantity(milk, 1);
    await counter.setQuantity(towels, 2); // +
    await counter.setQuantity(towels, 3); // +
    await counter.setQuantity(towels, 2); // −
    await counter.setQuantity(kettles, 1);
    await counter.post({ intent: "remove", productId: kettles.id });

    const page = await counter.page();
    expect(page.sale.customer).toBeNull();
    expect(page.sale.lines.map((line: { name: string; quantity: number; unitPrice: number }) => [line.name, line.quantity, line.unitPrice])).toEqual([
      ["Paper Towels", 2, 250],
      ["Semi-Skimmed Milk", 1, 333],
    ]);
    // £5.00 + £1.00 VAT, £3.33 + £0.17 VAT (0.1665 rounded half-up)
    expect([page.sale.subtotal, page.sale.vatAmount, page.sale.total]).toEqual([833, 117, 950]);
    expect(page.defaultAccounts).toEqual({ cash: tillId, credit: bankId, bank_transfer: bankId });
    expect(page.accounts.map((account: { name: string }) => account.name)).toEqual(["Business Current", "Till"]);

    const before = snapshot();
    const done = await counter.land(await counter.post({ intent: "complete", paymentMethod: "cash", financialAccountId: tillId, idempotencyKey: crypto.randomUUID() }));
    const order = latestOrder();
    expect(done.toast?.title).toBe("Sale completed");
    expect(done.toast?.description).toContain(order.orderNumber);
    expect(done.location).toBe(`/admin/pos?sold=${order.id}`);
    expect(done.page.lastSale).toMatchObject({ id: order.id, orderNumber: order.orderNumber, total: 950 });
    expect(done.page.sale.lines).toEqual([]);

    expect(order).toMatchObject({ status: "delivered", channel: "pos", userId: null, subtotal: 833, vatAmount: 117, total: 950, shippingName: "Walk-in Customer" });
    expect(order.deliveredAt).toBeInstanceOf(Date);
    const items = db().select().from(orderItems).where(eq(orderItems.orderId, order.id)).all();
    expect(items.map((item) => [item.productName, item.sku, item.quantity, item.unitPrice, item.total, item.vatAmount])).toEqual([
      ["Paper Towels", "PT-100", 2, 250, 500, 100],
      ["Semi-Skimmed Milk", null, 1, 333, 333, 17],
    ]);
    const invoice = db().select().from(salesInvoices).where(eq(salesInvoices.orderId, order.id)).get()!;
    expect(invoice).toMatchObject({ customerId: null, total: 950, amountPaid: 950, status: "unpaid" });
    expect(db().select({ sku: salesInvoiceItems.sku }).from(salesInvoiceItems).where(eq(salesInvoiceItems.invoiceId, invoice.id)).all()).toEqual([{ sku: "PT-100" }, { sku: null }]);
    const paid = db().select().from(payments).where(eq(payments.salesInvoiceId, invoice.id)).all();
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ amount: 950, paymentMethod: "cash", financialAccountId: tillId, reference: order.orderNumber });

    expect(snapshot()).toEqual({
      ...before,
      orders: before.orders + 1,
      items: before.items + 2,
      invoices: before.invoices + 1,
      payments: before.payments + 1,
      audits: before.audits + 1,
      stock: [before.stock[0] - 2, before.stock[1] - 1, before.stock[2], before.stock[3]],
      till: before.till + 950,
    });
  });

  it("prices every line for a chosen customer, says so, and credits their points", async () => {
    const counter = await adminCounter();
    await counter.setQuantity(kettles, 2);
    await counter.setQuantity(towels, 4);
    const walkIn = await counter.page();
    expect(walkIn.sale.lines.map((line: { unitPrice: number }) => line.unitPrice)).toEqual([2000, 250]);

    const options = await counter.page("/admin/pos?customerSearch=acme");
    expect(options.customers.items.map((customer: { email: string }) => customer.email)).toEqual([buyer.email]);
    const allOptions = (await counter.page()).customers.items.map((customer: { email: string }) => customer.email);
    expect(allOptions).toContain(plain.email);
    expect(allOptions).not.toContain(pending.email); // not approved: cannot be sold to

    updateCompanyOf(buyer.id, { creditLimitPence: 50_000 });
    const chosen = await counter.land(await counter.post({ intent: "customer", customerId: buyer.id }));
    expect(chosen.page.sale.customer).toEqual({ id: buyer.id, email: buyer.email, displayName: "Acme Catering Ltd", companyId: companyIdOf(buyer.id) });
    // the counter sees the account's position (the sale is paid at the till and takes no credit)
    expect(chosen.page.account).toMatchObject({ companyName: "Acme Catering Ltd", paymentTerms: "net30", balance: 0, overdue: 0, creditLimit: 50_000, availableCredit: 50_000 });
    // kettles at Bea's own price (£15.00), towels at her 10% tier (£2.25)
    expect(chosen.page.sale.lines.map((line: { unitPrice: number }) => line.unitPrice)).toEqual([1500, 225]);
    expect([chosen.page.sale.subtotal, chosen.page.sale.vatAmount, chosen.page.sale.total]).toEqual([3900, 780, 4680]);

    const refused = await counter.land(await counter.post({ intent: "customer", customerId: pending.id }));
    expect(refused.toast).toMatchObject({ title: "Error", description: "Customer not found" });
    expect(refused.page.sale.customer.id).toBe(buyer.id);

    const done = await counter.land(await counter.post({ intent: "complete", paymentMethod: "credit", idempotencyKey: crypto.randomUUID() }));
    expect(done.toast?.title).toBe("Sale completed");
    const order = latestOrder();
    expect(order).toMatchObject({ userId: buyer.id, total: 4680, subtotal: 3900, shippingName: "Acme Catering Ltd", shippingEmail: buyer.email, status: "delivered" });
    const points = db().select().from(loyaltyTransactions).where(eq(loyaltyTransactions.orderId, order.id)).all();
    expect(points.map((row) => [row.userId, row.transactionType, row.points])).toEqual([[buyer.id, "earned", 39]]);
    // a card payment goes into the bank account by default
    const invoice = db().select().from(salesInvoices).where(eq(salesInvoices.orderId, order.id)).get()!;
    expect(invoice).toMatchObject({ customerId: buyer.id, amountPaid: 4680 });
    expect(db().select().from(payments).where(eq(payments.salesInvoiceId, invoice.id)).get()).toMatchObject({ paymentMethod: "credit", financialAccountId: bankId });
    // the next sale starts with the walk-in customer
    expect(done.page.sale.customer).toBeNull();
    expect(done.page.account).toBeNull();
    updateCompanyOf(buyer.id, { creditLimitPence: null });
  });

  it("two quick presses of one session both count: a quantity change and a customer choice posted together", async () => {
    const counter = await adminCounter();
    await counter.setQuantity(towels, 3);
    // both posts read the session before either writes it back, as two presses a moment apart do
    await Promise.all([counter.setQuantity(towels, 2), counter.post({ intent: "customer", customerId: buyer.id })]);
    const page = await counter.page();
    expect(page.sale.customer?.id).toBe(buyer.id);
    expect(page.sale.lines.map((line: { quantity: number }) => line.quantity)).toEqual([2]);
    await counter.post({ intent: "clear" });
  });

  it("refuses more than is in stock when adding, and a sale whose stock ran out meanwhile, keeping the basket and writing nothing", async () => {
    const counter = await adminCounter();
    const empty = await counter.land(await counter.setQuantity(gloves, 1));
    expect(empty.toast).toMatchObject({ title: "Error", description: "Not enough stock for Nitrile Gloves: only 0 left" });
    expect(empty.page.sale.lines).toEqual([]);

    await counter.setQuantity(kettles, 3);
    db().update(products).set({ stockLevel: 2 }).where(eq(products.id, kettles.id)).run(); // sold elsewhere meanwhile
    const before = snapshot();
    const refused = await counter.land(await counter.post({ intent: "complete", paymentMethod: "cash", idempotencyKey: crypto.randomUUID() }));
    expect(refused.toast).toMatchObject({ title: "Sale not completed", description: "Not enough stock for Catering Kettle: only 2 left", variant: "destructive" });
    expect(snapshot()).toEqual(before);
    expect(refused.page.sale.lines.map((line: { productId: number; quantity: number }) => [line.productId, line.quantity])).toEqual([[kettles.id, 3]]);
    // a line may always be made smaller
    await counter.setQuantity(kettles, 2);
    expect((await counter.page()).sale.lines[0].quantity).toBe(2);
    await counter.post({ intent: "clear" });
    expect((await counter.page()).sale.lines).toEqual([]);
  });

  it("a repeated Complete Sale with the same key makes one order", async () => {
    const counter = await adminCounter();
    await counter.setQuantity(milk, 2);
    const key = crypto.randomUUID();
    const before = snapshot();
    const first = await counter.land(await counter.post({ intent: "complete", paymentMethod: "cash", idempotencyKey: key }));
    const again = await counter.land(await counter.post({ intent: "complete", paymentMethod: "cash", idempotencyKey: key }));
    expect(first.toast?.title).toBe("Sale completed");
    expect(again.toast?.description).toBe(first.toast?.description);
    expect(snapshot()).toMatchObject({ orders: before.orders + 1, payments: before.payments + 1, till: before.till + 699 }) // £6.66 + £0.33 VAT;
    expect(stockOf(milk.id)).toBe(before.stock[1] - 2);
  });
});

describe("POST /api/admin/pos/checkout", () => {
  it("sells to a walk-in customer at list prices whatever the client sends, into the named account", async () => {
    const before = snapshot();
    const response = await api(apiCheckout.action, "/api/admin/pos/checkout", {
      items: [
        { productId: towels.id, productName: "Paper Towels", unitPrice: 0.01, vatRate: 0, quantity: 3 },
        { productId: kettles.id, productName: "Catering Kettle", unitPrice: "1.00", vatRate: "20.00", quantity: 1 },
      ],
      customerName: "Sam at the counter",
      customerId: null,
      paymentMethod: "bank_transfer",
      financialAccountId: bankId,
    });
    expect(response.status).toBe(201);
    const sale = await readJson(response);
    expect(sale).toMatchObject({
      status: "delivered",
      channel: "pos",
      userId: null,
      shippingName: "Sam at the counter",
      subtotal: "27.50",
      vatAmount: "5.50",
      total: "33.00",
      pointsEarned: 0,
      payment: { amount: "33.00", financialAccountId: bankId },
    });
    expect(sale.orderNumber).toMatch(/^ORD-\d{6}$/);
    expect(sale.invoiceNumber).toMatch(/^INV-\d{4}-\d{5}$/);
    expect(sale.items.map((item: { unitPrice: string; total: string }) => [item.unitPrice, item.total])).toEqual([
      ["2.50", "7.50"],
      ["20.00", "20.00"],
    ]);
    expect(snapshot()).toMatchObject({
      orders: before.orders + 1,
      payments: before.payments + 1,
      bank: before.bank + 3300,
      stock: [before.stock[0] - 3, before.stock[1], before.stock[2] - 1, before.stock[3]],
    });
  });

  it("prices a named customer's lines with their rules and credits their points", async () => {
    const response = await api(apiCheckout.action, "/api/admin/pos/checkout", {
      items: [{ productId: kettles.id, productName: "Catering Kettle", unitPrice: "20.00", vatRate: "20.00", quantity: 1 }],
      customerName: "Bea",
      customerId: buyer.id,
    });
    expect(response.status).toBe(201);
    const sale = await readJson(response);
    expect(sale).toMatchObject({ userId: buyer.id, subtotal: "15.00", total: "18.00", pointsEarned: 15, shippingName: "Acme Catering Ltd" });
    // cash by default, into the till
    expect(sale.payment.financialAccountId).toBe(tillId);
  });

  it("answers 409 naming the product and what is left, 404 for unknown products and customers, 400 for bad bodies; nothing written", async () => {
    const before = snapshot();
    const short = await api(apiCheckout.action, "/api/admin/pos/checkout", {
      items: [
        { productId: towels.id, quantity: 1 },
        { productId: kettles.id, quantity: stockOf(kettles.id) + 1 },
      ],
      customerName: "Walk-in Customer",
      customerId: null,
    });
    expect(short.status).toBe(409);
    expect(await readJson(short)).toEqual({ message: `Not enough stock for Catering Kettle: only ${stockOf(kettles.id)} left` });

    const cases: [unknown, number, string | undefined][] = [
      [{ items: [{ productId: 999999, quantity: 1 }], customerId: null }, 404, "items"],
      [{ items: [{ productId: towels.id, quantity: 1 }], customerId: "no-such-customer" }, 404, "customerId"],
      [{ items: [{ productId: towels.id, quantity: 1 }], customerId: pending.id }, 404, "customerId"],
      [{ items: [], customerId: null }, 400, "items"],
      [{ items: [{ productId: towels.id, quantity: 0 }], customerId: null }, 400, "items.0.quantity"],
      [{ items: [{ productId: towels.id, quantity: 1 }], customerId: null, paymentMethod: "cheque" }, 400, "paymentMethod"],
      [{ items: [{ productId: towels.id, quantity: 1 }], customerId: null, financialAccountId: 999999 }, 400, "financialAccountId"],
    ];
    for (const [body, status, field] of cases) {
      const response = await api(apiCheckout.action, "/api/admin/pos/checkout", body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect((await readJson(response)).field, JSON.stringify(body)).toBe(field);
    }
    expect(snapshot()).toEqual(before);
  });

  it("honours Idempotency-Key: the repeat answers 200 with the same sale and writes nothing", async () => {
    const before = snapshot();
    const body = { items: [{ productId: milk.id, quantity: 1 }], customerName: "Walk-in Customer", customerId: null };
    const headers = { "Idempotency-Key": "pos-sale-test-0001" };
    const first = await api(apiCheckout.action, "/api/admin/pos/checkout", body, { headers });
    const again = await api(apiCheckout.action, "/api/admin/pos/checkout", body, { headers });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect((await readJson(again)).orderNumber).toBe((await readJson(first)).orderNumber);
    expect(snapshot()).toMatchObject({ orders: before.orders + 1, payments: before.payments + 1 });
  });
});

describe("POST /api/admin/get-customer-price", () => {
  it("answers the customer's unit price ex VAT with the rules' parts", async () => {
    const price = (body: unknown) => api(apiCustomerPrice.action, "/api/admin/get-customer-price", body);
    const custom = await price({ customerId: buyer.id, productId: kettles.id, quantity: 1 });
    expect(await readJson(custom)).toEqual({ finalPrice: "15.00", customPrice: "15.00", tierDiscount: "0.00", volumeDiscount: "0.00" });
    const tier = await price({ customerId: buyer.id, productId: milk.id, quantity: 2 });
    expect((await readJson(tier)).finalPrice).toBe("3.00"); // 3.33 less 10% = 2.997
    expect((await readJson(await price({ customerId: plain.id, productId: milk.id, quantity: 1 }))).finalPrice).toBe("3.33");

    const unknownCustomer = await price({ customerId: pending.id, productId: milk.id, quantity: 1 });
    expect([unknownCustomer.status, (await readJson(unknownCustomer)).message]).toEqual([404, "Customer not found"]);
    expect((await price({ customerId: buyer.id, productId: 999999, quantity: 1 })).status).toBe(404);
    const bad = await price({ customerId: buyer.id, productId: milk.id, quantity: -1 });
    expect([bad.status, (await readJson(bad)).field]).toEqual([400, "quantity"]);
  });
});
