/**
 * `npm run restore -- <backup file> [--force]`: puts a backup made by `npm run backup` in place of
 * the database at DATABASE_PATH (default data/app.db).
 *
 * It refuses while a server might be using the database (the health check answers on PORT, or
 * another process holds the file open), because a running server would keep writing to the old
 * file. Stop the server first; `--force` skips these checks. The current database is backed up
 * first (data/backups/app-...-before-restore.db), and its -wal/-shm files are removed so SQLite
 * cannot replay the old journal over the restored data. The backup's product images (the -images
 * folder beside it) are put back into the images folder beside the database.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { backupDatabase, copyImages, imagesBeside, imagesOfBackup } from "./backup";

if (fs.existsSync(".env")) process.loadEnvFile(".env");

const USAGE = "Usage: npm run restore -- <backup file> [--force]";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function checkBackup(file: string) {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) fail(`No backup file at ${file}.\n${USAGE}`);
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const check = db.pragma("quick_check", { simple: true });
    if (check !== "ok") fail(`${file} is damaged (${String(check)}); not restoring it.`);
    const tables = db.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as { n: number };
    if (tables.n === 0) fail(`${file} holds no tables; not restoring it.`);
  } catch (error) {
    fail(`${file} is not a readable SQLite database: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    db?.close();
  }
}

async function serverAnswers(port: string) {
  try {
    const response = await fetch(`http://localhost:${port}/healthz`, { signal: AbortSignal.timeout(1500) });
    return response.ok;
  } catch {
    return false;
  }
}

/** True when another connection has the file open: leaving WAL mode needs the only connection. */
function fileInUse(file: string) {
  if (!fs.existsSync(file)) return false;
  const db = new Database(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma("journal_mode = DELETE");
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === "SQLITE_BUSY") return true;
    throw error;
  } finally {
    db.close();
  }
}

/** Puts the database file `backup` in place at `target`, with the backup's images beside it. */
export function putBackInPlace(backup: string, target: string) {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const incoming = `${target}.restoring`;
  fs.copyFileSync(backup, incoming);
  for (const suffix of ["-wal", "-shm", "-journal"]) fs.rmSync(target + suffix, { force: true });
  fs.renameSync(incoming, target);
  // images are named by their content: the ones already there are the same pictures
  return copyImages(imagesOfBackup(backup), imagesBeside(target));
}

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const files = args.filter((arg) => !arg.startsWith("--"));
  if (files.length !== 1) fail(USAGE);

  const backup = path.resolve(files[0]);
  const target = path.resolve(process.env.DATABASE_PATH ?? "data/app.db");
  if (backup === target) fail("The backup and DATABASE_PATH are the same file.");
  checkBackup(backup);

  if (!force) {
    const port = process.env.PORT ?? "3000";
    if (await serverAnswers(port)) {
      fail(`A server is answering on port ${port}. Stop it first, or pass --force if it uses another database.`);
    }
    if (fileInUse(target)) {
      fail(`Another process has ${target} open (a running server?). Stop it first, or pass --force.`);
    }
  }

  if (fs.existsSync(target)) {
    const saved = await backupDatabase(target, path.resolve("data/backups"), "-before-restore");
    console.log(`Saved the current database to ${path.relative(process.cwd(), saved)}`);
  }

  const images = putBackInPlace(backup, target);
  console.log(`Restored ${path.relative(process.cwd(), backup)} to ${path.relative(process.cwd(), target)} (${images} missing product images put back).`);
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) main().catch((error: unknown) => fail(`Restore failed: ${error instanceof Error ? error.message : String(error)}`));
