/**
 * Stores product images beside the database (`<data folder>/images/`): the original under its content
 * hash, and square WebP renditions that the storefront, the POS grid and the back office show. Files are
 * written to a temporary name and renamed, so a half-written file is never served under a real name.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { databasePath } from "~/utils/db.server";
import { fail, ok, type Result } from "~/utils/result";
import {
  IMAGE_FIELD,
  IMAGE_RENDITION_WIDTHS,
  IMAGE_TOO_LARGE,
  IMAGE_UNREADABLE,
  IMAGE_WRONG_TYPE,
  PRODUCT_IMAGE_MAX_BYTES,
  originalFileName,
  renditionFileName,
  sniffImageType,
  storedImageUrl,
} from "./product-images";

/** A decompression bomb (a tiny file that opens to a huge bitmap) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

/** The folder stored images live in: `images/` beside the database file. */
export function imagesDir() {
  return path.join(path.dirname(databasePath()), "images");
}

function writeOnce(file: string, bytes: Buffer | Uint8Array) {
  if (fs.existsSync(file)) return;
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  fs.writeFileSync(temporary, bytes);
  fs.renameSync(temporary, file);
}

/**
 * Checks an upload is a JPEG, PNG or WebP (by its bytes) of at most 5 MB that opens, then stores it with
 * its renditions. Returns the URL to put in `products.image_url`; a refusal is a 400 on the `image` field
 * and writes nothing.
 */
export async function storeProductImage(bytes: Uint8Array): Promise<Result<{ imageUrl: string; hash: string }>> {
  if (bytes.byteLength > PRODUCT_IMAGE_MAX_BYTES) return fail(413, IMAGE_TOO_LARGE, IMAGE_FIELD);
  const type = sniffImageType(bytes);
  if (!type) return fail(400, IMAGE_WRONG_TYPE, IMAGE_FIELD);

  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const hash = crypto.createHash("sha256").update(input).digest("hex");
  const dir = imagesDir();
  const names = [originalFileName(hash, type), ...IMAGE_RENDITION_WIDTHS.map((width) => renditionFileName(hash, width))];
  // the same picture again: it was checked and its renditions made the first time
  if (names.every((name) => fs.existsSync(path.join(dir, name)))) return ok({ imageUrl: storedImageUrl(hash), hash });
  let renditions: { name: string; data: Buffer }[];
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
    const meta = await image.metadata();
    if (!meta.width || !meta.height) return fail(400, IMAGE_UNREADABLE, IMAGE_FIELD);
    renditions = await Promise.all(
      IMAGE_RENDITION_WIDTHS.map(async (width) => ({
        name: renditionFileName(hash, width),
        data: await image
          .clone()
          .rotate() // upright by the camera's EXIF orientation
          .flatten({ background: "#ffffff" })
          .resize(width, width, { fit: "contain", background: "#ffffff" })
          .webp({ quality: 80 })
          .toBuffer(),
      })),
    );
  } catch {
    return fail(400, IMAGE_UNREADABLE, IMAGE_FIELD);
  }

  fs.mkdirSync(dir, { recursive: true });
  writeOnce(path.join(dir, originalFileName(hash, type)), input);
  for (const rendition of renditions) writeOnce(path.join(dir, rendition.name), rendition.data);
  return ok({ imageUrl: storedImageUrl(hash), hash });
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
