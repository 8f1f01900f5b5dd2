import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "~db/schema";
import { imageQueue, imagesDir } from "~/domain/catalog/product-images.server";
import * as productsPage from "~/routes/admin.products/route";
import * as apiProducts from "~/routes/api.admin.products";
import * as apiProduct from "~/routes/api.admin.products.$id";
import { databasePath, getDb } from "~/utils/db.server";
import { backupDatabase } from "../../scripts/backup";
import { putBackInPlace } from "../../scripts/restore";
import { createCategory, createProduct, createUser } from "./factories";
import { buildRequest, callRoute, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

const WRONG_TYPE = "Choose a JPEG, PNG or WebP image";
const TOO_LARGE = "The image is too large: it may be at most 5 MB";
const UNREADABLE = "The image could not be read. Save it again as JPEG, PNG or WebP and try again";
const QUEUE_FULL = "Too many images are being processed right now. Try again in a few seconds";
const tooBig = (size: string) =>
  `The image is ${size} pixels: it may be at most 10,000 pixels on each side and 40 megapixels in all. Make it smaller and try again`;

let adminCookie: string;
let categoryId: number;
let png: Buffer;

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  categoryId = createCategory("Cleaning & Hygiene").id;
  adminCookie = await signIn("admin@example.com", { via: "api" });
  png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#1d4ed8" } }).png().toBuffer();
});

const db = () => getDb();
const bytes = (buffer: Buffer) => new Uint8Array(buffer);
const productBySlug = (slug: string) => db().select().from(products).where(eq(products.slug, slug)).get();
const productCount = () => db().select({ n: sql<number>`count(*)` }).from(products).get()!.n;
const storedFiles = () => (fs.existsSync(imagesDir()) ? fs.readdirSync(imagesDir()).sort() : []);

function productForm(image: File | null, overrides: Record<string, string> = {}) {
  const form = new FormData();
  const values: Record<string, string> = {
    idempotencyKey: crypto.randomUUID(),
    intent: "create-product",
    name: "Blue Microfibre Cloths (10)",
    slug: "",
    sku: "",
    description: "",
    categoryId: String(categoryId),
    costPrice: "2.10",
    salesPrice: "3.95",
    vatRateChoice: "20",
    vatRateCustom: "",
    stockLevel: "40",
    lowStockThreshold: "8",
    imageUrl: "",
    supplierId: "",
    ...overrides,
  };
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  // no file chosen: the browser sends an empty, nameless part
  form.append("image", image ?? new File([], "", { type: "application/octet-stream" }));
  return form;
}

const postForm = (form: FormData, query = "?dialog=new") =>
  callRoute(productsPage.action, buildRequest(`/admin/products${query}`, { form, cookie: adminCookie }));

describe("uploading a product image on the product form", () => {
  it("stores a PNG with its square WebP renditions and points the product at them", async () => {
    const response = await postForm(productForm(new File([bytes(png)], "cloths.png", { type: "image/png" })));
    expect(response.status).toBe(302);
    const product = productBySlug("blue-microfibre-cloths-10")!;
    expect(product.imageUrl).toMatch(/^\/images\/[0-9a-f]{64}-640\.webp$/);
    const hash = product.imageUrl!.slice("/images/".length, "/images/".length + 64);
    expect(storedFiles()).toEqual([`${hash}-160.webp`, `${hash}-320.webp`, `${hash}-640.webp`, `${hash}.png`]);
    for (const width of [160, 320, 640]) {
      const meta = await sharp(path.join(imagesDir(), `${hash}-${width}.webp`)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", width, width]);
    }
    // the original is kept byte for byte
    expect(fs.readFileSync(path.join(imagesDir(), `${hash}.png`)).equals(png)).toBe(true);
  });

  it("replaces the image of an existing product; saving without a file keeps it", async () => {
    const product = createProduct({ name: "Green Scourers (10)", slug: "green-scourers-10", salesPrice: 250, imageUrl: "https://cdn.example.com/old.jpg" });
    const jpeg = await sharp({ create: { width: 300, height: 500, channels: 3, background: "#16a34a" } }).jpeg().toBuffer();
    const edit = (image: File | null) =>
      postForm(
        productForm(image, { intent: "update-product", productId: String(product.id), name: "Green Scourers (10)", slug: "green-scourers-10", imageUrl: productBySlug("green-scourers-10")!.imageUrl ?? "" }),
        `?edit=${product.id}`,
      );
    expect((await edit(new File([bytes(jpeg)], "scourers.jpeg", { type: "image/jpeg" }))).status).toBe(302);
    const imageUrl = productBySlug("green-scourers-10")!.imageUrl!;
    expect(imageUrl).toMatch(/^\/images\/[0-9a-f]{64}-640\.webp$/);
    expect(storedFiles()).toContain(`${imageUrl.slice(8, 72)}.jpg`);
    expect((await edit(null)).status).toBe(302);
    expect(productBySlug("green-scourers-10")!.imageUrl).toBe(imageUrl);
  });

  const refusals: [string, () => File, number, string][] = [
    ["a GIF", () => new File([Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64")], "cloths.gif", { type: "image/gif" }), 400, WRONG_TYPE],
    ["a text file named .jpg", () => new File(["name,price\nCloths,3.95\n"], "cloths.jpg", { type: "image/jpeg" }), 400, WRONG_TYPE],
    ["a PNG that is cut short", () => new File([bytes(png.subarray(0, 60))], "cloths.png", { type: "image/png" }), 400, UNREADABLE],
    ["a file over 5 MB", () => new File([bytes(png), new Uint8Array(5 * 1024 * 1024)], "huge.png", { type: "image/png" }), 413, TOO_LARGE],
  ];

  it.each(refusals)("refuses %s with the message on the field and changes nothing", async (_what, file, status, message) => {
    const before = { count: productCount(), files: storedFiles() };
    const response = await postForm(productForm(file(), { name: "Refused Cloths" }));
    expect(response.status).toBe(status);
    const body = await readJson(response);
    expect(body.result.error).toEqual({ image: [message] });
    // what was typed comes back; the file does not
    expect(body.result.initialValue.name).toBe("Refused Cloths");
    expect(body.result.initialValue.image).toBeUndefined();
    expect(productCount()).toBe(before.count);
    expect(productBySlug("refused-cloths")).toBeUndefined();
    expect(storedFiles()).toEqual(before.files);
  });

  it("a form error elsewhere stores no image", async () => {
    const before = storedFiles();
    const other = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#dc2626" } }).png().toBuffer();
    const response = await postForm(productForm(new File([bytes(other)], "red.png", { type: "image/png" }), { name: "" }));
    expect(response.status).toBe(400);
    expect(storedFiles()).toEqual(before);
  });

  it("the CSV import still reads its file from the same multipart door", async () => {
    const form = new FormData();
    form.append("idempotencyKey", crypto.randomUUID());
    form.append("intent", "import-products");
    form.append("file", new File(["slug,name,salesPrice\nimported-sponges,Imported Sponges,1.20\n"], "products.csv", { type: "text/csv" }));
    const response = await postForm(form, "?dialog=import");
    expect(response.status).toBe(302);
    expect(redirectLocation(response)).toContain("importResult=");
    expect(productBySlug("imported-sponges")?.salesPrice).toBe(120);
  });
});

/**
 * A PNG whose header says width × height but whose pixel data stops after a few rows: tiny, and quick to
 * make however large it claims to be, as a real 1 × 39,000,000 PNG (150 KB, 13 s to make) would not be.
 * Decoding it fails, so a refusal that names its size was made from the header, before any decoding.
 */
function pngClaiming(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(zlib.crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  const someRows = zlib.deflateSync(Buffer.alloc((1 + width * 3) * Math.min(height, 100)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", someRows), chunk("IEND", Buffer.alloc(0))]);
}

const solidPng = (width: number, height: number, background = "#0f766e") =>
  sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

describe("pictures too large to process", () => {
  const oversized: [string, () => Promise<Buffer>, string][] = [
    ["a 150 KB-class PNG of 1 × 39,000,000 pixels (under 40 megapixels)", async () => pngClaiming(1, 39_000_000), "1 × 39,000,000"],
    ["a PNG of 6,400 × 6,400 pixels (41 megapixels)", async () => pngClaiming(6_400, 6_400), "6,400 × 6,400"],
    ["a real PNG 10,001 pixels wide", () => solidPng(10_001, 1), "10,001 × 1"],
    ["a real PNG 10,001 pixels tall", () => solidPng(1, 10_001), "1 × 10,001"],
  ];

  it.each(oversized)("refuses %s from its header, with its size on the field, and changes nothing", async (_what, make, size) => {
    const picture = await make();
    const before = { count: productCount(), files: storedFiles() };
    const response = await postForm(productForm(new File([bytes(picture)], "tall.png", { type: "image/png" }), { name: "Tall Cloths" }));
    expect(response.status).toBe(400);
    const body = await readJson(response);
    expect(body.result.error).toEqual({ image: [tooBig(size)] });
    expect(body.result.initialValue.name).toBe("Tall Cloths");
    expect(productCount()).toBe(before.count);
    expect(storedFiles()).toEqual(before.files);
  });

  it("takes a picture of exactly 10,000 pixels a side, with its renditions", async () => {
    const picture = await solidPng(10_000, 3);
    const response = await postForm(productForm(new File([bytes(picture)], "strip.png", { type: "image/png" }), { name: "Long Strip Mop" }));
    expect(response.status).toBe(302);
    const imageUrl = productBySlug("long-strip-mop")!.imageUrl!;
    const hash = imageUrl.slice("/images/".length, "/images/".length + 64);
    for (const width of [160, 320, 640]) {
      const meta = await sharp(path.join(imagesDir(), `${hash}-${width}.webp`)).metadata();
      expect([meta.width, meta.height]).toEqual([width, width]);
    }
  });
});

describe("one picture at a time", () => {
  it("two uploads at once are both stored, in turn", async () => {
    const [red, green] = await Promise.all([solidPng(900, 700, "#b91c1c"), solidPng(700, 900, "#15803d")]);
    const responses = await Promise.all([
      postForm(productForm(new File([bytes(red)], "red.png", { type: "image/png" }), { name: "Red Buckets" })),
      postForm(productForm(new File([bytes(green)], "green.png", { type: "image/png" }), { name: "Green Buckets" })),
    ]);
    expect(responses.map((response) => response.status)).toEqual([302, 302]);
    const urls = ["red-buckets", "green-buckets"].map((slug) => productBySlug(slug)!.imageUrl!);
    expect(new Set(urls).size).toBe(2);
    for (const url of urls) expect(fs.existsSync(path.join(imagesDir(), url.slice("/images/".length)))).toBe(true);
    expect(imageQueue.load).toEqual({ running: 0, waiting: 0 });
  });

  it("when one is being made and four wait, the next upload is turned away at once (429) and changes nothing", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = Array.from({ length: 5 }, () => imageQueue.run(() => gate));
    expect(imageQueue.load).toEqual({ running: 1, waiting: 4 });
    const picture = await solidPng(320, 240, "#7c3aed");
    const form = () => productForm(new File([bytes(picture)], "violet.png", { type: "image/png" }), { name: "Violet Sponges" });
    try {
      const before = { count: productCount(), files: storedFiles() };
      const refused = await postForm(form());
      expect(refused.status).toBe(429);
      expect((await readJson(refused)).result.error).toEqual({ image: [QUEUE_FULL] });
      expect(productCount()).toBe(before.count);
      expect(storedFiles()).toEqual(before.files);
    } finally {
      release();
      await Promise.all(held);
    }
    // once the line has gone, the same upload goes in
    expect((await postForm(form())).status).toBe(302);
    expect(productBySlug("violet-sponges")!.imageUrl).toMatch(/^\/images\/[0-9a-f]{64}-640\.webp$/);
  });
});

describe("the API", () => {
  it("stays JSON: it takes an image URL, including one of the stored images", async () => {
    const imageUrl = productBySlug("blue-microfibre-cloths-10")!.imageUrl!;
    const created = await callRoute(
      apiProducts.action,
      buildRequest("/api/admin/products", { json: { name: "Cloth Bundle", salesPrice: "9.00", imageUrl }, cookie: adminCookie }),
    );
    expect(created.status).toBe(201);
    expect((await readJson(created)).imageUrl).toBe(imageUrl);
    const id = productBySlug("cloth-bundle")!.id;
    const patched = await callRoute(
      apiProduct.action,
      buildRequest(`/api/admin/products/${id}`, { method: "PATCH", json: { imageUrl: null }, cookie: adminCookie }),
      { id: String(id) },
    );
    expect(patched.status).toBe(200);
    expect(productBySlug("cloth-bundle")!.imageUrl).toBeNull();
  });

  it("refuses a multipart body and changes nothing", async () => {
    const before = { count: productCount(), files: storedFiles() };
    const response = await callRoute(
      apiProducts.action,
      buildRequest("/api/admin/products", { form: productForm(new File([bytes(png)], "x.png", { type: "image/png" })), cookie: adminCookie }),
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(productCount()).toBe(before.count);
    expect(storedFiles()).toEqual(before.files);
  });
});

describe("backup and restore", () => {
  it("a backup carries the images and a restore puts them back beside the database", async () => {
    const imageUrl = productBySlug("blue-microfibre-cloths-10")!.imageUrl!;
    const hash = imageUrl.slice(8, 72);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "images-backup-"));
    try {
      const backup = await backupDatabase(databasePath(), path.join(work, "backups"));
      expect(fs.readdirSync(backup.replace(/\.db$/, "-images"))).toEqual(expect.arrayContaining([`${hash}.png`, `${hash}-640.webp`]));

      // restored somewhere new: the database and its pictures both come back
      const target = path.join(work, "restored", "app.db");
      putBackInPlace(backup, target);
      const restored = new Database(target, { readonly: true });
      const row = restored.prepare("select image_url as imageUrl from products where slug = ?").get("blue-microfibre-cloths-10");
      restored.close();
      expect(row).toEqual({ imageUrl });
      const images = path.join(work, "restored", "images");
      for (const name of [`${hash}.png`, `${hash}-160.webp`, `${hash}-320.webp`, `${hash}-640.webp`]) {
        expect(fs.readFileSync(path.join(images, name)).equals(fs.readFileSync(path.join(imagesDir(), name)))).toBe(true);
      }
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
