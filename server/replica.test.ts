import path from "node:path";
import { describe, expect, it } from "vitest";
import { litestreamConfig, litestreamEnvironment, parseListing, replicaTarget, s3Keys } from "./replica";
import { lagSeconds } from "./replica-status";
import { restorePoint, ukTimeToInstant } from "./replica-restore";

describe("REPLICA_URL", () => {
  it("is optional", () => {
    expect(replicaTarget({})).toBeNull();
    expect(replicaTarget({ REPLICA_URL: "  " })).toBeNull();
  });

  it("names a folder by path or file:// URL, with the database and the images in folders of their own", () => {
    expect(replicaTarget({ REPLICA_URL: "/mnt/backup/shop" })).toEqual({
      kind: "folder",
      root: "/mnt/backup/shop",
      databaseReplica: "/mnt/backup/shop/db",
      images: "/mnt/backup/shop/images",
      display: "/mnt/backup/shop",
    });
    expect(replicaTarget({ REPLICA_URL: "file:///mnt/nas/trade%20counter" })).toMatchObject({ kind: "folder", root: "/mnt/nas/trade counter" });
    expect(replicaTarget({ REPLICA_URL: "replica" })).toMatchObject({ root: path.resolve("replica") });
  });

  const keys = { LITESTREAM_ACCESS_KEY_ID: "AKIDLITE", LITESTREAM_SECRET_ACCESS_KEY: "lite-secret" };

  it("names an S3-compatible bucket, with an endpoint and a region for a store other than Amazon's", () => {
    expect(
      replicaTarget({ REPLICA_URL: "s3://shop-backups/trade-counter/", REPLICA_S3_ENDPOINT: "https://s3.example.net/", REPLICA_S3_REGION: "fr-par", ...keys }),
    ).toEqual({
      kind: "s3",
      url: "s3://shop-backups/trade-counter/",
      bucket: "shop-backups",
      prefix: "trade-counter",
      databaseReplica: "trade-counter/db",
      imagesPrefix: "trade-counter/images/",
      endpoint: "https://s3.example.net",
      region: "fr-par",
      keys: { accessKeyId: "AKIDLITE", secretAccessKey: "lite-secret", sessionToken: null },
      display: "s3://shop-backups/trade-counter at https://s3.example.net",
    });
    expect(replicaTarget({ REPLICA_URL: "s3://top", ...keys })).toMatchObject({
      prefix: "",
      databaseReplica: "db",
      imagesPrefix: "images/",
      endpoint: null,
      region: null,
      display: "s3://top",
    });
    expect(replicaTarget({ REPLICA_URL: "s3://b/deep/er%20copy", ...keys })).toMatchObject({ prefix: "deep/er copy", imagesPrefix: "deep/er copy/images/" });
  });

  it("takes a bucket's keys as Litestream does: AWS_* first, else LITESTREAM_*, each on its own", () => {
    expect(s3Keys(keys)).toEqual({ accessKeyId: "AKIDLITE", secretAccessKey: "lite-secret", sessionToken: null });
    expect(s3Keys({ ...keys, AWS_ACCESS_KEY_ID: "AKIDAWS", AWS_SESSION_TOKEN: "tok" })).toEqual({
      accessKeyId: "AKIDAWS",
      secretAccessKey: "lite-secret",
      sessionToken: "tok",
    });
    expect(s3Keys({ ...keys, AWS_ACCESS_KEY_ID: " " })).toMatchObject({ accessKeyId: "AKIDLITE" });
    expect(s3Keys({ LITESTREAM_ACCESS_KEY_ID: "only-the-id" })).toBeNull();
    expect(() => replicaTarget({ REPLICA_URL: "s3://b/p" })).toThrow(/needs the bucket's keys: set LITESTREAM_ACCESS_KEY_ID and LITESTREAM_SECRET_ACCESS_KEY/);
  });

  it("hands Litestream the keys it found, as the AWS_* names it reads first", () => {
    const target = replicaTarget({ REPLICA_URL: "s3://b/p", ...keys })!;
    const env = litestreamEnvironment(target);
    expect(env).toMatchObject({ AWS_ACCESS_KEY_ID: "AKIDLITE", AWS_SECRET_ACCESS_KEY: "lite-secret" });
    expect(env.AWS_SESSION_TOKEN).toBeUndefined();
    expect(litestreamEnvironment(replicaTarget({ REPLICA_URL: "/mnt/copy" })!)).toBe(process.env);
  });

  it("refuses anything else, saying what is expected", () => {
    expect(() => replicaTarget({ REPLICA_URL: "https://example.com/backup" })).toThrow(/a folder .* or an s3:\/\/ bucket/);
    expect(() => replicaTarget({ REPLICA_URL: "s3:///nothing" })).toThrow(/no bucket/);
    const keys = { LITESTREAM_ACCESS_KEY_ID: "id", LITESTREAM_SECRET_ACCESS_KEY: "secret" };
    expect(() => replicaTarget({ REPLICA_URL: "s3://id:secret@bucket/p", ...keys })).toThrow(/must not hold the bucket's keys/);
    expect(() => replicaTarget({ REPLICA_URL: "s3://id:secret@bucket/p", ...keys })).not.toThrow(/secret@/);
    expect(() => replicaTarget({ REPLICA_URL: "s3://bucket:9000/p", ...keys })).toThrow(/goes in REPLICA_S3_ENDPOINT/);
    expect(() => replicaTarget({ REPLICA_URL: "s3://bucket/p?endpoint=x", ...keys })).toThrow(/goes in REPLICA_S3_ENDPOINT/);
    expect(() => replicaTarget({ REPLICA_URL: "s3://bucket/p", REPLICA_S3_ENDPOINT: "minio:9000", ...keys })).toThrow(/the store's address is expected/);
    expect(() => replicaTarget({ REPLICA_URL: "s3://bucket/p", REPLICA_S3_ENDPOINT: "http://minio:9000/bucket", ...keys })).toThrow(
      /the store's address is expected/,
    );
  });
});

describe("the Litestream configuration", () => {
  it("replicates the one database to the folder every second, keeping three days", () => {
    const yml = litestreamConfig("/srv/shop/data/app.db", replicaTarget({ REPLICA_URL: "/mnt/copy" })!);
    expect(yml).toContain('- path: "/srv/shop/data/app.db"');
    expect(yml).toContain("type: file");
    expect(yml).toContain('path: "/mnt/copy/db"');
    expect(yml).toMatch(/sync-interval: 1s/);
    expect(yml).toMatch(/retention: 72h/);
  });

  it("gives a bucket by name and path, with its endpoint and region, and never its keys", () => {
    const env = { REPLICA_URL: "s3://b/p", REPLICA_S3_ENDPOINT: "http://minio:9000", REPLICA_S3_REGION: "eu-west-2", LITESTREAM_ACCESS_KEY_ID: "id", AWS_SECRET_ACCESS_KEY: "secret" };
    const yml = litestreamConfig("/srv/app.db", replicaTarget(env)!);
    expect(yml).toContain("type: s3");
    expect(yml).toContain('bucket: "b"');
    expect(yml).toContain('path: "p/db"');
    expect(yml).toContain('endpoint: "http://minio:9000"');
    expect(yml).toContain('region: "eu-west-2"');
    expect(yml).not.toMatch(/secret|\bid\b/);
    const amazon = litestreamConfig("/srv/app.db", replicaTarget({ REPLICA_URL: "s3://b", LITESTREAM_ACCESS_KEY_ID: "id", LITESTREAM_SECRET_ACCESS_KEY: "s" })!);
    expect(amazon).toContain('path: "db"');
    expect(amazon).not.toMatch(/endpoint|region/);
  });
});

describe("a UK time for --at", () => {
  it("is GMT in winter and BST in summer", () => {
    expect(ukTimeToInstant("2026-11-27 14:05").toISOString()).toBe("2026-11-27T14:05:00.000Z");
    expect(ukTimeToInstant("2026-07-01 14:05:30").toISOString()).toBe("2026-07-01T13:05:30.000Z");
    expect(ukTimeToInstant("2026-07-01T09:00").toISOString()).toBe("2026-07-01T08:00:00.000Z");
  });

  it("takes the first of the two 01:30s when the clocks go back, and refuses the hour that never happens", () => {
    expect(ukTimeToInstant("2026-10-25 01:30").toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(() => ukTimeToInstant("2026-03-29 01:30")).toThrow(/does not exist/);
  });

  it("refuses what is not a date and time", () => {
    expect(() => ukTimeToInstant("yesterday")).toThrow(/not a time like/);
    expect(() => ukTimeToInstant("2026-11-27")).toThrow(/not a time like/);
  });
});

describe("Litestream's listings", () => {
  const snapshots = [
    "replica  generation        index  size  created",
    "replica  0a9c03d7e2b1c4aa  0      452   2026-11-27T08:00:00Z",
    "replica  0a9c03d7e2b1c4aa  9      452   2026-11-27T14:00:00Z",
    "replica  f1f55bdaa1a4ba79  0      452   2026-11-28T02:35:24Z",
  ].join("\n");
  const wal = [
    "replica  generation        index  offset  size  created",
    "replica  0a9c03d7e2b1c4aa  0      0       491   2026-11-27T08:00:01Z",
    "replica  0a9c03d7e2b1c4aa  12     16512   378   2026-11-27T23:10:05Z",
    "replica  f1f55bdaa1a4ba79  0      0       491   2026-11-28T02:35:24Z",
    "replica  f1f55bdaa1a4ba79  0      37112   428   2026-11-28T02:35:29Z",
  ].join("\n");
  const at = (iso: string) => Date.parse(iso);

  it("give each generation's span and the newest snapshot", () => {
    expect(parseListing(snapshots, wal)).toEqual({
      generations: [
        { name: "0a9c03d7e2b1c4aa", start: at("2026-11-27T08:00:00Z"), end: at("2026-11-27T23:10:05Z") },
        { name: "f1f55bdaa1a4ba79", start: at("2026-11-28T02:35:24Z"), end: at("2026-11-28T02:35:29Z") },
      ],
      lastSnapshotMs: at("2026-11-28T02:35:24Z"),
    });
    expect(parseListing("replica generation index size created\n", "")).toEqual({ generations: [], lastSnapshotMs: null });
  });

  it("say how to ask for a moment: by time inside a span, else the end of the generation before it", () => {
    const { generations } = parseListing(snapshots, wal);
    expect(restorePoint(generations, at("2026-11-27T12:00:00Z"))).toEqual({ timestamp: at("2026-11-27T12:00:00Z") });
    // in the last listed second: by time, with that generation's end if Litestream finds the moment after it
    expect(restorePoint(generations, at("2026-11-27T23:10:05.500Z"))).toEqual({ timestamp: at("2026-11-27T23:10:05.500Z"), fallback: "0a9c03d7e2b1c4aa" });
    // between two generations (the server was stopped), and after the last change
    expect(restorePoint(generations, at("2026-11-28T01:00:00Z"))).toEqual({ generation: "0a9c03d7e2b1c4aa" });
    expect(restorePoint(generations, at("2026-11-28T09:00:00Z"))).toEqual({ generation: "f1f55bdaa1a4ba79" });
    expect(restorePoint(generations, at("2026-11-27T07:00:00Z"))).toBeNull();
  });
});

describe("the replica's lag", () => {
  const now = Date.parse("2026-11-28T12:00:00Z");
  it("is 0 while the replica holds the database's last change, and unknown before it holds anything", () => {
    expect(lagSeconds(now - 5_000, now - 4_000, now)).toBe(0);
    expect(lagSeconds(null, now - 4_000, now)).toBe(0);
    expect(lagSeconds(now - 5_000, null, now)).toBeNull();
  });

  it("is the time since the replica last took a change, once the database has a newer one", () => {
    expect(lagSeconds(now - 1_000, now - 1_500, now)).toBe(2);
    expect(lagSeconds(now - 10_000, now - 600_000, now)).toBe(600);
  });

  it("gives a bucket's whole-second times their second: a change at .6 s is held by a segment listed at .0", () => {
    expect(lagSeconds(now - 4_400, now - 5_000, now, 1000)).toBe(0);
    expect(lagSeconds(now - 4_400, now - 5_000, now)).toBe(5);
    expect(lagSeconds(now - 3_000, now - 5_000, now, 1000)).toBe(5);
  });
});
