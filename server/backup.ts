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
 * Copies `source` (and its images) to a new file in `dir` (the backups folder beside it unless given) and
 * checks the copy; returns the copy's path.
 */
export async function backupDatabase(source: string, dir = backupsDir(source), suffix = ""): Promise<string> {
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
  return target;
}
