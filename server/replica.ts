/**
 * The continuous replica (docs/decisions/0057): where REPLICA_URL points, the Litestream configuration written
 * for it, and the Litestream binary that `@flydotio/litestream-linux-x64` installs (docs/decisions/0057).
 *
 * REPLICA_URL is a folder (a path, or a file:// URL: a second disk, a mounted NAS share) or an S3-compatible
 * bucket (s3://bucket/prefix; REPLICA_S3_ENDPOINT names a store other than Amazon's, and Litestream reads the
 * keys from LITESTREAM_ACCESS_KEY_ID / LITESTREAM_SECRET_ACCESS_KEY or AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY).
 * Under it the database's replica is in `db/` and, for a folder, the product images are mirrored to `images/`.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Settings as the environment holds them (process.env, or a test's own). */
export type Settings = Record<string, string | undefined>;

export type ReplicaTarget =
  | { kind: "folder"; root: string; databaseReplica: string; images: string; display: string }
  | { kind: "s3"; url: string; databaseReplica: string; endpoint: string | null; display: string };

/** How often Litestream ships new WAL frames: the most a power cut can lose with a healthy replica. */
export const SYNC_INTERVAL = "1s";
/** A full snapshot this often: a restore replays at most this much WAL on top of one. */
export const SNAPSHOT_INTERVAL = "6h";
/** How far back a restore to a moment can go. */
export const RETENTION = "72h";

/** The replica REPLICA_URL names, or null when it is not set. An unusable value throws, saying why. */
export function replicaTarget(env: Settings = process.env): ReplicaTarget | null {
  const value = env.REPLICA_URL?.trim();
  if (!value) return null;
  if (/^s3:\/\//i.test(value)) {
    const url = new URL(value);
    if (!url.hostname) throw new Error(`REPLICA_URL=${value} names no bucket (s3://bucket/prefix).`);
    const prefix = url.pathname.replace(/\/+$/, "");
    const endpoint = env.REPLICA_S3_ENDPOINT?.trim() || null;
    return {
      kind: "s3",
      url: value,
      databaseReplica: `s3://${url.host}${prefix}/db`,
      endpoint,
      display: `s3://${url.host}${prefix}${endpoint ? ` at ${endpoint}` : ""}`,
    };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) && !/^file:\/\//i.test(value)) {
    throw new Error(`REPLICA_URL=${value}: a folder (path or file:// URL) or an s3:// bucket is expected.`);
  }
  const root = path.resolve(/^file:\/\//i.test(value) ? fileURLToPath(value) : value);
  return { kind: "folder", root, databaseReplica: path.join(root, "db"), images: path.join(root, "images"), display: root };
}

/** The Litestream configuration for `databaseFile` replicated to `target` (YAML; JSON strings are valid YAML). */
export function litestreamConfig(databaseFile: string, target: ReplicaTarget) {
  const replica =
    target.kind === "folder"
      ? [`        type: file`, `        path: ${JSON.stringify(target.databaseReplica)}`]
      : [`        url: ${JSON.stringify(target.databaseReplica)}`, ...(target.endpoint ? [`        endpoint: ${JSON.stringify(target.endpoint)}`] : [])];
  return [
    "# Written by npm start from REPLICA_URL at every start: edit .env, not this file.",
    // one line per WAL segment shipped (every second while orders come in) would bury the server's own log
    "logging:",
    "  level: warn",
    "dbs:",
    `  - path: ${JSON.stringify(path.resolve(databaseFile))}`,
    "    replicas:",
    "      - name: replica",
    ...replica,
    `        sync-interval: ${SYNC_INTERVAL}`,
    `        snapshot-interval: ${SNAPSHOT_INTERVAL}`,
    `        retention: ${RETENTION}`,
    "",
  ].join("\n");
}

/** Writes the configuration beside the database (`litestream.yml`) and returns its path. */
export function writeLitestreamConfig(databaseFile: string, target: ReplicaTarget) {
  const file = path.join(path.dirname(path.resolve(databaseFile)), "litestream.yml");
  const text = litestreamConfig(databaseFile, target);
  if (fs.existsSync(file) && fs.readFileSync(file, "utf8") === text) return file;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // by way of a temporary name: another process may be reading it (the System page's look at a bucket)
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text);
  fs.renameSync(temporary, file);
  return file;
}

/**
 * The Litestream executable, from Fly.io's package for this platform (an optional dependency); their wrapper
 * package's `litestream` command runs it through a Node wrapper that neither passes signals on nor keeps the exit
 * code, so the binary is run directly.
 */
export function litestreamBinary() {
  const require = createRequire(import.meta.url);
  const name = `@flydotio/litestream-${process.platform}-${process.arch}`;
  try {
    return path.join(path.dirname(require.resolve(`${name}/package.json`)), "litestream");
  } catch {
    throw new Error(`Litestream is not installed for ${process.platform}-${process.arch} (${name}); run npm ci.`);
  }
}

/** A generation of the replica: one unbroken run of changes, from its first snapshot to its last WAL segment. */
export type Generation = { name: string; start: number; end: number };
export type ReplicaListing = { generations: Generation[]; lastSnapshotMs: number | null };

/**
 * Reads `litestream snapshots` and `litestream wal` output (columns under a header; times RFC 3339, whole
 * seconds) into each generation's span and the newest snapshot. These two listings, unlike `generations`,
 * work when the database file is gone, which is when a restore needs them.
 */
export function parseListing(snapshots: string, wal: string): ReplicaListing {
  const rows = (output: string) => {
    const [header, ...lines] = output.trim().split("\n");
    const columns = header?.trim().split(/\s+/) ?? [];
    const generation = columns.indexOf("generation");
    const created = columns.indexOf("created");
    if (generation < 0 || created < 0) return [];
    return lines
      .map((line) => line.trim().split(/\s+/))
      .map((cells) => ({ name: cells[generation] ?? "", at: Date.parse(cells[created] ?? "") }))
      .filter((row) => row.name && Number.isFinite(row.at));
  };
  const snapshotRows = rows(snapshots);
  const spans = new Map<string, Generation>();
  for (const { name, at } of [...snapshotRows, ...rows(wal)]) {
    const span = spans.get(name);
    spans.set(name, span ? { name, start: Math.min(span.start, at), end: Math.max(span.end, at) } : { name, start: at, end: at });
  }
  return {
    generations: [...spans.values()].sort((a, b) => a.start - b.start),
    lastSnapshotMs: snapshotRows.length ? Math.max(...snapshotRows.map((row) => row.at)) : null,
  };
}

/** The replica's generations and newest snapshot, as Litestream lists them (any replica type). */
export async function readReplicaListing(databaseFile: string, target: ReplicaTarget): Promise<ReplicaListing> {
  const config = writeLitestreamConfig(databaseFile, target);
  const binary = litestreamBinary();
  // a WAL segment a second over three days is some 20 MB of listing
  const options = { timeout: 5 * 60_000, maxBuffer: 256 * 1024 * 1024 };
  const list = (command: string) =>
    run(binary, [command, "-config", config, databaseFile], options).catch((error: { stdout?: string; stderr?: string; message: string }) => {
      // Litestream logs its errors to stdout
      throw new Error(`litestream ${command}: ${(error.stderr || error.stdout || error.message).trim()}`);
    });
  const [snapshots, wal] = await Promise.all([list("snapshots"), list("wal")]);
  return parseListing(snapshots.stdout, wal.stdout);
}
