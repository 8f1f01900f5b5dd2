import { desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs, financialAccounts, payments } from "~db/schema";
import * as root from "~/root";
import * as accountsPage from "~/routes/admin.accounts/route";
import * as apiAccounts from "~/routes/api.admin.financial-accounts";
import * as apiAccount from "~/routes/api.admin.financial-accounts.$id";
import { recordPayment } from "~/domain/invoices/invoice-payments.server";
import { getFinancialAccount } from "~/domain/finance/financial-accounts.server";
import { balancesAsAt } from "~/domain/ledger/balances.server";
import { CODES } from "~/domain/ledger/chart";
import { getDb } from "~/utils/db.server";
import { createInvoicedOrder, createProduct, createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation, type RouteHandler } from "./http";
import { signIn } from "./sign-in";

let adminCookie: string;
let buyerCookie: string;
let adminId: string;
let buyer: { id: string; email: string };

const db = () => getDb();
const accountCount = () => db().select({ n: sql<number>`count(*)` }).from(financialAccounts).get()!.n;
const TAB = "/admin/accounts?tab=financial-accounts";
/** An account's balance as the books keep it: its ledger account's. */
const balanceOf = (id: number) => getFinancialAccount(db(), id)!.balance;
/** What Suspense holds today (debit positive). */
const suspense = () => balancesAsAt(db(), "9999-12-31").find((account) => account.code === CODES.suspense)!.balance;

beforeAll(async () => {
  adminId = (await createUser({ email: "admin@example.com", role: "admin" })).id;
  buyer = await createUser({ email: "buyer@example.com", businessName: "Canal Cafe Ltd" });
  adminCookie = await signIn("admin@example.com", { via: "api" });
  buyerCookie = await signIn("buyer@example.com", { via: "api" });
});

function api(handler: RouteHandler, path: string, method: string, body?: unknown, { cookie = adminCookie, key }: { cookie?: string; key?: string } = {}) {
  const headers = key ? { "Idempotency-Key": key } : undefined;
  return callRoute(handler, buildRequest(path, { method, json: body, cookie, headers }), { id: path.split("/").pop()! });
}

function pagePost(form: Record<string, string | number | undefined>, cookie = adminCookie) {
  return callRoute(accountsPage.action, buildRequest(TAB, { form: { idempotencyKey: crypto.randomUUID(), returnTo: TAB, ...form }, cookie }));
}

async function follow(response: Response) {
  const location = redirectLocation(response);
  const next = cookieFrom(response, adminCookie);
  const rootData = await readJson(await callRoute(root.loader, buildRequest(location, { cookie: next })));
  const page = await readJson(await callRoute(accountsPage.loader, buildRequest(location, { cookie: next })));
  return { location, toast: rootData.toast as { title: string; description?: string; variant?: string } | null, page };
}

/** A paid sales invoice naming `accountId`, so the account has a payment. */
async function paymentInto(accountId: number) {
  const product = createProduct({ name: `Paper Cups ${crypto.randomUUID().slice(0, 6)}`, salesPrice: 1_000 });
  const invoice = createInvoicedOrder(buyer, [{ product, quantity: 1 }], "2026-03-02");
  const paid = recordPayment(db(), { id: adminId }, invoice.id, { amount: 1_200, paymentMethod: "bank_transfer", paymentDate: "2026-03-05", reference: null, notes: null, financialAccountId: accountId });
  expect(paid.ok).toBe(true);
}

describe("guards", () => {
  it("refuses a customer (403) and a visitor (401) at every door, writing nothing", async () => {
    const before = accountCount();
    expect((await api(apiAccounts.action, "/api/admin/financial-accounts", "POST", { name: "Mine" }, { cookie: buyerCookie })).status).toBe(403);
    expect((await api(apiAccounts.loader, "/api/admin/financial-accounts", "GET", undefined, { cookie: buyerCookie })).status).toBe(403);
    expect((await callRoute(apiAccounts.loader, buildRequest("/api/admin/financial-accounts"))).status).toBe(401);
    expect(redirectLocation(await pagePost({ intent: "create", name: "Mine" }, buyerCookie))).toBe("/");
    expect(accountCount()).toBe(before);
  });
});

describe("the API", () => {
  it("adds an account with the defaults, lists it, corrects its balance (audited, against Suspense) and keeps it once it has entries", async () => {
    const created = await api(apiAccounts.action, "/api/admin/financial-accounts", "POST", {
      name: "Business Current Account",
      bankName: "Example Bank plc",
      sortCode: "123456",
      accountNumber: "12345678",
    });
    expect(created.status).toBe(201);
    const account = await readJson(created);
    expect(account).toMatchObject({ name: "Business Current Account", type: "bank", balance: "0.00", sortCode: "12-34-56", paymentCount: 0, iban: null });

    const list = await readJson(await api(apiAccounts.loader, "/api/admin/financial-accounts", "GET"));
    expect(list.map((row: { name: string }) => row.name)).toContain("Business Current Account");

    const suspenseBefore = suspense();
    const put = await api(apiAccount.action, `/api/admin/financial-accounts/${account.id}`, "PUT", { ...account, balance: "2500.75", type: "bank" });
    expect(put.status).toBe(200);
    expect(await readJson(put)).toMatchObject({ balance: "2500.75", sortCode: "12-34-56" });
    const audit = db().select().from(auditLogs).where(eq(auditLogs.action, "financial_account.updated")).orderBy(desc(auditLogs.id)).get()!;
    expect(audit).toMatchObject({ userId: adminId, entityType: "financial_account", entityId: String(account.id) });
    expect(JSON.parse(audit.details!)).toEqual({ name: "Business Current Account", changes: { balance: { from: 0, to: 250_075 } } });
    // money the books cannot explain yet: the difference waits in Suspense
    expect(balanceOf(account.id)).toBe(250_075);
    expect(suspense() - suspenseBefore).toBe(-250_075);

    // the correction is an entry in the ledger: the account stays, with its history
    const refused = await api(apiAccount.action, `/api/admin/financial-accounts/${account.id}`, "DELETE");
    expect(refused.status).toBe(409);
    expect(await readJson(refused)).toEqual({
      message: "This account has 1 entry in the ledger: it cannot be deleted or change between a credit card and another type. Keep it, or rename it if it is no longer used.",
    });
    expect((await api(apiAccount.loader, `/api/admin/financial-accounts/${account.id}`, "GET")).status).toBe(200);
  });

  it("deletes an account nothing was posted to, once", async () => {
    const account = await readJson(await api(apiAccounts.action, "/api/admin/financial-accounts", "POST", { name: "Unused Savings", type: "bank" }));
    const deleted = await api(apiAccount.action, `/api/admin/financial-accounts/${account.id}`, "DELETE");
    expect(deleted.status).toBe(200);
    expect(await readJson(deleted)).toEqual({ message: "Account deleted", id: account.id });
    expect((await api(apiAccount.loader, `/api/admin/financial-accounts/${account.id}`, "GET")).status).toBe(404);
    expect((await api(apiAccount.action, `/api/admin/financial-accounts/${account.id}`, "DELETE")).status).toBe(404);
  });

  it("answers 400 on the field for a missing name or a bad balance, writing nothing", async () => {
    const before = accountCount();
    const noName = await api(apiAccounts.action, "/api/admin/financial-accounts", "POST", { name: " ", type: "cash" });
    expect(noName.status).toBe(400);
    expect(await readJson(noName)).toEqual({ message: "Account name is required", field: "name" });
    const badType = await api(apiAccounts.action, "/api/admin/financial-accounts", "POST", { name: "Till", type: "savings" });
    expect(await readJson(badType)).toEqual({ message: "Account type must be one of bank, cash, credit_card, payment_gateway, other", field: "type" });
    const badBalance = await api(apiAccounts.action, "/api/admin/financial-accounts", "POST", { name: "Till", balance: "12.345" });
    expect(await readJson(badBalance)).toEqual({ message: "Balance must have at most 2 decimal places", field: "balance" });
    expect(accountCount()).toBe(before);
  });

  it("adds one account for a repeated request with the same Idempotency-Key", async () => {
    const before = accountCount();
    const key = `acct-${crypto.randomUUID()}`;
    const first = await readJson(await api(apiAccounts.action, "/api/admin/financial-accounts", "POST", { name: "Card Terminal", type: "payment_gateway" }, { key }));
    const again = await api(apiAccounts.action, "/api/admin/financial-accounts", "POST", { name: "Card Terminal", type: "payment_gateway" }, { key });
    expect((await readJson(again)).id).toBe(first.id);
    expect(accountCount()).toBe(before + 1);
  });

  it("refuses to delete an account that payments name (409, saying how many) and keeps it and its payments", async () => {
    const account = await readJson(await api(apiAccounts.action, "/api/admin/financial-accounts", "POST", { name: "Takings Account" }));
    await paymentInto(account.id);
    await paymentInto(account.id);
    const refused = await api(apiAccount.action, `/api/admin/financial-accounts/${account.id}`, "DELETE");
    expect(refused.status).toBe(409);
    expect(await readJson(refused)).toEqual({
      message: "This account cannot be deleted: 2 payments name it. Keep it, or rename it if it is no longer used.",
    });
    expect(balanceOf(account.id)).toBe(2_400);
    expect(db().select({ n: sql<number>`count(*)` }).from(payments).where(eq(payments.financialAccountId, account.id)).get()!.n).toBe(2);

    // nor may it turn into a credit card, whose balance runs the other way
    const flipped = await api(apiAccount.action, `/api/admin/financial-accounts/${account.id}`, "PUT", { name: "Takings Account", type: "credit_card", balance: "24.00" });
    expect(flipped.status).toBe(409);
    expect(await readJson(flipped)).toMatchObject({ field: "type" });
    expect(db().select().from(financialAccounts).where(eq(financialAccounts.id, account.id)).get()).toMatchObject({ type: "bank" });
  });
});

describe("the screen", () => {
  it("adds, edits and deletes an account through the forms and the confirm step, keeping one that has entries", async () => {
    const created = await follow(await pagePost({ intent: "create", name: "Petty Cash", type: "cash", balance: "150" }));
    expect(created.location).toBe(TAB);
    expect(created.toast).toMatchObject({ title: "Account created", description: "Petty Cash (Cash) has a balance of £150.00." });
    const row = created.page.accounts.find((account: { name: string }) => account.name === "Petty Cash");
    expect(row).toMatchObject({ type: "cash", balance: "150.00" });

    const editing = await readJson(await callRoute(accountsPage.loader, buildRequest(`${TAB}&edit=${row.id}`, { cookie: adminCookie })));
    expect(editing.editing).toMatchObject({ id: row.id, name: "Petty Cash" });

    const edited = await follow(await pagePost({ intent: "update", id: row.id, name: "Trade Counter Float", type: "cash", balance: "175.50" }));
    expect(edited.toast).toMatchObject({ title: "Account updated" });
    expect(edited.page.accounts.find((account: { id: number }) => account.id === row.id)).toMatchObject({ name: "Trade Counter Float", balance: "175.50" });

    const confirming = await readJson(await callRoute(accountsPage.loader, buildRequest(`${TAB}&delete=${row.id}`, { cookie: adminCookie })));
    expect(confirming.deleting).toMatchObject({ id: row.id, paymentCount: 0 });

    // its opening balance and the correction are two entries in the ledger: it is kept
    const refused = await follow(await pagePost({ intent: "delete", id: row.id }));
    expect(refused.toast).toMatchObject({
      title: "Error deleting account",
      description: "This account has 2 entries in the ledger: it cannot be deleted or change between a credit card and another type. Keep it, or rename it if it is no longer used.",
    });
    expect(refused.page.accounts.find((account: { id: number }) => account.id === row.id)).toMatchObject({ balance: "175.50" });

    // one opened at nothing and never used goes
    const spare = (await follow(await pagePost({ intent: "create", name: "Spare Float", type: "cash", balance: "0" }))).page.accounts.find(
      (account: { name: string }) => account.name === "Spare Float",
    );
    const deleted = await follow(await pagePost({ intent: "delete", id: spare.id }));
    expect(deleted.toast).toMatchObject({ title: "Account deleted", description: "Spare Float has been deleted." });
    expect(deleted.page.accounts.some((account: { id: number }) => account.id === spare.id)).toBe(false);
  });

  it("shows a refused form again with the error on its field", async () => {
    const before = accountCount();
    const response = await pagePost({ intent: "create", name: "", type: "bank", balance: "0.00", sortCode: "12-34" });
    expect(response.status).toBe(400);
    const reply = await readJson(response);
    expect(reply.result.error).toMatchObject({ name: ["Account name is required"], sortCode: ["Sort code must be 6 digits, like 12-34-56"] });
    expect(accountCount()).toBe(before);
  });

  it("says 'Error updating account' on the form when a used account would become a credit card", async () => {
    const account = db().insert(financialAccounts).values({ name: "Sales Ledger Account", type: "bank" }).returning().get();
    await paymentInto(account.id);
    const response = await pagePost({ intent: "update", id: account.id, name: "Sales Ledger Account", type: "credit_card", balance: "12.00" });
    expect(response.status).toBe(409);
    const reply = await readJson(response);
    expect(reply.toast).toMatchObject({ title: "Error updating account", variant: "destructive" });
    expect(reply.result.error.type[0]).toMatch(/^This account has 1 payment: it cannot change between a credit card and another type/);
    expect(db().select().from(financialAccounts).where(eq(financialAccounts.id, account.id)).get()).toMatchObject({ type: "bank" });
    expect(balanceOf(account.id)).toBe(1_200);
  });

  it("says 'Error deleting account' with the reason when payments name the account, and deletes nothing", async () => {
    const account = db().insert(financialAccounts).values({ name: "Old Deposit Account", type: "bank" }).returning().get();
    await paymentInto(account.id);
    const refused = await follow(await pagePost({ intent: "delete", id: account.id }));
    expect(refused.location).toBe(TAB);
    expect(refused.toast).toEqual({
      title: "Error deleting account",
      description: "This account cannot be deleted: 1 payment names it. Keep it, or rename it if it is no longer used.",
      variant: "destructive",
    });
    expect(refused.page.accounts.find((row: { id: number }) => row.id === account.id)).toMatchObject({ paymentCount: 1 });
  });
});
