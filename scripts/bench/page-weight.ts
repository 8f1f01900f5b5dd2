/**
 * Page weight and the slow link: loads each storefront page cold in Chromium over a simulated slow link,
 * with and without JavaScript, and measures the bytes of each kind, the request count, the first
 * contentful paint and when Add to Cart becomes usable. Every figure is the median of several loads (the
 * box is shared, so one load says little). Catalogue pages are held to budgets (page-weight-report.ts).
 *
 *   npx tsx scripts/bench/page-weight.ts --url http://localhost:3000 [--runs 3] [--out file.json] [--page home ...]
 *
 * The app must be running with the demo data (the demo buyer signs in for the pages that need it, and their
 * cart gets one line when it is empty so that the cart and checkout pages have something to show).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  chromium,
  request as apiRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type LaunchOptions,
  type Page,
} from "@playwright/test";
import playwrightConfig from "../../playwright.config";
import {
  CATALOGUE_BUDGETS,
  commonestWord,
  emptyBytes,
  formatTable,
  MODES,
  pageResult,
  resourceKind,
  SLOW_LINK,
  type LinkConditions,
  type LoadFigures,
  type Mode,
  type PageResult,
  type PageWeightReport,
} from "./page-weight-report";

export type { PageWeightReport, PageResult } from "./page-weight-report";

export type PageToMeasure = {
  name: string;
  /** path and query, e.g. "/category/cleaning?stock=in-stock" */
  path: string;
  /** a catalogue page: held to the budgets, and has Add to Cart */
  catalogue: boolean;
  /** loaded as the signed-in buyer */
  signedIn: boolean;
};

export type MeasureOptions = {
  baseURL: string;
  buyer: { email: string; password: string };
  /** default: the storefront's pages, found from the catalogue (see `storefrontPages`) */
  pages?: PageToMeasure[];
  /** cold loads per page and mode; the figures are their medians (3) */
  runs?: number;
  link?: LinkConditions;
  /** progress lines (one per load); silent by default */
  log?: (line: string) => void;
};

/** A usable Add to Cart: a plain form posting to /cart/add, as every card and the product page have. */
const ADD_TO_CART = 'form[action="/cart/add"] button[type="submit"]:not([disabled])';
const LOAD_TIMEOUT_MS = 120_000;
/** How often the page is asked whether Add to Cart is there yet, without JavaScript. */
const POLL_MS = 20;

/**
 * The storefront's pages, taken from the catalogue so that they exist on any install: the category with
 * the most products (filtered to those in stock, cheapest first), a search for the word most product names
 * share, and an in-stock product without options. Catalogue pages are loaded as the buyer, who sees trade
 * prices (the heavier page); the login page signed out.
 */
export async function storefrontPages(api: APIRequestContext): Promise<PageToMeasure[]> {
  const response = await api.get("/api/products?stock=in-stock&pageSize=100");
  if (!response.ok()) throw new Error(`GET /api/products answered ${response.status()}`);
  const products = (await response.json()) as {
    name: string;
    slug: string;
    category: { slug: string } | null;
    variants: unknown[];
  }[];
  const perCategory = new Map<string, number>();
  for (const product of products) {
    if (product.category) perCategory.set(product.category.slug, (perCategory.get(product.category.slug) ?? 0) + 1);
  }
  const category = [...perCategory].sort((a, b) => b[1] - a[1])[0]?.[0];
  const product = products.find((p) => p.category?.slug === category && p.variants.length === 0) ?? products[0];
  if (!category || !product) throw new Error("the catalogue has no product in stock to measure");
  const page = (name: string, path: string, catalogue: boolean, signedIn = true): PageToMeasure => ({
    name,
    path,
    catalogue,
    signedIn,
  });
  return [
    page("home", "/", true),
    page("category", `/category/${category}?stock=in-stock&sort=price-asc`, true),
    page("search", `/?q=${encodeURIComponent(commonestWord(products.map((p) => p.name)))}`, true),
    page("product", `/products/${product.slug}`, true),
    page("cart", "/cart", false),
    page("quick order", "/quick-order", false),
    page("checkout", "/checkout", false),
    page("login", "/login", false, false),
  ];
}

/** Signs the buyer in (an API session whose cookie the browser contexts reuse). */
async function signIn(baseURL: string, buyer: MeasureOptions["buyer"]) {
  const api = await apiRequest.newContext({ baseURL });
  const response = await api.post("/api/auth/login", { data: buyer });
  if (!response.ok()) throw new Error(`signing ${buyer.email} in failed: ${response.status()} ${await response.text()}`);
  return api;
}

/** Cart and checkout show a line rather than the empty cart: add one when the cart has none. */
async function ensureCartLine(api: APIRequestContext, pages: readonly PageToMeasure[]) {
  const cart = await api.get("/api/cart");
  if (!cart.ok()) throw new Error(`GET /api/cart answered ${cart.status()}`);
  if (((await cart.json()) as { itemCount: number }).itemCount > 0) return;
  const productPage = pages.find((page) => page.path.startsWith("/products/"));
  const slug = productPage ? productPage.path.slice("/products/".length) : null;
  const found = slug ? await api.get(`/api/products/${slug}`) : await api.get("/api/products?stock=in-stock&pageSize=1");
  const body = (await found.json()) as { id: number } | { id: number }[];
  const productId = Array.isArray(body) ? body[0]?.id : body.id;
  if (!productId) throw new Error("no product to put in the buyer's cart");
  const added = await api.post("/api/cart/items", { data: { productId, quantity: 1, selectedVariants: {} } });
  if (!added.ok()) throw new Error(`adding to the buyer's cart failed: ${added.status()} ${await added.text()}`);
}

type Transfer = { kind: ReturnType<typeof resourceKind>; headerBytes: number; finished: boolean; bytes: number };

/**
 * Counts what one page load transfers, from the browser's network events: each response's body bytes
 * (the encoded length less its headers) by kind, every byte on the wire, and the requests made.
 */
async function watchNetwork(context: BrowserContext, page: Page, link: LinkConditions) {
  const cdp = await context.newCDPSession(page);
  const transfers = new Map<string, Transfer>();
  // requests per id (a redirect's hops share one); a request the page itself refused (a script on a page
  // without JavaScript) never reaches the network and does not count
  const requests = new Map<string, number>();
  cdp.on("Network.requestWillBeSent", (event) => {
    if (!event.request.url.startsWith("data:")) requests.set(event.requestId, (requests.get(event.requestId) ?? 0) + 1);
  });
  cdp.on("Network.loadingFailed", (event) => {
    if (event.blockedReason) requests.delete(event.requestId);
  });
  cdp.on("Network.responseReceived", (event) => {
    if (event.response.url.startsWith("data:")) return;
    transfers.set(event.requestId, {
      kind: resourceKind(event.type ?? "Other", event.response.mimeType ?? ""),
      headerBytes: event.response.encodedDataLength ?? 0,
      finished: false,
      bytes: 0,
    });
  });
  cdp.on("Network.loadingFinished", (event) => {
    const transfer = transfers.get(event.requestId);
    if (transfer) Object.assign(transfer, { finished: true, bytes: event.encodedDataLength });
  });
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: link.roundTripMs,
    downloadThroughput: (link.downKbps * 1000) / 8,
    uploadThroughput: (link.upKbps * 1000) / 8,
  });
  return {
    totals() {
      const bytes = emptyBytes();
      let wireBytes = 0;
      for (const transfer of transfers.values()) {
        if (!transfer.finished) continue;
        bytes[transfer.kind] += Math.max(0, transfer.bytes - transfer.headerBytes);
        wireBytes += transfer.bytes;
      }
      return { bytes, wireBytes, requests: [...requests.values()].reduce((sum, hops) => sum + hops, 0) };
    },
  };
}

/** After the load, how long a page without scripts is given to report its first paint. */
const PAINT_GRACE_MS = 10_000;

/**
 * Without JavaScript the page cannot report when something appears, so it is asked every few milliseconds
 * (a synchronous question, which a page without scripts still answers). Add to Cart is usable when its
 * button is in the page and the page has painted: content parsed after the first paint is painted in the
 * next frame. Returns once the page has loaded and both are known (or never will be).
 */
async function loadWithoutScripts(page: Page, url: string, catalogue: boolean) {
  let loadedAt: number | null = null;
  let failure: unknown = null;
  const navigation = page
    .goto(url, { waitUntil: "load", timeout: LOAD_TIMEOUT_MS })
    .catch((error: unknown) => {
      failure = error;
    })
    .finally(() => {
      loadedAt = Date.now();
    });
  let fcpMs: number | null = null;
  let addToCartMs: number | null = null;
  const done = () => fcpMs !== null && (!catalogue || addToCartMs !== null);
  while (!done() && (loadedAt === null || Date.now() - loadedAt < PAINT_GRACE_MS) && !failure) {
    const seen = await page
      .evaluate(
        ({ selector, target }) =>
          location.href === target
            ? {
                now: performance.now(),
                fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
                button: document.querySelector(selector) !== null,
              }
            : null,
        { selector: ADD_TO_CART, target: url },
      )
      .catch(() => null); // between documents
    if (seen?.fcp != null) {
      fcpMs = seen.fcp;
      if (seen.button && addToCartMs === null) addToCartMs = Math.max(seen.now, seen.fcp);
    }
    if (!done()) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  await navigation;
  if (failure) throw failure;
  return { fcpMs, addToCartMs, hydratedMs: null };
}

/** With JavaScript Add to Cart is usable once the app has hydrated (the document's "hydrated" mark). */
async function loadWithScripts(page: Page, url: string, catalogue: boolean) {
  await page.goto(url, { waitUntil: "load", timeout: LOAD_TIMEOUT_MS });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: LOAD_TIMEOUT_MS });
  const { fcpMs, hydratedMs } = await page.evaluate(() => ({
    fcpMs: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    hydratedMs: performance.getEntriesByName("hydrated", "mark")[0]?.startTime ?? null,
  }));
  const hasAddToCart = catalogue && (await page.locator(ADD_TO_CART).count()) > 0;
  return { fcpMs, addToCartMs: hasAddToCart ? hydratedMs : null, hydratedMs };
}

/** One cold load: a fresh browser context (empty cache, new connections) over the slow link. */
async function measureLoad(
  browser: Browser,
  baseURL: string,
  page: PageToMeasure,
  mode: Mode,
  link: LinkConditions,
  signedInState: Awaited<ReturnType<APIRequestContext["storageState"]>>,
): Promise<LoadFigures> {
  const context = await browser.newContext({
    javaScriptEnabled: mode === "js",
    storageState: page.signedIn ? signedInState : undefined,
    locale: "en-GB",
    timezoneId: "Europe/London",
  });
  try {
    const tab = await context.newPage();
    const network = await watchNetwork(context, tab, link);
    const url = new URL(page.path, baseURL).href;
    const times =
      mode === "js" ? await loadWithScripts(tab, url, page.catalogue) : await loadWithoutScripts(tab, url, page.catalogue);
    // pictures that came into view late, or anything the app fetched after hydrating
    await tab.waitForLoadState("networkidle", { timeout: LOAD_TIMEOUT_MS }).catch(() => undefined);
    const finalPath = new URL(tab.url()).pathname;
    if (finalPath !== new URL(url).pathname) throw new Error(`${page.path} went to ${tab.url()}`);
    return { ...network.totals(), ...times };
  } finally {
    await context.close();
  }
}

/** The Chromium this box runs, with the flags the browser tests use (playwright.config.ts). */
function launchOptions(): LaunchOptions {
  return { ...(playwrightConfig.use?.launchOptions ?? {}), headless: true };
}

/**
 * Measures every page with and without JavaScript, `runs` cold loads each (interleaved, so a busy moment
 * on the box spreads over all pages), and answers the medians with each budget's verdict.
 */
export async function measurePageWeight(options: MeasureOptions): Promise<PageWeightReport> {
  const { baseURL, buyer, runs = 3, link = SLOW_LINK, log = () => undefined } = options;
  const api = await signIn(baseURL, buyer);
  const browser = await chromium.launch(launchOptions());
  try {
    const pages = options.pages ?? (await storefrontPages(api));
    if (pages.some((page) => page.signedIn && (page.path === "/cart" || page.path === "/checkout"))) {
      await ensureCartLine(api, pages);
    }
    const signedInState = await api.storageState();
    const loads = new Map<string, { figures: LoadFigures[]; errors: string[] }>();
    const key = (page: PageToMeasure, mode: Mode) => `${mode} ${page.path}`;
    for (let run = 1; run <= runs; run++) {
      for (const page of pages) {
        for (const mode of MODES) {
          const entry = loads.get(key(page, mode)) ?? { figures: [], errors: [] };
          loads.set(key(page, mode), entry);
          try {
            const figures = await measureLoad(browser, baseURL, page, mode, link, signedInState);
            entry.figures.push(figures);
            log(`run ${run}/${runs} ${page.name} (${mode}): FCP ${figures.fcpMs?.toFixed(0) ?? "–"} ms`);
          } catch (error) {
            const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
            entry.errors.push(`run ${run}: ${message}`);
            log(`run ${run}/${runs} ${page.name} (${mode}) failed: ${message}`);
          }
        }
      }
    }
    const results: PageResult[] = pages.flatMap((page) =>
      MODES.map((mode) => {
        const entry = loads.get(key(page, mode))!;
        return pageResult(page, mode, entry.figures, entry.errors, CATALOGUE_BUDGETS);
      }),
    );
    return {
      baseURL,
      measuredAt: new Date().toISOString(),
      link,
      budgets: CATALOGUE_BUDGETS,
      results,
      pass: results.every((result) => result.pass || !result.catalogue),
    };
  } finally {
    await browser.close();
    await api.dispose();
  }
}

// ─── The command line ───────────────────────────────────────────────────────

function argumentValues(argv: readonly string[]) {
  const values = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!match) throw new Error(`unexpected argument ${argv[i]}`);
    const value = match[2] ?? argv[++i];
    if (value === undefined) throw new Error(`--${match[1]} needs a value`);
    values.set(match[1], [...(values.get(match[1]) ?? []), value]);
  }
  return values;
}

async function main() {
  const args = argumentValues(process.argv.slice(2));
  const one = (name: string, fallback: string) => args.get(name)?.at(-1) ?? fallback;
  const baseURL = one("url", `http://localhost:${process.env.PORT ?? 3000}`);
  const runs = Number(one("runs", "3"));
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs must be a whole number of 1 or more");
  const out = one("out", "tests/.tmp/page-weight.json");
  const buyer = { email: one("email", "buyer@example.com"), password: one("password", "buyer-demo") };
  const only = args.get("page");
  let pages: PageToMeasure[] | undefined;
  if (only) {
    const api = await apiRequest.newContext({ baseURL });
    const all = await storefrontPages(api);
    await api.dispose();
    pages = all.filter((page) => only.includes(page.name));
    if (pages.length === 0) throw new Error(`no page called ${only.join(", ")}: ${all.map((page) => page.name).join(", ")}`);
  }
  const report = await measurePageWeight({ baseURL, buyer, pages, runs, log: (line) => console.error(line) });
  fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(formatTable(report));
  console.log(`\nWritten to ${out}`);
  process.exitCode = report.pass ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
  });
}
