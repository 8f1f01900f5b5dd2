/**
 * `npm run restore -- <backup file> [--force]`: puts a backup made by `npm run backup` in place of
 * the database at DATABASE_PATH (default data/app.db).
 * `npm run restore -- --replica [--at "2026-11-27 14:05"] [--force]`: rebuilds it from the continuous
 * replica at REPLICA_URL instead, as it is now or as it was at that UK time (server/replica-restore.ts),
 * and copies back the replica's product images.
 *
 * It refuses while a server might be using the database (a server's pid file beside it names a live server,
 * the health check answers on PORT, or another process holds the file open), because a running server would
 * keep writing to the old file. Stop the server first; `--force` skips these checks. The current database is
 * backed up first (data/backups/app-...-before-restore.db), and its -wal/-shm files are removed so SQLite
 * cannot replay the old journal over the restored data. The backup's product images (the -images
 * folder beside it) are put back into the images folder beside the database.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { backupDatabase, copyImages, imagesBeside, imagesOfBackup } from "../server/backup";
import { replicaTarget } from "../server/replica";
import { restoreFromReplica, ukTimeToInstant } from "../server/replica-restore";
import { runningServerPid } from "../server/running-install";

if (fs.existsSync(".env")) process.loadEnvFile(".env");

const USAGE = [
  "Usage: npm run restore -- <backup file> [--force]",
  '       npm run restore -- --replica [--at "2026-11-27 14:05"] [--force]',
].join("\n");

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
  // Litestream's record of the old file's WAL: with a replica on, the next start begins a new generation
  fs.rmSync(path.join(path.dirname(target), `.${path.basename(target)}-litestream`), { recursive: true, force: true });
  fs.renameSync(incoming, target);
  // images are named by their content: the ones already there are the same pictures
  return copyImages(imagesOfBackup(backup), imagesBeside(target));
}

/** Stops here if a server may be using `target` (see the top of this file). */
async function refuseWhileRunning(target: string) {
  const pid = runningServerPid(target);
  if (pid !== null) fail(`A server (pid ${pid}) is running on ${target}. Stop it first, or pass --force.`);
  const port = process.env.PORT ?? "3000";
  if (await serverAnswers(port)) {
    fail(`A server is answering on port ${port}. Stop it first, or pass --force if it uses another database.`);
  }
  if (fileInUse(target)) {
    fail(`Another process has ${target} open (a running server?). Stop it first, or pass --force.`);
  }
}

async function saveCurrent(target: string) {
  if (!fs.existsSync(target)) return;
  const saved = await backupDatabase(target, undefined, "-before-restore");
  console.log(`Saved the current database to ${path.relative(process.cwd(), saved)}`);
}

async function restoreReplica(target: string, at: string | null, force: boolean) {
  const replica = replicaTarget();
  if (!replica) fail("REPLICA_URL is not set: there is no replica to restore from (see the README).");
  let moment: Date | null = null;
  if (at !== null) {
    try {
      moment = ukTimeToInstant(at);
    } catch (error) {
      fail((error as Error).message);
    }
  }
  if (!force) await refuseWhileRunning(target);
  console.log(`Restoring ${path.relative(process.cwd(), target)} from ${replica.display}${at ? ` as it was at ${at} (UK time)` : ""}...`);
  const restored = await restoreFromReplica({ databaseFile: target, target: replica, at: moment, beforeReplacing: () => saveCurrent(target) });
  const took = `${(restored.elapsedMs / 1000).toFixed(1)} s`;
  if (restored.imagesProblem) {
    fail(
      `Restored ${path.relative(process.cwd(), target)} in ${took}, but the product images could not all be put back (${restored.images} were): ` +
        `${restored.imagesProblem}\nRun the same restore again once the replica answers: it fetches only the missing pictures.`,
    );
  }
  console.log(`Restored ${path.relative(process.cwd(), target)} in ${took}, ${restored.images} product images put back.`);
}

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const atIndex = args.indexOf("--at");
  const at = atIndex >= 0 ? (args[atIndex + 1] ?? fail(USAGE)) : null;
  const files = args.filter((arg, i) => !arg.startsWith("--") && (atIndex < 0 || i !== atIndex + 1));
  const target = path.resolve(process.env.DATABASE_PATH ?? "data/app.db");

  if (args.includes("--replica")) {
    if (files.length > 0) fail(USAGE);
    return restoreReplica(target, at, force);
  }
  if (files.length !== 1 || at !== null) fail(USAGE);

  const backup = path.resolve(files[0]);
  if (backup === target) fail("The backup and DATABASE_PATH are the same file.");
  checkBackup(backup);
  if (!force) await refuseWhileRunning(target);
  await saveCurrent(target);

  const images = putBackInPlace(backup, target);
  console.log(`Restored ${path.relative(process.cwd(), backup)} to ${path.relative(process.cwd(), target)} (${images} missing product images put back).`);
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) main().catch((error: unknown) => fail(`Restore failed: ${error instanceof Error ? error.message : String(error)}`));
