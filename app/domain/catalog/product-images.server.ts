/**
 * Stores product images beside the database (`<data folder>/images/`): the original under its content
 * hash, and square WebP renditions that the storefront, the POS grid and the back office show. Files are
 * written to a temporary name and renamed, so a half-written file is never served under a real name.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type sharp from "sharp";
import { databasePath } from "~/utils/db.server";
import { loadSharp } from "~/utils/libraries.server";
import { fail, ok, type Failure, type Result } from "~/utils/result";
import { workQueue } from "~/utils/work-queue";
import {
  IMAGE_FIELD,
  IMAGE_MAX_PIXELS,
  IMAGE_QUEUE_FULL,
  IMAGE_RENDITION_WIDTHS,
  IMAGE_TOO_LARGE,
  IMAGE_TOO_SLOW,
  IMAGE_UNREADABLE,
  IMAGE_WRONG_TYPE,
  PRODUCT_IMAGE_MAX_BYTES,
  imageDimensionsProblem,
  originalFileName,
  renditionFileName,
  sniffImageType,
  storedImageUrl,
  type ImageType,
} from "./product-images";


/** A picture at the limits takes well under a second here (0046); a pipeline that runs on past this is stopped. */
const IMAGE_TIMEOUT_SECONDS = 10;

/**
 * Pictures are made into renditions one at a time in this process; four more uploads may wait their turn
 * (each holds at most 5 MB meanwhile), and the next is answered 429 at once. Exported so a test can fill it.
 */
export const imageQueue = workQueue({ running: 1, waiting: 4 });
const QUEUE_RETRY_SECONDS = 5;

/** The folder stored images live in: `images/` beside the database file. */
export function imagesDir() {
  return path.join(path.dirname(databasePath()), "images");
}

/** Writes `bytes` to `file` unless it exists, by way of a temporary name (never half-written under its name). */
export function writeOnce(file: string, bytes: Buffer | Uint8Array) {
  if (fs.existsSync(file)) return;
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  fs.writeFileSync(temporary, bytes);
  fs.renameSync(temporary, file);
}

/** An upload that passed the checks made before any pixel is decoded: its bytes, type and content hash. */
export type CheckedUpload = { input: Buffer; type: ImageType; hash: string };

/** At most 5 MB and a JPEG, PNG or WebP by its bytes; a refusal is a 4xx on the `image` field. */
function checkUpload(bytes: Uint8Array): Result<CheckedUpload> {
  if (bytes.byteLength > PRODUCT_IMAGE_MAX_BYTES) return fail(413, IMAGE_TOO_LARGE, IMAGE_FIELD);
  const type = sniffImageType(bytes);
  if (!type) return fail(400, IMAGE_WRONG_TYPE, IMAGE_FIELD);
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return ok({ input, type, hash: crypto.createHash("sha256").update(input).digest("hex") });
}

/** The side and pixel limits, read from the header alone; null when the picture is within them. */
async function dimensionsRefusal(input: Buffer): Promise<Failure | null> {
  const size = await dimensionsOf(input);
  if (!size) return fail(400, IMAGE_UNREADABLE, IMAGE_FIELD);
  const tooBig = imageDimensionsProblem(size.width, size.height);
  return tooBig ? fail(400, tooBig, IMAGE_FIELD) : null;
}

/** Runs `work` in its turn in the image queue; a full queue is a 429, a failed or slow pipeline a 400. */
async function inImageQueue<T>(work: () => Promise<Result<T>>): Promise<Result<T>> {
  const made = await imageQueue.run(work);
  if (!made.ran) return { ...fail(429, IMAGE_QUEUE_FULL, IMAGE_FIELD), retryAfter: QUEUE_RETRY_SECONDS };
  return made.value;
}

/** A decoding pipeline with the pixel limit as a second guard and the time limit. */
async function guardedPipeline(input: Buffer) {
  const sharp = await loadSharp();
  return sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "error" }).timeout({ seconds: IMAGE_TIMEOUT_SECONDS });
}

/**
 * Makes something else of an uploaded picture (the company logo) through the same guards as a product
 * image: type by its bytes, 5 MB, the side and pixel limits from the header, one picture at a time with
 * the queue's room, and a time limit. `make` gets a pipeline that already carries the limits.
 */
export async function processUploadedImage<T>(
  bytes: Uint8Array,
  make: (pipeline: ReturnType<typeof sharp>, upload: CheckedUpload) => Promise<T>,
): Promise<Result<{ upload: CheckedUpload; value: T }>> {
  const checked = checkUpload(bytes);
  if (!checked.ok) return checked;
  const upload = checked.value;
  const refused = await dimensionsRefusal(upload.input);
  if (refused) return refused;
  return inImageQueue(async () => {
    try {
      return ok({ upload, value: await make(await guardedPipeline(upload.input), upload) });
    } catch (error) {
      return refusedWhileProcessing(error);
    }
  });
}

/**
 * Checks an upload is a JPEG, PNG or WebP (by its bytes) of at most 5 MB, 10,000 pixels a side and 40
 * megapixels (by its header, before any pixel is decoded) that opens, then stores it with its renditions.
 * Returns the URL to put in `products.image_url`; a refusal is a 4xx on the `image` field and writes nothing.
 */
export async function storeProductImage(bytes: Uint8Array): Promise<Result<{ imageUrl: string; hash: string }>> {
  const checked = checkUpload(bytes);
  if (!checked.ok) return checked;
  const { input, type, hash } = checked.value;
  const dir = imagesDir();
  const names = [originalFileName(hash, type), ...IMAGE_RENDITION_WIDTHS.map((width) => renditionFileName(hash, width))];
  // the same picture again: it was checked and its renditions made the first time
  if (names.every((name) => fs.existsSync(path.join(dir, name)))) return ok({ imageUrl: storedImageUrl(hash), hash });

  const refused = await dimensionsRefusal(input);
  if (refused) return refused;
  const made = await inImageQueue(() => renditionsOf(input, hash));
  if (!made.ok) return made;

  fs.mkdirSync(dir, { recursive: true });
  writeOnce(path.join(dir, originalFileName(hash, type)), input);
  for (const rendition of made.value) writeOnce(path.join(dir, rendition.name), rendition.data);
  return ok({ imageUrl: storedImageUrl(hash), hash });
}

/** The picture's width and height from its header alone (no pixel is decoded, whatever size it claims), or null. */
async function dimensionsOf(input: Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const sharp = await loadSharp();
    const { width, height } = await sharp(input, { limitInputPixels: false }).metadata();
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

/**
 * The square WebP renditions. The picture is decoded once, straight into the largest tile (turned upright
 * by its EXIF orientation, fitted on white); the smaller tiles are made from that tile. Each pipeline keeps
 * the pixel limit as a second guard and stops after IMAGE_TIMEOUT_SECONDS.
 */
async function renditionsOf(input: Buffer, hash: string): Promise<Result<{ name: string; data: Buffer }[]>> {
  const largest = Math.max(...IMAGE_RENDITION_WIDTHS);
  try {
    const sharp = await loadSharp();
    const tile = await (await guardedPipeline(input))
      .rotate()
      .flatten({ background: "#ffffff" })
      .resize(largest, largest, { fit: "contain", background: "#ffffff" })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: tile.info.width, height: tile.info.height, channels: tile.info.channels };
    const renditions: { name: string; data: Buffer }[] = [];
    for (const width of IMAGE_RENDITION_WIDTHS) {
      const data = await sharp(tile.data, { raw })
        .timeout({ seconds: IMAGE_TIMEOUT_SECONDS })
        .resize(width, width)
        .webp({ quality: 80 })
        .toBuffer();
      renditions.push({ name: renditionFileName(hash, width), data });
    }
    return ok(renditions);
  } catch (error) {
    return refusedWhileProcessing(error);
  }
}

function refusedWhileProcessing(error: unknown): Failure {
  const timedOut = error instanceof Error && /timeout/i.test(error.message);
  return fail(400, timedOut ? IMAGE_TOO_SLOW : IMAGE_UNREADABLE, IMAGE_FIELD);
}

/** An image the product form sent: its bytes, or that it was over the limit (and so not read). */
export type ImageUpload = { bytes: Uint8Array } | { tooLarge: true } | null;

/** The `image` part of a product form read by `readMultipartWithin`: null when no file was chosen. */
export async function imageUploadFrom(formData: FormData, oversized: ReadonlySet<string>): Promise<ImageUpload> {
  if (oversized.has(IMAGE_FIELD)) return { tooLarge: true };
  const file = formData.get(IMAGE_FIELD);
  // no file chosen: the browser sends an empty, nameless part
  if (!(file instanceof File) || (file.size === 0 && file.name === "")) return null;
  return { bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** Stores the uploaded image (if any) and gives the product input its URL; a refusal changes nothing. */
export async function withUploadedImage<T extends { imageUrl?: string | null }>(input: T, upload: ImageUpload): Promise<Result<T>> {
  if (!upload) return ok(input);
  if ("tooLarge" in upload) return fail(413, IMAGE_TOO_LARGE, IMAGE_FIELD);
  const stored = await storeProductImage(upload.bytes);
  if (!stored.ok) return stored;
  return ok({ ...input, imageUrl: stored.value.imageUrl });
}
