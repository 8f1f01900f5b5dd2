import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderItems, vatReturns } from "~db/schema";
import * as accountsPage from "~/routes/admin.accounts/route";
import * as apiOverview from "~/routes/api.admin.accounts";
import * as apiAccounts from "~/routes/api.admin.financial-accounts";
import { recordPayment } from "~/domain/invoices/invoice-payments.server";
import { ukToday, voidSalesInvoiceForOrder } from "~/domain/invoices/invoices.server";
import { postHistoryJournals } from "~/domain/ledger/history.server";
import { getDb, writeTransaction } from "~/utils/db.server";
import { parseDecimalToHundredths } from "~/utils/money";
import { createInvoicedOrder, createProduct, createUser } from "./factories";
import { completeRefundReturn, createPurchaseInvoice, payPurchaseInvoice, voidPurchaseInvoice } from "./finance-factories";
import { buildRequest, callRoute, readJson } from "./http";
import { signIn } from "./sign-in";

let adminCookie: string;
let admin: { id: string };
let buyer: { id: string; email: string };
let supplierId: string;
let tea: ReturnType<typeof createProduct>;
let milk: ReturnType<typeof createProduct>;
let sugar: ReturnType<typeof createProduct>;

const db = () => getDb();
const pence = (decimal: string) => parseDecimalToHundredths(decimal)!;

beforeAll(async () => {
  admin = await createUser({ email: "admin@example.com", role: "admin" });
  buyer = await createUser({ email: "buyer@example.com", businessName: "Canal Cafe Ltd" });
  supplierId = (await createUser({ email: "supplier@example.com", role: "supplier", businessName: "Northern Paper Supplies" })).id;
  adminCookie = await signIn("admin@example.com", { via: "api" });
  tea = createProduct({ name: "Catering Tea Bags", salesPrice: 1_200 });
  milk = createProduct({ name: "Semi-Skimmed Milk 2L", salesPrice: 800, vatRate: 0 });
  sugar = createProduct({ name: "Sugar Sticks (1000)", salesPrice: 5_000 });
});

async function overview(query = "") {
  const response = await callRoute(apiOverview.loader, buildRequest(`/api/admin/accounts${query}`, { cookie: adminCookie }));
  expect(response.status).toBe(200);
  return readJson(response);
}

async function addAccount(body: Record<string, unknown>) {
  const response = await callRoute(apiAccounts.action, buildRequest("/api/admin/financial-accounts", { json: body, cookie: adminCookie }));
  expect(response.status).toBe(201);
  return (await readJson(response)) as { id: number; name: string };
}

const itemOf = (orderId: number) => db().select().from(orderItems).where(eq(orderItems.orderId, orderId)).get()!;

/** A sales invoice voided by its use case at `at`: its journal reversed on that UK day. */
const voidInvoiceOf = (orderId: number, at: Date) => writeTransaction(db(), (tx) => voidSalesInvoiceForOrder(tx, orderId, at));

type SheetJson = {
  assets: string;
  liabilities: string;
  equity: string;
  parts: {
    assets: { code: string; amount: string }[];
    liabilities: { code: string; amount: string }[];
    equity: { capital: string; retainedEarnings: string; currentYearProfit: string };
  };
};

/**
 * Each side is the sum of its ledger lines, equity is capital + retained earnings + this year's profit, and
 * assets = liabilities + equity, in pence.
 */
function expectBalanced(sheet: SheetJson) {
  const sum = (lines: { amount: string }[]) => lines.reduce((total, line) => total + pence(line.amount), 0);
  const { equity } = sheet.parts;
  expect(pence(sheet.assets)).toBe(sum(sheet.parts.assets));
  expect(pence(sheet.liabilities)).toBe(sum(sheet.parts.liabilities));
  expect(pence(sheet.equity)).toBe(pence(equity.capital) + pence(equity.retainedEarnings) + pence(equity.currentYearProfit));
  expect(pence(sheet.assets)).toBe(pence(sheet.liabilities) + pence(sheet.equity));
}

describe("a month's profit and loss, balance sheet and transactions", () => {
  const NOVEMBER = "?period=custom&from=2025-11-01&to=2025-11-30";
  let bank: { id: number };
  let inv1: ReturnType<typeof createInvoicedOrder>;

  beforeAll(async () => {
    bank = await addAccount({ name: "Business Current Account", balance: "1000.00" });
    // October: an invoice for £50.00 + VAT, and a purchase invoice for £30.00 + VAT entered in November
    createInvoicedOrder(buyer, [{ product: sugar, quantity: 1 }], "2025-10-31");
    const october = createPurchaseInvoice(supplierId, { subtotal: 3_000, invoiceDate: "2025-10-28", enteredAt: new Date("2025-11-02T09:00:00Z") });
    // November: £120.00 + VAT, a zero-rated £40.00, and a void £50.00
    inv1 = createInvoicedOrder(buyer, [{ product: tea, quantity: 10 }], "2025-11-03");
    const inv2 = createInvoicedOrder(buyer, [{ product: milk, quantity: 5 }], "2025-11-10");
    const inv3 = createInvoicedOrder(buyer, [{ product: sugar, quantity: 1 }], "2025-11-12");
    voidInvoiceOf(inv3.orderId, new Date("2025-11-14T10:00:00Z"));
    // refunds (credit notes, each set against its invoice, which still owes): 3 tea and 1 milk on the 25th,
    // 1 tea late on the 30th (UK time); 1 more tea just after midnight on 1 Dec
    completeRefundReturn(inv1.orderId, buyer.id, [{ orderItemId: itemOf(inv1.orderId).id, quantity: 3 }], new Date("2025-11-25T12:00:00Z"));
    completeRefundReturn(inv2.orderId, buyer.id, [{ orderItemId: itemOf(inv2.orderId).id, quantity: 1 }], new Date("2025-11-25T12:00:00Z"));
    completeRefundReturn(inv1.orderId, buyer.id, [{ orderItemId: itemOf(inv1.orderId).id, quantity: 1 }], new Date("2025-11-30T23:30:00Z"));
    completeRefundReturn(inv1.orderId, buyer.id, [{ orderItemId: itemOf(inv1.orderId).id, quantity: 1 }], new Date("2025-12-01T00:30:00Z"));
    // purchases: £70.00 + VAT dated 20 Nov but entered on 3 Dec; a void one
    createPurchaseInvoice(supplierId, { subtotal: 7_000, invoiceDate: "2025-11-20", enteredAt: new Date("2025-12-03T10:00:00Z") });
    createPurchaseInvoice(supplierId, { subtotal: 9_999, invoiceDate: "2025-11-15", status: "void" });
    // October's VAT return, filed on 15 Nov: £10.00 on the sale less £6.00 on the purchase, £4.00 net; its
    // journal (dated 31 Oct) moves both to the liability to HMRC, still unpaid
    writeTransaction(db(), (tx) => {
      tx.insert(vatReturns).values({
        quarter: "2025-10", startDate: "2025-10-01", endDate: "2025-10-31", box1VatDue: 1_000, box3TotalVatDue: 1_000, box4VatReclaimed: 600,
        box5NetVat: 400, box6TotalSales: 50, box7TotalPurchases: 30, isFiled: true, filedAt: new Date("2025-11-15T10:00:00Z"),
      }).run();
      postHistoryJournals(tx);
    });
    // the supplier is paid for October on 28 Nov from the bank; the customer pays £50.00 on 5 Dec into it (of
    // the £72.00 INV-1 still owes once its three credit notes came off)
    payPurchaseInvoice(october.id, { amount: 3_600, paymentDate: "2025-11-28", accountId: bank.id });
    const paid = recordPayment(db(), admin, inv1.id, { amount: 5_000, paymentMethod: "bank_transfer", paymentDate: "2025-12-05", reference: "BACS CANAL", notes: null, financialAccountId: bank.id });
    expect(paid.ok).toBe(true);
  });

  it("counts November's non-void invoices by their dates and takes its refunds off revenue", async () => {
    const { profitLoss, period } = await overview(NOVEMBER);
    expect(period).toEqual({ key: "custom", from: "2025-11-01", to: "2025-11-30", label: "Custom range · 01 Nov 2025 to 30 Nov 2025" });
    expect(profitLoss).toEqual({
      totalRevenue: "104.00", // 120.00 + 40.00 − (36.00 + 8.00 + 12.00)
      totalCosts: "70.00",
      grossProfit: "34.00",
      profitMargin: 32.7,
      salesSubtotal: "160.00",
      salesInvoiceCount: 2,
      refunds: "56.00",
      refundCount: 3,
      purchaseInvoiceCount: 1,
    });
  });

  it("follows a voided invoice and a new purchase invoice at once, though a period's figures are kept between views", async () => {
    const before = (await overview(NOVEMBER)).profitLoss;
    const late = createInvoicedOrder(buyer, [{ product: sugar, quantity: 2 }], "2025-11-20");
    const withSale = (await overview(NOVEMBER)).profitLoss;
    expect(withSale).toMatchObject({ salesInvoiceCount: before.salesInvoiceCount + 1, salesSubtotal: "260.00" });
    voidInvoiceOf(late.orderId, new Date("2025-11-20T15:00:00Z"));
    expect((await overview(NOVEMBER)).profitLoss).toEqual(before);
    const purchase = createPurchaseInvoice(supplierId, { subtotal: 1_000, invoiceDate: "2025-11-21" });
    expect((await overview(NOVEMBER)).profitLoss).toMatchObject({ totalCosts: "80.00", purchaseInvoiceCount: 2 });
    voidPurchaseInvoice(purchase.id, "2025-11-21");
    expect((await overview(NOVEMBER)).profitLoss).toEqual(before);
  });

  it("draws November's balance sheet at its last day from the ledger, before December's payment", async () => {
    const { balanceSheet } = await overview(NOVEMBER);
    expect(balanceSheet.asAt).toBe("2025-11-30");
    // the bank's £1,000.00 opening balance is dated the day it was added (today), after November 2025: by
    // then only the supplier's £36.00 had gone out of it
    expect(balanceSheet.parts.accounts).toEqual([{ id: bank.id, name: "Business Current Account", type: "bank", balance: "-36.00" }]);
    // £60.00 + £144.00 + £40.00 invoiced (the void one reversed), less November's credit notes £43.20 + £8.00
    // + £14.40; the £50.00 came in December
    expect(balanceSheet.parts.receivables).toBe("178.40");
    expect(balanceSheet.parts.suspense).toBe("0.00");
    // £36.00 paid on 28 Nov; £84.00 still owed
    expect(balanceSheet.parts.payables).toBe("84.00");
    expect(balanceSheet.parts.vat).toEqual({
      vatOnSales: "14.40", // November's £24.00 less the credit notes' £7.20 + £2.40; October's £10.00 went to HMRC's account
      vatOnPurchases: "-14.00", // November's, to reclaim; October's £6.00 went with the return
      liabilityToHmrc: "4.00", // October's return, filed and not paid
      unpaidNetVat: "4.40",
    });
    expect(balanceSheet.parts.liabilities).toEqual([
      { code: "2100", name: "Trade creditors", financialAccountId: null, amount: "84.00" },
      { code: "2200", name: "VAT on sales", financialAccountId: null, amount: "14.40" },
      { code: "2201", name: "VAT on purchases", financialAccountId: null, amount: "-14.00" },
      { code: "2202", name: "VAT liability to HMRC", financialAccountId: null, amount: "4.00" },
    ]);
    // no capital yet; 2025's profit: £50.00 in October, then November's £104.00 of revenue less £30.00 and £70.00 of purchases
    expect(balanceSheet.parts.equity).toEqual({ lines: [], capital: "0.00", retainedEarnings: "0.00", currentYearProfit: "54.00" });
    expect(balanceSheet).toMatchObject({ assets: "142.40", liabilities: "88.40", equity: "54.00" });
    expectBalanced(balanceSheet);

    const december = await overview("?from=2025-12-01&to=2025-12-31");
    expect(december.balanceSheet.parts.accounts[0].balance).toBe("14.00");
    // less December's credit note £14.40 and the £50.00 payment
    expect(december.balanceSheet.parts.receivables).toBe("114.00");
    expectBalanced(december.balanceSheet);

    // today the opening balance is in: capital £1,000.00, and the bank holds it
    const today = (await overview()).balanceSheet;
    expect(today.parts.equity.capital).toBe("1000.00");
    expect(today.parts.accounts.find((row: { id: number }) => row.id === bank.id).balance).toBe("1014.00");
    expectBalanced(today);
  });

  it("lists each month's payments in and out with their invoice, party and account", async () => {
    const november = await overview(NOVEMBER);
    expect(november.transactions).toEqual([
      expect.objectContaining({ date: "2025-11-28", type: "out", amount: "36.00", description: "SUP-00001 · Northern Paper Supplies", account: { id: bank.id, name: "Business Current Account" } }),
    ]);
    const december = await overview("?from=2025-12-01&to=2025-12-31");
    expect(december.transactions).toEqual([
      expect.objectContaining({
        date: "2025-12-05",
        type: "in",
        amount: "50.00",
        description: `${inv1.invoiceNumber} · Canal Cafe Ltd`,
        invoice: { id: inv1.id, invoiceNumber: inv1.invoiceNumber, kind: "sales" },
        reference: "BACS CANAL",
      }),
    ]);
    expect(december.transactionsPage).toEqual({ page: 1, pageSize: 25, total: 1, pageCount: 1 });
  });

  it("shows the same figures on the screen's tabs", async () => {
    const load = async (query: string) =>
      readJson(await callRoute(accountsPage.loader, buildRequest(`/admin/accounts${query}`, { cookie: adminCookie })));
    const pl = await load(`${NOVEMBER}`);
    expect(pl.profitLoss.grossProfit).toBe("34.00");
    expect(pl.balanceSheet).toBeNull();
    const sheet = await load(`${NOVEMBER}&tab=balance-sheet`);
    expect(sheet.balanceSheet).toMatchObject({ assets: "142.40", liabilities: "88.40", equity: "54.00" });
    const moves = await load("?tab=transactions&period=custom&from=2025-12-01&to=2025-12-31");
    expect(moves.transactions.items.map((row: { description: string }) => row.description)).toEqual([`${inv1.invoiceNumber} · Canal Cafe Ltd`]);
    const backwards = await load("?period=custom&from=2025-12-31&to=2025-12-01");
    expect(backwards.periodProblem).toEqual({ message: "The from date must be on or before the to date", field: "from" });
    expect(backwards.period.key).toBe("this-month");
  });
});

describe("the balance sheet after every kind of payment", () => {
  it("moves money between its parts, still balances, and leaves equity as it was", async () => {
    const today = ukToday();
    const bank = await addAccount({ name: "Trading Account", type: "bank", balance: "5000.00" });
    const cash = await addAccount({ name: "Till", type: "cash", balance: "200.00" });
    const card = await addAccount({ name: "Director's Card", type: "credit_card" });
    const sale = createInvoicedOrder(buyer, [{ product: tea, quantity: 10 }], today); // £144.00
    const purchase = createPurchaseInvoice(supplierId, { subtotal: 10_000, invoiceDate: today }); // £120.00

    type Sheet = SheetJson & {
      parts: { accounts: { id: number; balance: string }[]; creditCards: { id: number; balance: string }[]; receivables: string; payables: string; suspense: string };
    };
    const sheetNow = async (): Promise<Sheet> => (await overview()).balanceSheet;
    const balanceOf = (sheet: Sheet, id: number) => pence([...sheet.parts.accounts, ...sheet.parts.creditCards].find((row) => row.id === id)!.balance);

    type Step = { name: string; pay: () => void; moved: Record<number, number>; receivables: number; payables: number; suspense?: number };
    const steps: Step[] = [
      {
        name: "a sales payment into the bank",
        pay: () => expect(recordPayment(db(), admin, sale.id, { amount: 5_000, paymentMethod: "bank_transfer", paymentDate: null, reference: null, notes: null, financialAccountId: bank.id }).ok).toBe(true),
        moved: { [bank.id]: 5_000 },
        receivables: -5_000,
        payables: 0,
      },
      {
        name: "a sales payment in cash",
        pay: () => expect(recordPayment(db(), admin, sale.id, { amount: 2_000, paymentMethod: "cash", paymentDate: null, reference: null, notes: null, financialAccountId: cash.id }).ok).toBe(true),
        moved: { [cash.id]: 2_000 },
        receivables: -2_000,
        payables: 0,
      },
      {
        name: "a sales payment with no account named",
        pay: () => expect(recordPayment(db(), admin, sale.id, { amount: 1_500, paymentMethod: "cash", paymentDate: null, reference: null, notes: null, financialAccountId: undefined }).ok).toBe(true),
        moved: {},
        receivables: -1_500,
        payables: 0,
        suspense: 1_500,
      },
      {
        name: "a purchase payment from the bank",
        pay: () => payPurchaseInvoice(purchase.id, { amount: 3_000, paymentDate: today, accountId: bank.id }),
        moved: { [bank.id]: -3_000 },
        receivables: 0,
        payables: -3_000,
      },
      {
        name: "a purchase payment on the credit card",
        pay: () => payPurchaseInvoice(purchase.id, { amount: 4_000, paymentDate: today, accountId: card.id }),
        moved: { [card.id]: 4_000 },
        receivables: 0,
        payables: -4_000,
      },
      {
        name: "a purchase payment with no account named",
        pay: () => payPurchaseInvoice(purchase.id, { amount: 2_500, paymentDate: today }),
        moved: {},
        receivables: 0,
        payables: -2_500,
        suspense: -2_500,
      },
    ];

    let before = await sheetNow();
    expectBalanced(before);
    for (const step of steps) {
      step.pay();
      const after = await sheetNow();
      expectBalanced(after);
      for (const account of [bank, cash, card]) {
        expect(balanceOf(after, account.id) - balanceOf(before, account.id), `${step.name}: ${account.name}`).toBe(step.moved[account.id] ?? 0);
      }
      expect(pence(after.parts.receivables) - pence(before.parts.receivables), step.name).toBe(step.receivables);
      expect(pence(after.parts.payables) - pence(before.parts.payables), step.name).toBe(step.payables);
      expect(pence(after.parts.suspense) - pence(before.parts.suspense), step.name).toBe(step.suspense ?? 0);
      expect(after.equity, step.name).toBe(before.equity);
      expect(after.parts.equity, step.name).toEqual(before.parts.equity);
      before = after;
    }
    // the two payments with no account named wait in Suspense: £15.00 in, £25.00 out
    expect(before.parts.suspense).toBe("-10.00");

    // each shows in this month's transactions with its account, newest first
    const { transactions } = await overview();
    const mine = transactions.filter((row: { account: { id: number } | null }) => row.account && [bank.id, cash.id, card.id].includes(row.account.id));
    expect(mine.map((row: { type: string; amount: string; account: { name: string } }) => [row.type, row.amount, row.account.name])).toEqual([
      ["out", "40.00", "Director's Card"],
      ["out", "30.00", "Trading Account"],
      ["in", "20.00", "Till"],
      ["in", "50.00", "Trading Account"],
    ]);
  });
});

describe("period parameters", () => {
  it("answers 400 naming the parameter for an unknown period, an unreal day or a backwards range", async () => {
    const ask = async (query: string) => {
      const response = await callRoute(apiOverview.loader, buildRequest(`/api/admin/accounts${query}`, { cookie: adminCookie }));
      return { status: response.status, body: await readJson(response) };
    };
    expect(await ask("?period=quarter")).toEqual({ status: 400, body: { message: "Period must be one of this-month, last-month, this-year, custom", field: "period" } });
    expect(await ask("?from=2025-02-29&to=2025-03-31")).toEqual({ status: 400, body: { message: "Enter the from date as YYYY-MM-DD", field: "from" } });
    expect(await ask("?from=2025-03-31&to=2025-03-01")).toEqual({ status: 400, body: { message: "The from date must be on or before the to date", field: "from" } });
    const signedOut = await callRoute(apiOverview.loader, buildRequest("/api/admin/accounts"));
    expect(signedOut.status).toBe(401);
    const posted = await callRoute(apiOverview.action, buildRequest("/api/admin/accounts", { json: {}, cookie: adminCookie }));
    expect(posted.status).toBe(405);
    expect(posted.headers.get("Allow")).toBe("GET");
  });
});
