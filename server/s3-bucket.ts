/**
 * The few S3 calls the replica's image mirror needs (docs/decisions/0067): list the names under a prefix,
 * put an object, get one. Requests are signed with AWS Signature V4 by `aws4fetch` and sent with Node's own
 * fetch. A store other than Amazon's (REPLICA_S3_ENDPOINT) is addressed path-style (endpoint/bucket/key), as
 * Litestream addresses it; Amazon S3 virtual-hosted (bucket.s3.region.amazonaws.com/key), as Litestream does.
 */
import crypto from "node:crypto";
import { AwsClient } from "aws4fetch";
import type { S3Target } from "./replica";

/** Litestream's region for a store with an endpoint and no region given, and Amazon's default. */
export const DEFAULT_REGION = "us-east-1";
/** One request (a page of a listing, one picture) is given up after this. */
const REQUEST_TIMEOUT_MS = 60_000;

export type Bucket = {
  /** the names of the objects under `prefix` (what follows it in each key), across every page of the listing */
  list(prefix: string): Promise<string[]>;
  /** stores `body` under `key`; the store checks the body against its SHA-256 */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** the object under `key`, or null when there is none */
  get(key: string): Promise<Buffer | null>;
  /**
   * How far the store's clock is ahead of this box's (negative: behind), from the Date header of a small
   * listing. The header is in whole seconds, so the true figure is this or up to a second (and the request's
   * time) more.
   */
  clockOffsetMs(): Promise<number>;
};

/** A refusal from the store, with its S3 error code when it gave one. */
export class BucketError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: string | null,
  ) {
    super(message);
    this.name = "BucketError";
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Text of an XML element's content (entities decoded). */
export function xmlText(text: string) {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === "#") {
      const code = entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

/** The text of every `<name>…</name>` in `xml`, in order. */
function elements(xml: string, name: string) {
  return [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, "g"))].map((m) => xmlText(m[1] ?? ""));
}

/** One page of a ListObjectsV2 answer: the keys in it and the token for the next page, if any. */
export function parseListPage(xml: string): { keys: string[]; next: string | null } {
  // keys are only in <Contents>; common prefixes carry <Prefix>
  const keys = [...xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)].flatMap((m) => elements(m[1] ?? "", "Key"));
  const truncated = elements(xml, "IsTruncated")[0] === "true";
  const next = truncated ? (elements(xml, "NextContinuationToken")[0] ?? null) : null;
  if (truncated && !next) throw new BucketError("The store said the listing goes on but gave no token for the next page.", null, null);
  return { keys, next };
}

/** The store's own words for a refusal (`<Error><Code>…</Code><Message>…</Message></Error>`). */
async function refusal(response: Response, what: string) {
  const body = await response.text().catch(() => "");
  const code = elements(body, "Code")[0] ?? null;
  const message = elements(body, "Message")[0] ?? null;
  const said = [code, message].filter(Boolean).join(": ") || response.statusText || "no reason given";
  return new BucketError(`${what}: the store answered ${response.status} (${said}).`, response.status, code);
}

/** Amazon buckets' regions by name, as found (a bucket does not move between regions). */
const amazonRegions = new Map<string, Promise<string>>();

/** Each part of a key encoded for a URL path, the slashes kept. */
const keyPath = (key: string) => key.split("/").map(encodeURIComponent).join("/");

/** `pageSize`: keys asked for a page of a listing (the store's own limit, 1000 on Amazon, when not given). */
export function openBucket(target: S3Target, { pageSize }: { pageSize?: number } = {}): Bucket {
  const { bucket, endpoint, keys } = target;
  const clients = new Map<string, AwsClient>();
  const client = (region: string) => {
    let made = clients.get(region);
    if (!made) {
      made = new AwsClient({
        accessKeyId: keys.accessKeyId,
        secretAccessKey: keys.secretAccessKey,
        sessionToken: keys.sessionToken ?? undefined,
        service: "s3",
        region,
        // a store that is down is reported at once; the mirror tries again on its next round
        retries: 1,
      });
      clients.set(region, made);
    }
    return made;
  };

  async function send(url: string, region: string, init: RequestInit, what: string) {
    try {
      return await client(region).fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      const cause = (error as { cause?: { message?: string; code?: string } }).cause;
      const reason = cause?.code ?? cause?.message ?? (error as Error).message;
      throw new BucketError(`${what}: ${endpoint ?? "Amazon S3"} could not be reached (${reason}).`, null, null);
    }
  }

  // Amazon's region for the bucket, asked once per process as Litestream asks it (GetBucketLocation, signed for us-east-1)
  function region(): Promise<string> {
    if (target.region) return Promise.resolve(target.region);
    if (endpoint) return Promise.resolve(DEFAULT_REGION);
    let found = amazonRegions.get(bucket);
    if (!found) {
      found = (async () => {
        const response = await send(`https://s3.amazonaws.com/${encodeURIComponent(bucket)}?location`, DEFAULT_REGION, {}, `Finding the region of bucket ${bucket}`);
        if (!response.ok) throw await refusal(response, `Finding the region of bucket ${bucket}`);
        return elements(await response.text(), "LocationConstraint")[0] || DEFAULT_REGION;
      })();
      const asked = found;
      amazonRegions.set(bucket, asked);
      // a failed look is not kept: the next asks again
      asked.catch(() => {
        if (amazonRegions.get(bucket) === asked) amazonRegions.delete(bucket);
      });
    }
    return found;
  }

  /** The URL of `key` in the bucket ("" for the bucket itself). */
  function urlOf(key: string, where: string) {
    if (endpoint) return `${endpoint}/${encodeURIComponent(bucket)}/${keyPath(key)}`;
    // a bucket name with dots does not match Amazon's certificate as a host name: path-style then, as Litestream's SDK does
    if (bucket.includes(".")) return `https://s3.${where}.amazonaws.com/${encodeURIComponent(bucket)}/${keyPath(key)}`;
    return `https://${bucket}.s3.${where}.amazonaws.com/${keyPath(key)}`;
  }

  return {
    async list(prefix) {
      const where = await region();
      const names: string[] = [];
      let token: string | null = null;
      do {
        const query = new URLSearchParams({ "list-type": "2", prefix });
        if (token) query.set("continuation-token", token);
        if (pageSize) query.set("max-keys", String(pageSize));
        const what = `Listing s3://${bucket}/${prefix}`;
        const response = await send(`${urlOf("", where)}?${query}`, where, {}, what);
        if (!response.ok) throw await refusal(response, what);
        const page = parseListPage(await response.text());
        for (const key of page.keys) if (key.startsWith(prefix)) names.push(key.slice(prefix.length));
        token = page.next;
      } while (token);
      return names;
    },

    async put(key, body, contentType) {
      const where = await region();
      const what = `Storing s3://${bucket}/${key}`;
      const sha256 = crypto.createHash("sha256").update(body).digest("hex");
      const response = await send(
        urlOf(key, where),
        where,
        { method: "PUT", body: body as Uint8Array<ArrayBuffer>, headers: { "Content-Type": contentType, "X-Amz-Content-Sha256": sha256 } },
        what,
      );
      if (!response.ok) throw await refusal(response, what);
      await response.arrayBuffer();
    },

    async clockOffsetMs() {
      const where = await region();
      const what = `Reading the time of s3://${bucket}`;
      const query = new URLSearchParams({ "list-type": "2", prefix: target.prefix ? `${target.prefix}/` : "", "max-keys": "1" });
      const sent = Date.now();
      const response = await send(`${urlOf("", where)}?${query}`, where, {}, what);
      const received = Date.now();
      if (!response.ok) throw await refusal(response, what);
      await response.arrayBuffer();
      const date = Date.parse(response.headers.get("date") ?? "");
      if (!Number.isFinite(date)) throw new BucketError(`${what}: the store's answer has no Date.`, response.status, null);
      // the store wrote its time between `sent` and `received`; the header rounds it down to the second
      return date - Math.round((sent + received) / 2);
    },

    async get(key) {
      const where = await region();
      const what = `Reading s3://${bucket}/${key}`;
      const response = await send(urlOf(key, where), where, {}, what);
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok) throw await refusal(response, what);
      return Buffer.from(await response.arrayBuffer());
    },
  };
}
