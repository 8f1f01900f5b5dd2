/**
 * Online copies of the SQLite file, for `npm run backup`, for the copy `npm start` takes before it applies a
 * migration, and for the copy a restore or a reset saves first. SQLite's backup API copies a consistent
 * snapshot page by page, so it is safe while the server is running and writing. The product images folder
 * beside the database is copied beside the copy (app-YYYYMMDD-HHMMSS-images/).
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

/** The backups folder: `backups/` beside the database (data/backups for the default data/app.db). */
export function backupsDir(databaseFile: string) {
  return path.join(path.dirname(databaseFile), "backups");
}

/** app-20250131-174502.db in local time: what someone looking for "this afternoon's backup" expects. */
export function backupFileName(when = new Date(), suffix = "") {
  const pad = (n: number) => String(n).padStart(2, "0");
  const date = `${when.getFullYear()}${pad(when.getMonth() + 1)}${pad(when.getDate())}`;
  const time = `${pad(when.getHours())}${pad(when.getMinutes())}${pad(when.getSeconds())}`;
  return `app-${date}-${time}${suffix}.db`;
}

/** The product images folder beside a database file. */
export function imagesBeside(databaseFile: string) {
  return path.join(path.dirname(databaseFile), "images");
}

/** Where a backup's product images are: app-20250131-174502.db → app-20250131-174502-images/. */
export function imagesOfBackup(backupFile: string) {
  return backupFile.replace(/\.db$/, "") + "-images";
}

/** Whether a name in the images folder is a picture to copy (not a half-written `.tmp` or a hidden file). */
export function isImageToCopy(name: string) {
  return !name.endsWith(".tmp") && !name.startsWith(".");
}

/**
 * Copies the images folder into `into`, skipping the names already there. An image is written before any
 * product points at it and is never changed under its name, so a copy made after a database snapshot holds
 * every image the snapshot names, and a name already copied needs no second look.
 */
export function copyImages(from: string, into: string) {
  if (!fs.existsSync(from)) return 0;
  fs.mkdirSync(into, { recursive: true });
  const present = new Set(fs.readdirSync(into));
  let copied = 0;
  for (const name of fs.readdirSync(from)) {
    if (!isImageToCopy(name) || present.has(name)) continue;
    // by way of a temporary name, so an interrupted copy never leaves half a picture under a real name
    const target = path.join(into, name);
    const temporary = `${target}.${process.pid}.tmp`;
    fs.copyFileSync(path.join(from, name), temporary);
    fs.renameSync(temporary, target);
    copied++;
  }
  return copied;
}

/**
 * How many copies of each kind the backups folder keeps: the scheduled ones (`npm run backup`, unless
 * BACKUP_KEEP says otherwise: two weeks of nightly copies) and each kind a command takes before it changes the
 * database (before an upgrade, a restore, a reset). A copy of a large database is gigabytes, and each kind
 * happens again: without a limit the folder fills the disk the database needs (docs/decisions/0092).
 */
export const SCHEDULED_BACKUPS_KEPT = 14;
export const SAFETY_COPIES_KEPT = 3;

/** BACKUP_KEEP: a whole number of scheduled backups to keep, 0 for all of them; unset or unreadable: 14. */
export function scheduledBackupsKept(value: string | undefined): number {
  const kept = Number(value);
  return value !== undefined && value.trim() !== "" && Number.isInteger(kept) && kept >= 0 ? kept : SCHEDULED_BACKUPS_KEPT;
}

/** A backup of the kind `suffix` in the folder, as `backupDatabase` names it; its moment and its same-second count. */
function backupOfKind(name: string, suffix: string) {
  const escaped = suffix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`^app-(\\d{8}-\\d{6})${escaped}(?:-(\\d+))?\\.db$`).exec(name);
  return match ? { name, moment: match[1]!, count: Number(match[2] ?? 1) } : null;
}

/**
 * Removes the copies of the kind `suffix` in `dir` beyond the newest `keep` (with their images folders), and
 * answers the paths removed. Only names `backupDatabase` gives that kind are touched: another kind's copies and
 * any file someone put there stay. `keep` 0 keeps every copy.
 */
export function pruneBackups(dir: string, suffix: string, keep: number): string[] {
  if (keep <= 0 || !fs.existsSync(dir)) return [];
  const copies = fs
    .readdirSync(dir)
    .flatMap((name) => backupOfKind(name, suffix) ?? [])
    .sort((a, b) => (a.moment === b.moment ? b.count - a.count : a.moment < b.moment ? 1 : -1));
  return copies.slice(keep).map(({ name }) => {
    const file = path.join(dir, name);
    fs.rmSync(imagesOfBackup(file), { recursive: true, force: true });
    fs.rmSync(file, { force: true });
    return file;
  });
}

/**
 * Copies `source` (and its images) to a new file in `dir` (the backups folder beside it unless given) and
 * checks the copy; then removes the copies of the same kind beyond the newest `keep` (never the new one; 0
 * removes none). Returns the copy's path.
 */
export async function backupDatabase(
  source: string,
  dir = backupsDir(source),
  suffix = "",
  keep = suffix === "" ? SCHEDULED_BACKUPS_KEPT : SAFETY_COPIES_KEPT,
): Promise<string> {
  if (!fs.existsSync(source)) throw new Error(`No database at ${source} (set DATABASE_PATH).`);
  fs.mkdirSync(dir, { recursive: true });
  let target = path.join(dir, backupFileName(new Date(), suffix));
  for (let n = 2; fs.existsSync(target); n++) target = path.join(dir, backupFileName(new Date(), `${suffix}-${n}`));

  const db = new Database(source, { fileMustExist: true, timeout: 5000 });
  try {
    await db.backup(target);
  } finally {
    db.close();
  }

  const copy = new Database(target, { fileMustExist: true });
  try {
    // The copy inherits WAL mode; a rollback-journal file is one self-contained file to move around.
    copy.pragma("journal_mode = DELETE");
    const check = copy.pragma("quick_check", { simple: true });
    if (check !== "ok") throw new Error(`The backup at ${target} failed its integrity check: ${String(check)}`);
  } finally {
    copy.close();
  }
  copyImages(imagesBeside(source), imagesOfBackup(target));
  // only once the new copy is whole and checked; it is the newest of its kind, so it is always kept
  pruneBackups(dir, suffix, keep === 0 ? 0 : Math.max(1, keep));
  return target;
}
