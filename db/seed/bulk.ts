/**
 * Bulk loading for the benchmark data set: multi-row INSERT statements prepared once per table and fed
 * from one reused parameter array, and the connection settings of a bulk load (applied before the load's
 * transaction, put back after it). Rows carry their ids, handed out here from the table's current maximum,
 * so a row's children can name it without asking the database.
 */
import type Database from "better-sqlite3";
import { WATCHED_TABLES, countTableChanges } from "~/utils/table-changes.server";

/** rows per INSERT statement: big enough to spread the per-call cost, small enough to stay well inside SQLite's limits */
const ROWS_PER_STATEMENT = 64;

export type BulkTable = {
  /** the next id this writer will use (only for tables written with `withId`) */
  nextId(): number;
  /** queues one row; its values in the order of `columns` */
  add(...values: unknown[]): void;
  /** writes whatever is queued */
  flush(): void;
  rowsWritten(): number;
};

/**
 * A writer of `table`'s rows. With `withId`, `columns` must start with "id" and `nextId` hands out the ids
 * after the table's largest.
 */
export function bulkTable(c: Database.Database, table: string, columns: readonly string[], rowsPerStatement = ROWS_PER_STATEMENT): BulkTable {
  const width = columns.length;
  const rowSql = `(${columns.map(() => "?").join(", ")})`;
  const insertSql = (rows: number) => `insert into "${table}" (${columns.map((col) => `"${col}"`).join(", ")}) values ${Array(rows).fill(rowSql).join(", ")}`;
  const full = c.prepare(insertSql(rowsPerStatement));
  const params: unknown[] = new Array(width * rowsPerStatement);
  let filled = 0;
  let written = 0;
  let id = columns[0] === "id" ? ((c.prepare(`select coalesce(max(id), 0) from "${table}"`).pluck().get() as number) ?? 0) + 1 : 0;

  const flush = () => {
    if (filled === 0) return;
    const rows = filled / width;
    if (rows === rowsPerStatement) full.run(params);
    else c.prepare(insertSql(rows)).run(params.slice(0, filled));
    written += rows;
    filled = 0;
  };

  return {
    nextId: () => id++,
    add(...values: unknown[]) {
      if (values.length !== width) throw new Error(`${table}: ${values.length} values for ${width} columns`);
      for (let i = 0; i < width; i++) params[filled++] = values[i];
      if (filled === params.length) flush();
    },
    flush,
    rowsWritten: () => written + filled / width,
  };
}

type Saved = { journalMode: string; synchronous: number; cacheSize: number; tempStore: number; foreignKeys: number; threads: number };

/**
 * Settings for writing millions of rows in one transaction, applied outside any transaction: a rollback
 * journal instead of WAL (pages appended to the file need no journal, where WAL would write every page
 * twice), no fsync until the end, a large page cache, temporary b-trees in memory, a helper thread for the
 * sorts that build indexes, and foreign keys not
 * checked row by row (the writer hands out consistent ids; the tests run `foreign_key_check`). The
 * connection's change-counting triggers are dropped for the load (each row would bump a counter) and put
 * back after, with every watched table's counter bumped once, so every process's kept figures are
 * worked out again. Answers the function that restores everything as it was.
 */
export function bulkLoadSettings(c: Database.Database): () => void {
  const saved: Saved = {
    journalMode: c.pragma("journal_mode", { simple: true }) as string,
    synchronous: c.pragma("synchronous", { simple: true }) as number,
    cacheSize: c.pragma("cache_size", { simple: true }) as number,
    tempStore: c.pragma("temp_store", { simple: true }) as number,
    foreignKeys: c.pragma("foreign_keys", { simple: true }) as number,
    threads: c.pragma("threads", { simple: true }) as number,
  };
  // WAL cannot be left while another connection has the file open (a running server): then the load stays in WAL
  try {
    c.pragma("journal_mode = TRUNCATE");
  } catch (error) {
    if ((error as { code?: string }).code !== "SQLITE_BUSY") throw error;
  }
  c.pragma("synchronous = OFF");
  // 256 MB of pages (a negative size is in KiB)
  c.pragma("cache_size = -262144");
  c.pragma("temp_store = MEMORY");
  c.pragma("foreign_keys = OFF");
  // an index is built by sorting: let the sort use a second core
  c.pragma("threads = 2");
  const triggers = c.prepare("select name from temp.sqlite_master where type = 'trigger' and name like '%\\_counted' escape '\\'").pluck().all() as string[];
  for (const name of triggers) c.exec(`drop trigger temp."${name}"`);

  return () => {
    const bump = c.prepare(
      `insert into install_settings (key, value) values (?, '1') on conflict (key) do update set value = cast(value as integer) + 1`,
    );
    for (const table of WATCHED_TABLES) bump.run(`changes:${table}`);
    c.pragma(`threads = ${saved.threads}`);
    c.pragma(`foreign_keys = ${saved.foreignKeys}`);
    c.pragma(`temp_store = ${saved.tempStore}`);
    c.pragma(`cache_size = ${saved.cacheSize}`);
    c.pragma(`synchronous = ${saved.synchronous}`);
    if (c.pragma("journal_mode", { simple: true }) !== saved.journalMode) c.pragma(`journal_mode = ${saved.journalMode}`);
    countTableChanges(c);
  };
}

/**
 * Drops the indexes of `tables` (SQLite builds an index far faster by sorting the finished table than by
 * inserting into it row by row) and answers the function that creates them again, each from its own SQL as
 * `sqlite_master` held it, so the schema ends exactly as it began. Call both inside the load's transaction:
 * a failed load puts the indexes back with everything else. Indexes SQLite makes itself (a UNIQUE column's)
 * have no SQL and stay.
 */
export function dropIndexesWhileLoading(c: Database.Database, tables: readonly string[]): () => void {
  const indexes = c
    .prepare(`select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${tables.map(() => "?").join(", ")}) order by name`)
    .all(...tables) as { name: string; sql: string }[];
  for (const index of indexes) c.exec(`drop index "${index.name.replaceAll('"', '""')}"`);
  return () => {
    for (const index of indexes) c.exec(index.sql);
  };
}
