/**
 * The open balances kept per company and per due date (company_open_balances, open_invoice_due_totals: kept by the
 * triggers on sales_invoices, migration 0035): through invoices issued, part paid, paid, voided and un-voided,
 * re-priced, moved to another company or due date, billed to no company and deleted, they equal the sums of the
 * open invoices themselves, the data check says so, and the aged-debtors screen read from them shows exactly the
 * page, count and totals that summing every open invoice gives.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { agedDebtorsPage, agedDebtorsSummary } from "~/domain/credit/company-debts.server";
import { addInvoicePayment } from "~/domain/invoices/invoice-payments.server";
import { ukToday } from "~/domain/invoices/invoices.server";
import { addDays } from "~/domain/vat/vat-period";
import { checkTheData } from "~/domain/system/data-checks.server";
import * as agedPage from "~/routes/admin.aged-debtors._index";
import { getDb, writeTransaction } from "~/utils/db.server";
import { buildRequest, callRoute, readJson } from "./http";
import { signIn } from "./sign-in";
import { createInvoicedOrder, createProduct, createUser } from "./factories";

const sqlite = () => getDb().$client;
const today = ukToday();

/** The two kept tables, and the same sums worked out from the invoices, as sorted text. */
function keptAndCounted() {
  const rows = (query: string) => (sqlite().prepare(query).raw().all() as unknown[][]).map((row) => row.join(" ")).sort();
  const open = "status <> 'void' and total > amount_paid + credited_amount";
  return {
    kept: {
      companies: rows("select company_id, outstanding, invoices from company_open_balances where invoices <> 0"),
      dueDates: rows("select due_date, outstanding, invoices from open_invoice_due_totals where invoices <> 0"),
    },
    counted: {
      companies: rows(`select coalesce(company_id, 0), sum(total - amount_paid - credited_amount), count(*) from sales_invoices where ${open} group by 1`),
      dueDates: rows(`select due_date, sum(total - amount_paid - credited_amount), count(*) from sales_invoices where ${open} group by 1`),
    },
  };
}

/** The screen's every page at the end of today, as read from the kept balances and as summed from every open invoice. */
function expectScreenAgrees(perPage = 2) {
  const full = agedDebtorsSummary(getDb(), today);
  const first = agedDebtorsPage(getDb(), today, today, { page: 1, perPage });
  expect({ totals: first.totals, invoiceCount: first.invoiceCount, companyCount: first.companyCount }).toEqual({
    totals: full.totals,
    invoiceCount: full.invoiceCount,
    companyCount: full.companies.length,
  });
  for (let page = 1; page <= first.pageCount; page++) {
    expect(agedDebtorsPage(getDb(), today, today, { page, perPage }).companies).toEqual(full.companies.slice((page - 1) * perPage, page * perPage));
  }
}

function expectInStep() {
  const { kept, counted } = keptAndCounted();
  expect(kept).toEqual(counted);
  const check = checkTheData(getDb()).checks.find((c) => c.key === "totals");
  expect(check?.problems ?? []).toEqual([]);
  expectScreenAgrees();
}

let product: ReturnType<typeof createProduct>;
const buyers: { id: string; email: string }[] = [];
const invoiceIds: number[] = [];

beforeAll(async () => {
  product = createProduct({ name: "Open Balance Gloves", salesPrice: 1_000, stockLevel: 1_000 });
  for (const name of ["Zephyr Plant Hire", "Ashdown Joinery", "Ashdown Joinery", "Marsh Electrical"]) {
    buyers.push(await createUser({ email: `${crypto.randomUUID()}@open-balances.test`, businessName: name }));
  }
});

describe("balances kept per company and per due date", () => {
  it("stay equal to the open invoices through every kind of change, and the aged-debtors screen reads them", async () => {
    // invoices over the last five months, so every bucket holds something
    for (const [index, buyer] of buyers.entries()) {
      for (const daysAgo of [3, 40, 75, 130]) {
        const invoice = createInvoicedOrder(buyer, [{ product, quantity: 1 + index }], addDays(today, -daysAgo - index));
        invoiceIds.push(invoice.id);
      }
    }
    expectInStep();

    // part paid, then paid in full (a real payment, journal and all)
    const pay = (id: number, amount: number) =>
      writeTransaction(getDb(), (tx) => {
        const invoice = sqlite().prepare("select id, invoice_number as invoiceNumber, amount_paid as amountPaid from sales_invoices where id = ?").get(id) as {
          id: number;
          invoiceNumber: string;
          amountPaid: number;
        };
        addInvoicePayment(tx, invoice, { amount, paymentMethod: "bank_transfer", reference: null, notes: null, paymentDate: today, createdBy: buyers[0]!.id });
      });
    pay(invoiceIds[0]!, 500);
    expectInStep();
    const first = sqlite().prepare("select total - amount_paid as owing from sales_invoices where id = ?").pluck().get(invoiceIds[0]) as number;
    pay(invoiceIds[0]!, first);
    expectInStep();

    // voided, then un-voided; credited; re-priced; moved to another due date and company; billed to none
    const update = (sql: string, ...params: unknown[]) => sqlite().prepare(sql).run(...params);
    update("update sales_invoices set status = 'void', voided_at = ? where id = ?", Date.now(), invoiceIds[1]);
    expectInStep();
    update("update sales_invoices set status = 'unpaid', voided_at = null where id = ?", invoiceIds[1]);
    update("update sales_invoices set credited_amount = 300 where id = ?", invoiceIds[2]);
    update("update sales_invoices set total = total + 250 where id = ?", invoiceIds[3]);
    update("update sales_invoices set due_date = ? where id = ?", addDays(today, 10), invoiceIds[4]);
    update("update sales_invoices set company_id = (select company_id from sales_invoices where id = ?) where id = ?", invoiceIds[12], invoiceIds[5]);
    update("update sales_invoices set company_id = null where id = ?", invoiceIds[6]);
    expectInStep();
    expect(agedDebtorsPage(getDb(), today, today, { page: 1, perPage: 25 }).companies.map((c) => c.name)).toContain("Walk-in sales (no account)");

    // deleted, open and settled
    update("delete from sales_invoices where id = ?", invoiceIds[7]);
    update("delete from sales_invoices where id = ?", invoiceIds[0]);
    expectInStep();
  });

  it("a day other than today, or anything dated after today, is summed from the invoices as they stood", async () => {
    const yesterday = addDays(today, -1);
    expect(agedDebtorsPage(getDb(), yesterday, today, { page: 1, perPage: 25 })).toMatchObject({
      totals: agedDebtorsSummary(getDb(), yesterday).totals,
      companyCount: agedDebtorsSummary(getDb(), yesterday).companies.length,
    });
    // a payment dated tomorrow: today's balances are not what is open now, and the screen still says what was owed today
    const id = invoiceIds[9]!;
    const owed = sqlite().prepare("select total - amount_paid - credited_amount from sales_invoices where id = ?").pluck().get(id) as number;
    writeTransaction(getDb(), (tx) =>
      addInvoicePayment(tx, { id, invoiceNumber: "x", amountPaid: 0 }, { amount: owed, paymentMethod: "bank_transfer", reference: null, notes: null, paymentDate: addDays(today, 1), createdBy: buyers[0]!.id }),
    );
    const screen = agedDebtorsPage(getDb(), today, today, { page: 1, perPage: 25 });
    expect(screen.totals).toEqual(agedDebtorsSummary(getDb(), today).totals);
    expect(screen.totals.total).toBe(
      (sqlite().prepare("select sum(outstanding) from company_open_balances").pluck().get() as number) + owed,
    );
  });

  it("the screen pages the companies by name, 25 a page, with the totals of all of them", async () => {
    await createUser({ email: "credit@open-balances.test", role: "admin" });
    const admin = await signIn("credit@open-balances.test");
    const data = await readJson(await callRoute(agedPage.loader, buildRequest("/admin/aged-debtors?page=1", { cookie: admin })));
    const full = agedDebtorsSummary(getDb(), today);
    expect(data.companies.map((c: { name: string }) => c.name)).toEqual(full.companies.slice(0, 25).map((c) => c.name));
    expect({ totals: data.totals, companyCount: data.companyCount, invoiceCount: data.invoiceCount }).toEqual({
      totals: full.totals,
      companyCount: full.companies.length,
      invoiceCount: full.invoiceCount,
    });
  });
});
