/**
 * The demo catalogue's pictures: a tile in the category's colour with the product's initials and short
 * name, drawn from SVG and stored like an upload (so every rendition exists). The same product always
 * gets the same picture, and so the same file name.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { storeProductImage } from "~/domain/catalog/product-images.server";
import type { DB } from "~/utils/db.server";
import { slugify } from "~/utils/slug";
import * as s from "~db/schema";
import { CATALOGUE, type CategoryKey } from "./catalog-data";

const COLOURS: Record<CategoryKey, { background: string; ink: string }> = {
  food: { background: "#f59e0b", ink: "#451a03" },
  drinks: { background: "#0ea5e9", ink: "#082f49" },
  cleaning: { background: "#10b981", ink: "#022c22" },
  disposables: { background: "#a3a3a3", ink: "#171717" },
  workwear: { background: "#f97316", ink: "#431407" },
  office: { background: "#6366f1", ink: "#eef2ff" },
  heating: { background: "#ef4444", ink: "#450a0a" },
  health: { background: "#14b8a6", ink: "#042f2e" },
};

const SIZE = 640;

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The name without its pack size, e.g. "Catering Tea Bags (1,100)" → "Catering Tea Bags". */
export function shortName(name: string) {
  return name.replace(/\s*\(.*?\)\s*/g, " ").trim();
}

export function initials(name: string) {
  const words = shortName(name).split(/\s+/).filter((word) => /^[A-Za-z]/.test(word));
  return words.slice(0, 2).map((word) => word[0]!.toUpperCase()).join("") || "?";
}

/** Up to three lines of at most ~18 characters, for the caption. */
function captionLines(text: string) {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + " " + word).length <= 18) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length > 3 ? [...lines.slice(0, 2), `${lines[2]}…`] : lines;
}

export function demoPictureSvg(name: string, category: CategoryKey) {
  const { background, ink } = COLOURS[category];
  const caption = captionLines(shortName(name))
    .map((line, i) => `<tspan x="320" dy="${i === 0 ? 0 : 44}">${escapeXml(line)}</tspan>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <rect width="640" height="640" fill="${background}"/>
  <circle cx="320" cy="250" r="150" fill="#ffffff" fill-opacity="0.3"/>
  <text x="320" y="300" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="140" fill="${ink}">${escapeXml(initials(name))}</text>
  <text x="320" y="480" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="38" fill="${ink}">${caption}</text>
</svg>`;
}

/** Draws and stores every demo product's picture; returns the image URL by product slug. */
export async function drawDemoPictures(): Promise<Map<string, string>> {
  const jobs = CATALOGUE.flatMap((category) => category.products.map((product) => ({ name: product.name, category: category.key })));
  const urls = new Map<string, string>();
  // a few at a time: each is drawn on sharp's threads while the one before is made into renditions (one
  // picture at a time, with room for four more waiting: product-images.server.ts)
  for (let start = 0; start < jobs.length; start += DRAWN_TOGETHER) {
    await Promise.all(
      jobs.slice(start, start + DRAWN_TOGETHER).map(async ({ name, category }) => {
        const png = await sharp(Buffer.from(demoPictureSvg(name, category))).png({ compressionLevel: 1 }).toBuffer();
        const stored = await storeProductImage(png);
        if (!stored.ok) throw new Error(`The demo picture for ${name} could not be stored: ${stored.message}`);
        urls.set(slugify(name), stored.value.imageUrl);
      }),
    );
  }
  return urls;
}

const DRAWN_TOGETHER = 4;

/** Points each demo product at its picture (inside the seed's transaction). */
export function attachDemoPictures(tx: DB, urls: ReadonlyMap<string, string>) {
  for (const [slug, imageUrl] of urls) tx.update(s.products).set({ imageUrl }).where(eq(s.products.slug, slug)).run();
}
