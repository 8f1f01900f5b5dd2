import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BULK_WRITE_CACHE_KIB, BULK_WRITE_CHECKPOINT_PAGES, bulkWrites, migrateDatabase, openDatabase, type DB } from "./db.server";
import { changeStamp } from "./table-changes.server";

let dir: string;
let db: DB;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bulk-writes-"));
  db = openDatabase(path.join(dir, "app.db"));
  db.$client.exec("create table t (id integer primary key, body text)");
});

afterEach(() => {
  db.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const settings = () => ({
  cacheSize: db.$client.pragma("cache_size", { simple: true }),
  autocheckpoint: db.$client.pragma("wal_autocheckpoint", { simple: true }),
  tempStore: db.$client.pragma("temp_store", { simple: true }),
});
const walBytes = () => fs.statSync(path.join(dir, "app.db-wal")).size;
/** Writes `count` rows of 4 KB, each in its own transaction, as an import's batches are. */
const writeRows = (count: number) => {
  const insert = db.$client.prepare("insert into t (body) values (?)");
  for (let i = 0; i < count; i++) db.$client.transaction(() => insert.run("x".repeat(4000)))();
};

describe("bulkWrites", () => {
  it("gives the writes a larger page cache and a rarer checkpoint, then puts both back", async () => {
    const before = settings();
    const during = await bulkWrites(db, async () => settings());
    // temporary files (a savepoint's journal among them) in memory: 2
    expect(during).toEqual({ cacheSize: -BULK_WRITE_CACHE_KIB, autocheckpoint: BULK_WRITE_CHECKPOINT_PAGES, tempStore: 2 });
    expect(settings()).toEqual(before);
  });

  it("puts the settings back when the work fails, and only when the last of overlapping calls ends", async () => {
    const before = settings();
    await expect(bulkWrites(db, async () => Promise.reject(new Error("the disk is full")))).rejects.toThrow("the disk is full");
    expect(settings()).toEqual(before);

    let finishFirst = () => {};
    const first = bulkWrites(db, () => new Promise<void>((resolve) => (finishFirst = resolve)));
    await bulkWrites(db, async () => {});
    expect(settings().autocheckpoint).toBe(BULK_WRITE_CHECKPOINT_PAGES);
    finishFirst();
    await first;
    expect(settings()).toEqual(before);
  });

  it("lets the write-ahead log grow past the usual checkpoint while it runs and copies it into the file at the end", async () => {
    // without it, a checkpoint every 1,000 pages keeps starting the log over
    writeRows(1500);
    expect(walBytes()).toBeLessThan(1100 * 4096);
    db.$client.pragma("wal_checkpoint(TRUNCATE)");

    await bulkWrites(db, async () => {
      writeRows(1500);
      expect(walBytes()).toBeGreaterThan(1500 * 4096);
    });
    // the log's pages are in the database file itself now: all 3,000 rows of 4 KB
    expect(fs.statSync(path.join(dir, "app.db")).size).toBeGreaterThan(3000 * 4096);
    expect(db.$client.prepare("select count(*) from t").pluck().get()).toBe(3000);
  });

  it("keeps counting the watched tables' changes while it runs and after it ends", async () => {
    migrateDatabase(db);
    const insertUser = (n: number) =>
      db.$client.prepare("insert into users (id, email, password_hash, role) values (?, ?, '-', 'admin')").run(`u${n}`, `u${n}@example.com`);
    const stamp = () => changeStamp(db, ["users"]);
    expect(stamp()).not.toBeNull();
    const before = stamp();

    const during = await bulkWrites(db, async () => {
      insertUser(1);
      return stamp();
    });
    expect(during).not.toBeNull();
    expect(during).not.toBe(before);

    insertUser(2);
    const after = stamp();
    expect(after).not.toBeNull();
    expect(after).not.toBe(during);
  });
});
