/**
 * Opening the ledger on books kept before it: every document already written posts the journal its event
 * would post today (the table in docs/decisions/0038-double-entry-ledger.md), so an existing install, the
 * demo and the scale data all open with balanced books. Idempotent: a document that has its journal is
 * left alone. Invoices and payments are posted set-wise in SQL (a large install has hundreds of thousands);
 * the few credit notes, filed VAT returns and opening balances go through the same functions as new events.
 * Everything is checked before the transaction ends: a journal that does not sum to zero aborts it all.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { financialAccounts, ledgerAccounts, orders, returns, vatReturns } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { ukDateOf } from "~/domain/vat/vat-period";
import { returnedLine, returnValue } from "~/domain/returns/return-refund";
import { issueCreditNote } from "~/domain/invoices/credit-notes.server";
import { balanceChange } from "~/domain/invoices/payment-direction";
import { CODES } from "./chart";
import { credit, debit } from "./journal";
import { openMoneyAccount, postJournal } from "./post.server";
import { postVatReturnFiled } from "./postings.server";

const OPENED_KEY = "ledger:opened";

/** Run after the migrations: opens the ledger on an install's existing documents, once. */
export function openLedgerOnce(db: DB) {
  const sqlite = db.$client;
  const hasTable = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'journals'").get();
  if (!hasTable) return;
  if (sqlite.prepare("select 1 from install_settings where key = ?").get(OPENED_KEY)) return;
  const run = sqlite.transaction(() => {
    postHistoryJournals(db);
    sqlite.prepare("insert into install_settings (key, value) values (?, ?)").run(OPENED_KEY, new Date().toISOString());
  });
  run.immediate();
}

type Posting = {
  source: string;
  /** the documents without a journal of this source: id, date, description, created_at */
  documents: string;
  /** each line: the ledger account (an SQL expression over `d`, the document) and its signed amount */
  lines: { account: string; amount: string }[];
};

const code = (c: string) => `(select id from ledger_accounts where code = '${c}')`;
const moneyAccount = (column: string) =>
  `coalesce((select id from ledger_accounts where financial_account_id = ${column}), ${code(CODES.suspense)})`;

const notPosted = (source: string, table: string) =>
  `not exists (select 1 from journals j where j.source_type = '${source}' and j.source_id = ${table}.id)`;

const POSTINGS: Posting[] = [
  {
    source: "sales_invoice",
    documents: `select id, issue_date as date, 'Sales invoice ' || invoice_number as description, created_at, total, subtotal, vat_amount
      from sales_invoices where total <> 0 and ${notPosted("sales_invoice", "sales_invoices")}`,
    lines: [
      { account: code(CODES.tradeDebtors), amount: "d.total" },
      { account: code(CODES.sales), amount: "-d.subtotal" },
      { account: code(CODES.vatOnSales), amount: "-d.vat_amount" },
    ],
  },
  {
    source: "payment",
    documents: `select p.id, p.payment_date as date, 'Payment received for ' || si.invoice_number as description, p.created_at,
        p.amount, p.financial_account_id
      from payments p join sales_invoices si on si.id = p.sales_invoice_id where p.amount <> 0 and ${notPosted("payment", "p")}`,
    lines: [
      { account: moneyAccount("d.financial_account_id"), amount: "d.amount" },
      { account: code(CODES.tradeDebtors), amount: "-d.amount" },
    ],
  },
  {
    // a purchase invoice stored void never counted anywhere: it posts nothing
    source: "purchase_invoice",
    documents: `select id, invoice_date as date, 'Purchase invoice ' || invoice_number as description, created_at, total, subtotal, vat_amount
      from purchase_invoices where status <> 'void' and total <> 0 and ${notPosted("purchase_invoice", "purchase_invoices")}`,
    lines: [
      { account: code(CODES.purchases), amount: "d.subtotal" },
      { account: code(CODES.vatOnPurchases), amount: "d.vat_amount" },
      { account: code(CODES.tradeCreditors), amount: "-d.total" },
    ],
  },
  {
    source: "purchase_payment",
    documents: `select p.id, p.payment_date as date, 'Payment to supplier for ' || pi.invoice_number as description, p.created_at,
        p.amount, p.financial_account_id
      from purchase_payments p join purchase_invoices pi on pi.id = p.purchase_invoice_id where p.amount <> 0 and ${notPosted("purchase_payment", "p")}`,
    lines: [
      { account: code(CODES.tradeCreditors), amount: "d.amount" },
      { account: moneyAccount("d.financial_account_id"), amount: "-d.amount" },
    ],
  },
];

/** Posts every document that has no journal yet; see the module comment. Call inside a write transaction. */
export function postHistoryJournals(db: DB) {
  const sqlite = db.$client;
  const firstNew = (sqlite.prepare("select coalesce(max(id), 0) + 1 as id from journals").get() as { id: number }).id;

  // every financial account gets its ledger account, and its balance as it stood before any payment: its opening balance
  postOpeningBalances(db);

  for (const posting of POSTINGS) {
    const before = (sqlite.prepare("select coalesce(max(id), 0) as id from journals").get() as { id: number }).id;
    sqlite
      .prepare(
        `insert into journals (date, description, source_type, source_id, created_at)
         select d.date, d.description, '${posting.source}', d.id, d.created_at from (${posting.documents}) d order by d.date, d.id`,
      )
      .run();
    const source = posting.documents.replace(/ and not exists \(select 1 from journals j where[^)]*\)/, "");
    for (const line of posting.lines) {
      sqlite
        .prepare(
          `insert into journal_lines (journal_id, ledger_account_id, amount, date)
           select j.id, ${line.account}, ${line.amount}, j.date
           from journals j join (${source}) d on d.id = j.source_id
           where j.id > ? and j.source_type = '${posting.source}' and ${line.amount} <> 0
           order by j.id`,
        )
        .run(before);
    }
  }

  postVoids(db);
  postCompletedRefunds(db);
  postFiledVatReturns(db);
  assertBalanced(db, firstNew);
}

/**
 * The balance a financial account held before the ledger: what its balance column says, wound back by
 * every payment that named it. Posted against capital on the day the account was opened.
 */
function postOpeningBalances(db: DB) {
  const sqlite = db.$client;
  const accounts = db
    .select({ id: financialAccounts.id, name: financialAccounts.name, type: financialAccounts.type, balance: financialAccounts.balance, createdAt: financialAccounts.createdAt })
    .from(financialAccounts)
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.financialAccountId, financialAccounts.id))
    .where(isNull(ledgerAccounts.id))
    .orderBy(asc(financialAccounts.id))
    .all();
  for (const account of accounts) {
    const code = openMoneyAccount(db, account.id);
    const moved = sqlite
      .prepare(
        `select (select coalesce(sum(amount), 0) from payments where financial_account_id = ?) as moneyIn,
                (select coalesce(sum(amount), 0) from purchase_payments where financial_account_id = ?) as moneyOut`,
      )
      .get(account.id, account.id) as { moneyIn: number; moneyOut: number };
    const opening = account.balance - balanceChange(account.type, moved.moneyIn, "in") - balanceChange(account.type, moved.moneyOut, "out");
    // a credit card's balance is money owed: a credit on its (liability) account
    const held = account.type === "credit_card" ? -opening : opening;
    postJournal(db, {
      date: ukDateOf(account.createdAt.getTime()),
      description: `Opening balance of ${account.name}`,
      source: "opening_balance",
      sourceId: account.id,
      lines: [debit(code, held), credit(CODES.capital, held)],
    });
  }
}

/**
 * Void sales invoices: their journal reversed on the UK day they were voided, as `postSalesInvoiceVoid` posts a
 * void today (the issued journal's lines with their signs turned, linked to it), set-wise: a large install has
 * tens of thousands. An invoice whose issue posted nothing has nothing to reverse.
 */
function postVoids(db: DB) {
  const sqlite = db.$client;
  const voided = sqlite
    .prepare(
      `select si.id, si.invoice_number as invoiceNumber, si.issue_date as issueDate, si.voided_at as voidedAt,
         (select j.id from journals j where j.source_type = 'sales_invoice' and j.source_id = si.id order by j.id limit 1) as journalId
       from sales_invoices si
       where si.status = 'void' and si.total <> 0 and ${notPosted("sales_invoice_void", "si")} order by si.id`,
    )
    .all() as { id: number; invoiceNumber: string; issueDate: string; voidedAt: number | null; journalId: number | null }[];
  const before = (sqlite.prepare("select coalesce(max(id), 0) as id from journals").get() as { id: number }).id;
  const insert = sqlite.prepare(
    `insert into journals (date, description, source_type, source_id, reverses_id, created_by) values (?, ?, 'sales_invoice_void', ?, ?, null)`,
  );
  for (const invoice of voided) {
    if (invoice.journalId === null) continue;
    const date = invoice.voidedAt === null ? invoice.issueDate : ukDateOf(invoice.voidedAt);
    insert.run(date, `Sales invoice ${invoice.invoiceNumber} voided`, invoice.id, invoice.journalId);
  }
  sqlite
    .prepare(
      `insert into journal_lines (journal_id, ledger_account_id, amount, date)
       select j.id, l.ledger_account_id, -l.amount, j.date
       from journals j join journal_lines l on l.journal_id = j.reverses_id
       where j.id > ? and j.source_type = 'sales_invoice_void'
       order by j.id, l.id`,
    )
    .run(before);
}

/** Completed refund returns become credit notes (set against their invoice while it still owed). */
function postCompletedRefunds(db: DB) {
  const done = db
    .select({ id: returns.id, returnNumber: returns.returnNumber, orderId: returns.orderId, completedAt: returns.completedAt, customerId: orders.userId })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(and(eq(returns.status, "completed"), eq(returns.returnType, "refund")))
    .orderBy(asc(returns.completedAt), asc(returns.id))
    .all();
  const noted = new Set(
    (db.$client.prepare("select return_id as id from credit_notes").all() as { id: number }[]).map((row) => row.id),
  );
  for (const row of done) {
    if (noted.has(row.id) || !row.completedAt) continue;
    const items = db.$client
      .prepare(
        `select ri.quantity, ri.unit_price as unitPrice, ri.vat_rate as vatRate, oi.quantity as orderedQuantity, oi.total as orderedTotal
         from return_items ri left join order_items oi on oi.id = ri.order_item_id where ri.return_id = ?`,
      )
      .all(row.id) as { quantity: number; unitPrice: number; vatRate: number; orderedQuantity: number | null; orderedTotal: number | null }[];
    const value = returnValue("refund", items.map(returnedLine));
    issueCreditNote(db, {
      returnId: row.id,
      returnNumber: row.returnNumber,
      orderId: row.orderId,
      customerId: row.customerId,
      net: value.net,
      gross: value.gross,
      issueDate: ukDateOf(row.completedAt.getTime()),
      refundAccountId: null,
      at: row.completedAt,
    });
  }
}

function postFiledVatReturns(db: DB) {
  const filed = db
    .select()
    .from(vatReturns)
    .where(eq(vatReturns.isFiled, true))
    .orderBy(asc(vatReturns.startDate))
    .all();
  for (const row of filed) {
    const posted = db.$client.prepare("select 1 from journals where source_type = 'vat_return' and source_id = ?").get(row.id);
    if (!posted) postVatReturnFiled(db, row);
  }
}

function assertBalanced(db: DB, fromJournal: number) {
  const off = db.$client
    .prepare(
      `select journal_id as id, sum(amount) as total from journal_lines where journal_id >= ? group by journal_id having sum(amount) <> 0 limit 1`,
    )
    .get(fromJournal) as { id: number; total: number } | undefined;
  if (off) throw new Error(`Journal ${off.id} would not balance (${off.total}p): the ledger was not opened`);
}
