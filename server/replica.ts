/**
 * The continuous replica (docs/decisions/0057, 0067): where REPLICA_URL points, the Litestream configuration
 * written for it, and the Litestream binary that `@flydotio/litestream-linux-x64` installs (docs/decisions/0057).
 *
 * REPLICA_URL is a folder (a path, or a file:// URL: a second disk, a mounted NAS share) or an S3-compatible
 * bucket (s3://bucket/prefix). For a bucket, REPLICA_S3_ENDPOINT names a store other than Amazon's and
 * REPLICA_S3_REGION its region (else us-east-1 with an endpoint, or the bucket's own region on Amazon, as
 * Litestream reckons it), and the keys are read as Litestream reads them: AWS_ACCESS_KEY_ID /
 * AWS_SECRET_ACCESS_KEY, else LITESTREAM_ACCESS_KEY_ID / LITESTREAM_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN).
 * The keys found are handed to Litestream, so the database and the images go with the same pair.
 * Under REPLICA_URL the database's replica is in `db/` and the product images are mirrored to `images/`.
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

/** The keys to a bucket; never shown or logged. */
export type S3Keys = { accessKeyId: string; secretAccessKey: string; sessionToken: string | null };

export type S3Target = {
  kind: "s3";
  url: string;
  bucket: string;
  /** the folder in the bucket REPLICA_URL names, without slashes at either end ("" for the bucket's top) */
  prefix: string;
  /** the database's replica: `<prefix>/db`, as Litestream's `path` in the bucket */
  databaseReplica: string;
  /** the product images: `<prefix>/images/<name>` */
  imagesPrefix: string;
  /** a store other than Amazon's (http or https URL), reached path-style; null for Amazon S3 */
  endpoint: string | null;
  /** null: us-east-1 with an endpoint, else the bucket's own region, asked of Amazon */
  region: string | null;
  keys: S3Keys;
  /** where the replica is, without keys */
  display: string;
};

export type ReplicaTarget = { kind: "folder"; root: string; databaseReplica: string; images: string; display: string } | S3Target;

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
  if (/^s3:\/\//i.test(value)) return bucketTarget(value, env);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) && !/^file:\/\//i.test(value)) {
    throw new Error(`REPLICA_URL=${value}: a folder (path or file:// URL) or an s3:// bucket is expected.`);
  }
  const root = path.resolve(/^file:\/\//i.test(value) ? fileURLToPath(value) : value);
  return { kind: "folder", root, databaseReplica: path.join(root, "db"), images: path.join(root, "images"), display: root };
}

/** The keys as Litestream 0.3 takes them: AWS_* when set, else LITESTREAM_* (each key on its own). */
export function s3Keys(env: Settings = process.env): S3Keys | null {
  const pick = (...names: string[]) => names.map((name) => env[name]?.trim()).find((v) => v) ?? null;
  const accessKeyId = pick("AWS_ACCESS_KEY_ID", "LITESTREAM_ACCESS_KEY_ID");
  const secretAccessKey = pick("AWS_SECRET_ACCESS_KEY", "LITESTREAM_SECRET_ACCESS_KEY");
  if (!accessKeyId || !secretAccessKey) return null;
  return { accessKeyId, secretAccessKey, sessionToken: pick("AWS_SESSION_TOKEN") };
}

function bucketTarget(value: string, env: Settings): S3Target {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`REPLICA_URL=${value} is not a bucket URL like s3://bucket/prefix.`);
  }
  if (!url.hostname) throw new Error(`REPLICA_URL=${value} names no bucket (s3://bucket/prefix).`);
  if (url.username || url.password) {
    throw new Error("REPLICA_URL must not hold the bucket's keys: set LITESTREAM_ACCESS_KEY_ID and LITESTREAM_SECRET_ACCESS_KEY instead.");
  }
  if (url.port || url.search) {
    throw new Error(`REPLICA_URL=${value}: give the bucket and folder only (s3://bucket/prefix); a store's address goes in REPLICA_S3_ENDPOINT.`);
  }
  const bucket = url.hostname;
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, "");
  const endpoint = env.REPLICA_S3_ENDPOINT?.trim().replace(/\/+$/, "") || null;
  if (endpoint !== null) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(endpoint);
    } catch {
      parsed = null;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.pathname !== "/" || parsed.search) {
      throw new Error(`REPLICA_S3_ENDPOINT=${endpoint}: the store's address is expected, like https://s3.example.net or http://127.0.0.1:9000.`);
    }
  }
  const keys = s3Keys(env);
  if (!keys) {
    throw new Error(
      `REPLICA_URL=${value} needs the bucket's keys: set LITESTREAM_ACCESS_KEY_ID and LITESTREAM_SECRET_ACCESS_KEY (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY).`,
    );
  }
  const under = (name: string) => (prefix ? `${prefix}/${name}` : name);
  const where = `s3://${bucket}${prefix ? `/${prefix}` : ""}`;
  return {
    kind: "s3",
    url: value,
    bucket,
    prefix,
    databaseReplica: under("db"),
    imagesPrefix: `${under("images")}/`,
    endpoint,
    region: env.REPLICA_S3_REGION?.trim() || null,
    keys,
    display: `${where}${endpoint ? ` at ${endpoint}` : ""}`,
  };
}

/**
 * The environment a Litestream command runs with: the server's, and for a bucket the keys found above as
 * AWS_* (which Litestream takes before its own LITESTREAM_* names), so it uses the pair the image mirror uses.
 */
export function litestreamEnvironment(target: ReplicaTarget): NodeJS.ProcessEnv {
  if (target.kind !== "s3") return process.env;
  const { accessKeyId, secretAccessKey, sessionToken } = target.keys;
  const env: NodeJS.ProcessEnv = { ...process.env, AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey };
  if (sessionToken) env.AWS_SESSION_TOKEN = sessionToken;
  else delete env.AWS_SESSION_TOKEN;
  return env;
}

/** The Litestream configuration for `databaseFile` replicated to `target` (YAML; JSON strings are valid YAML). */
export function litestreamConfig(databaseFile: string, target: ReplicaTarget) {
  const replica =
    target.kind === "folder"
      ? [`        type: file`, `        path: ${JSON.stringify(target.databaseReplica)}`]
      : [
          // bucket and path as the image mirror names them (a URL would have Litestream guess a store from the bucket's name)
          `        type: s3`,
          `        bucket: ${JSON.stringify(target.bucket)}`,
          `        path: ${JSON.stringify(target.databaseReplica)}`,
          // with an endpoint Litestream addresses the bucket path-style, as the image mirror does
          ...(target.endpoint ? [`        endpoint: ${JSON.stringify(target.endpoint)}`] : []),
          ...(target.region ? [`        region: ${JSON.stringify(target.region)}`] : []),
        ];
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
    run(binary, [command, "-config", config, databaseFile], { ...options, env: litestreamEnvironment(target) }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
      // Litestream logs its errors to stdout
      throw new Error(`litestream ${command}: ${(error.stderr || error.stdout || error.message).trim()}`);
    });
  const [snapshots, wal] = await Promise.all([list("snapshots"), list("wal")]);
  return parseListing(snapshots.stdout, wal.stdout);
}
