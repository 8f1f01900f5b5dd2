/**
 * `npm run backup`: an online copy of the SQLite file at DATABASE_PATH (default data/app.db) into
 * data/backups/app-YYYYMMDD-HHMMSS.db. SQLite's backup API copies a consistent snapshot page by
 * page, so it is safe while the server is running and writing. The product images folder beside the
 * database is copied to data/backups/app-YYYYMMDD-HHMMSS-images/. Prints the path of the copy.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

if (fs.existsSync(".env")) process.loadEnvFile(".env");

const BACKUP_DIR = path.resolve("data/backups");

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

/**
 * Copies the images folder into `into`. An image is written before any product points at it and is never
 * changed under its name, so copying after the database snapshot holds every image the snapshot names.
 */
export function copyImages(from: string, into: string) {
  if (!fs.existsSync(from)) return 0;
  fs.mkdirSync(into, { recursive: true });
  let copied = 0;
  for (const name of fs.readdirSync(from)) {
    if (name.endsWith(".tmp") || name.startsWith(".")) continue;
    const target = path.join(into, name);
    if (fs.existsSync(target)) continue;
    fs.copyFileSync(path.join(from, name), target);
    copied++;
  }
  return copied;
}

/** Copies `source` (and its images) to a new file in `dir` and checks the copy; returns the copy's path. */
export async function backupDatabase(source: string, dir = BACKUP_DIR, suffix = ""): Promise<string> {
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

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const source = path.resolve(process.env.DATABASE_PATH ?? "data/app.db");
  backupDatabase(source).then(
    (target) => console.log(path.relative(process.cwd(), target) || target),
    (error: unknown) => {
      console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
