/**
 * The product images in a bucket replica (docs/decisions/0067): mirrored beside the database's replica under
 * `<prefix>/images/`, and brought back by a restore. A picture is named by its content and never changed
 * under its name, so the mirror lists the bucket once, then uploads only the names it has not seen there
 * or uploaded since; a name already there is the same picture.
 */
import fsp from "node:fs/promises";
import path from "node:path";
import { imagesBeside, isImageToCopy } from "./backup";
import type { S3Target } from "./replica";
import { openBucket, type Bucket } from "./s3-bucket";

/** Pictures sent or fetched at once: enough to keep a link busy, few enough for a small box. */
const AT_ONCE = 4;

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
};

export function contentTypeOf(name: string) {
  return CONTENT_TYPES[path.extname(name).toLowerCase()] ?? "application/octet-stream";
}

/** Runs `work` on every item, `AT_ONCE` at a time; the first failure is thrown once all have settled. */
async function eachAtOnce<T>(items: T[], work: (item: T) => Promise<void>) {
  let next = 0;
  let failure: unknown = null;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, items.length) }, lane));
  if (failure) throw failure;
}

/** The pictures in the images folder beside `databaseFile` (none when there is no folder). */
async function localImages(databaseFile: string) {
  return (await fsp.readdir(imagesBeside(databaseFile)).catch(() => [] as string[])).filter(isImageToCopy);
}

/** The pictures in the bucket: names directly under the images prefix. */
export async function bucketImages(target: S3Target, bucket: Bucket = openBucket(target)) {
  return (await bucket.list(target.imagesPrefix)).filter((name) => name && !name.includes("/") && isImageToCopy(name));
}

export type BucketImageMirror = {
  /** uploads the pictures the bucket lacks; the number uploaded. One round at a time: a second call joins the first. */
  mirror(): Promise<number>;
};

export function bucketImageMirror(databaseFile: string, target: S3Target, bucket: Bucket = openBucket(target)): BucketImageMirror {
  // the names known to be in the bucket: listed once (again only after a failed listing), then added to
  let inBucket: Set<string> | null = null;
  let round: Promise<number> | null = null;

  async function once() {
    const local = await localImages(databaseFile);
    if (local.length === 0) return 0;
    inBucket ??= new Set(await bucketImages(target, bucket));
    const known = inBucket;
    const missing = local.filter((name) => !known.has(name));
    let uploaded = 0;
    const dir = imagesBeside(databaseFile);
    await eachAtOnce(missing, async (name) => {
      const body = await fsp.readFile(path.join(dir, name));
      await bucket.put(target.imagesPrefix + name, body, contentTypeOf(name));
      known.add(name);
      uploaded++;
    });
    return uploaded;
  }

  return {
    mirror() {
      round ??= once().finally(() => {
        round = null;
      });
      return round;
    },
  };
}

/**
 * Fetches the bucket's pictures that the images folder beside `databaseFile` lacks (by a temporary name, so an
 * interrupted restore never leaves half a picture under a real one); the number fetched.
 */
export async function fetchBucketImages(databaseFile: string, target: S3Target, bucket: Bucket = openBucket(target)) {
  const dir = imagesBeside(databaseFile);
  await fsp.mkdir(dir, { recursive: true });
  const present = new Set(await fsp.readdir(dir));
  const missing = (await bucketImages(target, bucket)).filter((name) => !present.has(name));
  let fetched = 0;
  await eachAtOnce(missing, async (name) => {
    const body = await bucket.get(target.imagesPrefix + name);
    // listed a moment ago and gone now: nothing to put back
    if (body === null) return;
    const file = path.join(dir, name);
    const temporary = `${file}.${process.pid}.tmp`;
    await fsp.writeFile(temporary, body);
    await fsp.rename(temporary, file);
    fetched++;
  });
  return fetched;
}

/** Pictures beside `databaseFile` that the bucket does not have yet (one listing of the bucket). */
export async function bucketImagesWaiting(databaseFile: string, target: S3Target, bucket: Bucket = openBucket(target)) {
  const local = await localImages(databaseFile);
  if (local.length === 0) return 0;
  const there = new Set(await bucketImages(target, bucket));
  return local.filter((name) => !there.has(name)).length;
}
