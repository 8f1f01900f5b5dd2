/**
 * Product images, the rules that need no server: which uploads are images we take (by their bytes, not
 * their name), how stored images are named, and which renditions an `<img>` can choose from.
 *
 * A stored image is named by the SHA-256 of its bytes, so a name never changes its content: the files are
 * cached for a year and the same picture uploaded twice is stored once. Renditions are square WebP tiles
 * (the whole picture fitted on white) so every `<img>` knows its width and height from the name alone.
 */

/** The largest image the product form takes. */
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Rendition widths in pixels: grid cards and the POS grid use the small ones, the product page the large. */
export const IMAGE_RENDITION_WIDTHS = [160, 320, 640] as const;
export type RenditionWidth = (typeof IMAGE_RENDITION_WIDTHS)[number];

/** Where the app serves stored images from. */
export const IMAGES_PATH = "/images";

export const IMAGE_FIELD = "image";

export const IMAGE_WRONG_TYPE = "Choose a JPEG, PNG or WebP image";
export const IMAGE_TOO_LARGE = "The image is too large: it may be at most 5 MB";
export const IMAGE_UNREADABLE = "The image could not be read. Save it again as JPEG, PNG or WebP and try again";

/**
 * The largest picture taken, by its header: a side of at most 10,000 pixels and 40 megapixels in all. A
 * small file can open to a huge bitmap (a 150 KB PNG of 1 × 39,000,000 pixels), and a long thin one is slow
 * to resize however few pixels it has; a product photo needs neither.
 */
export const IMAGE_MAX_SIDE = 10_000;
export const IMAGE_MAX_PIXELS = 40_000_000;

const pixels = (n: number) => n.toLocaleString("en-GB");

/** Why a picture of these dimensions is refused, or null when it is within the limits. */
export function imageDimensionsProblem(width: number, height: number): string | null {
  if (width <= IMAGE_MAX_SIDE && height <= IMAGE_MAX_SIDE && width * height <= IMAGE_MAX_PIXELS) return null;
  return (
    `The image is ${pixels(width)} × ${pixels(height)} pixels: it may be at most ${pixels(IMAGE_MAX_SIDE)} pixels ` +
    `on each side and ${IMAGE_MAX_PIXELS / 1_000_000} megapixels in all. Make it smaller and try again`
  );
}

export const IMAGE_TOO_SLOW = "The image took too long to process. Save it smaller, as JPEG, PNG or WebP, and try again";
export const IMAGE_QUEUE_FULL = "Too many images are being processed right now. Try again in a few seconds";

export type ImageType = "jpeg" | "png" | "webp";

export const IMAGE_EXTENSIONS: Record<ImageType, string> = { jpeg: "jpg", png: "png", webp: "webp" };

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

/** The image type the bytes are (their magic numbers), or null: a GIF or a text file named .jpg is null. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

const HASH = /^[0-9a-f]{64}$/;

export function originalFileName(hash: string, type: ImageType) {
  return `${hash}.${IMAGE_EXTENSIONS[type]}`;
}

export function renditionFileName(hash: string, width: RenditionWidth) {
  return `${hash}-${width}.webp`;
}

/** The URL a product's `imageUrl` holds for a stored image: its largest rendition. */
export function storedImageUrl(hash: string) {
  return `${IMAGES_PATH}/${renditionFileName(hash, 640)}`;
}

const OWN_IMAGE_URL = /^\/images\/([0-9a-f]{64})-(\d+)\.webp$/;

/** The hash of one of our own stored images, or null for any other URL (an external image). */
export function storedImageHash(url: string | null | undefined): string | null {
  const match = url ? OWN_IMAGE_URL.exec(url) : null;
  if (!match || !HASH.test(match[1]!)) return null;
  return IMAGE_RENDITION_WIDTHS.includes(Number(match[2]) as RenditionWidth) ? match[1]! : null;
}

export type ImageSources = { src: string; srcSet?: string };

/**
 * What an `<img>` needs for a product image: our own images offer every rendition in `srcSet` (the browser
 * picks by `sizes`), with `src` the smallest one at least `fallbackWidth` wide; other URLs pass through.
 */
export function productImageSources(url: string, fallbackWidth: number): ImageSources {
  const hash = storedImageHash(url);
  if (!hash) return { src: url };
  const fallback = IMAGE_RENDITION_WIDTHS.find((width) => width >= fallbackWidth) ?? 640;
  return {
    src: `${IMAGES_PATH}/${renditionFileName(hash, fallback)}`,
    srcSet: IMAGE_RENDITION_WIDTHS.map((width) => `${IMAGES_PATH}/${renditionFileName(hash, width)} ${width}w`).join(", "),
  };
}
