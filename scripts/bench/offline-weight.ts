/**
 * What going offline costs (issue #28, docs/decisions/0078): the first visit's weight with and without the service
 * worker (gzip bytes of the home page and the files it loads, and of /sw.js and any file of its precache the page
 * did not load), and the buyer's price list as the device keeps it (the
 * body stored in IndexedDB) and as it travels (gzip). Measured over HTTP against a running server; sizes are gzip
 * at zlib's default level, as the compression middleware and the precompressed build files use.
 */
import zlib from "node:zlib";
import { assetsOfPage } from "../../app/service-worker/offline-rules";

export type OfflineWeight = {
  /** the home page and its scripts and style sheets, signed out, gzip bytes */
  firstVisitWithoutWorker: number;
  /** the same plus /sw.js and the precached files the page did not load */
  firstVisitWithWorker: number;
  workerScript: number;
  priceList: { products: number; storedBytes: number; gzipBytes: number };
};

const gz = (bytes: Uint8Array) => zlib.gzipSync(bytes).length;

async function bytesOf(url: string, headers: Record<string, string> = {}): Promise<Uint8Array> {
  const reply = await fetch(url, { headers });
  if (!reply.ok) throw new Error(`${url}: ${reply.status}`);
  return new Uint8Array(await reply.arrayBuffer());
}

export { assetsOfPage };

export async function measureOfflineWeight(origin: string, buyerCookie: string): Promise<OfflineWeight> {
  const home = await bytesOf(`${origin}/`);
  let page = gz(home);
  const pageAssets = assetsOfPage(new TextDecoder().decode(home));
  for (const asset of pageAssets) page += gz(await bytesOf(`${origin}${asset}`));
  const workerScript = await bytesOf(`${origin}/sw.js`);
  const worker = gz(workerScript);
  // the worker's precache is written into it as a list of /build/ files
  let precachedMore = 0;
  for (const asset of assetsOfPage(new TextDecoder().decode(workerScript))) {
    if (!pageAssets.includes(asset)) precachedMore += gz(await bytesOf(`${origin}${asset}`));
  }
  const list = await bytesOf(`${origin}/api/account/price-list`, { Cookie: buyerCookie, Accept: "application/json" });
  const body = JSON.parse(new TextDecoder().decode(list)) as { rows?: unknown[] };
  return {
    firstVisitWithoutWorker: page,
    firstVisitWithWorker: page + worker + precachedMore,
    workerScript: worker,
    priceList: { products: body.rows?.length ?? 0, storedBytes: list.length, gzipBytes: gz(list) },
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Rows for the bench's table: one per data set. */
export function offlineWeightRows(byDataset: Record<string, OfflineWeight>): string[][] {
  const rows = [["data", "first visit gz (no worker)", "with worker", "sw.js gz", "price list products", "stored", "gz on the wire"]];
  for (const [dataset, weight] of Object.entries(byDataset)) {
    rows.push([
      dataset,
      kb(weight.firstVisitWithoutWorker),
      kb(weight.firstVisitWithWorker),
      kb(weight.workerScript),
      weight.priceList.products.toLocaleString("en-GB"),
      kb(weight.priceList.storedBytes),
      kb(weight.priceList.gzipBytes),
    ]);
  }
  return rows;
}
