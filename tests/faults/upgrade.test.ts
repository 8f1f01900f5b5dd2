/**
 * Upgrades that cannot lose data (docs/decisions/0058), on a copy of the demo database: a migration that
 * fails leaves the file byte for byte as it was and the server does not start, naming the backup it took;
 * a database newer than the code is refused; a good migration is applied after a backup.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { REFUSED_EXIT_CODE } from "../../server/upgrade";
import { runServerToExit, signal, startServer, tempDir } from "../../scripts/server-process";

const sha256 = (file: string) => crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");

/** The code's migrations plus one more, `sql`, dated after them all. */
function migrationsWith(dir: string, tag: string, sql: string) {
  const folder = path.join(dir, `migrations-${tag}`);
  fs.cpSync(path.resolve("db/migrations"), folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { idx: number; when: number }[] };
  const last = journal.entries.at(-1)!;
  journal.entries.push({ idx: last.idx + 1, version: "6", when: last.when + 60_000, tag, breakpoints: true } as never);
  fs.writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  fs.writeFileSync(path.join(folder, `${tag}.sql`), sql);
  return folder;
}

function tables(file: string) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("select name from sqlite_master where type = 'table' order by name").all() as { name: string }[]).map((r) => r.name);
  } finally {
    db.close();
  }
}

let demo: string;

beforeAll(async () => {
  // the demo database, seeded by a real start and closed by a clean stop: one self-contained file
  const dir = tempDir("upgrade-demo");
  const server = await startServer(dir);
  signal(server, "SIGTERM");
  expect(await server.exited).toBe(0);
  demo = path.join(dir, "app.db");
  expect(fs.existsSync(`${demo}-wal`)).toBe(false);
}, 300_000);

function copyOfDemo(name: string) {
  const dir = tempDir(name);
  fs.copyFileSync(demo, path.join(dir, "app.db"));
  return dir;
}

describe("upgrades", () => {
  it("a failing migration: the server refuses to start, names the backup, and the database is byte for byte unchanged", async () => {
    const dir = copyOfDemo("upgrade-fails");
    const file = path.join(dir, "app.db");
    const before = sha256(file);
    // the first statement would succeed: the failure of the second must undo it
    const migrations = migrationsWith(
      dir,
      "9001_broken",
      "CREATE TABLE upgrade_probe (id integer primary key);\n--> statement-breakpoint\nINSERT INTO no_such_table (id) VALUES (1);\n",
    );

    const { code, output } = await runServerToExit(dir, { MIGRATIONS_DIR: migrations });

    expect(code).toBe(REFUSED_EXIT_CODE);
    expect(output).toMatch(/The upgrade failed: migration 9001_broken stopped with this error: no such table: no_such_table\./);
    expect(output).toMatch(/the server has not started/);
    expect(output).not.toMatch(/listening on/);
    const named = /A copy taken before the upgrade is at (\S+\.db)\./.exec(output)?.[1];
    expect(named, output).toBeTruthy();
    const backup = path.resolve(named!);
    expect(backup.startsWith(path.join(dir, "backups"))).toBe(true);
    expect(path.basename(backup)).toMatch(/^app-\d{8}-\d{6}-before-upgrade\.db$/);

    // byte for byte, with no journal left to replay over it
    expect(sha256(file)).toBe(before);
    expect(fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0).toBe(0);
    expect(tables(file)).not.toContain("upgrade_probe");
    // and the backup is the same database
    expect(tables(backup)).toEqual(tables(file));
  });

  it("a database newer than the code: the server refuses to start and leaves it as it was", async () => {
    const dir = copyOfDemo("upgrade-newer");
    const file = path.join(dir, "app.db");
    const db = new Database(file);
    db.prepare("insert into __drizzle_migrations (hash, created_at) values ('from-a-newer-version', ?)").run(Date.now() + 86_400_000 * 365);
    db.pragma("journal_mode = DELETE");
    db.close();
    const before = sha256(file);

    const { code, output } = await runServerToExit(dir);

    expect(code).toBe(REFUSED_EXIT_CODE);
    expect(output).toMatch(/is newer than this version of the code: it has 1 migration\(s\) this version does not know/);
    expect(output).not.toMatch(/listening on/);
    expect(sha256(file)).toBe(before);
    expect(fs.existsSync(path.join(dir, "backups"))).toBe(false);
  });

  it("a good migration is applied after a backup, and the server starts", async () => {
    const dir = copyOfDemo("upgrade-good");
    const file = path.join(dir, "app.db");
    const migrations = migrationsWith(dir, "9002_probe", "CREATE TABLE upgrade_probe (id integer primary key);\n");

    const server = await startServer(dir, { MIGRATIONS_DIR: migrations });
    signal(server, "SIGTERM");
    expect(await server.exited).toBe(0);

    const output = server.output.join("");
    const named = /A copy was saved first: (\S+\.db)/.exec(output)?.[1];
    expect(output).toMatch(/Upgrading the database: 1 migration\(s\) to apply \(9002_probe\)/);
    expect(tables(file)).toContain("upgrade_probe");
    expect(tables(path.resolve(named!))).not.toContain("upgrade_probe");
  });
});
