/**
 * The ledger screens and /api/admin/ledger/*, through both doors, on a fresh database: the trial balance
 * after real events, an account's ledger across pages, manual journals and capital, reversals, and the
 * chart of accounts.
 */
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { journals } from "~db/schema";
import { createManualInvoice } from "~/domain/invoices/manual-invoices.server";
import { recordPayment } from "~/domain/invoices/invoice-payments.server";
import { manualInvoiceSchema } from "~/domain/invoices/sales-invoice.schema";
import { journalOf } from "~/domain/ledger/post.server";
import { manualJournalSchema } from "~/domain/ledger/ledger.schema";
import { postManualJournal } from "~/domain/ledger/manual-journal.server";
import * as apiAccount from "~/routes/api.admin.ledger.accounts.$code";
import * as apiAccounts from "~/routes/api.admin.ledger.accounts";
import * as apiJournal from "~/routes/api.admin.ledger.journals.$id";
import * as apiReverse from "~/routes/api.admin.ledger.journals.$id.reverse";
import * as apiJournals from "~/routes/api.admin.ledger.journals";
import * as apiTrialBalance from "~/routes/api.admin.ledger.trial-balance";
import * as apiFinancialAccounts from "~/routes/api.admin.financial-accounts";
import * as accountPage from "~/routes/admin.ledger.accounts.$code";
import * as chartPage from "~/routes/admin.ledger.chart/route";
import * as journalPage from "~/routes/admin.ledger.journals.$id";
import * as journalsPage from "~/routes/admin.ledger.journals._index/route";
import * as newJournalPage from "~/routes/admin.ledger.journals.new/route";
import * as trialBalancePage from "~/routes/admin.ledger._index";
import { getDb } from "~/utils/db.server";
import { createUser } from "./factories";
import { buildRequest, callRoute, readJson, redirectLocation, type RequestOptions, type RouteHandler } from "./http";
import { signIn } from "./sign-in";

let cookie: string;
let admin: { id: string };
let bankCode: string;
let invoice: { id: number; invoiceNumber: string };

const db = () => getDb();
const journalCount = () => db().select({ n: count() }).from(journals).get()!.n;

async function call(handler: RouteHandler, path: string, options: RequestOptions = {}, params: Record<string, string> = {}) {
  const response = await callRoute(handler, buildRequest(path, { cookie, ...options }), params);
  const text = response.status === 204 || response.status >= 300 && response.status < 400 ? null : await response.text();
  return { status: response.status, response, body: text ? JSON.parse(text) : null };
}

const post = (handler: RouteHandler, path: string, json: unknown, params: Record<string, string> = {}) => call(handler, path, { json }, params);
const form = (handler: RouteHandler, path: string, values: Record<string, string>, params: Record<string, string> = {}) =>
  callRoute(handler, buildRequest(path, { cookie, form: values }), params);

beforeAll(async () => {
  admin = await createUser({ email: "admin@example.com", role: "admin" });
  const buyer = await createUser({ email: "buyer@example.com", businessName: "Canal Cafe Ltd" });
  cookie = await signIn("admin@example.com", { via: "api" });
  const bank = await post(apiFinancialAccounts.action, "/api/admin/financial-accounts", { name: "Trading Account", balance: "0.00" });
  expect(bank.status).toBe(201);

  // a real sale: £120.00 + £24.00 VAT on 2 March, £100.00 paid into the bank on 5 March
  const created = createManualInvoice(
    db(),
    admin,
    manualInvoiceSchema.parse({ customerId: buyer.id, issueDate: "2026-03-02", items: [{ description: "Catering tea", quantity: 10, unitPrice: "12.00", vatRate: "20" }] }),
  );
  if (!created.ok) throw new Error(created.message);
  invoice = created.value;
  const paid = recordPayment(db(), admin, invoice.id, {
    amount: 10_000,
    paymentMethod: "bank_transfer",
    paymentDate: "2026-03-05",
    reference: null,
    notes: null,
    financialAccountId: bank.body.id,
  });
  expect(paid.ok).toBe(true);
  bankCode = db().$client.prepare("select code from ledger_accounts where financial_account_id = ?").pluck().get(bank.body.id) as string;
});

describe("the trial balance", () => {
  it("balances after a sale and its payment, the same on the screen and through the API", async () => {
    const { status, body } = await call(apiTrialBalance.loader, "/api/admin/ledger/trial-balance?date=2026-03-31");
    expect(status).toBe(200);
    const line = (code: string) => body.accounts.find((account: { code: string }) => account.code === code);
    expect(line("1100")).toEqual({ code: "1100", name: "Trade debtors", type: "asset", debit: "44.00", credit: "0.00" });
    expect(line("4000")).toMatchObject({ debit: "0.00", credit: "120.00" });
    expect(line("2200")).toMatchObject({ debit: "0.00", credit: "24.00" });
    expect(line(bankCode)).toMatchObject({ name: "Trading Account", debit: "100.00", credit: "0.00" });
    expect(body).toMatchObject({ date: "2026-03-31", totals: { debit: "144.00", credit: "144.00" }, difference: "0.00", balanced: true });

    const screen = await readJson(await callRoute(trialBalancePage.loader, buildRequest("/admin/ledger?date=2026-03-31", { cookie })));
    expect(screen.trialBalance).toEqual(body);
    expect(screen.problem).toBeNull();
  });

  it("leaves out what was posted after the day, and names a date it cannot read", async () => {
    const before = await call(apiTrialBalance.loader, "/api/admin/ledger/trial-balance?date=2026-03-03");
    expect(before.body.accounts.map((account: { code: string }) => account.code)).toEqual(["1100", "2200", "4000"]);
    expect(before.body.totals).toEqual({ debit: "144.00", credit: "144.00" });

    const bad = await call(apiTrialBalance.loader, "/api/admin/ledger/trial-balance?date=2026-02-30");
    expect(bad).toMatchObject({ status: 400, body: { message: "Enter the as-at date as YYYY-MM-DD", field: "date" } });
    const screen = await readJson(await callRoute(trialBalancePage.loader, buildRequest("/admin/ledger?date=2026-02-30", { cookie })));
    expect(screen.problem).toEqual({ message: "Enter the as-at date as YYYY-MM-DD", field: "date" });
    expect(screen.trialBalance.date).toBe(screen.today);
    expect((await call(apiTrialBalance.action, "/api/admin/ledger/trial-balance", { json: {} })).status).toBe(405);
    expect((await callRoute(apiTrialBalance.loader, buildRequest("/api/admin/ledger/trial-balance"))).status).toBe(401);
  });
});

describe("an account's ledger", () => {
  const entries = 55;
  beforeAll(async () => {
    expect((await post(apiAccounts.action, "/api/admin/ledger/accounts", { code: "7100", name: "Rent" })).status).toBe(201);
    const rent = (date: string, pounds: number) =>
      postManualJournal(
        db(),
        admin,
        manualJournalSchema.parse({ date, narration: `Rent ${date}`, lines: [{ account: "7100", debit: String(pounds) }, { account: bankCode, credit: String(pounds) }] }),
      );
    expect(rent("2025-12-31", 500).ok).toBe(true);
    // 55 entries in January, £1.00 to £55.00 (two a day), posted newest first so the ledger must sort them:
    // on 1 January £2.00 is posted before £1.00, so it comes first
    for (let n = entries; n >= 1; n -= 1) expect(rent(`2026-01-${String(Math.ceil(n / 2)).padStart(2, "0")}`, n).ok).toBe(true);
  });

  const JANUARY = "from=2026-01-01&to=2026-01-31";
  const sumTo = (n: number) => (n * (n + 1)) / 2;

  it("brings the balance forward and runs it across pages", async () => {
    const first = await call(apiAccount.loader, `/api/admin/ledger/accounts/7100?${JANUARY}`, {}, { code: "7100" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      account: { code: "7100", name: "Rent", type: "expense", isSystem: false },
      broughtForward: "500.00",
      pageOpeningBalance: "500.00",
      page: 1,
      pageSize: 50,
      pageCount: 2,
      total: entries,
      totals: { debit: `${sumTo(entries)}.00`, credit: "0.00" },
      closingBalance: `${500 + sumTo(entries)}.00`,
    });
    expect(first.body.entries).toHaveLength(50);
    expect(first.body.entries.slice(0, 2)).toMatchObject([
      { date: "2026-01-01", debit: "2.00", credit: "0.00", balance: "502.00" },
      { date: "2026-01-01", debit: "1.00", credit: "0.00", balance: "503.00" },
    ]);
    expect(first.body.entries[0].journalNumber).toMatch(/^JNL-\d{6}$/);
    expect(first.body.entries[0].documentHref).toBe(`/admin/ledger/journals/${first.body.entries[0].journalId}`);

    const second = await call(apiAccount.loader, `/api/admin/ledger/accounts/7100?${JANUARY}&page=2`, {}, { code: "7100" });
    expect(second.body.pageOpeningBalance).toBe(first.body.entries[49].balance);
    expect(second.body.pageOpeningBalance).toBe(`${500 + sumTo(50)}.00`);
    expect(second.body.entries.map((entry: { balance: string }) => entry.balance).at(-1)).toBe(second.body.closingBalance);

    const screen = await readJson(await callRoute(accountPage.loader, buildRequest(`/admin/ledger/accounts/7100?${JANUARY}&page=2`, { cookie }), { code: "7100" }));
    expect(screen.ledger).toEqual(second.body);
  });

  it("shows a credit-natured account's balance positive, and the bank's running down", async () => {
    const bank = await call(apiAccount.loader, `/api/admin/ledger/accounts/${bankCode}?from=2026-03-01&to=2026-03-31`, {}, { code: bankCode });
    // £500.00 rent in December and £1,540.00 in January went out; £100.00 came in on 5 March
    expect(bank.body).toMatchObject({ broughtForward: "-2040.00", closingBalance: "-1940.00" });
    expect(bank.body.entries[0]).toMatchObject({ description: `Payment received for ${invoice.invoiceNumber}`, documentHref: `/admin/sales-invoices?view=${invoice.id}` });
    const sales = await call(apiAccount.loader, "/api/admin/ledger/accounts/4000?from=2026-03-01&to=2026-03-31", {}, { code: "4000" });
    expect(sales.body.entries[0]).toMatchObject({ credit: "120.00", balance: "120.00" });
  });

  it("answers 404 for an unknown code and 400 for a range it cannot read", async () => {
    expect(await call(apiAccount.loader, "/api/admin/ledger/accounts/7777", {}, { code: "7777" })).toMatchObject({ status: 404, body: { message: "Ledger account not found" } });
    expect((await callRoute(accountPage.loader, buildRequest("/admin/ledger/accounts/7777", { cookie }), { code: "7777" })).status).toBe(404);
    expect(await call(apiAccount.loader, "/api/admin/ledger/accounts/7100?from=2026-02-01&to=2026-01-01", {}, { code: "7100" })).toMatchObject({
      status: 400,
      body: { field: "from", message: "The from date must be on or before the to date" },
    });
  });

  it("lists the account's journals, filtered, newest first, on the screen and through the API", async () => {
    const { response, body } = await call(apiJournals.loader, `/api/admin/ledger/journals?account=7100&${JANUARY}&type=manual`);
    expect(response.headers.get("X-Total-Count")).toBe(String(entries));
    expect(response.headers.get("X-Page-Count")).toBe("3");
    expect(body).toHaveLength(25);
    expect(body[0]).toMatchObject({ date: "2026-01-28", sourceType: "manual", reversible: true, lines: [{ code: "7100", debit: "55.00" }, { code: bankCode, credit: "55.00" }] });
    const screen = await readJson(await callRoute(journalsPage.loader, buildRequest(`/admin/ledger/journals?account=7100&${JANUARY}&page=3`, { cookie })));
    expect(screen.page).toEqual({ page: 3, pageCount: 3, total: entries, more: false });
    expect(screen.journals.at(-1).lines[0]).toMatchObject({ code: "7100", debit: "2.00" });
    expect((await call(apiJournals.loader, "/api/admin/ledger/journals?type=gift")).status).toBe(400);
  });
});

describe("manual journals", () => {
  // read once the bank's code is known (after the file's beforeAll)
  const balanced = () => ({ date: "2026-04-01", narration: "Owner's loan", kind: "manual", lines: [{ account: bankCode, debit: "250.00" }, { account: "2100", credit: "250.00" }] });

  it("posts a balanced journal through the form and through the API", async () => {
    const fromForm = await form(newJournalPage.action, "/admin/ledger/journals/new", {
      intent: "journal",
      date: "2026-04-01",
      narration: "Opening balance of the till",
      kind: "opening_balance",
      "lines[0].account": bankCode,
      "lines[0].debit": "80.00",
      "lines[1].account": "",
      "lines[2].account": "3000",
      "lines[2].credit": "£80",
    });
    const location = redirectLocation(fromForm);
    expect(location).toMatch(/^\/admin\/ledger\/journals\/\d+$/);
    const id = Number(location.split("/").at(-1));
    const shown = (await call(apiJournal.loader, `/api/admin/ledger/journals/${id}`, {}, { id: String(id) })).body;
    expect(shown).toMatchObject({ sourceType: "opening_balance", description: "Opening balance of the till", total: "80.00" });
    expect(shown.lines).toEqual([
      { code: bankCode, name: "Trading Account", debit: "80.00", credit: "0.00" },
      { code: "3000", name: "Capital", debit: "0.00", credit: "80.00" },
    ]);

    const fromApi = await post(apiJournals.action, "/api/admin/ledger/journals", balanced());
    expect(fromApi.status).toBe(201);
    expect(fromApi.body).toMatchObject({ number: `JNL-${String(fromApi.body.id).padStart(6, "0")}`, sourceType: "manual", total: "250.00", reversible: true });
  });

  it("refuses an unbalanced journal, an unknown account and a line with both sides, writing nothing", async () => {
    const before = journalCount();
    const unbalanced = { ...balanced(), lines: [{ account: bankCode, debit: "120.00" }, { account: "2100", credit: "100.00" }] };
    expect(await post(apiJournals.action, "/api/admin/ledger/journals", unbalanced)).toMatchObject({
      status: 400,
      body: { message: "Debits (£120.00) must equal credits (£100.00)", field: "lines" },
    });
    expect(await post(apiJournals.action, "/api/admin/ledger/journals", { ...balanced(), lines: [balanced().lines[0], { account: "8888", credit: "250.00" }] })).toMatchObject({
      status: 400,
      body: { message: "There is no account with code 8888", field: "lines.1.account" },
    });
    expect(await post(apiJournals.action, "/api/admin/ledger/journals", { ...balanced(), lines: [{ account: bankCode, debit: "1", credit: "1" }, balanced().lines[1]] })).toMatchObject({
      status: 400,
      body: { field: "lines.0.credit" },
    });

    const typed = {
      intent: "journal",
      date: "2026-04-02",
      narration: "Typo in the amounts",
      "lines[0].account": bankCode,
      "lines[0].debit": "120.00",
      "lines[1].account": "2100",
      "lines[1].credit": "100.00",
    };
    const refused = await form(newJournalPage.action, "/admin/ledger/journals/new", typed);
    expect(refused.status).toBe(400);
    const { result } = await readJson(refused);
    expect(result.error.lines).toEqual(["Debits (£120.00) must equal credits (£100.00)"]);
    expect(result.initialValue).toMatchObject({ narration: "Typo in the amounts", lines: [{ account: bankCode, debit: "120.00" }, { account: "2100", credit: "100.00" }] });

    const unknown = await form(newJournalPage.action, "/admin/ledger/journals/new", { ...typed, "lines[1].account": "8888", "lines[1].credit": "120.00" });
    expect(unknown.status).toBe(400);
    expect((await readJson(unknown)).result.error["lines[1].account"]).toEqual(["There is no account with code 8888"]);
    expect(journalCount()).toBe(before);
  });

  it("posts capital introduced into a money account from the form", async () => {
    const loaded = await readJson(await callRoute(newJournalPage.loader, buildRequest("/admin/ledger/journals/new", { cookie })));
    expect(loaded.moneyAccounts).toEqual([{ code: bankCode, name: "Trading Account" }]);
    const response = await form(newJournalPage.action, "/admin/ledger/journals/new", { intent: "capital", amount: "1000", date: "2026-04-03", account: bankCode, note: "" });
    const id = Number(redirectLocation(response).split("/").at(-1));
    const { body } = await call(apiJournal.loader, `/api/admin/ledger/journals/${id}`, {}, { id: String(id) });
    expect(body).toMatchObject({ sourceType: "capital", description: "Capital introduced into Trading Account", total: "1000.00" });
    expect(body.lines.map((line: { code: string; debit: string; credit: string }) => [line.code, line.debit, line.credit])).toEqual([
      [bankCode, "1000.00", "0.00"],
      ["3000", "0.00", "1000.00"],
    ]);
    const notMoney = await form(newJournalPage.action, "/admin/ledger/journals/new", { intent: "capital", amount: "5", date: "2026-04-03", account: "4000" });
    expect(notMoney.status).toBe(400);
  });
});

describe("reversing a journal", () => {
  const loan = () => ({ date: "2026-05-01", narration: "Loan from a director", lines: [{ account: bankCode, debit: "300.00" }, { account: "2100", credit: "300.00" }] });

  it("reverses a manual journal once through the API, dated today, and the books come back", async () => {
    const posted = (await post(apiJournals.action, "/api/admin/ledger/journals", loan())).body;
    const path = `/api/admin/ledger/journals/${posted.id}/reverse`;
    const reversed = await call(apiReverse.action, path, { method: "POST" }, { id: String(posted.id) });
    expect(reversed.status).toBe(201);
    expect(reversed.body).toMatchObject({ sourceType: "reversal", reversesId: posted.id, description: `Reversal of ${posted.number}: Loan from a director`, reversible: false });
    expect(reversed.body.lines).toEqual([
      { code: bankCode, name: "Trading Account", debit: "0.00", credit: "300.00" },
      { code: "2100", name: "Trade creditors", debit: "300.00", credit: "0.00" },
    ]);
    expect((await call(apiJournal.loader, `/api/admin/ledger/journals/${posted.id}`, {}, { id: String(posted.id) })).body).toMatchObject({ reversedById: reversed.body.id, reversible: false });

    const twice = await call(apiReverse.action, path, { method: "POST" }, { id: String(posted.id) });
    expect(twice).toMatchObject({ status: 409, body: { message: `${posted.number} has already been reversed by ${reversed.body.number}` } });
    const ofReversal = await call(apiReverse.action, `/api/admin/ledger/journals/${reversed.body.id}/reverse`, { method: "POST" }, { id: String(reversed.body.id) });
    expect(ofReversal.status).toBe(409);
    expect((await call(apiReverse.loader, path, {}, { id: String(posted.id) })).status).toBe(405);
    expect((await call(apiReverse.action, "/api/admin/ledger/journals/999999/reverse", { method: "POST" }, { id: "999999" })).status).toBe(404);
  });

  it("refuses a document's journal: the document reverses it", async () => {
    const sale = journalOf(db(), "sales_invoice", invoice.id)!;
    const before = journalCount();
    const refused = await call(apiReverse.action, `/api/admin/ledger/journals/${sale.id}/reverse`, { method: "POST" }, { id: String(sale.id) });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/posted by its document \(sales invoice\): the document's own event reverses it/);
    // the form door: back to the journal, nothing written
    const viaForm = await form(journalPage.action, `/admin/ledger/journals/${sale.id}`, { intent: "reverse", id: String(sale.id) }, { id: String(sale.id) });
    expect(redirectLocation(viaForm)).toBe(`/admin/ledger/journals/${sale.id}`);
    expect(journalCount()).toBe(before);
    const page = await readJson(await callRoute(journalPage.loader, buildRequest(`/admin/ledger/journals/${sale.id}?confirm=reverse`, { cookie }), { id: String(sale.id) }));
    expect(page.journal).toMatchObject({ reversible: false, documentHref: `/admin/sales-invoices?view=${invoice.id}` });
  });

  it("reverses through the confirm page's form, then refuses a second time", async () => {
    const posted = (await post(apiJournals.action, "/api/admin/ledger/journals", { ...loan(), narration: "Second loan" })).body;
    const params = { id: String(posted.id) };
    const confirm = await readJson(await callRoute(journalPage.loader, buildRequest(`/admin/ledger/journals/${posted.id}?confirm=reverse`, { cookie }), params));
    expect(confirm).toMatchObject({ confirming: true, journal: { reversible: true } });
    const first = await form(journalPage.action, `/admin/ledger/journals/${posted.id}`, { intent: "reverse", id: String(posted.id), idempotencyKey: confirm.idempotencyKey }, params);
    const reversalId = Number(redirectLocation(first).split("/").at(-1));
    expect(reversalId).toBeGreaterThan(posted.id);
    // the same click again (same key) lands on the same reversal; a fresh one is refused
    const repeat = await form(journalPage.action, `/admin/ledger/journals/${posted.id}`, { intent: "reverse", id: String(posted.id), idempotencyKey: confirm.idempotencyKey }, params);
    expect(redirectLocation(repeat)).toBe(`/admin/ledger/journals/${reversalId}`);
    const again = await form(journalPage.action, `/admin/ledger/journals/${posted.id}`, { intent: "reverse", id: String(posted.id) }, params);
    expect(redirectLocation(again)).toBe(`/admin/ledger/journals/${posted.id}`);
    expect(db().select({ n: count() }).from(journals).where(eq(journals.reversesId, posted.id)).get()!.n).toBe(1);
  });
});

describe("the journals screen's count", () => {
  it("is every journal, on the screen and through the API, after sales, payments, manual journals and reversals", async () => {
    const total = journalCount();
    expect(total).toBeGreaterThan(4);
    const screen = await readJson(await callRoute(journalsPage.loader, buildRequest("/admin/ledger/journals", { cookie })));
    expect(screen.page).toMatchObject({ total, more: false });
    const api = await call(apiJournals.loader, "/api/admin/ledger/journals");
    expect(api.response.headers.get("X-Total-Count")).toBe(String(total));

    const posted = (await post(apiJournals.action, "/api/admin/ledger/journals", { date: "2026-06-01", narration: "Till float", lines: [{ account: bankCode, debit: "50.00" }, { account: "3000", credit: "50.00" }] })).body;
    expect(posted.id).toBeGreaterThan(0);
    const after = await readJson(await callRoute(journalsPage.loader, buildRequest("/admin/ledger/journals", { cookie })));
    expect(after.page.total).toBe(total + 1);
    // a refused journal writes nothing and counts nothing
    const refused = await post(apiJournals.action, "/api/admin/ledger/journals", { date: "2026-06-01", narration: "Unbalanced", lines: [{ account: bankCode, debit: "50.00" }, { account: "3000", credit: "40.00" }] });
    expect(refused.status).toBe(400);
    expect((await readJson(await callRoute(journalsPage.loader, buildRequest("/admin/ledger/journals", { cookie })))).page.total).toBe(journalCount());
  });
});

describe("the chart of accounts", () => {
  it("adds an account in its range, and refuses a taken code or a type out of range", async () => {
    const added = await post(apiAccounts.action, "/api/admin/ledger/accounts", { code: "4100", name: "Sales of services" });
    expect(added).toMatchObject({ status: 201, body: { code: "4100", name: "Sales of services", type: "income", isSystem: false, deletable: true } });
    expect(await post(apiAccounts.action, "/api/admin/ledger/accounts", { code: "4100", name: "Again" })).toMatchObject({
      status: 409,
      body: { message: "Code 4100 is already used by Sales of services", field: "code" },
    });
    expect(await post(apiAccounts.action, "/api/admin/ledger/accounts", { code: "4200", name: "Misc", type: "expense" })).toMatchObject({ status: 400, body: { field: "type" } });

    const viaForm = await form(chartPage.action, "/admin/ledger/chart", { intent: "create", code: "4000", name: "More sales" });
    expect(viaForm.status).toBe(409);
    expect((await readJson(viaForm)).result.error.code).toEqual(["Code 4000 is already used by Sales"]);
    expect(redirectLocation(await form(chartPage.action, "/admin/ledger/chart", { intent: "create", code: "6100", name: "Carriage" }))).toBe("/admin/ledger/chart");

    const { body: chart } = await call(apiAccounts.loader, "/api/admin/ledger/accounts");
    expect(chart.find((account: { code: string }) => account.code === "6100")).toMatchObject({ type: "expense", balance: "0.00", hasEntries: false });
    expect(chart.find((account: { code: string }) => account.code === "4000")).toMatchObject({ isSystem: true, deletable: false, balance: "120.00" });
  });

  it("deletes only an account with no entries that is neither a system nor a money account", async () => {
    const remove = (code: string) => call(apiAccount.action, `/api/admin/ledger/accounts/${code}`, { method: "DELETE" }, { code });
    expect(await remove("7100")).toMatchObject({ status: 409, body: { message: "This account has entries and cannot be deleted" } });
    expect((await remove("4000")).body.message).toMatch(/^This is a system account/);
    expect((await remove(bankCode)).status).toBe(409);
    expect(await remove("4999")).toMatchObject({ status: 404 });
    expect(await remove("4100")).toMatchObject({ status: 204, body: null });
    expect((await remove("4100")).status).toBe(404);

    const confirm = await readJson(await callRoute(chartPage.loader, buildRequest("/admin/ledger/chart?delete=6100", { cookie })));
    expect(confirm.deleting).toMatchObject({ code: "6100", deletable: true });
    const deleted = await form(chartPage.action, "/admin/ledger/chart", { intent: "delete", code: "6100" });
    expect(redirectLocation(deleted)).toBe("/admin/ledger/chart");
    const kept = await form(chartPage.action, "/admin/ledger/chart", { intent: "delete", code: "7100" });
    expect(redirectLocation(kept)).toBe("/admin/ledger/chart");
    const after = (await call(apiAccounts.loader, "/api/admin/ledger/accounts")).body.map((account: { code: string }) => account.code);
    expect(after).toContain("7100");
    expect(after).not.toContain("6100");
  });

  it("renames an account but not a system one", async () => {
    const renamed = await call(apiAccount.action, "/api/admin/ledger/accounts/7100", { method: "PATCH", json: { name: "Rent and rates" } }, { code: "7100" });
    expect(renamed).toMatchObject({ status: 200, body: { code: "7100", name: "Rent and rates" } });
    const system = await call(apiAccount.action, "/api/admin/ledger/accounts/4000", { method: "PATCH", json: { name: "Turnover" } }, { code: "4000" });
    expect(system.status).toBe(409);
    const viaForm = await form(chartPage.action, "/admin/ledger/chart", { intent: "rename", code: "7100", name: "Rent" });
    expect(redirectLocation(viaForm)).toBe("/admin/ledger/chart");
  });
});
