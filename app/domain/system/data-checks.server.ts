/**
 * "Check the data": the checks that say whether the database can be trusted, each with what it found.
 * - SQLite's own integrity check of the file;
 * - every product's stock equals the sum of its stock movements (the movements are the stock's history);
 * - every journal balances (its lines sum to zero, two lines or more) and so the whole ledger sums to zero;
 * - the search indexes match the products and the orders they index (FTS5's own integrity check, which the file
 *   check does not do);
 * - the totals kept by triggers (the ledger's day totals, sales invoices per day, products per category) equal
 *   the rows they total.
 * They read the whole database, so they run when asked, not on a timer. Results are kept (a few files in
 * `checks/` beside the database) so the page can show them at an address of their own after the post.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { databasePath, type DB } from "~/utils/db.server";
import { log } from "~/utils/log.server";

export type DataCheck = {
  key: "integrity" | "stock" | "journals" | "search" | "totals";
  label: string;
  ok: boolean;
  /** one line saying what was found */
  summary: string;
  /** the first problems found, readable */
  problems: string[];
  problemCount: number;
  durationMs: number;
};

export type DataCheckRun = { id: string; ranAt: string; ok: boolean; checks: DataCheck[] };

/** How many problems of one check are listed (all are counted). */
const PROBLEMS_LISTED = 20;

type Finding = { problems: string[]; count?: number; summary: (count: number) => string };

function timed(key: DataCheck["key"], label: string, run: () => Finding): DataCheck {
  const started = performance.now();
  let finding: Finding;
  try {
    finding = run();
  } catch (error) {
    finding = { problems: [`The check could not run: ${(error as Error).message}`], summary: () => "The check could not run." };
  }
  const count = finding.count ?? finding.problems.length;
  return {
    key,
    label,
    ok: count === 0,
    summary: finding.summary(count),
    problems: finding.problems.slice(0, PROBLEMS_LISTED),
    problemCount: count,
    durationMs: Math.round(performance.now() - started),
  };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function integrity(db: DB): Finding {
  const rows = db.$client.prepare("pragma integrity_check").all() as { integrity_check: string }[];
  const problems = rows.map((row) => row.integrity_check).filter((line) => line !== "ok");
  return { problems, summary: (count) => (count === 0 ? "The database file is sound." : plural(count, "fault", "faults") + " in the file.") };
}

function stock(db: DB): Finding {
  const rows = db.$client
    .prepare(
      `select p.id, p.name, p.stock_level as stock, coalesce(sum(m.change), 0) as moved
       from products p left join stock_movements m on m.product_id = p.id
       group by p.id having stock <> moved or stock < 0 order by p.id`,
    )
    .all() as { id: number; name: string; stock: number; moved: number }[];
  const { products } = db.$client.prepare("select count(*) as products from products").get() as { products: number };
  return {
    problems: rows.map((row) =>
      row.stock < 0 && row.stock === row.moved
        ? `${row.name} (#${row.id}) has stock ${row.stock}`
        : `${row.name} (#${row.id}): stock is ${row.stock}, its movements sum to ${row.moved}`,
    ),
    summary: (count) =>
      count === 0
        ? `The stock of all ${plural(products, "product", "products")} equals its movements.`
        : `${plural(count, "product's", "products'")} stock differs from its movements.`,
  };
}

function journals(db: DB): Finding {
  const rows = db.$client
    .prepare(
      `select j.id, j.description, coalesce(sum(l.amount), 0) as total, count(l.id) as lines
       from journals j left join journal_lines l on l.journal_id = j.id
       group by j.id having total <> 0 or lines < 2 order by j.id`,
    )
    .all() as { id: number; description: string; total: number; lines: number }[];
  const { count: journalCount, total } = db.$client
    .prepare("select (select count(*) from journals) as count, (select coalesce(sum(amount), 0) from journal_lines) as total")
    .get() as { count: number; total: number };
  const problems = rows.map((row) =>
    row.total !== 0
      ? `Journal ${row.id} (${row.description}) does not balance: its lines sum to ${row.total}p`
      : `Journal ${row.id} (${row.description}) has ${plural(row.lines, "line", "lines")}`,
  );
  if (total !== 0) problems.unshift(`The ledger as a whole sums to ${total}p, not 0`);
  return {
    problems,
    summary: (count) =>
      count === 0 ? `All ${plural(journalCount, "journal balances", "journals balance")}.` : `${plural(count, "problem", "problems")} in the books.`,
  };
}

/** The trigram search indexes and the rows each reads its text from (migrations 0010 and 0031). */
const SEARCH_INDEXES = [
  { index: "products_search", rows: "products" },
  { index: "orders_search", rows: "orders" },
] as const;

function searchIndex(db: DB): Finding {
  const problems: string[] = [];
  const outOfStep: string[] = [];
  for (const { index, rows } of SEARCH_INDEXES) {
    try {
      // rank 1: compare the index with the rows it reads from, not only with itself
      db.$client.prepare(`insert into ${index}(${index}, rank) values ('integrity-check', 1)`).run();
    } catch (error) {
      outOfStep.push(rows);
      problems.push(`The search index does not match the ${rows} (${(error as Error).message}). Rebuild it: INSERT INTO ${index}(${index}) VALUES ('rebuild').`);
    }
  }
  const named = (tables: string[]) => tables.map((table) => `the ${table}`).join(" and ");
  return {
    problems,
    summary: () =>
      outOfStep.length === 0
        ? `The search indexes match ${named(SEARCH_INDEXES.map((search) => search.rows))}.`
        : `The search index does not match ${named(outOfStep)}.`,
  };
}

/**
 * Each kept total against the rows it totals, both ways (a total with no rows, rows with no total): the rows
 * that differ, per table. The triggers of migrations 0026, 0028, 0030, 0031, 0035 and 0036 are their only writers.
 */
/** An order's UK calendar month, as migration 0031's triggers file it. */
const CUSTOMER_ORDER_MONTH = `strftime('%Y-%m', created_at / 1000 + case when cast(strftime('%m', created_at / 1000, 'unixepoch') as integer) between 3 and 9 then 3600 else 0 end, 'unixepoch')`;

const KEPT_TOTALS: { name: string; kept: string; counted: string }[] = [
  {
    name: "ledger day totals",
    kept: "select ledger_account_id, date, debits, credits, line_count from ledger_day_totals where line_count <> 0",
    counted: `select ledger_account_id, date, coalesce(sum(case when amount > 0 then amount end), 0),
      coalesce(sum(case when amount < 0 then -amount end), 0), count(*) from journal_lines group by ledger_account_id, date`,
  },
  {
    name: "sales invoices per day",
    kept: "select issue_date, invoices from sales_invoice_day_counts where invoices <> 0",
    counted: "select issue_date, count(*) from sales_invoices where status <> 'void' group by issue_date",
  },
  {
    name: "customers' order totals",
    kept: "select user_id, orders, spent, first_order_at, last_order_at from customer_order_totals where orders <> 0",
    counted: `select user_id, count(*), sum(total), min(created_at), max(created_at) from orders
      where user_id is not null and status <> 'cancelled' group by user_id`,
  },
  {
    name: "customers' order totals per month",
    kept: "select user_id, month, orders, spent from customer_month_totals where orders <> 0",
    counted: `select user_id, ${CUSTOMER_ORDER_MONTH}, count(*), sum(total) from orders
      where user_id is not null and status <> 'cancelled' group by 1, 2`,
  },
  {
    name: "customers' order totals per month, all customers",
    kept: "select month, orders, spent, customers from order_month_totals where orders <> 0",
    counted: `select month, count(*), sum(total), count(distinct user_id) from (select user_id, total, ${CUSTOMER_ORDER_MONTH} as month
      from orders where user_id is not null and status <> 'cancelled') group by month`,
  },
  {
    name: "companies' open balances",
    kept: "select company_id, outstanding, invoices from company_open_balances where invoices <> 0",
    counted: `select coalesce(company_id, 0), sum(total - amount_paid - credited_amount), count(*) from sales_invoices
      where status <> 'void' and total > amount_paid + credited_amount group by 1`,
  },
  {
    name: "open invoices per due date",
    kept: "select due_date, outstanding, invoices from open_invoice_due_totals where invoices <> 0",
    counted: `select due_date, sum(total - amount_paid - credited_amount), count(*) from sales_invoices
      where status <> 'void' and total > amount_paid + credited_amount group by due_date`,
  },
  {
    name: "products per category",
    kept: "select category_id, products from category_product_counts where products <> 0",
    counted: "select category_id, count(*) from products where category_id is not null group by category_id",
  },
  {
    name: "journals",
    kept: "select row_count from table_row_counts where table_name = 'journals'",
    counted: "select count(*) from journals",
  },
];

function keptTotals(db: DB): Finding {
  const problems: string[] = [];
  for (const { name, kept, counted } of KEPT_TOTALS) {
    const differ = db.$client
      .prepare(`select (select count(*) from (${kept} except ${counted})) + (select count(*) from (${counted} except ${kept})) as n`)
      .get() as { n: number };
    if (differ.n > 0) problems.push(`The ${name} differ from the rows they total in ${plural(differ.n, "row", "rows")}`);
  }
  return {
    problems,
    summary: (count) => (count === 0 ? "The kept totals equal the rows they total." : `${plural(count, "kept total differs", "kept totals differ")} from its rows.`),
  };
}

/** Runs every check; one that cannot run counts as failed, with the reason. */
export function checkTheData(db: DB, now = new Date()): DataCheckRun {
  const checks = [
    timed("integrity", "Database file (SQLite integrity check)", () => integrity(db)),
    timed("stock", "Stock equals the stock movements", () => stock(db)),
    timed("journals", "Every journal balanced", () => journals(db)),
    timed("search", "Search indexes match the products and the orders", () => searchIndex(db)),
    timed("totals", "Kept totals equal their rows", () => keptTotals(db)),
  ];
  return { id: checkRunId(now), ranAt: now.toISOString(), ok: checks.every((check) => check.ok), checks };
}

const CHECK_RUN_ID = /^\d{8}T\d{6}Z-[0-9a-f]{6}$/;
const RUNS_KEPT = 20;

function checkRunId(now: Date) {
  return `${now.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z-${crypto.randomBytes(3).toString("hex")}`;
}

function checksDir() {
  return path.join(path.dirname(databasePath()), "checks");
}

/** Keeps a run's results (the last RUNS_KEPT are kept) for the page to show after its redirect. */
export function saveCheckRun(run: DataCheckRun, dir = checksDir()) {
  fs.mkdirSync(dir, { recursive: true });
  const target = path.join(dir, `${run.id}.json`);
  fs.writeFileSync(`${target}.partial`, JSON.stringify(run));
  fs.renameSync(`${target}.partial`, target);
  const runs = fs.readdirSync(dir).filter((name) => CHECK_RUN_ID.test(name.replace(/\.json$/, ""))).sort();
  for (const old of runs.slice(0, Math.max(0, runs.length - RUNS_KEPT))) fs.rmSync(path.join(dir, old), { force: true });
}

/** A kept run, or null for an id that is not one (or no longer kept). */
export function readCheckRun(id: string, dir = checksDir()): DataCheckRun | null {
  if (!CHECK_RUN_ID.test(id)) return null;
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, `${id}.json`), "utf8")) as DataCheckRun;
  } catch {
    return null;
  }
}

/** "Check the data", by an admin: runs the checks, keeps the results for their page and logs the outcome. */
export function runDataCheck(db: DB, actor: { id: string }): DataCheckRun {
  const run = checkTheData(db);
  saveCheckRun(run);
  const failed = run.checks.filter((check) => !check.ok).map((check) => check.key);
  const fields = { event: "data check", runId: run.id, by: actor.id, failed, durationMs: run.checks.reduce((sum, c) => sum + c.durationMs, 0) };
  if (run.ok) log().info(fields, "Data check passed");
  else log().error(fields, `Data check found problems: ${failed.join(", ")}`);
  return run;
}
