/**
 * The accountant's exports on a fresh database: invoices, payments, a credit note and voids written through
 * the real use cases, then the Xero and Sage files read back with csv-parse by their publishers' rules (see
 * docs/decisions/0040-accountant-exports.md), and aged debtors and creditors of a known case checked against
 * the ledger's own Trade debtors and Trade creditors.
 */
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { returns } from "~db/schema";
import { issueCreditNote } from "~/domain/invoices/credit-notes.server";
import { recordPayment } from "~/domain/invoices/invoice-payments.server";
import { voidSalesInvoiceForOrder } from "~/domain/invoices/invoices.server";
import { createManualInvoice } from "~/domain/invoices/manual-invoices.server";
import { recordPurchasePayment } from "~/domain/invoices/purchase-invoice-payments.server";
import { purchaseInvoiceSchema } from "~/domain/invoices/purchase-invoice.schema";
import { createPurchaseInvoice } from "~/domain/invoices/purchase-invoices.server";
import { manualInvoiceSchema } from "~/domain/invoices/sales-invoice.schema";
import { balancesAsAt } from "~/domain/ledger/balances.server";
import { credit, debit } from "~/domain/ledger/journal";
import { postJournal } from "~/domain/ledger/post.server";
import * as agedCsv from "~/routes/admin.ledger.exports.aged[.]csv";
import * as journalsCsv from "~/routes/admin.ledger.exports.journals[.]csv";
import * as exportsPage from "~/routes/admin.ledger.exports";
import * as apiFinancialAccounts from "~/routes/api.admin.financial-accounts";
import { getDb, writeTransaction } from "~/utils/db.server";
import { parseDecimalToHundredths } from "~/utils/money";
import { createProduct, createUser, writeOrder } from "./factories";
import { buildRequest, callRoute, readJson } from "./http";
import { signIn } from "./sign-in";

const XERO_HEADER = "*Narration,*Date,Description,*AccountCode,*TaxRate,*Amount,TrackingName1,TrackingOption1,TrackingName2,TrackingOption2";
const SAGE_HEADER = "Type,Account Reference,Nominal A/C Ref,Department Code,Date,Reference,Details,Net Amount,Tax Code,Tax Amount";
const DAY_FIRST = /^(\d{2})\/(\d{2})\/(\d{4})$/;

let cookie: string;
let admin: { id: string };
const db = () => getDb();
const pence = (pounds: string) => parseDecimalToHundredths(pounds)!;

function ok<T>(result: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

function salesInvoice(customerId: string, issueDate: string, dueDate: string, net: string, orderId?: number) {
  const input = manualInvoiceSchema.parse({ customerId, orderId, issueDate, dueDate, items: [{ description: "Catering supplies", quantity: 1, unitPrice: net, vatRate: "20" }] });
  return ok(createManualInvoice(db(), admin, input));
}

function pay(invoiceId: number, amount: number, paymentDate: string, bankId: number) {
  ok(recordPayment(db(), admin, invoiceId, { amount, paymentMethod: "bank_transfer", paymentDate, reference: null, notes: null, financialAccountId: bankId }));
}

/** A refund return completed on `issueDate` for `gross` pence, its credit note set against the order's invoice. */
function creditNote(orderId: number, customerId: string, gross: number, issueDate: string) {
  return writeTransaction(db(), (tx) => {
    const row = tx.insert(returns).values({ orderId, userId: customerId, returnType: "refund", status: "completed", reason: "Damaged in transit", refundAmount: gross, completedAt: new Date(`${issueDate}T12:00:00Z`) }).returning().get();
    return issueCreditNote(tx, { returnId: row.id, returnNumber: null, orderId, customerId, net: Math.round(gross / 1.2), gross, issueDate, refundAccountId: null });
  });
}

async function download(handler: typeof journalsCsv.loader, path: string) {
  const response = await callRoute(handler, buildRequest(path, { cookie }));
  return { status: response.status, type: response.headers.get("Content-Type"), disposition: response.headers.get("Content-Disposition"), text: await response.text() };
}

const csvRows = (text: string) => parse(text) as string[][];
const chartCodes = () => new Set((db().$client.prepare("select code from ledger_accounts").pluck().all() as string[]));

beforeAll(async () => {
  admin = await createUser({ email: "admin@example.com", role: "admin" });
  const cafe = await createUser({ email: "cafe@example.com", businessName: "Canal Cafe Ltd" });
  const bistro = await createUser({ email: "bistro@example.com", businessName: "Bridge Bistro" });
  const paper = await createUser({ email: "paper@example.com", role: "supplier", businessName: "Northern Paper Supplies" });
  cookie = await signIn("admin@example.com", { via: "api" });
  const bankResponse = await callRoute(apiFinancialAccounts.action, buildRequest("/api/admin/financial-accounts", { cookie, json: { name: "Trading Account", balance: "0.00" } }));
  const bank = (await readJson(bankResponse)) as { id: number };
  const tea = createProduct({ name: "Catering Tea Bags", salesPrice: 20_000 });
  const order = (user: { id: string; email: string }) => writeTransaction(db(), (tx) => writeOrder(tx, user, [{ product: tea, quantity: 1 }])).id;

  // Canal Cafe: £120.00 due 20 Jan, £50.00 paid in January and £70.00 in March
  const a = salesInvoice(cafe.id, "2026-01-05", "2026-01-20", "100.00");
  pay(a.id, 5_000, "2026-01-25", bank.id);
  pay(a.id, 7_000, "2026-03-10", bank.id);
  // £60.00 not due until 12 March
  salesInvoice(cafe.id, "2026-02-10", "2026-03-12", "50.00");
  // £240.00 due last October, £24.00 credited on 1 February and £12.00 more on 2 March
  const oldOrder = order(cafe);
  salesInvoice(cafe.id, "2025-10-01", "2025-10-31", "200.00", oldOrder);
  expect(creditNote(oldOrder, cafe.id, 2_400, "2026-02-01")?.appliedAmount).toBe(2_400);
  creditNote(oldOrder, cafe.id, 1_200, "2026-03-02");

  // Bridge Bistro: £36.00 due 15 Feb, voided on 5 March (so still owed at the end of February)
  const voidedLater = order(bistro);
  salesInvoice(bistro.id, "2026-02-01", "2026-02-15", "30.00", voidedLater);
  writeTransaction(db(), (tx) => voidSalesInvoiceForOrder(tx, voidedLater, new Date("2026-03-05T10:00:00Z")));
  // voided late on 28 February (UK): not owed at its end; and an invoice of 1 March, after the day
  const voidedOnTheDay = order(bistro);
  salesInvoice(bistro.id, "2026-02-02", "2026-03-04", "80.00", voidedOnTheDay);
  writeTransaction(db(), (tx) => voidSalesInvoiceForOrder(tx, voidedOnTheDay, new Date("2026-02-28T23:30:00Z")));
  salesInvoice(bistro.id, "2026-03-01", "2026-03-31", "10.00");

  // Northern Paper: £600.00 due 9 Feb, £200.00 paid in February and £400.00 in March; £120.00 due last November
  const purchase = (invoiceNumber: string, invoiceDate: string, dueDate: string, net: string) =>
    ok(createPurchaseInvoice(db(), admin, purchaseInvoiceSchema.parse({ supplierId: paper.id, invoiceNumber, invoiceDate, dueDate, items: [{ description: "Till rolls", quantity: 1, unitPrice: net, vatRate: "20" }] })));
  const p1 = purchase("NPS-1001", "2026-01-10", "2026-02-09", "500.00");
  const payP1 = (amount: number, paymentDate: string) =>
    ok(recordPurchasePayment(db(), admin, p1.id, { amount, paymentMethod: "bank_transfer", paymentDate, reference: null, notes: null, financialAccountId: bank.id }));
  payP1(20_000, "2026-02-01");
  payP1(40_000, "2026-03-15");
  purchase("NPS-0950", "2025-11-01", "2025-11-20", "100.00");
});

describe("the Xero manual journals file", () => {
  it("has Xero's header and a balanced journal for each narration and date, dated day first, on codes of the chart", async () => {
    const file = await download(journalsCsv.loader, "/admin/ledger/exports/journals.csv?format=xero&from=2026-01-01&to=2026-02-28");
    expect(file.status).toBe(200);
    expect(file.type).toContain("text/csv");
    expect(file.disposition).toBe('attachment; filename="journals-xero-2026-01-01-to-2026-02-28.csv"');
    const [header, ...rows] = csvRows(file.text);
    expect(header.join(",")).toBe(XERO_HEADER);
    const codes = chartCodes();
    const journals = new Map<string, number>();
    for (const row of rows) {
      const [narration, date, , code, taxRate, amount] = row;
      const [, day, month, year] = DAY_FIRST.exec(date) ?? [];
      expect(`${year}-${month}-${day}` >= "2026-01-01" && `${year}-${month}-${day}` <= "2026-02-28", date).toBe(true);
      expect(codes.has(code), code).toBe(true);
      expect(taxRate).toBe("No VAT");
      expect(amount).toMatch(/^-?\d+\.\d{2}$/);
      journals.set(`${narration}|${date}`, (journals.get(`${narration}|${date}`) ?? 0) + pence(amount));
    }
    // one Xero journal per journal posted in the period
    const posted = db().$client.prepare("select count(*) from journals where date between '2026-01-01' and '2026-02-28'").pluck().get();
    expect(journals.size).toBe(posted);
    for (const [journal, sum] of journals) expect(sum, journal).toBe(0);
    expect(rows.find((row) => row[0].includes("Sales invoice") && row[3] === "1100")?.[5]).toBe("120.00");
  });

  it("comes in parts of at most 300 lines, never splitting a journal", async () => {
    writeTransaction(db(), (tx) => {
      for (let i = 0; i < 160; i += 1) {
        postJournal(tx, { date: "2025-06-15", description: `Capital introduced ${i + 1}`, source: "manual", lines: [debit("1200", 100), credit("3000", 100)] });
      }
    });
    const page = await readJson(await callRoute(exportsPage.loader, buildRequest("/admin/ledger/exports?from=2025-06-01&to=2025-06-30", { cookie })));
    expect(page.summary).toEqual({ journals: 160, lines: 320, xeroParts: 2 });
    const first = await download(journalsCsv.loader, "/admin/ledger/exports/journals.csv?format=xero&from=2025-06-01&to=2025-06-30");
    expect(first.disposition).toContain("journals-xero-2025-06-01-to-2025-06-30-part-1-of-2.csv");
    expect(csvRows(first.text)).toHaveLength(301);
    const second = await download(journalsCsv.loader, "/admin/ledger/exports/journals.csv?format=xero&from=2025-06-01&to=2025-06-30&part=2");
    const secondRows = csvRows(second.text);
    expect(secondRows).toHaveLength(21);
    // journals 1–150 (two lines each) fill the first file; 151–160 the second, each whole
    const described = (rows: string[][]) => new Set(rows.slice(1).map((row) => row[2]));
    expect(described(csvRows(first.text)).has("Capital introduced 150")).toBe(true);
    expect([...described(secondRows)]).toEqual(Array.from({ length: 10 }, (_, i) => `Capital introduced ${151 + i}`));
    const third = await download(journalsCsv.loader, "/admin/ledger/exports/journals.csv?format=xero&from=2025-06-01&to=2025-06-30&part=3");
    expect(third).toMatchObject({ status: 404, text: "There is no part 3: the Xero file for this period has 2 parts" });
  });
});

describe("the Sage 50 audit trail file", () => {
  it("has Sage's columns, JD and JC rows with positive amounts that balance per journal, T9 and no account reference", async () => {
    const file = await download(journalsCsv.loader, "/admin/ledger/exports/journals.csv?format=sage&from=2026-01-01&to=2026-02-28");
    expect(file.status).toBe(200);
    const [header, ...rows] = csvRows(file.text);
    expect(header.join(",")).toBe(SAGE_HEADER);
    const codes = chartCodes();
    const totals = new Map<string, { JD: number; JC: number }>();
    for (const [type, accountReference, nominal, department, date, reference, details, net, taxCode, tax] of rows) {
      expect(["JD", "JC"]).toContain(type);
      expect(accountReference).toBe("");
      expect(codes.has(nominal), nominal).toBe(true);
      expect(department).toBe("0");
      expect(date).toMatch(DAY_FIRST);
      expect(reference).toMatch(/^J\d+$/);
      expect(details.length).toBeLessThanOrEqual(60);
      expect(net).toMatch(/^\d+\.\d{2}$/);
      expect(pence(net)).toBeGreaterThan(0);
      expect([taxCode, tax]).toEqual(["T9", "0.00"]);
      const journal = totals.get(`${reference}|${date}`) ?? { JD: 0, JC: 0 };
      journal[type as "JD" | "JC"] += pence(net);
      totals.set(`${reference}|${date}`, journal);
    }
    expect(totals.size).toBeGreaterThan(5);
    for (const [journal, { JD, JC }] of totals) expect(JD, journal).toBe(JC);
  });
});

describe("the plain journal lines file and bad requests", () => {
  it("lists every line with ISO dates and debits equal to credits", async () => {
    const file = await download(journalsCsv.loader, "/admin/ledger/exports/journals.csv?format=lines&from=2026-01-01&to=2026-02-28");
    const [header, ...rows] = csvRows(file.text);
    expect(header).toEqual(["Journal ID", "Date", "Description", "Source type", "Source ID", "Account code", "Account name", "Debit", "Credit"]);
    expect(rows.every((row) => /^2026-0[12]-\d{2}$/.test(row[1]))).toBe(true);
    const sum = (column: number) => rows.reduce((total, row) => total + (row[column] ? pence(row[column]) : 0), 0);
    expect(sum(7)).toBe(sum(8));
    expect(rows.some((row) => row[3] === "credit_note" && row[5] === "1100" && row[8] === "24.00")).toBe(true);
  });

  it("answers 400 with the reason for a bad date, period, format or part, and signs a visitor in", async () => {
    const refused = async (query: string) => download(journalsCsv.loader, `/admin/ledger/exports/journals.csv?${query}`);
    expect(await refused("format=xero&from=2026-02-30&to=2026-03-01")).toMatchObject({ status: 400, text: "Enter the from date as YYYY-MM-DD" });
    expect(await refused("format=xero&from=2026-03-02&to=2026-03-01")).toMatchObject({ status: 400, text: "The from date must be on or before the to date" });
    expect(await refused("format=pdf")).toMatchObject({ status: 400, text: "Choose a format: xero, sage, lines" });
    expect(await refused("format=xero&part=x")).toMatchObject({ status: 400, text: "The part must be a whole number from 1" });
    expect(await download(agedCsv.loader, "/admin/ledger/exports/aged.csv?side=debtors&date=28/02/2026")).toMatchObject({ status: 400, text: "Enter the date as YYYY-MM-DD" });
    expect(await download(agedCsv.loader, "/admin/ledger/exports/aged.csv?side=owed&date=2026-02-28")).toMatchObject({ status: 400, text: "Choose debtors or creditors" });
    const visitor = await callRoute(journalsCsv.loader, buildRequest("/admin/ledger/exports/journals.csv?format=xero"));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toContain("/login");
  });
});

describe("aged debtors and creditors", () => {
  it("age what each customer owed at the end of 28 February, matching Trade debtors in the ledger", async () => {
    const file = await download(agedCsv.loader, "/admin/ledger/exports/aged.csv?side=debtors&date=2026-02-28");
    expect(file.disposition).toBe('attachment; filename="aged-debtors-2026-02-28.csv"');
    expect(csvRows(file.text)).toEqual([
      ["Customer", "Email", "Current", "1-30 days", "31-60 days", "61-90 days", "Over 90 days", "Total"],
      ["Bridge Bistro", "bistro@example.com", "0.00", "36.00", "0.00", "0.00", "0.00", "36.00"],
      ["Canal Cafe Ltd", "cafe@example.com", "60.00", "0.00", "70.00", "0.00", "216.00", "346.00"],
      ["Total", "", "60.00", "36.00", "70.00", "0.00", "216.00", "382.00"],
    ]);
    const debtors = balancesAsAt(db(), "2026-02-28").find((account) => account.code === "1100")!;
    expect(debtors.balance).toBe(38_200);
  });

  it("age what was owed to suppliers, matching Trade creditors", async () => {
    const file = await download(agedCsv.loader, "/admin/ledger/exports/aged.csv?side=creditors&date=2026-02-28");
    expect(csvRows(file.text)).toEqual([
      ["Supplier", "Email", "Current", "1-30 days", "31-60 days", "61-90 days", "Over 90 days", "Total"],
      ["Northern Paper Supplies", "paper@example.com", "0.00", "400.00", "0.00", "0.00", "120.00", "520.00"],
      ["Total", "", "0.00", "400.00", "0.00", "0.00", "120.00", "520.00"],
    ]);
    expect(balancesAsAt(db(), "2026-02-28").find((account) => account.code === "2100")!.balance).toBe(-52_000);
  });

  it("shows each party with its invoices on the screen, and leaves out what was settled or voided by a later day", async () => {
    const page = await readJson(await callRoute(exportsPage.loader, buildRequest("/admin/ledger/exports?date=2026-02-28", { cookie })));
    const cafe = page.debtors.parties.find((party: { name: string }) => party.name === "Canal Cafe Ltd");
    expect(cafe.invoices.map((invoice: { bucket: string; outstanding: number; daysPastDue: number }) => [invoice.bucket, invoice.outstanding, invoice.daysPastDue])).toEqual([
      ["over90", 21_600, 120],
      ["days31to60", 7_000, 39],
      ["current", 6_000, 0],
    ]);
    expect(page.debtors.totals.total).toBe(38_200);
    expect(page.creditors.invoiceCount).toBe(2);

    // by the end of March: the cafe paid £70.00 and had £12.00 more credited, the bistro's invoice was voided
    const march = await readJson(await callRoute(exportsPage.loader, buildRequest("/admin/ledger/exports?date=2026-03-31", { cookie })));
    expect(march.debtors.parties.map((party: { name: string; total: number }) => [party.name, party.total])).toEqual([
      ["Bridge Bistro", 1_200],
      ["Canal Cafe Ltd", 26_400],
    ]);
    expect(march.debtors.totals.total).toBe(balancesAsAt(db(), "2026-03-31").find((account) => account.code === "1100")!.balance);

    const bad = await readJson(await callRoute(exportsPage.loader, buildRequest("/admin/ledger/exports?date=2026-02-30&from=x", { cookie })));
    expect(bad.dateProblem).toEqual({ message: "Enter the date as YYYY-MM-DD", field: "date" });
    expect(bad.periodProblem).toEqual({ message: "Enter the from date as YYYY-MM-DD", field: "from" });
  });
});
