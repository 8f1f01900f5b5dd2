/**
 * The bucket client and the image mirror against a real S3-compatible server on this machine (s3rver,
 * tests/support/s3-server.ts): signed requests, listings over several pages, a picture stored and fetched
 * byte for byte, a missing one, a refused key and a store that does not answer.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startLocalS3, storedKeys, type LocalS3 } from "../tests/support/s3-server";
import { replicaTarget, type S3Target } from "./replica";
import { bucketImageMirror, bucketImagesWaiting, fetchBucketImages } from "./replica-images";
import { BucketError, openBucket, parseListPage, xmlText } from "./s3-bucket";

let s3: LocalS3;
let work: string;
beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "s3-bucket-"));
  s3 = await startLocalS3(path.join(work, "store"));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const targetFor = (prefix: string, extra: Record<string, string> = {}) => replicaTarget({ ...s3.settings(prefix), ...extra }) as S3Target;

/** A data folder with an images folder holding `pictures` (name → bytes). */
function dataFolder(name: string, pictures: Record<string, Buffer>) {
  const databaseFile = path.join(work, name, "app.db");
  fs.mkdirSync(path.join(work, name, "images"), { recursive: true });
  for (const [file, bytes] of Object.entries(pictures)) fs.writeFileSync(path.join(work, name, "images", file), bytes);
  return databaseFile;
}

describe("a ListObjectsV2 answer", () => {
  it("gives the keys of the objects, not the common prefixes, and the next page's token", () => {
    const xml =
      '<?xml version="1.0"?><ListBucketResult><Name>b</Name><Prefix>p/</Prefix><IsTruncated>true</IsTruncated>' +
      "<Contents><Key>p/a&amp;b.webp</Key><Size>3</Size></Contents><Contents><Key>p/c.png</Key></Contents>" +
      "<CommonPrefixes><Prefix>p/sub/</Prefix></CommonPrefixes><NextContinuationToken>tok+/=</NextContinuationToken></ListBucketResult>";
    expect(parseListPage(xml)).toEqual({ keys: ["p/a&b.webp", "p/c.png"], next: "tok+/=" });
    expect(parseListPage("<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>")).toEqual({ keys: [], next: null });
    expect(() => parseListPage("<ListBucketResult><IsTruncated>true</IsTruncated></ListBucketResult>")).toThrow(/no token/);
  });

  it("decodes XML's entities", () => {
    expect(xmlText("a&lt;b&gt;&quot;c&apos;&#38;&#x41;&unknown;")).toBe("a<b>\"c'&A&unknown;");
  });
});

describe("the bucket client on a real S3-compatible server", () => {
  it("stores, lists over several pages and fetches objects byte for byte", async () => {
    const bucket = openBucket(targetFor("client"), { pageSize: 2 });
    const pictures = Array.from({ length: 5 }, (_, i) => ({ key: `client/images/${i}-${"ab".repeat(8)}.webp`, body: crypto.randomBytes(2000 + i) }));
    for (const { key, body } of pictures) await bucket.put(key, body, "image/webp");
    await bucket.put("client/other/not-a-picture.txt", Buffer.from("x"), "text/plain");

    expect(storedKeys(s3, "client/images/")).toEqual(pictures.map((p) => p.key).sort());
    // five keys two to a page: three pages
    expect((await bucket.list("client/images/")).sort()).toEqual(pictures.map((p) => p.key.slice("client/images/".length)).sort());
    expect(await bucket.list("client/nothing-here/")).toEqual([]);
    expect((await bucket.get(pictures[3]!.key))!.equals(pictures[3]!.body)).toBe(true);
    expect(await bucket.get("client/images/missing.webp")).toBeNull();
  });

  it("names the store's refusal of an unknown key, and a store that does not answer", async () => {
    const refused = openBucket(targetFor("client", { LITESTREAM_ACCESS_KEY_ID: "NOT-A-KEY" }));
    const error = await refused.list("client/").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BucketError);
    expect((error as BucketError).message).toMatch(/^Listing s3:\/\/replica\/client\/: the store answered 403 \(InvalidAccessKeyId: /);

    // a loopback port nobody listens on
    const probe = net.createServer().listen(0, "127.0.0.1");
    await new Promise((resolve) => probe.once("listening", resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const nowhere = openBucket(targetFor("client", { REPLICA_S3_ENDPOINT: `http://127.0.0.1:${port}` }));
    await expect(nowhere.put("client/x.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(
      `Storing s3://replica/client/x.webp: http://127.0.0.1:${port} could not be reached (ECONNREFUSED).`,
    );
  });
});

describe("addressing Amazon S3 (no endpoint)", () => {
  it("asks the bucket's region once, as Litestream does, then signs for it at the bucket's own host", async () => {
    const seen: { url: string; scope: string }[] = [];
    vi.stubGlobal("fetch", async (request: Request) => {
      const scope = /Credential=[^/]+\/\d{8}\/([^/]+)\/s3\//.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
      seen.push({ url: request.url, scope });
      if (request.url.endsWith("?location")) return new Response("<LocationConstraint>eu-west-2</LocationConstraint>");
      return new Response("<ListBucketResult><IsTruncated>false</IsTruncated><Contents><Key>shop/images/a.webp</Key></Contents></ListBucketResult>");
    });
    try {
      const keys = { LITESTREAM_ACCESS_KEY_ID: "AKID", LITESTREAM_SECRET_ACCESS_KEY: "secret" };
      const bucket = openBucket(replicaTarget({ REPLICA_URL: "s3://shop-copies/shop", ...keys }) as S3Target);
      expect(await bucket.list("shop/images/")).toEqual(["a.webp"]);
      expect(await bucket.list("shop/images/")).toEqual(["a.webp"]);
      expect(seen).toEqual([
        { url: "https://s3.amazonaws.com/shop-copies?location", scope: "us-east-1" },
        { url: "https://shop-copies.s3.eu-west-2.amazonaws.com/?list-type=2&prefix=shop%2Fimages%2F", scope: "eu-west-2" },
        { url: "https://shop-copies.s3.eu-west-2.amazonaws.com/?list-type=2&prefix=shop%2Fimages%2F", scope: "eu-west-2" },
      ]);
      // a region given, and a bucket name with dots (path-style: the certificate names no such host)
      seen.length = 0;
      const dotted = openBucket(replicaTarget({ REPLICA_URL: "s3://copies.example.co.uk/shop", REPLICA_S3_REGION: "eu-west-1", ...keys }) as S3Target);
      await dotted.get("shop/images/a b.webp");
      expect(seen).toEqual([{ url: "https://s3.eu-west-1.amazonaws.com/copies.example.co.uk/shop/images/a%20b.webp", scope: "eu-west-1" }]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("the product images in a bucket replica", () => {
  it("uploads only what the bucket lacks, remembers what it sent, and a restore fetches the missing ones", async () => {
    const first = crypto.randomBytes(3000);
    const second = crypto.randomBytes(4000);
    const databaseFile = dataFolder("shop", { "aaaa-640.webp": first, "aaaa.jpg": second, "half.webp.123.tmp": Buffer.from("half") });
    const target = targetFor("shop");
    // a picture already in the bucket (an earlier run) is not sent again
    await openBucket(target).put("shop/images/aaaa.jpg", second, "image/jpeg");

    let puts = 0;
    let lists = 0;
    const real = openBucket(target);
    const counted = {
      ...real,
      list: (prefix: string) => (lists++, real.list(prefix)),
      put: (key: string, body: Uint8Array, type: string) => (puts++, real.put(key, body, type)),
    };
    expect(await bucketImagesWaiting(databaseFile, target)).toBe(1);
    const mirror = bucketImageMirror(databaseFile, target, counted);
    // two calls at once are one round
    const [a, b] = await Promise.all([mirror.mirror(), mirror.mirror()]);
    expect([a, b]).toEqual([1, 1]);
    expect(storedKeys(s3, "shop/")).toEqual(["shop/images/aaaa-640.webp", "shop/images/aaaa.jpg"]);
    expect(await bucketImagesWaiting(databaseFile, target)).toBe(0);

    // a new picture: one upload, and no second listing of the bucket
    fs.writeFileSync(path.join(path.dirname(databaseFile), "images", "bbbb-160.webp"), first);
    expect(await bucketImagesWaiting(databaseFile, target)).toBe(1);
    expect(await mirror.mirror()).toBe(1);
    expect(await mirror.mirror()).toBe(0);
    expect({ puts, lists }).toEqual({ puts: 2, lists: 1 });

    // the disk is lost: a restore fetches every picture, and the next one fetches nothing again
    const restored = path.join(work, "restored", "app.db");
    expect(await fetchBucketImages(restored, target)).toBe(3);
    const images = path.join(work, "restored", "images");
    expect(fs.readdirSync(images).sort()).toEqual(["aaaa-640.webp", "aaaa.jpg", "bbbb-160.webp"]);
    expect(fs.readFileSync(path.join(images, "aaaa-640.webp")).equals(first)).toBe(true);
    expect(fs.readFileSync(path.join(images, "aaaa.jpg")).equals(second)).toBe(true);
    expect(await fetchBucketImages(restored, target)).toBe(0);
  });

  it("a failed upload is tried again on the next round", async () => {
    const databaseFile = dataFolder("flaky", { "cccc-320.webp": crypto.randomBytes(100) });
    const target = targetFor("flaky");
    const real = openBucket(target);
    let failNext = true;
    const flaky = {
      ...real,
      put: async (key: string, body: Uint8Array, type: string) => {
        if (failNext) {
          failNext = false;
          throw new BucketError("Storing: the store answered 503 (SlowDown).", 503, "SlowDown");
        }
        return real.put(key, body, type);
      },
    };
    const mirror = bucketImageMirror(databaseFile, target, flaky);
    await expect(mirror.mirror()).rejects.toThrow(/SlowDown/);
    expect(await mirror.mirror()).toBe(1);
    expect(storedKeys(s3, "flaky/")).toEqual(["flaky/images/cccc-320.webp"]);
  });
});
