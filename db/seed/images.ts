/**
 * The demo catalogue's pictures: a clean drawing of each product's pack (a sack, a tin, a jerrycan, a case
 * of cans…) in its own colour with its own label, drawn from SVG and stored like an upload (so every
 * rendition exists). The same product always gets the same picture, and so the same file name.
 */
import { eq } from "drizzle-orm";
import { storeProductImage } from "~/domain/catalog/product-images.server";
import type { DB } from "~/utils/db.server";
import { loadSharp } from "~/utils/libraries.server";
import { slugify } from "~/utils/slug";
import * as s from "~db/schema";
import { CATALOGUE } from "./catalog-data";
import { productDrawingSvg, productHues } from "./product-drawings";

/** Draws and stores every demo product's picture; returns the image URL by product slug. */
export async function drawDemoPictures(): Promise<Map<string, string>> {
  const jobs = CATALOGUE.flatMap((category) => category.products.map((product) => ({ name: product.name })));
  const hues = productHues(jobs.map((job) => job.name));
  const urls = new Map<string, string>();
  // a few are drawn at a time on sharp's threads, but stored one after another: the image queue holds one
  // picture at work and four waiting (product-images.server.ts) for the whole process, and a seed that took
  // all of its room would be turned away whenever anything else in the process stores a picture
  let storing: Promise<unknown> = Promise.resolve();
  const sharp = await loadSharp();
  for (let start = 0; start < jobs.length; start += DRAWN_TOGETHER) {
    await Promise.all(
      jobs.slice(start, start + DRAWN_TOGETHER).map(async ({ name }) => {
        const png = await sharp(Buffer.from(productDrawingSvg(name, hues.get(name) ?? 0))).png({ compressionLevel: 1 }).toBuffer();
        const turn = storing.then(() => storeProductImage(png));
        storing = turn.catch(() => undefined);
        const stored = await turn;
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
