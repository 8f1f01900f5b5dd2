/**
 * A real S3-compatible server on this machine for the bucket replica's tests: s3rver (a dev dependency,
 * patched in patches/ so that a listing by folder finds folders more than one level deep, as Litestream
 * needs), storing its objects under `dir`, on a free loopback port, with one empty bucket.
 *
 * s3rver knows one key pair, S3RVER / S3RVER. It refuses a key id it does not know, but it does not check
 * Signature V4 signatures, so a wrong secret is not caught here (Amazon and every real store catch it).
 */
import fs from "node:fs";
import path from "node:path";
import S3rver from "s3rver";

export const S3RVER_KEYS = { LITESTREAM_ACCESS_KEY_ID: "S3RVER", LITESTREAM_SECRET_ACCESS_KEY: "S3RVER" };

export type LocalS3 = {
  endpoint: string;
  bucket: string;
  /** where s3rver keeps the objects (each key a file path of its own) */
  dir: string;
  /** the settings a replica in this bucket under `prefix` runs with */
  settings(prefix: string): Record<string, string>;
  close(): Promise<void>;
};

export async function startLocalS3(dir: string, bucket = "replica"): Promise<LocalS3> {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    dir,
    // AWS_* blank: keys of the developer's own in the shell would come first (server/replica.ts, s3Keys)
    settings: (prefix) => ({ REPLICA_URL: `s3://${bucket}/${prefix}`, REPLICA_S3_ENDPOINT: endpoint, AWS_ACCESS_KEY_ID: "", AWS_SECRET_ACCESS_KEY: "", ...S3RVER_KEYS }),
    close: () => server.close(),
  };
}

/** The objects stored under `prefix` in the bucket, by key (read from s3rver's own folder). */
export function storedKeys(s3: LocalS3, prefix: string) {
  const suffix = "._S3rver_object";
  const root = path.join(s3.dir, s3.bucket);
  const keys: string[] = [];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(suffix)) keys.push(path.relative(root, full).slice(0, -suffix.length).split(path.sep).join("/"));
    }
  };
  if (fs.existsSync(root)) walk(root);
  return keys.filter((key) => key.startsWith(prefix)).sort();
}
