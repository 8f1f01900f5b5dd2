import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkTheData } from "~/domain/system/data-checks.server";
import { migrateDatabase, openDatabase, type DB } from "~/utils/db.server";
import { seedIfEmpty, seedScale, type ScaleResult } from "./seed";
import { orderYears } from "./seed/scale";

const DAY = 86_400_000;

let dir: string;
let db: DB;
let result: ScaleResult;
let schemaBefore: unknown[];
let triggersBefore: string[];

const all = <T>(query: string, ...params: unknown[]) => db.$client.prepare(query).all(...params) as T[];
const one = <T>(query: string, ...params: unknown[]) => db.$client.prepare(query).get(...params) as T;
const schema = () => all("select type, name, tbl_name, sql from sqlite_master order by type, name");
const SETTINGS = ["journal_mode", "synchronous", "cache_size", "temp_store", "foreign_keys", "threads"] as const;
const settings = () => Object.fromEntries(SETTINGS.map((name) => [name, db.$client.pragma(name, { simple: true })]));
let settingsBefore: Record<string, unknown>;
const countingTriggers = () => all<{ name: string }>("select name from temp.sqlite_master where type = 'trigger' order by name").map((r) => r.name);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-scale-test-"));
  db = openDatabase(path.join(dir, "app.db"));
  migrateDatabase(db);
  await seedIfEmpty(db);
  schemaBefore = schema();
  triggersBefore = countingTriggers();
  settingsBefore = settings();
  // 200 products, 20 customers, 2,000 orders
  result = await seedScale(db, 0.02);
}, 120_000);

afterAll(() => {
  db?.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the benchmark data set at a small factor", () => {
  it("writes what it says", () => {
    expect(result).toMatchObject({ products: 200, customers: 20, orders: 2000, years: 1 });
    expect(one<{ n: number }>("select count(*) as n from orders where user_id in (select id from users where email like 'scale-customer-%')").n).toBe(2000);
    expect(one<{ n: number }>("select count(*) as n from users where email like 'scale-customer-%'").n).toBe(20);
  });

  it("leaves every journal balanced, and posts every invoice and payment", () => {
    expect(all("select journal_id, sum(amount) as total from journal_lines group by journal_id having sum(amount) <> 0")).toEqual([]);
    expect(one<{ n: number }>("select count(*) as n from journals j where not exists (select 1 from journal_lines l where l.journal_id = j.id)").n).toBe(0);
    const unposted = one<{ invoices: number; payments: number }>(
      `select (select count(*) from sales_invoices si where si.total <> 0
                 and not exists (select 1 from journals j where j.source_type = 'sales_invoice' and j.source_id = si.id)) as invoices,
              (select count(*) from payments p where p.amount <> 0
                 and not exists (select 1 from journals j where j.source_type = 'payment' and j.source_id = p.id)) as payments`,
    );
    expect(unposted).toEqual({ invoices: 0, payments: 0 });
    // a void invoice's journal is reversed, linked to it, on the day it was voided: its lines with their signs turned
    const voids = all<{ id: number; reverses: number | null; lines: string; reversed: string; date: string; voided_at: number }>(
      `select si.id, v.reverses_id as reverses, v.date, si.voided_at,
         (select group_concat(ledger_account_id || ':' || amount) from (select * from journal_lines where journal_id = v.id order by id)) as lines,
         (select group_concat(ledger_account_id || ':' || -amount) from (select * from journal_lines where journal_id = v.reverses_id order by id)) as reversed
       from sales_invoices si join journals v on v.source_type = 'sales_invoice_void' and v.source_id = si.id
       where si.status = 'void' and si.customer_id in (select id from users where email like 'scale-customer-%')`,
    );
    expect(voids.length).toBe(one<{ n: number }>("select count(*) as n from orders where status = 'cancelled' and user_id in (select id from users where email like 'scale-customer-%')").n);
    expect(voids.length).toBeGreaterThan(0);
    for (const v of voids) {
      expect(v.reverses).not.toBeNull();
      expect(v.lines).toBe(v.reversed);
      expect(v.date).toBe(new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(v.voided_at));
    }
    // the trial balance sums to zero too
    expect(one<{ total: number }>("select coalesce(sum(amount), 0) as total from journal_lines").total).toBe(0);
  });

  it("gives every customer a company they run, and a quote or two per company", () => {
    const customers = all<{ company_id: number | null; company_role: string | null; company: string | null }>(
      "select u.company_id, u.company_role, c.name as company from users u left join companies c on c.id = u.company_id where u.email like 'scale-customer-%'",
    );
    expect(customers).toHaveLength(20);
    for (const customer of customers) {
      expect(customer.company).toMatch(/ Ltd$/);
      expect(customer.company_role).toBe("company_admin");
    }
    const quotes = all<{ company_id: number; n: number; lines: number }>(
      `select q.company_id, count(distinct q.id) as n, count(l.id) as lines from quotes q join quote_lines l on l.quote_id = q.id
       where q.company_id in (select company_id from users where email like 'scale-customer-%') group by q.company_id`,
    );
    expect(quotes).toHaveLength(20);
    for (const q of quotes) {
      expect(q.n).toBeGreaterThanOrEqual(1);
      expect(q.n).toBeLessThanOrEqual(2);
      expect(q.lines).toBeGreaterThanOrEqual(q.n);
    }
    // an order's and an invoice's company is its customer's
    expect(one<{ n: number }>("select count(*) as n from orders o join users u on u.id = o.user_id where o.company_id is not u.company_id").n).toBe(0);
    expect(one<{ n: number }>("select count(*) as n from sales_invoices i join orders o on o.id = i.order_id where i.company_id is not o.company_id").n).toBe(0);
  });

  it("writes a few returns, the completed ones refunded by credit note and put back in stock", () => {
    const returns = all<{ id: number; status: string; refund_amount: number | null; items: number; credit: number | null; restocked: number }>(
      `select r.id, r.status, r.refund_amount, (select count(*) from return_items ri where ri.return_id = r.id) as items,
         (select total from credit_notes cn where cn.return_id = r.id) as credit,
         (select count(*) from stock_movements m where m.return_id = r.id and m.reason = 'return') as restocked
       from returns r where r.user_id in (select id from users where email like 'scale-customer-%')`,
    );
    expect(returns.length).toBeGreaterThan(0);
    expect(returns.length).toBeLessThan(2000 * 0.02);
    expect(returns.filter((r) => r.status === "completed").length).toBeGreaterThan(0);
    for (const r of returns) {
      expect(r.items).toBe(1);
      if (r.status === "completed") {
        expect(r.credit).toBe(r.refund_amount);
        expect(r.restocked).toBe(1);
      } else {
        expect(r.credit).toBeNull();
        expect(r.restocked).toBe(0);
      }
    }
  });

  it("moves stock for every line sold, and each product's movements sum to its stock level, in time order", () => {
    const unmoved = one<{ n: number }>(
      `select count(*) as n from order_items oi join orders o on o.id = oi.order_id
       where o.user_id in (select id from users where email like 'scale-customer-%')
         and not exists (select 1 from stock_movements m where m.order_id = o.id and m.product_id = oi.product_id and m.reason = 'sale' and m.change = -oi.quantity)`,
    );
    expect(unmoved.n).toBe(0);
    expect(all("select p.id from products p where p.stock_level <> (select coalesce(sum(change), 0) from stock_movements m where m.product_id = p.id)")).toEqual([]);
    const movements = all<{ product_id: number; change: number; stock_after: number; reason: string }>(
      `select m.product_id, m.change, m.stock_after, m.reason from stock_movements m join products p on p.id = m.product_id
       where p.slug like '%-scale-%' order by m.product_id, m.created_at, m.id`,
    );
    let product = -1;
    let level = 0;
    for (const m of movements) {
      if (m.product_id !== product) {
        expect(m.reason).toBe("opening");
        product = m.product_id;
        level = 0;
      }
      level += m.change;
      expect(m.stock_after).toBe(level);
      expect(level).toBeGreaterThanOrEqual(0);
    }
    expect(movements.some((m) => m.reason === "cancellation")).toBe(true);
  });

  it("spreads the orders over twelve months, dated before today and after the customers and products were made", () => {
    const span = one<{ oldest: number; newest: number }>(
      "select min(created_at) as oldest, max(created_at) as newest from orders where user_id in (select id from users where email like 'scale-customer-%')",
    );
    expect(Date.now() - span.oldest).toBeLessThan(366 * DAY);
    expect(Date.now() - span.oldest).toBeGreaterThan(300 * DAY);
    expect(span.newest).toBeLessThanOrEqual(Date.now());
    expect(
      one<{ n: number }>(
        `select count(*) as n from orders o join users u on u.id = o.user_id where u.email like 'scale-customer-%' and o.created_at < u.created_at`,
      ).n,
    ).toBe(0);
    expect(orderYears(1)).toBe(1);
    expect(orderYears(10)).toBe(5);
  });

  it("keeps the schema, its indexes and the connection's settings as they were, and every reference whole", () => {
    expect(schema()).toEqual(schemaBefore);
    expect(countingTriggers()).toEqual(triggersBefore);
    expect(settings()).toEqual(settingsBefore);
    expect(settingsBefore).toMatchObject({ journal_mode: "wal", foreign_keys: 1, synchronous: 1 });
    expect(all("pragma foreign_key_check")).toEqual([]);
    expect(one<{ value: string }>("select value from install_settings where key = 'changes:orders'").value).not.toBe("0");
  });
});

describe("the bulk-load settings", () => {
  it("load in WAL when another connection holds the file open, and put everything back", async () => {
    const { bulkLoadSettings } = await import("./seed/bulk");
    const other = openDatabase(path.join(dir, "app.db"));
    try {
      other.$client.prepare("select count(*) from users").get();
      const restore = bulkLoadSettings(db.$client);
      expect(db.$client.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(db.$client.pragma("foreign_keys", { simple: true })).toBe(0);
      expect(countingTriggers()).toEqual([]);
      restore();
      expect(settings()).toEqual(settingsBefore);
      expect(countingTriggers()).toEqual(triggersBefore);
    } finally {
      other.$client.close();
    }
  });

  it("passes every check of the data: stock, balanced journals, the search index and the totals the triggers keep", () => {
    const run = checkTheData(db);
    expect(run.checks.filter((check) => !check.ok).map((check) => [check.key, check.problems])).toEqual([]);
    expect(run.ok).toBe(true);
  });
});
