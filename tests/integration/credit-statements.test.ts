/**
 * Credit control on real postings: a company's payment terms set the due date of each invoice issued after them
 * (the ones before keep theirs); its statement as at any day closes on what the ledger holds for it; the balance,
 * statement, aged-debtors and credit APIs and their screens (both doors), who may see what, and the monthly
 * statement run that sends once per company and month.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs, companies, orderItems, salesInvoices, statementRuns, users } from "~db/schema";
import { companyLedgerBalance, companyStatement } from "~/domain/credit/statement.server";
import { sendMonthlyStatements } from "~/domain/credit/statement-mail.server";
import { CREDIT_LIMIT_INVALID } from "~/domain/credit/credit.schema";
import { ACCOUNT_ROLE_REFUSED } from "~/domain/credit/account-credit.server";
import { accountBalanceAsAt } from "~/domain/ledger/balances.server";
import { getLedgerAccount } from "~/domain/ledger/ledger-accounts.server";
import { ukToday, voidSalesInvoiceForOrder } from "~/domain/invoices/invoices.server";
import * as accountBalancePage from "~/routes/account.balance";
import * as accountStatementPdf from "~/routes/account.statement[.]pdf";
import * as agedCompanyPage from "~/routes/admin.aged-debtors.$companyId";
import * as agedCsv from "~/routes/admin.aged-debtors[.]csv";
import * as agedPage from "~/routes/admin.aged-debtors._index";
import { agedDebtorsByCompany, agedDebtorsSummary } from "~/domain/credit/company-debts.server";
import * as companyPage from "~/routes/admin.companies.$id/route";
import * as apiBalance from "~/routes/api.account.balance";
import * as apiStatement from "~/routes/api.account.statement";
import * as apiStatementPdf from "~/routes/api.account.statement[.]pdf";
import * as apiAged from "~/routes/api.admin.aged-debtors";
import * as apiCredit from "~/routes/api.admin.companies.$id.credit";
import * as apiSendStatement from "~/routes/api.admin.companies.$id.statement";
import * as apiPayments from "~/routes/api.admin.invoices.sales.$id.payments";
import * as apiInvoicePdf from "~/routes/api.admin.invoices.sales.$id.pdf";
import * as apiCompanies from "~/routes/api.admin.companies";
import * as apiDefaultTerms from "~/routes/api.admin.settings.payment-terms";
import * as orderingSettingsPage from "~/routes/admin.settings.ordering";
import { getDb, writeTransaction } from "~/utils/db.server";
import { companyIdOf, createInvoicedOrder, createPastOrder, createProduct, createUser } from "./factories";
import { completeRefundReturn } from "./finance-factories";
import { buildRequest, callRoute, readJson, redirectLocation } from "./http";
import { VIEWER_MESSAGE } from "~/domain/companies/company-roles";
import { mailsDuring } from "./outbox";
import { pdfText } from "./pdf-text";
import { signIn } from "./sign-in";

const db = () => getDb();
const TODAY = ukToday();

let cookies: Record<"admin" | "accounts" | "sales" | "owner" | "approver" | "buyer" | "viewer" | "other", string>;
let acme: number; // company A
let other: number; // company B
let owner: typeof users.$inferSelect;
let product: ReturnType<typeof createProduct>;
const inv: Record<string, { id: number; invoiceNumber: string; orderId: number; userId?: string }> & { beaconOwner?: { userId: string } } = {};

const invoiceRow = (id: number) => db().select().from(salesInvoices).where(eq(salesInvoices.id, id)).get()!;
const putCredit = (companyId: number, body: unknown, cookie: string) =>
  callRoute(apiCredit.action, buildRequest(`/api/admin/companies/${companyId}/credit`, { method: "PUT", json: body, cookie }), { id: String(companyId) });
const pay = (invoiceId: number, amount: string, paymentDate: string) =>
  callRoute(
    apiPayments.action,
    buildRequest(`/api/admin/invoices/sales/${invoiceId}/payments`, { json: { amount, paymentMethod: "bank_transfer", paymentDate }, cookie: cookies.admin }),
    { id: String(invoiceId) },
  );
const getJson = async (handler: Parameters<typeof callRoute>[0], path: string, cookie: string) => {
  const response = await callRoute(handler, buildRequest(path, { cookie }));
  return { status: response.status, body: await readJson(response) };
};

beforeAll(async () => {
  await createUser({ email: "boss@wholesale.example.com", role: "admin" });
  await createUser({ email: "ledger@wholesale.example.com", role: "admin", staffRole: "accounts" });
  await createUser({ email: "rep@wholesale.example.com", role: "admin", staffRole: "sales" });
  owner = await createUser({ email: "owner@acme-builders.co.uk", businessName: "Acme Builders Ltd", address: "1 Quay Road, Hull, HU1 1AA" });
  acme = companyIdOf(owner.id);
  await createUser({ email: "finance@acme-builders.co.uk", companyId: acme, companyRole: "approver" });
  await createUser({ email: "site@acme-builders.co.uk", companyId: acme, companyRole: "buyer" });
  await createUser({ email: "looker@acme-builders.co.uk", companyId: acme, companyRole: "viewer" });
  const otherOwner = await createUser({ email: "owner@beacon-roofing.co.uk", businessName: "Beacon Roofing" });
  other = companyIdOf(otherOwner.id);
  product = createProduct({ name: "Cement 25kg", salesPrice: 10_000, vatRate: 2000, stockLevel: 10_000 }); // £120.00 inc VAT each
  cookies = {
    admin: await signIn("boss@wholesale.example.com"),
    accounts: await signIn("ledger@wholesale.example.com"),
    sales: await signIn("rep@wholesale.example.com"),
    owner: await signIn(owner.email),
    approver: await signIn("finance@acme-builders.co.uk"),
    buyer: await signIn("site@acme-builders.co.uk"),
    viewer: await signIn("looker@acme-builders.co.uk"),
    other: await signIn("owner@beacon-roofing.co.uk"),
  };
  // Acme's history: an August invoice on the old 30 days, then eom30 terms, a September invoice, a part payment,
  // a refund return with a credit note, an October invoice voided ten days later
  inv.august = createInvoicedOrder(owner, [{ product, quantity: 2 }], "2026-08-10"); // £240.00
  inv.beacon = createInvoicedOrder(otherOwner, [{ product, quantity: 1 }], "2026-09-01"); // £120.00, Beacon's
  inv.beaconOwner = { userId: otherOwner.id };
});

describe("payment terms", () => {
  it("new companies start on net 30 with no limit, and invoices issued before terms keep 30 days", () => {
    const row = db().select().from(companies).where(eq(companies.id, acme)).get()!;
    expect(row).toMatchObject({ paymentTerms: "net30", creditLimitPence: null });
    expect(invoiceRow(inv.august.id)).toMatchObject({ issueDate: "2026-08-10", dueDate: "2026-09-09", paymentTerms: "net30" });
  });

  it("PUT /api/admin/companies/{id}/credit sets the terms and the limit (accounts); later invoices follow the terms, earlier ones keep their due dates", async () => {
    const response = await putCredit(acme, { creditLimit: "1,000.00", paymentTerms: "eom30" }, cookies.accounts);
    expect(response.status).toBe(200);
    expect(await readJson(response)).toMatchObject({ companyId: acme, paymentTerms: "eom30", creditLimit: "1000.00" });
    inv.september = createInvoicedOrder(owner, [{ product, quantity: 3 }], "2026-09-15"); // £360.00
    expect(invoiceRow(inv.september.id)).toMatchObject({ dueDate: "2026-10-31", paymentTerms: "eom30" });
    expect(invoiceRow(inv.august.id).dueDate).toBe("2026-09-09");
    // the invoice says its terms
    const pdf = await callRoute(apiInvoicePdf.loader, buildRequest(`/api/admin/invoices/sales/${inv.september.id}/pdf`, { cookie: cookies.accounts }), {
      id: String(inv.september.id),
    });
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain("30 days end of month");
    expect(text).toContain("Payment due by the end of the month after the invoice date (30 days end of month) (by 31 Oct 2026)");
    const august = pdfText(Buffer.from(await (await callRoute(apiInvoicePdf.loader, buildRequest(`/api/admin/invoices/sales/${inv.august.id}/pdf`, { cookie: cookies.accounts }), { id: String(inv.august.id) })).arrayBuffer()));
    expect(august).toContain("Payment due within 30 days of the invoice date (by 09 Sept 2026)");
    const audit = db().select().from(auditLogs).where(and(eq(auditLogs.action, "company.credit_updated"), eq(auditLogs.entityId, String(acme)))).all();
    expect(audit).toHaveLength(1);
  });

  it("refuses bad input on its field (400) and changes nothing; 404 for an unknown company; sales, customers and guests are refused", async () => {
    const bad = await putCredit(acme, { creditLimit: "-5", paymentTerms: "eom30" }, cookies.accounts);
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toEqual({ message: CREDIT_LIMIT_INVALID, field: "creditLimit" });
    const badTerms = await putCredit(acme, { creditLimit: null, paymentTerms: "net90" }, cookies.accounts);
    expect(badTerms.status).toBe(400);
    expect((await readJson(badTerms)).field).toBe("paymentTerms");
    expect(db().select().from(companies).where(eq(companies.id, acme)).get()).toMatchObject({ creditLimitPence: 100_000, paymentTerms: "eom30" });
    expect((await putCredit(999_999, { creditLimit: null, paymentTerms: "net7" }, cookies.accounts)).status).toBe(404);
    expect((await putCredit(acme, { creditLimit: null, paymentTerms: "net7" }, cookies.sales)).status).toBe(403);
    expect((await putCredit(acme, { creditLimit: null, paymentTerms: "net7" }, cookies.owner)).status).toBe(403);
    expect((await putCredit(acme, { creditLimit: null, paymentTerms: "net7" }, "")).status).toBe(401);
  });

  it("the Company screen's credit form saves for a full admin, shows errors without saving, and sends sales back refused", async () => {
    const post = (form: Record<string, string>, cookie: string) =>
      callRoute(companyPage.action, buildRequest(`/admin/companies/${other}`, { form, cookie }), { id: String(other) });
    const saved = await post({ intent: "credit", paymentTerms: "net14", creditLimit: "250" }, cookies.admin);
    expect(redirectLocation(saved)).toBe(`/admin/companies/${other}`);
    expect(db().select().from(companies).where(eq(companies.id, other)).get()).toMatchObject({ paymentTerms: "net14", creditLimitPence: 25_000 });
    const invalid = await post({ intent: "credit", paymentTerms: "net14", creditLimit: "lots" }, cookies.admin);
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(await readJson(invalid))).toContain(CREDIT_LIMIT_INVALID);
    const refused = await post({ intent: "credit", paymentTerms: "net7", creditLimit: "" }, cookies.sales);
    expect(redirectLocation(refused)).toBe("/admin");
    expect(db().select().from(companies).where(eq(companies.id, other)).get()).toMatchObject({ paymentTerms: "net14", creditLimitPence: 25_000 });
    // the Aged Debtors company page's form is the same command, for accounts
    const byAccounts = await callRoute(
      agedCompanyPage.action,
      buildRequest(`/admin/aged-debtors/${other}`, { form: { intent: "credit", paymentTerms: "net30", creditLimit: "" }, cookie: cookies.accounts }),
      { companyId: String(other) },
    );
    expect(redirectLocation(byAccounts)).toBe(`/admin/aged-debtors/${other}`);
    expect(db().select().from(companies).where(eq(companies.id, other)).get()).toMatchObject({ paymentTerms: "net30", creditLimitPence: null });
  });
});

describe("the statement agrees with the ledger", () => {
  beforeAll(async () => {
    expect((await pay(inv.august.id, "100.00", "2026-09-20")).status).toBe(201);
    // a refund return of one bag of September's order, completed on 5 October: a credit note of £120.00
    const item = db().select().from(orderItems).where(eq(orderItems.orderId, inv.september.orderId)).get()!;
    completeRefundReturn(inv.september.orderId, owner.id, [{ orderItemId: item.id, quantity: 1 }], new Date("2026-10-05T10:00:00Z"));
    inv.october = createInvoicedOrder(owner, [{ product, quantity: 1 }], "2026-10-10"); // £120.00
    writeTransaction(db(), (tx) => voidSalesInvoiceForOrder(tx, inv.october.orderId, new Date("2026-10-20T12:00:00Z")));
    expect((await pay(inv.september.id, "240.00", "2026-11-02")).status).toBe(201);
    // Beacon pays in full, then returns its bag: the credit note finds nothing owed, so the money goes back (a refund)
    expect((await pay(inv.beacon.id, "120.00", "2026-09-05")).status).toBe(201);
    const beaconItem = db().select().from(orderItems).where(eq(orderItems.orderId, inv.beacon.orderId)).get()!;
    completeRefundReturn(inv.beacon.orderId, inv.beaconOwner!.userId, [{ orderItemId: beaconItem.id, quantity: 1 }], new Date("2026-10-12T10:00:00Z"));
  });

  it("closes on the company's Trade debtors balance in the ledger on every day that moved it", () => {
    const days = ["2026-08-09", "2026-08-10", "2026-09-15", "2026-09-20", "2026-09-30", "2026-10-05", "2026-10-10", "2026-10-19", "2026-10-20", "2026-10-31", "2026-11-02", TODAY];
    for (const day of days) {
      const statement = companyStatement(db(), acme, day)!;
      expect(statement.closingBalance, day).toBe(companyLedgerBalance(db(), acme, day));
      expect(statement.aged.total, day).toBe(statement.closingBalance);
      // the companies together are the ledger's Trade debtors
      const both = companyLedgerBalance(db(), acme, day) + companyLedgerBalance(db(), other, day);
      expect(both, day).toBe(accountBalanceAsAt(db(), getLedgerAccount(db(), "1100")!.id, day));
    }
  });

  it("a refund paid out of a credit note shows on the statement and leaves nothing owed", async () => {
    const { body } = await getJson(apiStatement.loader, "/api/account/statement?date=2026-10-31", cookies.other);
    expect(body).toMatchObject({ openingBalance: "0.00", closingBalance: "0.00" });
    expect(body.lines.map((line: { type: string; amount: string }) => [line.type, line.amount])).toEqual([
      ["credit_note", "-120.00"],
      ["refund", "120.00"],
    ]);
    const september = await getJson(apiStatement.loader, "/api/account/statement?date=2026-09-30", cookies.other);
    expect(september.body.lines.map((line: { type: string; amount: string; balance: string }) => [line.type, line.amount, line.balance])).toEqual([
      ["invoice", "120.00", "120.00"],
      ["payment", "-120.00", "0.00"],
    ]);
  });

  it("GET /api/account/statement?date= gives October's opening balance, lines and closing balance, aged", async () => {
    const { status, body } = await getJson(apiStatement.loader, "/api/account/statement?date=2026-10-31", cookies.owner);
    expect(status).toBe(200);
    expect(body).toMatchObject({ from: "2026-10-01", date: "2026-10-31", openingBalance: "500.00", closingBalance: "380.00" });
    expect(body.lines.map((line: { type: string; amount: string; balance: string }) => [line.type, line.amount, line.balance])).toEqual([
      ["credit_note", "-120.00", "380.00"],
      ["invoice", "120.00", "500.00"],
      ["void", "-120.00", "380.00"],
    ]);
    // August's £140.00 left was due 9 September (52 days late); September's £240.00 left is due 31 October
    expect(body.aged).toEqual({ current: "240.00", d1_30: "0.00", d31_60: "140.00", d61_90: "0.00", over90: "0.00" });
    const bad = await getJson(apiStatement.loader, "/api/account/statement?date=2026-13-01", cookies.owner);
    expect(bad).toEqual({ status: 400, body: { message: "Enter the date as YYYY-MM-DD", field: "date" } });
  });

  it("the statement PDF carries the lines, the bank details and a remittance slip", async () => {
    for (const [handler, path] of [
      [apiStatementPdf.loader, "/api/account/statement.pdf?date=2026-10-31"],
      [accountStatementPdf.loader, "/account/statement.pdf?date=2026-10-31"],
    ] as const) {
      const response = await callRoute(handler, buildRequest(path, { cookie: cookies.approver }));
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/pdf");
      const text = pdfText(Buffer.from(await response.arrayBuffer()));
      for (const part of ["STATEMENT", "Acme Builders Ltd", "Opening balance", "£500.00", "Credit note", "Closing balance (inc VAT)", "£380.00", "REMITTANCE ADVICE", "Sort code", `ACC-${String(acme).padStart(5, "0")}`]) {
        expect(text, part).toContain(part);
      }
    }
  });
});

describe("the buyer's balance", () => {
  it("GET /api/account/balance: balance, limit, available credit less orders not yet invoiced, overdue, aged", async () => {
    // an order placed and not yet invoiced counts against the limit
    createPastOrder(owner, [{ product, quantity: 1 }], { createdAt: new Date(), status: "pending" });
    const { status, body } = await getJson(apiBalance.loader, "/api/account/balance", cookies.approver);
    expect(status).toBe(200);
    // August £140.00 outstanding; September £0.00 (360 − 120 credited − 240 paid)
    expect(body).toMatchObject({ balance: "140.00", creditLimit: "1000.00", availableCredit: "740.00", uninvoicedOrders: "120.00", paymentTerms: "eom30" });
    expect(body.overdue).toBe("140.00");
    expect(body.aged.current).toBe("0.00");
  });

  it("is the company admins' and approvers' only; a buyer or viewer is refused, another company sees only its own, staff have no account", async () => {
    expect(await getJson(apiBalance.loader, "/api/account/balance", cookies.buyer)).toEqual({ status: 403, body: { message: ACCOUNT_ROLE_REFUSED } });
    // a viewer is told what a viewer may do, as on every other door
    expect(await getJson(apiBalance.loader, "/api/account/balance", cookies.viewer)).toEqual({ status: 403, body: { message: VIEWER_MESSAGE } });
    for (const who of ["buyer", "viewer"] as const) {
      expect((await callRoute(apiStatementPdf.loader, buildRequest("/api/account/statement.pdf", { cookie: cookies[who] }))).status).toBe(403);
    }
    const beacon = await getJson(apiBalance.loader, "/api/account/balance", cookies.other);
    expect(beacon.body).toMatchObject({ companyId: other, companyName: "Beacon Roofing", balance: "0.00" });
    const beaconStatement = await getJson(apiStatement.loader, "/api/account/statement?date=2026-10-31", cookies.other);
    expect(JSON.stringify(beaconStatement.body)).not.toContain(inv.august.invoiceNumber);
    expect((await getJson(apiBalance.loader, "/api/account/balance", cookies.admin)).status).toBe(404);
    expect((await callRoute(apiBalance.loader, buildRequest("/api/account/balance"))).status).toBe(401);
  });

  it("the account page shows the figures to an approver and tells a buyer who can see them", async () => {
    const page = await callRoute(accountBalancePage.loader, buildRequest("/account/balance?date=2026-10-31", { cookie: cookies.approver }));
    const data = await readJson(page);
    expect(data.account.position).toMatchObject({ balance: 14_000, availableCredit: 74_000, overdue: 14_000 });
    expect(data.account.statement).toMatchObject({ to: "2026-10-31", closingBalance: 38_000 });
    expect(data.account.seller.bank.sortCode).toBeTruthy();
    // a buyer is sent to their account, told who can see it
    const refused = await callRoute(accountBalancePage.loader, buildRequest("/account/balance", { cookie: cookies.buyer }));
    expect(redirectLocation(refused)).toBe("/account");
  });
});

describe("aged debtors and statements from the back office", () => {
  it("GET /api/admin/aged-debtors?date= per company with each company's invoices; the screen and the CSV agree", async () => {
    const { status, body } = await getJson(apiAged.loader, "/api/admin/aged-debtors?date=2026-10-31", cookies.accounts);
    expect(status).toBe(200);
    expect(body.companies.map((c: { name: string; total: string }) => [c.name, c.total])).toEqual([["Acme Builders Ltd", "380.00"]]);
    // on 1 September Beacon owed its new invoice
    const september = await getJson(apiAged.loader, "/api/admin/aged-debtors?date=2026-09-01", cookies.accounts);
    expect(september.body.companies.map((c: { name: string; total: string }) => [c.name, c.total])).toEqual([
      ["Acme Builders Ltd", "240.00"],
      ["Beacon Roofing", "120.00"],
    ]);
    expect(body.companies[0].invoices.map((i: { invoiceNumber: string; daysPastDue: number }) => [i.invoiceNumber, i.daysPastDue])).toEqual([
      [inv.august.invoiceNumber, 52],
      [inv.september.invoiceNumber, 0],
    ]);
    expect(body.totals).toMatchObject({ total: "380.00", current: "240.00", d31_60: "140.00", d1_30: "0.00" });
    const page = await readJson(await callRoute(agedPage.loader, buildRequest("/admin/aged-debtors?date=2026-10-31", { cookie: cookies.accounts })));
    expect(page.totals.total).toBe(38_000);
    expect(page.companies.map((c: { name: string; total: number; invoiceCount: number }) => [c.name, c.total, c.invoiceCount])).toEqual([
      ["Acme Builders Ltd", 38_000, body.companies[0].invoices.length],
    ]);
    // the screen's sums (SQL) and the full report's (an object per invoice) agree company by company, any day
    for (const day of ["2026-09-01", "2026-09-30", "2026-10-31", "2026-11-28"]) {
      const full = agedDebtorsByCompany(getDb(), day);
      const summary = agedDebtorsSummary(getDb(), day);
      expect(summary.companies).toEqual(full.companies.map(({ invoices, email: _email, ...rest }) => ({ ...rest, invoiceCount: invoices.length })));
      expect({ totals: summary.totals, invoiceCount: summary.invoiceCount }).toEqual({ totals: full.totals, invoiceCount: full.invoiceCount });
    }
    const csv = await (await callRoute(agedCsv.loader, buildRequest("/admin/aged-debtors.csv?date=2026-10-31", { cookie: cookies.accounts }))).text();
    expect(csv).toContain("Acme Builders Ltd,240.00,0.00,140.00,0.00,0.00,380.00");
    expect((await getJson(apiAged.loader, `/api/admin/aged-debtors?date=${"2999-01-01"}`, cookies.accounts)).status).toBe(400);
    expect((await getJson(apiAged.loader, "/api/admin/aged-debtors", cookies.sales)).status).toBe(403);
    expect((await getJson(apiAged.loader, "/api/admin/aged-debtors", cookies.owner)).status).toBe(403);
  });

  it("sends a statement on demand through the API and the form, to the company's admins and approvers only", async () => {
    const viaApi = await mailsDuring(async () => {
      const response = await callRoute(
        apiSendStatement.action,
        buildRequest(`/api/admin/companies/${acme}/statement`, { json: { date: "2026-10-31" }, cookie: cookies.accounts }),
        { id: String(acme) },
      );
      expect(response.status).toBe(200);
      expect(await readJson(response)).toMatchObject({ date: "2026-10-31", closingBalance: "380.00", to: ["finance@acme-builders.co.uk", "owner@acme-builders.co.uk"] });
    });
    expect(viaApi).toHaveLength(1);
    expect(viaApi[0]!.to).toContain("owner@acme-builders.co.uk");
    expect(viaApi[0]!.to).not.toContain("site@acme-builders.co.uk");
    expect(viaApi[0]!.body).toContain("Balance as at 31 Oct 2026 (inc VAT): £380.00");
    const viaForm = await mailsDuring(async () => {
      const response = await callRoute(
        agedCompanyPage.action,
        buildRequest(`/admin/aged-debtors/${acme}`, { form: { intent: "statement", date: "2026-10-31" }, cookie: cookies.accounts }),
        { companyId: String(acme) },
      );
      expect(redirectLocation(response)).toBe(`/admin/aged-debtors/${acme}?date=2026-10-31`);
    });
    expect(viaForm).toHaveLength(1);
    const badDate = await callRoute(
      agedCompanyPage.action,
      buildRequest(`/admin/aged-debtors/${acme}`, { form: { intent: "statement", date: "yesterday" }, cookie: cookies.accounts }),
      { companyId: String(acme) },
    );
    expect(badDate.status).toBe(400);
    expect(
      (
        await callRoute(apiSendStatement.action, buildRequest(`/api/admin/companies/${acme}/statement`, { json: {}, cookie: cookies.sales }), { id: String(acme) })
      ).status,
    ).toBe(403);
  });

  it("the monthly run sends on the first working day, once per company and month, however often it runs", async () => {
    // 1 November 2026 is a Sunday: nothing goes until Monday the 2nd
    expect(await sendMonthlyStatements(db(), new Date("2026-11-01T10:00:00Z"))).toEqual({ sent: 0, skipped: 0 });
    const first = await mailsDuring(async () => expect((await sendMonthlyStatements(db(), new Date("2026-11-02T07:00:00Z"))).sent).toBe(2));
    expect(first.map((mail) => mail.subject).every((subject) => subject.includes("as at 31 Oct 2026"))).toBe(true);
    // a later sweep, or a restarted server, sends nothing again
    const again = await mailsDuring(async () => expect(await sendMonthlyStatements(db(), new Date("2026-11-02T13:00:00Z"))).toEqual({ sent: 0, skipped: 0 }));
    expect(again).toEqual([]);
    const runs = db().select().from(statementRuns).all();
    expect(runs.map((run) => [run.companyId, run.period, run.asAt])).toEqual([
      [acme, "2026-11", "2026-10-31"],
      [other, "2026-11", "2026-10-31"],
    ]);
    expect(runs[0]!.closingBalance).toBe(38_000);
    // more than a week after the first working day a missed month is not sent any more
    db().delete(statementRuns).run();
    expect(await sendMonthlyStatements(db(), new Date("2026-11-10T10:00:00Z"))).toEqual({ sent: 0, skipped: 0 });
    expect(db().select().from(statementRuns).all()).toEqual([]);
  });
});

describe("the default terms of new accounts", () => {
  it("a full admin sets them through the API or the settings form; a new company starts on them, existing ones keep theirs", async () => {
    const put = (body: unknown, cookie: string) =>
      callRoute(apiDefaultTerms.action, buildRequest("/api/admin/settings/payment-terms", { method: "PUT", json: body, cookie }));
    expect((await put({ defaultPaymentTerms: "net14" }, cookies.accounts)).status).toBe(403);
    expect((await put({ defaultPaymentTerms: "net45" }, cookies.admin)).status).toBe(400);
    expect(await readJson(await put({ defaultPaymentTerms: "net14" }, cookies.admin))).toEqual({ defaultPaymentTerms: "net14" });
    const created = await callRoute(apiCompanies.action, buildRequest("/api/admin/companies", { json: { name: "Harbour Fish Co" }, cookie: cookies.admin }));
    const harbour = (await readJson(created)).id as number;
    expect(db().select().from(companies).where(eq(companies.id, harbour)).get()!.paymentTerms).toBe("net14");
    expect(db().select().from(companies).where(eq(companies.id, other)).get()!.paymentTerms).toBe("net30");

    const saved = await callRoute(
      orderingSettingsPage.action,
      buildRequest("/admin/settings/ordering", { form: { intent: "save-payment-terms", defaultPaymentTerms: "pro_forma" }, cookie: cookies.admin }),
    );
    expect(redirectLocation(saved)).toBe("/admin/settings/ordering");
    expect(await readJson(await callRoute(apiDefaultTerms.loader, buildRequest("/api/admin/settings/payment-terms", { cookie: cookies.admin })))).toEqual({
      defaultPaymentTerms: "pro_forma",
    });
    const refused = await callRoute(
      orderingSettingsPage.action,
      buildRequest("/admin/settings/ordering", { form: { intent: "save-payment-terms", defaultPaymentTerms: "whenever" }, cookie: cookies.admin }),
    );
    expect(refused.status).toBe(400);
  });
});
