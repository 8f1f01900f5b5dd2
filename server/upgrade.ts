/**
 * Safe upgrades (docs/decisions/0058): at start, before the server opens the database for good, the
 * migrations the code brings are compared with the ones the database has had.
 *
 * - None pending: nothing to do.
 * - Some pending: a backup is taken first (server/backup.ts, the same copy `npm run backup` makes) and its
 *   path printed; then the pending migrations are applied in one transaction. A failure rolls them all back,
 *   so the file is as it was, and the server does not start: the message names the migration, the error and
 *   the backup.
 * - The database has a migration the code does not know (it was opened by a newer version): the server does
 *   not start, rather than run old code over a newer schema.
 *
 * A refusal is an UpgradeRefusal; server.ts prints it and exits with REFUSED_EXIT_CODE, which the systemd
 * unit does not restart on (a restart would only refuse again, taking another backup each time).
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { backupDatabase, backupsDir } from "./backup";

/** EX_CONFIG from sysexits.h: the install needs a person, and starting again would not help. */
export const REFUSED_EXIT_CODE = 78;

export class UpgradeRefusal extends Error {
  constructor(
    message: string,
    readonly backup: string | null = null,
  ) {
    super(message);
    this.name = "UpgradeRefusal";
  }
}

type Migration = { tag: string; when: number };

/** The migrations the code brings, in order, from the folder's journal (as drizzle's migrator reads it). */
export function knownMigrations(migrationsFolder: string): Migration[] {
  const journal = path.join(migrationsFolder, "meta", "_journal.json");
  const entries = (JSON.parse(fs.readFileSync(journal, "utf8")) as { entries: { tag: string; when: number }[] }).entries;
  return entries.map(({ tag, when }) => ({ tag, when }));
}

export type UpgradePlan = {
  /** the code's migrations the database has not had, oldest first */
  pending: Migration[];
  /** migrations the database has had that are newer than every one the code brings */
  unknown: { appliedAt: number }[];
};

/**
 * What starting this code on `sqlite` would do. Drizzle applies every migration newer than the newest one
 * recorded, so "pending" follows the same rule; one recorded after the code's newest is a newer version's.
 */
export function upgradePlan(sqlite: Database.Database, migrations: Migration[]): UpgradePlan {
  const hasTable = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'").get();
  const applied = hasTable
    ? (sqlite.prepare("select created_at from __drizzle_migrations").all() as { created_at: number | string }[]).map((row) => Number(row.created_at))
    : [];
  const newestApplied = applied.length ? Math.max(...applied) : -Infinity;
  const newestKnown = migrations.length ? Math.max(...migrations.map((m) => m.when)) : -Infinity;
  return {
    pending: migrations.filter((m) => m.when > newestApplied),
    unknown: applied.filter((when) => when > newestKnown).map((appliedAt) => ({ appliedAt })),
  };
}

function isEmptyDatabase(sqlite: Database.Database) {
  return !sqlite.prepare("select 1 from sqlite_master where type = 'table' limit 1").get();
}

const relative = (file: string) => path.relative(process.cwd(), file) || file;

/**
 * Brings the database at `databaseFile` up to the code's migrations, or refuses (see the top of this file).
 * A missing or empty database is left to the normal start, which creates it: there is nothing to lose.
 */
export async function upgradeDatabase({
  databaseFile,
  migrationsFolder,
  log = (message: string) => console.log(message),
}: {
  databaseFile: string;
  migrationsFolder: string;
  log?: (message: string) => void;
}): Promise<{ applied: string[]; backup: string | null }> {
  if (!fs.existsSync(databaseFile)) return { applied: [], backup: null };
  const migrations = knownMigrations(migrationsFolder);

  // A plain connection: no journal-mode change, nothing written until a migration runs.
  const sqlite = new Database(databaseFile, { fileMustExist: true, timeout: 5000 });
  try {
    if (isEmptyDatabase(sqlite)) return { applied: [], backup: null };
    const plan = upgradePlan(sqlite, migrations);
    if (plan.unknown.length > 0) {
      const newest = new Date(Math.max(...plan.unknown.map((u) => u.appliedAt))).toISOString().slice(0, 10);
      throw new UpgradeRefusal(
        `The database at ${relative(databaseFile)} is newer than this version of the code: it has ${plan.unknown.length} ` +
          `migration(s) this version does not know (the newest dated ${newest}). Running older code on it could damage ` +
          `its data, so the server has not started. Start the newer version again, or restore the backup taken before ` +
          `the upgrade (${relative(backupsDir(databaseFile))}/app-…-before-upgrade.db) with npm run restore.`,
      );
    }
    if (plan.pending.length === 0) return { applied: [], backup: null };

    const names = plan.pending.map((m) => m.tag).join(", ");
    const backup = await backupDatabase(databaseFile, backupsDir(databaseFile), "-before-upgrade");
    log(`Upgrading the database: ${plan.pending.length} migration(s) to apply (${names}). A copy was saved first: ${relative(backup)}`);
    try {
      // drizzle applies them in one transaction (BEGIN … COMMIT, ROLLBACK on any error)
      migrate(drizzle(sqlite), { migrationsFolder });
    } catch (error) {
      const which = plan.pending.length === 1 ? `migration ${names}` : `one of the migrations ${names}`;
      // drizzle wraps SQLite's error in one that quotes the whole statement
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      throw new UpgradeRefusal(
        `The upgrade failed: ${which} stopped with this error: ${cause instanceof Error ? cause.message : String(cause)}. ` +
          `Its changes were rolled back, so the database is as it was before the upgrade, and the server has not started. ` +
          `A copy taken before the upgrade is at ${relative(backup)}. Go back to the previous version of the code, ` +
          `or fix the migration and start again.`,
        backup,
      );
    }
    log(`Upgraded the database (${names}).`);
    return { applied: plan.pending.map((m) => m.tag), backup };
  } finally {
    sqlite.close();
  }
}
