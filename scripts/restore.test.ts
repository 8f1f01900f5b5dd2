/**
 * `npm run restore` as an owner runs it: a backup file put back (the current database saved first), and the
 * refusals: a server running on the database, no replica set, a UK time that never happened.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { backupDatabase } from "../server/backup";
import { pidFile } from "../server/running-install";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "restore-cli-"));
const databaseFile = path.join(dir, "app.db");
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function restore(args: string[], env: Record<string, string> = {}) {
  const child = spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/restore.ts", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, DATABASE_PATH: databaseFile, PORT: "1", REPLICA_URL: "", ...env },
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += String(chunk)));
  child.stderr.on("data", (chunk) => (output += String(chunk)));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, output };
}

const rows = () => {
  const db = new Database(databaseFile, { readonly: true });
  try {
    return (db.prepare("select n from t order by n").all() as { n: number }[]).map((r) => r.n);
  } finally {
    db.close();
  }
};

describe("npm run restore", () => {
  it("puts a backup file back, saving the current database first", async () => {
    const db = new Database(databaseFile);
    db.pragma("journal_mode = WAL");
    db.exec("create table t (n integer); insert into t values (1)");
    const backup = await backupDatabase(databaseFile);
    db.exec("insert into t values (2)");
    db.close();

    const { code, output } = await restore([backup]);
    expect(code, output).toBe(0);
    expect(rows()).toEqual([1]);
    const saved = /Saved the current database to (\S+-before-restore\.db)/.exec(output)?.[1];
    expect(saved, output).toBeTruthy();
    expect(path.dirname(path.resolve(saved!))).toBe(path.join(dir, "backups"));
  }, 60_000);

  it("refuses while a server runs on the database", async () => {
    const backup = await backupDatabase(databaseFile);
    // a process whose command line says it is a server, recorded as this database's server
    const server = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)", "server.ts"], { stdio: "ignore" });
    try {
      fs.writeFileSync(pidFile(databaseFile), `${server.pid}\n`);
      const { code, output } = await restore([backup]);
      expect(code).toBe(1);
      expect(output).toContain(`A server (pid ${server.pid}) is running on ${databaseFile}. Stop it first`);
    } finally {
      server.kill();
    }
    // once it has stopped, the same file left behind is no longer a running server
    await new Promise((resolve) => server.once("exit", resolve));
    expect((await restore([backup])).code).toBe(0);
  }, 60_000);

  it("from the replica: refuses without REPLICA_URL, and a UK time the clocks skipped", async () => {
    const none = await restore(["--replica"]);
    expect(none.code).toBe(1);
    expect(none.output).toContain("REPLICA_URL is not set");
    const gap = await restore(["--replica", "--at", "2026-03-29 01:30"], { REPLICA_URL: path.join(dir, "copy") });
    expect(gap.code).toBe(1);
    expect(gap.output).toContain("2026-03-29 01:30:00 does not exist in the UK");
    expect(rows()).toEqual([1]);
  }, 60_000);
});
