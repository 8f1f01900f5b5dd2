/**
 * How the continuous replica stands, for /healthz and the System page: whether REPLICA_URL is set, how far
 * behind the database the replica is, when Litestream last wrote a snapshot and how many product images have
 * not been mirrored yet.
 *
 * The lag is the age of the oldest change the replica may lack: 0 while the replica holds everything the
 * database file and its WAL were last changed with, otherwise the time since the replica last took a change.
 * With Litestream shipping every second it stays under about a second; it grows when Litestream has stopped or
 * the replica's disk or bucket cannot be written. A folder replica is read directly (a directory listing and a
 * few file times); a bucket through `litestream snapshots` and `litestream wal`, and its images by one listing.
 */
import fsp from "node:fs/promises";
import path from "node:path";
import { imagesBeside, isImageToCopy } from "./backup";
import { readReplicaListing, replicaTarget, type ReplicaTarget, type S3Target, type Settings } from "./replica";
import { bucketImagesWaiting } from "./replica-images";
import { openBucket } from "./s3-bucket";

export type ReplicaStatus =
  | { configured: false; message: string }
  | {
      configured: true;
      kind: ReplicaTarget["kind"];
      /** where the replica is, without credentials */
      target: string;
      /** seconds of changes the replica may lack; null until it holds anything (or cannot be read) */
      lagSeconds: number | null;
      /** when Litestream last wrote a full snapshot (ISO time), null when none */
      lastSnapshotAt: string | null;
      /** the newest change the replica holds (ISO time), null when none */
      lastReplicatedAt: string | null;
      /** product images not yet copied to the replica; null when that could not be told */
      imagesWaiting: number | null;
      /** what is wrong, in a sentence, or null */
      problem: string | null;
    };

/** A replica further behind than this is reported as a problem (Litestream ships every second). */
export const LAG_WARNING_SECONDS = 60;

export const NO_REPLICA_MESSAGE = "No copy off this disk: REPLICA_URL is not set.";

/** Whether REPLICA_URL is set (read on every call, so a test or a restart with another value is seen). */
export function replicaConfigured(env: Settings = process.env) {
  return Boolean(env.REPLICA_URL?.trim());
}

type Times = {
  lastReplicatedMs: number | null;
  lastSnapshotMs: number | null;
  /** how much later than lastReplicatedMs the replica's newest change may really be (a bucket lists whole seconds) */
  slackMs?: number;
};

/**
 * The newest change and snapshot in a folder replica, read from Litestream's file layout. Asynchronous: a NAS
 * share that has stopped answering holds up this look, never the process.
 */
export async function folderReplicaTimes(databaseReplica: string): Promise<Times> {
  const generationsDir = path.join(databaseReplica, "generations");
  const newest = async (dir: string) => {
    const names = (await fsp.readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith(".lz4"));
    // the names are fixed-width hex positions (index, index_offset): the last in order is the newest
    const last = names.sort().at(-1);
    return last ? (await fsp.stat(path.join(dir, last)).catch(() => null))?.mtimeMs ?? null : null;
  };
  const later = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
  let lastReplicatedMs: number | null = null;
  let lastSnapshotMs: number | null = null;
  for (const generation of await fsp.readdir(generationsDir).catch(() => [] as string[])) {
    const snapshot = await newest(path.join(generationsDir, generation, "snapshots"));
    const wal = await newest(path.join(generationsDir, generation, "wal"));
    lastSnapshotMs = later(lastSnapshotMs, snapshot);
    lastReplicatedMs = later(lastReplicatedMs, later(snapshot, wal));
  }
  return { lastReplicatedMs, lastSnapshotMs };
}

/** A bucket is asked at most this often (each look is listings over the network); a folder every time. */
const LISTING_KEPT_MS = 10_000;

/** The answer to `look`, kept LISTING_KEPT_MS for the same `key`; a failed look is not kept: the next asks again. */
function keptLook<T>() {
  let last: { key: string; at: number; answer: Promise<T> } | null = null;
  return (key: string, now: number, look: () => Promise<T>): Promise<T> => {
    if (last && last.key === key && now - last.at < LISTING_KEPT_MS) return last.answer;
    const answer = look();
    const kept = { key, at: now, answer };
    last = kept;
    answer.catch(() => {
      if (last === kept) last = null;
    });
    return answer;
  };
}

const keptListing = keptLook<Times>();
const keptImagesWaiting = keptLook<number>();

/**
 * A bucket's figures from Litestream's own listings, in this box's time. Those listings give the store's time
 * of each object in whole seconds (rounded down), and the store's clock is not this box's: the times are moved
 * by the store's clock offset (server/s3-bucket.ts) and may be up to a second later than listed (`slackMs`).
 * Without that, a replica holding every change looked further behind each second.
 */
function bucketTimes(databaseFile: string, target: S3Target, now: number): Promise<Times> {
  return keptListing(`${databaseFile}\n${target.display}`, now, async () => {
    const [{ generations, lastSnapshotMs }, offset] = await Promise.all([readReplicaListing(databaseFile, target), openBucket(target).clockOffsetMs()]);
    const local = (ms: number | null) => (ms === null ? null : ms - offset);
    return {
      lastReplicatedMs: local(generations.length ? Math.max(...generations.map((g) => g.end)) : null),
      lastSnapshotMs: local(lastSnapshotMs),
      slackMs: 1000,
    };
  });
}

/** Product images beside the database that the bucket does not have yet (its listing kept as the other). */
function bucketImagesWaitingKept(databaseFile: string, target: S3Target, now: number) {
  return keptImagesWaiting(`${databaseFile}\n${target.display}`, now, () => bucketImagesWaiting(databaseFile, target));
}

/** When the database last changed: its file or its WAL, whichever is later (as Litestream reckons it). */
async function databaseChangedMs(databaseFile: string): Promise<number | null> {
  const stats = await Promise.all([databaseFile, `${databaseFile}-wal`].map((file) => fsp.stat(file).catch(() => null)));
  const times = stats.flatMap((stat) => (stat ? [stat.mtimeMs] : []));
  return times.length ? Math.max(...times) : null;
}

/** Product images beside the database that the folder replica does not have yet. */
async function imagesWaiting(databaseFile: string, imagesReplica: string) {
  const local = await fsp.readdir(imagesBeside(databaseFile)).catch(() => [] as string[]);
  if (local.length === 0) return 0;
  const copied = new Set(await fsp.readdir(imagesReplica).catch(() => [] as string[]));
  return local.filter((name) => isImageToCopy(name) && !copied.has(name)).length;
}

/**
 * The lag as defined at the top of this file, in whole seconds (rounded up: 0.2 s behind is 1, not 0). The
 * replica holds everything when its newest change, up to `slackMs` later than `lastReplicated`, is not before
 * the database's.
 */
export function lagSeconds(databaseChanged: number | null, lastReplicated: number | null, now: number, slackMs = 0): number | null {
  if (lastReplicated === null) return null;
  if (databaseChanged === null || lastReplicated + slackMs >= databaseChanged) return 0;
  return Math.max(0, Math.ceil((now - lastReplicated) / 1000));
}

/** REPLICA_URL as it may be shown: a user name and password written into it are left out. */
function withoutKeys(value: string) {
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, "$1");
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The replica's state for the database at DATABASE_PATH (or `databaseFile`). Never throws: a failure is a `problem`. */
export async function replicaStatus({
  databaseFile = path.resolve(process.env.DATABASE_PATH ?? "data/app.db"),
  env = process.env,
  now = Date.now,
}: { databaseFile?: string; env?: Settings; now?: () => number } = {}): Promise<ReplicaStatus> {
  let target: ReplicaTarget | null;
  try {
    target = replicaTarget(env);
  } catch (error) {
    return { configured: true, kind: "folder", target: withoutKeys(String(env.REPLICA_URL)), lagSeconds: null, lastSnapshotAt: null, lastReplicatedAt: null, imagesWaiting: null, problem: (error as Error).message };
  }
  if (!target) return { configured: false, message: NO_REPLICA_MESSAGE };

  const base = { configured: true as const, kind: target.kind, target: target.display };
  // a bucket's images are listed while Litestream lists its database (a failure is caught below)
  const bucketWaiting = target.kind === "s3" ? bucketImagesWaitingKept(databaseFile, target, now()) : null;
  bucketWaiting?.catch(() => undefined);
  let times: Times;
  try {
    times = target.kind === "folder" ? await folderReplicaTimes(target.databaseReplica) : await bucketTimes(databaseFile, target, now());
  } catch (error) {
    const message = (error as Error).message;
    return { ...base, lagSeconds: null, lastSnapshotAt: null, lastReplicatedAt: null, imagesWaiting: null, problem: `The replica could not be read: ${message}` };
  }
  const lag = lagSeconds(await databaseChangedMs(databaseFile), times.lastReplicatedMs, now(), times.slackMs);
  let waiting: number | null = null;
  let imagesProblem: string | null = null;
  if (target.kind === "folder") waiting = await imagesWaiting(databaseFile, target.images);
  else if (bucketWaiting) {
    try {
      waiting = await bucketWaiting;
    } catch (error) {
      waiting = null;
      imagesProblem = `The product images in the bucket could not be listed: ${(error as Error).message}`;
    }
  }
  const problem =
    times.lastReplicatedMs === null
      ? `Nothing has been replicated to ${target.display} yet.`
      : times.lastSnapshotMs === null
        ? `The replica at ${target.display} holds no snapshot.`
        : lag !== null && lag > LAG_WARNING_SECONDS
          ? `The replica is ${lag} s behind the database: Litestream may have stopped, or ${target.display} cannot be written.`
          : imagesProblem;
  return { ...base, lagSeconds: lag, lastSnapshotAt: iso(times.lastSnapshotMs), lastReplicatedAt: iso(times.lastReplicatedMs), imagesWaiting: waiting, problem };
}

/**
 * The replica's lag alone, for /healthz (asked often: no image count, no listing of a bucket beyond the kept
 * one): null without a replica, or when it cannot be told within `withinMs`.
 */
export async function replicaLagSeconds({
  databaseFile = path.resolve(process.env.DATABASE_PATH ?? "data/app.db"),
  env = process.env,
  withinMs = 2000,
}: { databaseFile?: string; env?: Settings; withinMs?: number } = {}): Promise<number | null> {
  let target: ReplicaTarget | null;
  try {
    target = replicaTarget(env);
  } catch {
    return null;
  }
  if (!target) return null;
  const replica = target;
  const now = Date.now();
  const look = (async () => {
    const times = replica.kind === "folder" ? await folderReplicaTimes(replica.databaseReplica) : await bucketTimes(databaseFile, replica, now);
    return lagSeconds(await databaseChangedMs(databaseFile), times.lastReplicatedMs, Date.now(), times.slackMs);
  })().catch(() => null);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), withinMs);
  });
  const lag = await Promise.race([look, late]);
  clearTimeout(timer);
  return lag;
}
