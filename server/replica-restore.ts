/**
 * Restoring the database (and the product images) from the continuous replica, as it is now or as it was at
 * a moment (`npm run restore -- --replica [--at "2026-11-27 14:05"]`, scripts/restore.ts). Litestream
 * rebuilds the file beside the database from its last snapshot before that moment and the WAL shipped up to
 * it; only once that file passes SQLite's integrity check does it take the database's place.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { copyImages, imagesBeside } from "./backup";
import { ukWallClock } from "../app/utils/uk-time";
import { fetchBucketImages } from "./replica-images";
import { litestreamBinary, litestreamEnvironment, readReplicaListing, writeLitestreamConfig, type Generation, type ReplicaTarget } from "./replica";

const run = promisify(execFile);

/**
 * The instant a UK wall-clock time names: "2026-11-27 14:05" or "2026-11-27 14:05:30" (a T between date and
 * time is taken too). London is UTC or UTC+1, so one of two instants shows that time there. In the hour the
 * clocks go back, a time happens twice: the first (still summer time) is taken. In the hour they go forward
 * it never happens, and that is an error.
 */
export function ukTimeToInstant(text: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) throw new Error(`"${text}" is not a time like "2026-11-27 14:05" (UK time).`);
  const [, y, mo, d, h, mi, s = "00"] = match;
  const wanted = `${y}-${mo}-${d} ${h}:${mi}:${s}`;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  // summer time first, so the earlier of two matches wins
  for (const offsetHours of [1, 0]) {
    const instant = asUtc - offsetHours * 3_600_000;
    if (ukWallClock(instant) === wanted) return new Date(instant);
  }
  throw new Error(`${wanted} does not exist in the UK (the clocks went forward over it).`);
}

/**
 * How Litestream is asked for the state at `at`: by the moment, when a generation's span holds it; otherwise by
 * the generation that ended last before it, restored to its end (nothing changed between its end and the moment:
 * the server was stopped, or no change has been made since). Listed times are whole seconds, rounded down, so a
 * moment in a span's last second is asked by time with that generation as the fallback.
 */
type RestorePoint = { timestamp: number; fallback?: string } | { generation: string };

export function restorePoint(generations: Generation[], at: number): RestorePoint | null {
  const holding = generations.filter((g) => g.start <= at && at < g.end + 1000);
  if (holding.length > 0) {
    const last = holding.reduce((a, b) => (b.end > a.end ? b : a));
    return at >= last.end ? { timestamp: at, fallback: last.name } : { timestamp: at };
  }
  const before = generations.filter((g) => g.end <= at);
  if (before.length === 0) return null;
  return { generation: before.reduce((a, b) => (b.end > a.end ? b : a)).name };
}

export type ReplicaRestore = {
  restoredTo: string;
  asAt: Date | null;
  /** product images put back */
  images: number;
  /** why some images could not be put back (the database is in place all the same), or null */
  imagesProblem: string | null;
  elapsedMs: number;
};

const ukTime = (ms: number) => `${ukWallClock(ms)} UK time`;

/**
 * Rebuilds `databaseFile` from `target` (as it was at `at`, when given) and puts the replica's product images
 * beside it. The caller has made sure no server is using the file. The file is replaced only once the rebuilt
 * one passes SQLite's integrity check.
 */
export async function restoreFromReplica({
  databaseFile,
  target,
  at = null,
  beforeReplacing = async () => undefined,
}: {
  databaseFile: string;
  target: ReplicaTarget;
  at?: Date | null;
  /** runs once the rebuilt file has passed its check, just before it replaces the database (to save that first) */
  beforeReplacing?: () => Promise<void>;
}): Promise<ReplicaRestore> {
  const started = Date.now();
  const config = writeLitestreamConfig(databaseFile, target);
  const binary = litestreamBinary();
  const options = { timeout: 30 * 60_000, maxBuffer: 16 * 1024 * 1024, env: litestreamEnvironment(target) };

  const { generations } = await readReplicaListing(databaseFile, target);
  if (generations.length === 0) throw new Error(`The replica at ${target.display} holds no copy of the database.`);
  const earliest = Math.min(...generations.map((g) => g.start));
  if (at && at.getTime() < earliest) {
    throw new Error(`The replica goes back to ${ukTime(earliest)}; it holds nothing from ${ukTime(at.getTime())}.`);
  }
  const choice = at ? restorePoint(generations, at.getTime()) : null;

  const incoming = `${databaseFile}.restoring`;
  // Litestream builds `incoming` by way of `incoming.tmp`, and may leave that one's -wal and -shm behind
  const clearIncoming = () => {
    for (const suffix of ["", "-wal", "-shm", "-journal", ".tmp", ".tmp-wal", ".tmp-shm"]) fs.rmSync(incoming + suffix, { force: true });
  };
  clearIncoming();
  fs.mkdirSync(path.dirname(databaseFile), { recursive: true });
  const restoreArgs = (point: RestorePoint | null) => {
    const where = !point ? [] : "timestamp" in point ? ["-timestamp", new Date(point.timestamp).toISOString()] : ["-generation", point.generation];
    return ["restore", "-config", config, "-o", incoming, ...where, databaseFile];
  };
  // Litestream logs its errors to stdout
  const failed = (error: unknown) => {
    const { stdout, stderr, message } = error as { stdout?: string; stderr?: string; message: string };
    return new Error(`Litestream could not restore: ${(stderr || stdout || message).trim()}`);
  };
  try {
    await run(binary, restoreArgs(choice), options);
  } catch (error) {
    // a moment in a generation's last listed second but after its last change: that generation's end
    if (!choice || !("timestamp" in choice) || !choice.fallback) throw failed(error);
    clearIncoming();
    await run(binary, restoreArgs({ generation: choice.fallback }), options).catch((again: unknown) => {
      throw failed(again);
    });
  }

  const check = new Database(incoming, { fileMustExist: true });
  let result: unknown;
  try {
    result = check.pragma("integrity_check", { simple: true });
  } finally {
    check.close();
  }
  if (result !== "ok") {
    clearIncoming();
    throw new Error(`The database rebuilt from the replica failed its integrity check (${String(result)}); nothing was replaced.`);
  }

  await beforeReplacing();
  // the old file's journal must not be replayed over the new one, nor Litestream's record of the old file's WAL reused
  for (const suffix of ["-wal", "-shm", "-journal"]) fs.rmSync(databaseFile + suffix, { force: true });
  fs.rmSync(path.join(path.dirname(databaseFile), `.${path.basename(databaseFile)}-litestream`), { recursive: true, force: true });
  fs.renameSync(incoming, databaseFile);
  clearIncoming();
  let images = 0;
  let imagesProblem: string | null = null;
  try {
    images = target.kind === "folder" ? copyImages(target.images, imagesBeside(databaseFile)) : await fetchBucketImages(databaseFile, target);
  } catch (error) {
    imagesProblem = error instanceof Error ? error.message : String(error);
  }
  return { restoredTo: databaseFile, asAt: at, images, imagesProblem, elapsedMs: Date.now() - started };
}
