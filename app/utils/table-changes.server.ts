/**
 * Figures worked out from many rows, kept while the tables they are read from have not changed.
 *
 * SQLite counts the changes: every connection the app opens carries triggers (TEMP ones, which live with the
 * connection and are not part of the schema) that add one to a counter in `install_settings` for every row
 * inserted, updated or deleted in a watched table, inside the writing transaction itself. A figure is kept
 * with the counters it was read with, in the same snapshot; while the counters read the same, no write has
 * been committed to those tables since, by any process, and the figure is still exact. Any write to them
 * (an order placed, cancelled or delivered, a product's stock moved, a customer approved) makes the next read
 * work the figure out again.
 *
 * Every connection must count before it writes, so openDatabase installs the triggers and migrateDatabase
 * installs them again after a migration (rebuilding a table drops its triggers). A connection that finds its
 * triggers missing keeps nothing.
 */
import type Database from "better-sqlite3";
import type { DB } from "./db.server";

export const WATCHED_TABLES = [
  "orders",
  "order_items",
  "products",
  "users",
  "sales_invoices",
  "purchase_invoices",
  "returns",
  "return_items",
  "journal_lines",
  "ledger_accounts",
] as const;
export type WatchedTable = (typeof WATCHED_TABLES)[number];

const EVENTS = ["insert", "update", "delete"] as const;
const COUNTER_PREFIX = "changes:";
const triggerName = (table: WatchedTable, event: (typeof EVENTS)[number]) => `${table}_${event}_counted`;

function existingTables(sqlite: Database.Database): Set<string> {
  const rows = sqlite
    .prepare("select name from main.sqlite_master where type = 'table' and name in (" + WATCHED_TABLES.map(() => "?").join(", ") + ", 'install_settings')")
    .all(...WATCHED_TABLES) as { name: string }[];
  return new Set(rows.map((row) => row.name));
}

/** Installs this connection's counting triggers on the watched tables that exist (none before the first migration). */
export function countTableChanges(sqlite: Database.Database) {
  const tables = existingTables(sqlite);
  if (!tables.has("install_settings")) return;
  for (const table of WATCHED_TABLES) {
    if (!tables.has(table)) continue;
    for (const event of EVENTS) {
      sqlite.exec(
        `create temp trigger if not exists "${triggerName(table, event)}" after ${event} on main."${table}" begin
           insert into main.install_settings (key, value) values ('${COUNTER_PREFIX}${table}', '1')
           on conflict (key) do update set value = cast(value as integer) + 1;
         end`,
      );
    }
  }
}

const TRIGGERS_EXPECTED = WATCHED_TABLES.length * EVENTS.length;

function countingEverywhere(sqlite: Database.Database) {
  const { n } = sqlite
    .prepare("select count(*) as n from temp.sqlite_master where type = 'trigger' and name like '%\\_counted' escape '\\'")
    .get() as { n: number };
  return n === TRIGGERS_EXPECTED;
}

/** The watched tables' change counters as one stamp ("orders:12 users:3"); null when this connection is not counting. */
export function changeStamp(db: DB, tables: readonly WatchedTable[]): string | null {
  const sqlite = db.$client;
  if (!countingEverywhere(sqlite)) {
    countTableChanges(sqlite);
    return null;
  }
  const rows = sqlite
    .prepare(`select key, value from install_settings where key in (${tables.map(() => "?").join(", ")})`)
    .all(...tables.map((table) => COUNTER_PREFIX + table)) as { key: string; value: string }[];
  const counts = new Map(rows.map((row) => [row.key, row.value]));
  return tables.map((table) => `${table}:${counts.get(COUNTER_PREFIX + table) ?? 0}`).join(" ");
}

type Kept = { stamp: string; key: string; value: unknown; validFrom: number; validUntil: number };

/** Per connection (tests open several databases in one process), per figure; a period's figures are one each. */
const FIGURES_KEPT = 100;
const kept = new WeakMap<Database.Database, Map<string, Kept>>();

/** A figure, and for one that moves with the clock the instants (ms) between which it holds. */
export type Worked<T> = { value: T; validFrom?: number; validUntil?: number };

/**
 * The figure `name` for `key` (what else it depends on: a period, a month), as `work` gives it, reused while
 * `tables` have not changed (and, for a figure that moves with the clock, until its `validUntil`).
 */
export function keptWhileUnchanged<T>(
  db: DB,
  { name, key, tables, now = Date.now() }: { name: string; key: string; tables: readonly WatchedTable[]; now?: number },
  work: () => Worked<T>,
): T {
  const sqlite = db.$client;
  const figures = kept.get(sqlite) ?? new Map<string, Kept>();
  kept.set(sqlite, figures);
  const held = figures.get(name);
  const inTime = held && now >= held.validFrom && now <= held.validUntil;
  if (held && inTime && held.key === key && changeStamp(db, tables) === held.stamp) return held.value as T;
  // the stamp and the figure are read in one snapshot, so the stamp says exactly which writes the figure saw
  const [stamp, worked] = sqlite.transaction(() => [changeStamp(db, tables), work()] as const)();
  figures.delete(name);
  // the most recently worked out last (a Map keeps insertion order), so the oldest go first past the limit
  if (stamp !== null) {
    if (figures.size >= FIGURES_KEPT) figures.delete(figures.keys().next().value!);
    figures.set(name, {
      stamp,
      key,
      value: worked.value,
      validFrom: worked.validFrom ?? -Infinity,
      validUntil: worked.validUntil ?? Infinity,
    });
  }
  return worked.value;
}
