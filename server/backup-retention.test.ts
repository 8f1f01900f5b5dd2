import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { backupDatabase, pruneBackups, SAFETY_COPIES_KEPT, scheduledBackupsKept } from "./backup";

let dir: string;
const backups = () => path.join(dir, "backups");
const touch = (name: string) => {
  fs.mkdirSync(backups(), { recursive: true });
  fs.writeFileSync(path.join(backups(), name), "copy");
};
const listed = () => fs.readdirSync(backups()).sort();

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-retention-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("BACKUP_KEEP", () => {
  it("is a whole number of backups, 0 for all; anything else is the default of 14", () => {
    expect(scheduledBackupsKept("30")).toBe(30);
    expect(scheduledBackupsKept("0")).toBe(0);
    for (const value of [undefined, "", " ", "-1", "2.5", "all", "14 days"]) expect(scheduledBackupsKept(value)).toBe(14);
  });
});

describe("pruning the backups folder", () => {
  it("keeps the newest copies of one kind, removes older ones with their images, and leaves other kinds and files alone", () => {
    for (const name of [
      "app-20261101-020000.db",
      "app-20261102-020000.db",
      "app-20261103-020000.db",
      "app-20261103-020000-2.db", // a second copy in the same second is the newer of the two
      "app-20261001-020000-before-upgrade.db",
      "app-20260101-000000-before-restore.db",
      "notes.txt",
      "app-20250101-000000.db.keep",
    ]) {
      touch(name);
    }
    fs.mkdirSync(path.join(backups(), "app-20261101-020000-images"));
    fs.writeFileSync(path.join(backups(), "app-20261101-020000-images", "a.webp"), "picture");

    const removed = pruneBackups(backups(), "", 2).map((file) => path.basename(file));

    expect(removed.sort()).toEqual(["app-20261101-020000.db", "app-20261102-020000.db"]);
    expect(listed()).toEqual([
      "app-20250101-000000.db.keep",
      "app-20260101-000000-before-restore.db",
      "app-20261001-020000-before-upgrade.db",
      "app-20261103-020000-2.db",
      "app-20261103-020000.db",
      "notes.txt",
    ]);
  });

  it("keeps every copy when told 0, and does nothing without a folder", () => {
    touch("app-20261101-020000.db");
    touch("app-20261102-020000.db");
    expect(pruneBackups(backups(), "", 0)).toEqual([]);
    expect(listed()).toHaveLength(2);
    expect(pruneBackups(path.join(dir, "missing"), "", 1)).toEqual([]);
  });

  it("a copy taken before an upgrade removes only that kind's older copies, beyond the newest three", async () => {
    const source = path.join(dir, "app.db");
    const db = new Database(source);
    db.exec("create table t (x integer); insert into t values (1);");
    db.close();
    for (const day of ["01", "02", "03", "04"]) touch(`app-202611${day}-020000-before-upgrade.db`);
    touch("app-20261105-020000.db");

    const made = path.basename(await backupDatabase(source, backups(), "-before-upgrade"));

    const upgrades = listed().filter((name) => name.endsWith("-before-upgrade.db"));
    expect(upgrades).toHaveLength(SAFETY_COPIES_KEPT);
    expect(upgrades).toContain(made);
    expect(upgrades).toEqual(["app-20261103-020000-before-upgrade.db", "app-20261104-020000-before-upgrade.db", made]);
    expect(listed()).toContain("app-20261105-020000.db");
  });
});
