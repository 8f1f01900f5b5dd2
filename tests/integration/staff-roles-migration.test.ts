/**
 * The staff-roles migration keeps every row's meaning: every back-office user before it could use everything,
 * so each becomes a full admin; customers and suppliers get no staff role; nothing else in a row changes.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/utils/db.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "staff-roles-migration-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The migrations folder as it was before `tag` (its journal cut just before that entry). */
function migrationsBefore(tag: string) {
  const folder = path.join(dir, "before");
  fs.cpSync(path.resolve("db/migrations"), folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 0) throw new Error(`No migration ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  return folder;
}

describe("migration 0018_staff_roles", () => {
  it("makes every existing back-office user a full admin and nobody else staff, keeping the rest of each row", () => {
    const db = openDatabase(path.join(dir, "app.db"));
    migrate(db, { migrationsFolder: migrationsBefore("0018_staff_roles") });
    const insert = db.$client.prepare(
      "insert into users (id, email, password_hash, role, is_active, approved_at) values (?, ?, 'hash', ?, ?, 1700000000000)",
    );
    insert.run("a1", "owner@example.com", "admin", 1);
    insert.run("a2", "old.admin@example.com", "admin", 0);
    insert.run("c1", "buyer@example.com", "customer", 1);
    insert.run("s1", "supplier@example.com", "supplier", 1);
    const before = db.$client.prepare("select * from users order by id").all() as Record<string, unknown>[];

    migrate(db, { migrationsFolder: path.resolve("db/migrations") });
    const after = db.$client.prepare("select * from users order by id").all() as Record<string, unknown>[];

    expect(after.map((row) => [row.id, row.staff_role])).toEqual([
      ["a1", "admin"],
      ["a2", "admin"],
      ["c1", null],
      ["s1", null],
    ]);
    expect(after.map(({ staff_role: _staffRole, ...rest }) => rest)).toEqual(before);
    db.$client.close();
  });
});
