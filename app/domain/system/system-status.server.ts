/**
 * What the System page and GET /api/admin/system show: is the box well? The version and the migrations
 * applied, how long the server has run and with how many processes, the database's size and its WAL's, the
 * free space on the data folder's disk (low below 10 %), the copy off the disk (the replica) and the last
 * backup, mail waiting in the outbox and mail that failed, and the latest errors from the log.
 */
import fs from "node:fs";
import path from "node:path";
import { backupsDir } from "../../../server/backup";
import { databasePath, MIGRATIONS_FOLDER, type DB } from "~/utils/db.server";
import { listOutbox } from "~/utils/mail.server";
import { replicaStatus, type ReplicaStatus } from "~/utils/replica.server";
import { serverProcessCount } from "~/utils/server-processes";
import { readLogSummary, type LoggedError } from "./log-reader.server";

/** Below this share of the disk free, the page warns. */
export const LOW_DISK_PERCENT = 10;

/** The figures fs.statfs gives that matter here (injectable, so a test can fill the disk). */
export type DiskFigures = { bsize: number; blocks: number; bavail: number };
export type StatFs = (dir: string) => DiskFigures;

export type DiskSpace = { folder: string; totalBytes: number; freeBytes: number; freePercent: number; low: boolean };

export type SystemStatus = {
  version: string;
  migrations: { applied: number; known: number; latest: string | null; pending: string[] };
  startedAt: string;
  uptimeSeconds: number;
  processes: { count: number; answeredBy: number };
  database: { file: string; bytes: number; walBytes: number };
  disk: DiskSpace | null;
  replica: ReplicaStatus;
  lastBackup: { file: string; at: string; bytes: number } | null;
  mail: { outboxWaiting: number; smtp: boolean; failed: number; failedSince: string };
  errors: LoggedError[];
  logFolder: string;
  checkedAt: string;
};

function version(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.resolve("package.json"), "utf8")) as { version?: string };
    return pkg.version ?? "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * The committed migrations (their journal, in the folder db.server.ts migrates from) against those the
 * database records: drizzle applies a migration once, in order, recording when it was made.
 */
function migrations(db: DB): SystemStatus["migrations"] {
  let known: { tag: string; when: number }[] = [];
  try {
    known = (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as { entries: { tag: string; when: number }[] }).entries;
  } catch {
    // no journal beside the running code: only the count applied can be told
  }
  let lastApplied = 0;
  let applied = 0;
  try {
    const row = db.$client.prepare("select count(*) as applied, coalesce(max(created_at), 0) as last from __drizzle_migrations").get() as {
      applied: number;
      last: number;
    };
    applied = row.applied;
    lastApplied = Number(row.last);
  } catch {
    // never migrated
  }
  const done = known.filter((entry) => entry.when <= lastApplied);
  return {
    applied,
    known: known.length,
    latest: done.at(-1)?.tag ?? null,
    pending: known.filter((entry) => entry.when > lastApplied).map((entry) => entry.tag),
  };
}

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

export function diskSpace(folder: string, statfs: StatFs = (dir) => fs.statfsSync(dir)): DiskSpace | null {
  try {
    const figures = statfs(folder);
    const totalBytes = figures.blocks * figures.bsize;
    const freeBytes = figures.bavail * figures.bsize;
    const freePercent = totalBytes > 0 ? Math.round((freeBytes / totalBytes) * 1000) / 10 : 0;
    return { folder, totalBytes, freeBytes, freePercent, low: freePercent < LOW_DISK_PERCENT };
  } catch {
    return null;
  }
}

const BACKUP_FILE = /^app-\d{8}-\d{6}.*\.db$/;

/** The newest copy in the backups folder (npm run backup, and the copy taken before a migration). */
function lastBackup(databaseFile: string): SystemStatus["lastBackup"] {
  const dir = backupsDir(databaseFile);
  let newest: { file: string; at: number; bytes: number } | null = null;
  try {
    for (const name of fs.readdirSync(dir)) {
      if (!BACKUP_FILE.test(name)) continue;
      const stat = fs.statSync(path.join(dir, name));
      if (!newest || stat.mtimeMs > newest.at) newest = { file: path.join(dir, name), at: stat.mtimeMs, bytes: stat.size };
    }
  } catch {
    return null;
  }
  return newest ? { file: newest.file, at: new Date(newest.at).toISOString(), bytes: newest.bytes } : null;
}

/** When the server started: its first process marks it for the others (log.server.ts), else this process's start. */
function startedAt(now: number): number {
  const marked = Number(process.env.SERVER_STARTED_AT);
  return Number.isFinite(marked) && marked > 0 ? marked : now - process.uptime() * 1000;
}

/** How long the page waits for a bucket replica's listings before saying it could not tell. */
const REPLICA_LOOK_MS = 5000;

/** The replica's state (server/replica-status.ts), or a plain "could not tell" when a bucket is slow to answer. */
async function replica(now: number): Promise<ReplicaStatus> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), REPLICA_LOOK_MS);
  });
  const status = await Promise.race([replicaStatus({ now: () => now }), late]);
  clearTimeout(timer);
  if (status) return status;
  return {
    configured: true,
    kind: "s3",
    target: process.env.REPLICA_URL ?? "",
    lagSeconds: null,
    lastSnapshotAt: null,
    lastReplicatedAt: null,
    imagesWaiting: null,
    problem: `The replica did not answer within ${REPLICA_LOOK_MS / 1000} s.`,
  };
}

export async function systemStatus(db: DB, { statfs, now = Date.now() }: { statfs?: StatFs; now?: number } = {}): Promise<SystemStatus> {
  const file = databasePath();
  const started = startedAt(now);
  const log = readLogSummary({ limit: 50 });
  return {
    version: version(),
    migrations: migrations(db),
    startedAt: new Date(started).toISOString(),
    uptimeSeconds: Math.max(0, Math.round((now - started) / 1000)),
    // as server.ts decides: one process in development, else WEB_CONCURRENCY (one per core by default)
    processes: { count: process.env.NODE_ENV === "development" ? 1 : serverProcessCount(), answeredBy: process.pid },
    database: { file, bytes: sizeOf(file), walBytes: sizeOf(`${file}-wal`) },
    disk: diskSpace(path.dirname(file), statfs),
    replica: await replica(now),
    lastBackup: lastBackup(file),
    mail: {
      outboxWaiting: listOutbox({ limit: 0 }).total,
      smtp: Boolean(process.env.SMTP_URL?.trim()),
      failed: log.mailFailures,
      failedSince: log.since,
    },
    errors: log.errors,
    logFolder: log.folder,
    checkedAt: new Date(now).toISOString(),
  };
}
