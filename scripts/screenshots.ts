/**
 * The storefront's main pages as a buyer sees them, at 1280 and 375 px, into docs/screenshots/:
 *
 *   npx tsx scripts/screenshots.ts [--url http://localhost:3000] [--out docs/screenshots]
 *
 * Run it against a server on the demo data (`npm start` on a fresh clone): it signs in as the demo buyer, fills
 * the cart and places one order through the checkout (the order-placed page is one of the pages). Uses Debian's
 * Chromium, as the browser tests do.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Page } from "@playwright/test";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: process.env.APP_URL ?? "http://localhost:3000" },
    out: { type: "string", default: "docs/screenshots" },
    email: { type: "string", default: "buyer@example.com" },
    password: { type: "string", default: "buyer-demo" },
  },
});
const baseURL = values.url!.replace(/\/$/, "");
const out = values.out!;
const WIDTHS = [1280, 375] as const;
const WATER = "/products/sparkling-spring-water-500ml-24-pack";
const CATEGORY = "/category/catering-food-ingredients";

/** Each page: a file name, where it is, and what to wait for before the picture. */
const PAGES: { name: string; path: string | ((page: Page) => Promise<string>); ready: (page: Page) => Promise<unknown> }[] = [
  { name: "sign-in", path: "/login", ready: (page) => page.getByRole("button", { name: "Log In", exact: true }).waitFor() },
  { name: "home", path: "/", ready: (page) => page.getByRole("main").waitFor() },
  { name: "category-grid", path: `/listing-view?view=grid&back=${CATEGORY}`, ready: (page) => page.getByRole("main").waitFor() },
  { name: "category-list", path: `/listing-view?view=list&back=${CATEGORY}`, ready: (page) => page.getByRole("main").waitFor() },
  { name: "search", path: "/?q=water", ready: (page) => page.getByRole("main").waitFor() },
  { name: "product", path: WATER, ready: (page) => page.getByRole("button", { name: "Add to Cart" }).waitFor() },
  { name: "quick-order", path: "/quick-order", ready: (page) => page.getByRole("heading", { level: 1 }).waitFor() },
  { name: "cart", path: "/cart", ready: (page) => page.getByRole("heading", { level: 1 }).waitFor() },
  { name: "orders", path: "/account/orders", ready: (page) => page.getByRole("heading", { level: 1 }).waitFor() },
  { name: "invoices", path: "/account/invoices", ready: (page) => page.getByRole("heading", { level: 1 }).waitFor() },
  { name: "account-balance", path: "/account/balance", ready: (page) => page.getByTestId("credit-figures").waitFor() },
  { name: "account", path: "/account", ready: (page) => page.getByRole("heading", { level: 1 }).waitFor() },
];

async function shoot(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    // a full-page picture shows the lazy pictures below the fold too: load them all first
    await page.evaluate(async () => {
      const images = [...document.images];
      for (const image of images) image.loading = "eager";
      await Promise.all(
        images
          .filter((image) => !image.complete)
          .map(
            (image) =>
              new Promise((done) => {
                image.addEventListener("load", done, { once: true });
                image.addEventListener("error", done, { once: true });
              }),
          ),
      );
      window.scrollTo(0, 0);
    });
    await page.screenshot({ path: path.join(out, `${name}-${width}.png`), fullPage: true });
  }
}

async function main() {
  await mkdir(out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  const context = await browser.newContext({ baseURL, locale: "en-GB", timezoneId: "Europe/London" });
  const page = await context.newPage();

  // signed out: the sign-in page
  const signInPage = PAGES[0]!;
  await page.goto(signInPage.path as string);
  await signInPage.ready(page);
  await shoot(page, signInPage.name);

  await page.getByLabel("Email", { exact: true }).fill(values.email!);
  await page.getByLabel("Password", { exact: true }).fill(values.password!);
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));

  // something in the cart, so the cart and checkout show lines
  await page.goto(WATER);
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("2");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.getByTestId("cart-badge").waitFor();

  for (const entry of PAGES.slice(1)) {
    await page.goto(typeof entry.path === "string" ? entry.path : await entry.path(page));
    await entry.ready(page);
    await shoot(page, entry.name);
  }

  await page.goto("/checkout");
  await page.getByRole("button", { name: "Place Order" }).waitFor();
  await shoot(page, "checkout");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("button", { name: "Place Order" }).click();
  await page.waitForURL(/\/account\/orders\/\d+\/placed/);
  await shoot(page, "order-placed");

  await browser.close();
  console.log(`Screenshots of ${PAGES.length + 2} pages at ${WIDTHS.join(" and ")} px in ${out}/`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
