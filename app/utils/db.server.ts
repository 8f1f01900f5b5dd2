import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "~db/schema";
import { isServerWorker } from "./server-processes";
import { countTableChanges } from "./table-changes.server";
import { openLedgerOnce } from "~/domain/ledger/history.server";

export type DB = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** Where the committed migrations live, wherever the process was started from. */
export const MIGRATIONS_FOLDER = path.resolve(process.env.MIGRATIONS_DIR ?? "db/migrations");

export function databasePath() {
  return path.resolve(process.env.DATABASE_PATH ?? "data/app.db");
}

/** Opens one SQLite file the way every part of the app expects it: WAL, foreign keys, a busy timeout. */
export function openDatabase(file = databasePath()): DB {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  reusePreparedStatements(sqlite);
  countTableChanges(sqlite);
  return drizzle(sqlite, { schema }) as DB;
}

const PREPARED_STATEMENTS_KEPT = 1000;

/**
 * Keeps the statements this connection prepared, by their SQL, and hands the same one out again. The query
 * builder prepares every query afresh, and compiling the same SQL on every request was a measurable share
 * of a page's time. Statements run synchronously one at a time, so sharing one is safe; each is handed out
 * in its default mode (objects, not raw rows or plucked values), whatever its last user set. The least
 * recently used are dropped past PREPARED_STATEMENTS_KEPT (an IN list of each length is its own SQL).
 */
export function reusePreparedStatements(sqlite: Database.Database) {
  const prepare = sqlite.prepare.bind(sqlite);
  const kept = new Map<string, Database.Statement>();
  sqlite.prepare = ((source: string) => {
    let statement = kept.get(source);
    if (statement) {
      kept.delete(source);
      if (statement.reader) statement.raw(false).pluck(false).expand(false);
    } else {
      statement = prepare(source);
      if (kept.size >= PREPARED_STATEMENTS_KEPT) kept.delete(kept.keys().next().value!);
    }
    kept.set(source, statement);
    return statement;
  }) as typeof sqlite.prepare;
}

export function migrateDatabase(db: DB) {
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  // documents written before the ledger post their journals, once
  openLedgerOnce(db);
  // a migration may have made the watched tables (or rebuilt them, dropping their triggers)
  countTableChanges(db.$client);
}

/**
 * Runs `work` in one IMMEDIATE transaction: the write lock is taken up front, so a read-then-write
 * (stock check, number sequence) cannot interleave with another writer.
 */
export function writeTransaction<T>(db: DB, work: (tx: DB) => T): T {
  const run = db.$client.transaction(() => work(db));
  return run.immediate();
}

/**
 * The page cache (32 MB) and WAL checkpoint (every 10,000 pages, 40 MB) a long series of write transactions gets
 * (bulkWrites). Larger ones bought the 100,000-product import no more time, and 64 MB of cache cost it 55 MB more
 * of its peak memory (0091).
 */
export const BULK_WRITE_CACHE_KIB = 32 * 1024;
export const BULK_WRITE_CHECKPOINT_PAGES = 10_000;

const bulkWriters = new WeakMap<Database.Database, { running: number; cacheSize: number; autocheckpoint: number; tempStore: number }>();

/**
 * Where SQLite keeps the connection's temporary files. Changing it drops the connection's TEMP objects: its
 * triggers (the counting ones of table-changes.server.ts, the only ones the app makes) are made again at once,
 * from their SQL, before anything else runs. SQLite keeps that SQL without the TEMP keyword.
 */
function setTempStore(sqlite: Database.Database, mode: number) {
  const triggers = sqlite.prepare("select sql from temp.sqlite_master where type = 'trigger'").pluck().all() as string[];
  sqlite.pragma(`temp_store = ${mode}`);
  for (const source of triggers) sqlite.exec(source.replace(/^\s*create\s+(temp\s+|temporary\s+)?trigger\b/i, "CREATE TEMP TRIGGER"));
  countTableChanges(sqlite);
}
/** temp_store's value for "in memory" */
const TEMP_STORE_MEMORY = 2;

/**
 * Runs `work` (a series of write transactions, such as an import's batches) with a larger page cache and a
 * WAL checkpoint only every BULK_WRITE_CHECKPOINT_PAGES pages, then puts both back and checkpoints once. With
 * the defaults (2 MB of cache, a checkpoint every 1,000 pages) a batch dirtying more than the checkpoint's pages
 * copied the WAL into the file at nearly every commit, and read back pages the cache could not hold. Temporary
 * files are kept in memory meanwhile: each savepoint (an import saves each product in one) journals the pages it
 * changes, and past 64 KB SQLite wrote that journal to a temporary file, 9 GB of writes for 100,000 products
 * into a large catalogue (0093). The settings are the connection's, so the requests it answers meanwhile share
 * them; overlapping calls restore them when the last one ends. The checkpoint is PASSIVE: it never waits for a reader.
 */
export async function bulkWrites<T>(db: DB, work: () => Promise<T>): Promise<T> {
  const sqlite = db.$client;
  let state = bulkWriters.get(sqlite);
  if (!state) {
    state = {
      running: 0,
      cacheSize: sqlite.pragma("cache_size", { simple: true }) as number,
      autocheckpoint: sqlite.pragma("wal_autocheckpoint", { simple: true }) as number,
      tempStore: sqlite.pragma("temp_store", { simple: true }) as number,
    };
    bulkWriters.set(sqlite, state);
    // a negative size is in KiB
    sqlite.pragma(`cache_size = ${-BULK_WRITE_CACHE_KIB}`);
    sqlite.pragma(`wal_autocheckpoint = ${BULK_WRITE_CHECKPOINT_PAGES}`);
    setTempStore(sqlite, TEMP_STORE_MEMORY);
  }
  state.running += 1;
  try {
    return await work();
  } finally {
    state.running -= 1;
    if (state.running === 0) {
      bulkWriters.delete(sqlite);
      sqlite.pragma(`wal_autocheckpoint = ${state.autocheckpoint}`);
      sqlite.pragma(`cache_size = ${state.cacheSize}`);
      setTempStore(sqlite, state.tempStore);
      try {
        sqlite.pragma("wal_checkpoint(PASSIVE)");
      } catch (error) {
        // another connection is checkpointing: it copies the same pages
        if (!isBusyError(error)) throw error;
      }
    }
  }
}

/**
 * Whether a write failed because another connection held the lock past the busy timeout (SQLITE_BUSY, or
 * SQLITE_BUSY_SNAPSHOT under WAL): a moment's contention the caller can answer as "try again".
 */
export function isBusyError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_BUSY" || code === "SQLITE_BUSY_SNAPSHOT";
}

/**
 * Lets SQLite refresh the statistics its query planner uses (SQLite's advice for long-lived connections).
 * Without them it picks an index even for a filter that matches nearly every row, e.g. "in stock".
 * The analysis is sampled, so it stays quick on a large database.
 */
export function refreshQueryPlannerStatistics(db: DB) {
  db.$client.pragma("analysis_limit = 400");
  db.$client.pragma("optimize = 0x10002");
}

declare global {
  // eslint-disable-next-line no-var
  var __appDb: DB | undefined;
}

/**
 * The process-wide connection, opened once. The first server process migrates the database and refreshes
 * the planner statistics; the serving processes it starts (WEB_CONCURRENCY) find that done.
 */
export function getDb(): DB {
  if (!global.__appDb) {
    const db = openDatabase();
    if (!isServerWorker()) {
      migrateDatabase(db);
      refreshQueryPlannerStatistics(db);
    }
    global.__appDb = db;
  }
  return global.__appDb;
}
