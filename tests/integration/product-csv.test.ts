import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs, categories, products, productVariants } from "~db/schema";
import * as root from "~/root";
import * as productsPage from "~/routes/admin.products/route";
import * as pageExport from "~/routes/admin.products.export[.]csv";
import * as apiExport from "~/routes/api.admin.products.export";
import * as apiImport from "~/routes/api.admin.products.import";
import { getDb } from "~/utils/db.server";
import { uploadsDir } from "~/utils/uploads.server";
import { createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

const FIXTURES = path.resolve("tests/fixtures");
const SHOPIFY_TEMPLATE = fs.readFileSync(path.join(FIXTURES, "shopify-product-template.csv"), "utf8");
const MALFORMED = fs.readFileSync(path.join(FIXTURES, "shopify-products-malformed.csv"), "utf8");
const SHOPIFY_HEADER = SHOPIFY_TEMPLATE.split(/\r?\n/)[0];
/** The export: Shopify's template header, then the VAT rate, the barcodes and the pack rules as product metafield columns. */
const PACK_HEADER = [
  "Minimum order quantity (product.metafields.custom.min_order_quantity)",
  "Order multiple (product.metafields.custom.order_multiple)",
  "Pack label (product.metafields.custom.pack_label)",
  "Units per pack (product.metafields.custom.units_per_pack)",
].join(",");
const EXPORT_HEADER = `${SHOPIFY_HEADER},VAT rate (product.metafields.custom.vat_rate),Barcodes (product.metafields.custom.barcodes),${PACK_HEADER},Option barcodes (product.metafields.custom.option_barcodes),Variant pack rules (product.metafields.custom.variant_pack_rules)`;

let adminCookie: string;
let buyerCookie: string;

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  await createUser({ email: "buyer@example.com" });
  adminCookie = await signIn("admin@example.com", { via: "api" });
  buyerCookie = await signIn("buyer@example.com", { via: "api" });
});

const db = () => getDb();
/** The uploads waiting on disk (each is deleted once its post is answered). */
const uploadsLeft = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()) : []);

function uploadForm(content: string | Blob, name = "products.csv", type = "text/csv") {
  const form = new FormData();
  form.append("file", new File([content], name, { type }));
  return form;
}

function apiUpload(content: string | Blob, { name, cookie = adminCookie }: { name?: string; cookie?: string } = {}) {
  return callRoute(apiImport.action, buildRequest("/api/admin/products/import", { form: uploadForm(content, name), cookie }));
}

function pageUpload(content: string | Blob, name?: string) {
  const form = uploadForm(content, name);
  form.append("intent", "import-products");
  form.append("idempotencyKey", crypto.randomUUID());
  return callRoute(productsPage.action, buildRequest("/admin/products?dialog=import", { form, cookie: adminCookie }));
}

function apiExportCsv() {
  return callRoute(apiExport.loader, buildRequest("/api/admin/products/export", { cookie: adminCookie }));
}

/** Every product with its category and variants: what an import could change. */
function catalogueSnapshot() {
  const rows = db().select().from(products).orderBy(asc(products.id)).all();
  const variants = db().select().from(productVariants).orderBy(asc(productVariants.id)).all();
  const cats = db().select().from(categories).orderBy(asc(categories.id)).all();
  return { rows, variants, cats };
}

function product(slug: string) {
  const row = db().select().from(products).where(eq(products.slug, slug)).get();
  if (!row) return undefined;
  const variants = db()
    .select({ name: productVariants.name, options: productVariants.options })
    .from(productVariants)
    .where(eq(productVariants.productId, row.id))
    .orderBy(asc(productVariants.position))
    .all();
  const category = row.categoryId ? db().select().from(categories).where(eq(categories.id, row.categoryId)).get()!.name : null;
  return { ...row, category, variants };
}

describe("export with an empty catalogue", () => {
  it("API answers 404 There are no products to export.; the page says No data to export", async () => {
    const response = await apiExportCsv();
    expect(response.status).toBe(404);
    expect(await readJson(response)).toEqual({ message: "There are no products to export." });

    const page = await callRoute(pageExport.loader, buildRequest("/admin/products/export.csv", { cookie: adminCookie }));
    expect(redirectLocation(page)).toBe("/admin/products");
    const next = await readJson(await callRoute(root.loader, buildRequest("/admin/products", { cookie: cookieFrom(page, adminCookie) })));
    expect(next.toast).toEqual({ title: "No data to export", description: "There are no products to export.", variant: "destructive" });
  });
});

describe("importing Shopify's product template", () => {
  it("is refused for customers (403) and writes nothing", async () => {
    const response = await apiUpload(SHOPIFY_TEMPLATE, { cookie: buyerCookie });
    expect(response.status).toBe(403);
    expect(db().select({ n: sql<number>`count(*)` }).from(products).get()!.n).toBe(0);
  });

  it("API: creates 3 products, with the shirt's Color × Size options and no variants on the hat", async () => {
    const response = await apiUpload(SHOPIFY_TEMPLATE, { name: "shopify-product-template.csv" });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ created: 3, updated: 0, errors: [] });

    const shirt = product("example-shirt")!;
    expect(shirt).toMatchObject({
      name: "Example T-Shirt",
      category: "Shirts",
      salesPrice: 2500,
      costPrice: 0,
      stockLevel: 0,
      vatRate: 2000,
      lowStockThreshold: 10,
      imageUrl: "https://burst.shopifycdn.com/photos/tshirts.jpg?width=1500",
    });
    expect(shirt.description).toMatch(/^This t-shirt is as simple as it gets\./);
    expect(shirt.description).not.toContain("<p>");
    expect(shirt.variants).toEqual([
      { name: "Color", options: ["Green", "Blue", "Gray", "Purple"] },
      { name: "Size", options: ["S", "M", "L"] },
    ]);

    const jeans = product("example-pants")!;
    expect(jeans).toMatchObject({ name: "Example Jeans", category: "Pants", salesPrice: 9500, costPrice: 5000, stockLevel: 45 });
    expect(jeans.variants).toEqual([{ name: "Size", options: ["28", "30", "40"] }]);

    const hat = product("example-hat")!;
    expect(hat).toMatchObject({ name: "Example Beanie", category: "Hat", salesPrice: 1799, costPrice: 850, stockLevel: 50 });
    expect(hat.variants).toEqual([]);

    const audit = db().select().from(auditLogs).where(eq(auditLogs.action, "products.imported")).get()!;
    expect(JSON.parse(audit.details!)).toMatchObject({ format: "shopify", created: 3, updated: 0, errors: 0 });
  });

  it("page: importing it again updates 3, creates 0 and changes nothing; the toast says so", async () => {
    const before = catalogueSnapshot();
    const response = await pageUpload(SHOPIFY_TEMPLATE, "shopify-product-template.csv");
    const location = redirectLocation(response);
    expect(location).toMatch(/^\/admin\/products\?importResult=/);
    const cookie = cookieFrom(response, adminCookie);
    const rootData = await readJson(await callRoute(root.loader, buildRequest(location, { cookie })));
    expect(rootData.toast).toEqual({ title: "Import complete", description: "Created 0 products, updated 3 products" });
    const page = await readJson(await callRoute(productsPage.loader, buildRequest(location, { cookie })));
    expect(page.importResult).toEqual({ created: 0, updated: 3, errors: [], more: 0 });
    expect(catalogueSnapshot()).toEqual(before);
  });
});

describe("a malformed file", () => {
  it("reports the bad rows by number and imports the good ones", async () => {
    const response = await apiUpload(MALFORMED);
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body.created).toBe(2);
    expect(body.updated).toBe(0);
    expect(body.errors).toEqual([
      { row: 4, message: 'Variant Price "abc" is not an amount in pounds, like 12.50' },
      { row: 5, message: "Handle is missing" },
      { row: 6, message: 'Variant Inventory Qty "lots" is not a whole number' },
      { row: 7, message: "Title is required for a new product" },
      { row: 8, message: "Image Src: Image URL must start with https:// (or / for an image on this site)" },
    ]);
    const apron = product("good-apron")!;
    expect(apron).toMatchObject({ name: "Bib Apron", category: "Workwear", stockLevel: 12, salesPrice: 549, costPrice: 349 });
    // the HTML is sanitised to plain text: no markup, no script
    expect(apron.description).toBe("Adjustable neck strap & front pocket.\n\n- Black\n- Navy");
    expect(apron.variants).toEqual([{ name: "Colour", options: ["Black", "Navy"] }]);
    expect(product("good-vest")).toMatchObject({ stockLevel: 5, variants: [{ name: "Size", options: ["M", "L"] }] });
    for (const slug of ["bad-price", "bad-qty", "no-title", "bad-image"]) expect(product(slug)).toBeUndefined();
  });

  it("page: lists the row errors under the import result", async () => {
    const response = await pageUpload(MALFORMED);
    const location = redirectLocation(response);
    const page = await readJson(await callRoute(productsPage.loader, buildRequest(location, { cookie: cookieFrom(response, adminCookie) })));
    expect(page.importResult.updated).toBe(2);
    expect(page.importResult.errors.map((e: { row: number }) => e.row)).toEqual([4, 5, 6, 7, 8]);
  });
});

describe("the simple product row", () => {
  it("creates and updates by slug, matching headers in any case, and reports bad rows", async () => {
    const csv = [
      "Slug,NAME,Description,Category,StockLevel,SalesPrice,ImageUrl,CostPrice",
      "paper-towels,Paper Towels,Two-ply rolls,Janitorial,50,2.50,,1.20",
      ",Plain Flour 16kg,Strong white flour,Catering Food,5,15.49,https://example.com/flour.jpg,11.00",
      "example-hat,Example Beanie,,Hat,75,18.50,,8.50",
      "broken,Broken Row,,,-2,1.00,,",
      "no-price,No Price Row,,,1,,,",
    ].join("\r\n");
    const response = await apiUpload(csv);
    const body = await readJson(response);
    expect(body).toEqual({
      created: 2,
      updated: 1,
      errors: [
        { row: 5, message: "stockLevel cannot be negative" },
        { row: 6, message: "salesPrice is required for a new product" },
      ],
    });
    expect(product("paper-towels")).toMatchObject({ name: "Paper Towels", category: "Janitorial", stockLevel: 50, salesPrice: 250, costPrice: 120, description: "Two-ply rolls" });
    expect(product("plain-flour-16kg")).toMatchObject({ imageUrl: "https://example.com/flour.jpg", salesPrice: 1549 });
    // the simple row has no variants: the hat's stay as they were, its other fields change
    expect(product("example-hat")).toMatchObject({ stockLevel: 75, salesPrice: 1850, imageUrl: null, description: null, variants: [] });
  });

  it("a file that is no product CSV is refused with a message on file (400), page shows Import failed", async () => {
    const api = await apiUpload("colour,size\nred,large\n");
    expect(api.status).toBe(400);
    expect(await readJson(api)).toMatchObject({ field: "file", message: expect.stringContaining("header") });

    const wrongType = await apiUpload("slug,name\na,b\n", { name: "products.xlsx" });
    expect(wrongType.status).toBe(400);
    expect(await readJson(wrongType)).toEqual({ message: "Choose a .csv file (save a spreadsheet as CSV first)", field: "file" });

    const empty = await pageUpload("");
    expect(empty.status).toBe(400);
    expect((await readJson(empty)).notice).toEqual({ title: "Import failed", description: "The file is empty", variant: "destructive" });

    // no file chosen: the browser sends an empty, nameless part
    const form = new FormData();
    form.append("intent", "import-products");
    form.append("file", new File([], "", { type: "application/octet-stream" }));
    const none = await callRoute(productsPage.action, buildRequest("/admin/products?dialog=import", { form, cookie: adminCookie }));
    expect(none.status).toBe(400);
    const body = await readJson(none);
    expect(body.notice).toEqual({ title: "Import failed", description: "Choose a .csv file to import", variant: "destructive" });
    expect(body.result.error).toEqual({ file: ["Choose a .csv file to import"] });
    expect(uploadsLeft()).toEqual([]);
  });

  it("a file over 256 MB is refused (413) and nothing is written", async () => {
    const before = catalogueSnapshot();
    // just over the limit (a file far over it is refused by the body limit before it is read); sparse on
    // disk and read from there, so the test holds none of it: past its first row no byte is ever parsed
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "product-csv-"));
    try {
      const file = path.join(dir, "big.csv");
      fs.writeFileSync(file, "slug,name,salesPrice\nbig-row,Big Row,1.00\n");
      fs.truncateSync(file, 256 * 1024 * 1024 + 4096);
      const big = await fs.openAsBlob(file, { type: "text/csv" });
      const api = await apiUpload(big);
      expect(api.status).toBe(413);
      expect(await readJson(api)).toEqual({ message: "The file is too large: a product CSV may be at most 256 MB" });
      const page = await pageUpload(big);
      expect(page.status).toBe(413);
      expect((await readJson(page)).notice).toMatchObject({ title: "Import failed", description: "The file is too large: a product CSV may be at most 256 MB" });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(catalogueSnapshot()).toEqual(before);
    expect(uploadsLeft()).toEqual([]);
    // each door reads 256 MB through the multipart parser onto the disk: seconds alone, far more on a busy box
  }, 90_000);
});

describe("files too wide to read", () => {
  const tooWide = (row: number) =>
    `Row ${row} has more than 500 columns: a CSV file may have at most 500. Delete the columns that are not needed (empty ones too) and save it again`;

  it("one row of 24,000,000 empty cells (23 MB) is refused through both doors, naming the row; nothing is imported", async () => {
    const before = catalogueSnapshot();
    const commas = ",".repeat(24_000_000);

    const api = await apiUpload(commas);
    expect(api.status).toBe(400);
    expect(await readJson(api)).toEqual({ message: tooWide(1), field: "file" });

    // after a header and a good row: the first reading refuses the file before any product is written
    const page = await pageUpload(`slug,name,salesPrice\nwide-file-mop,Wide File Mop,2.00\n${commas}`);
    expect(page.status).toBe(400);
    const body = await readJson(page);
    expect(body.notice).toEqual({ title: "Import failed", description: tooWide(3), variant: "destructive" });
    expect(body.result.error).toEqual({ file: [tooWide(3)] });

    expect(catalogueSnapshot()).toEqual(before);
    expect(uploadsLeft()).toEqual([]);
  }, 60_000);

  it("a header of 501 columns is refused; one of 500 imports as before", async () => {
    const columns = (n: number) => ["slug", "name", "salesPrice", ...Array.from({ length: n - 3 }, (_, i) => `Note ${i + 1}`)];
    const file = (n: number, slug: string) => `${columns(n).join(",")}\n${[slug, "Column Mop", "3.10", ...Array(n - 3).fill("x")].join(",")}\n`;

    const wide = await apiUpload(file(501, "column-mop-501"));
    expect(wide.status).toBe(400);
    expect(await readJson(wide)).toEqual({ message: tooWide(1), field: "file" });
    expect(product("column-mop-501")).toBeUndefined();

    const widest = await apiUpload(file(500, "column-mop-500"));
    expect(widest.status).toBe(200);
    expect(await readJson(widest)).toEqual({ created: 1, updated: 0, errors: [] });
    expect(product("column-mop-500")).toMatchObject({ name: "Column Mop", salesPrice: 310 });
  });
});

describe("import: the file waits on disk, and a Shopify product's rows may be apart", () => {
  const header = "Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Inventory Qty";
  const rows = (n: number) =>
    Array.from({ length: n }, (_, i) => `filler-${i},Filler ${i},Title,Default Title,,1.00,1`);

  it("API: a Handle whose rows are far apart is one whole product; the upload is deleted once answered", async () => {
    const csv = [
      header,
      "split-mop,Split Mop,Size,S,SPLIT-1,4.00,3",
      ...rows(600),
      "split-mop,,,M,,4.00,2",
      ...rows(3).map((row) => row.replace("filler-", "late-")),
      "split-mop,,,L,,4.00,1",
    ].join("\n");
    const answer = apiUpload(csv);
    let seenOnDisk = false;
    let settled = false;
    void answer.finally(() => (settled = true));
    while (!settled) {
      seenOnDisk ||= uploadsLeft().length > 0;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const response = await answer;
    expect(await readJson(response)).toEqual({ created: 604, updated: 0, errors: [] });
    expect(product("split-mop")).toMatchObject({ name: "Split Mop", sku: "SPLIT-1", stockLevel: 6, variants: [{ name: "Size", options: ["S", "M", "L"] }] });
    expect(seenOnDisk).toBe(true);
    expect(uploadsLeft()).toEqual([]);
  });

  it("page: the upload is deleted once the import is answered", async () => {
    const response = await pageUpload([header, "page-mop,Page Mop,Title,Default Title,,2.00,1"].join("\n"));
    expect(redirectLocation(response)).toContain("importResult=");
    expect(product("page-mop")).toMatchObject({ name: "Page Mop", salesPrice: 200 });
    expect(uploadsLeft()).toEqual([]);
  });
});

describe("export", () => {
  it("writes Shopify's header, a row per option combination, deny/manual/kg, and the whole stock on the first row", async () => {
    const response = await apiExportCsv();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    const csv = await response.text();
    expect(csv.split("\n")[0]).toBe(EXPORT_HEADER);
    const [columns, ...records] = parse(csv) as string[][];
    const rowsOf = (handle: string) => records.filter((record) => record[0] === handle);
    const shirtRows = rowsOf("example-shirt");
    expect(shirtRows).toHaveLength(12);
    const at = (row: string[], column: string) => row[columns.indexOf(column)];
    expect(shirtRows.map((row) => `${at(row, "Option1 Value")}/${at(row, "Option2 Value")}`).slice(0, 4)).toEqual(["Green/S", "Green/M", "Green/L", "Blue/S"]);
    for (const row of shirtRows) {
      expect(at(row, "Variant Inventory Policy")).toBe("deny");
      expect(at(row, "Variant Fulfillment Service")).toBe("manual");
      expect(at(row, "Variant Weight Unit")).toBe("kg");
      expect(at(row, "Variant Price")).toBe("25.00");
    }
    const hatRows = rowsOf("example-hat");
    expect(hatRows).toHaveLength(1);
    expect(at(hatRows[0], "Title")).toBe("Example Beanie");
    expect(at(shirtRows[0], "Body (HTML)")).toMatch(/^<p>This t-shirt is as simple as it gets\./);
    expect(at(shirtRows[1], "Title")).toBe("");
    expect(at(hatRows[0], "Option1 Name")).toBe("Title");
    expect(at(hatRows[0], "Option1 Value")).toBe("Default Title");
    const jeansRows = rowsOf("example-pants");
    expect(jeansRows.map((row) => at(row, "Variant Inventory Qty"))).toEqual(["45", "0", "0"]);

    const page = await callRoute(pageExport.loader, buildRequest("/admin/products/export.csv", { cookie: adminCookie }));
    expect(page.status).toBe(200);
    expect((await page.text()).split("\n")[0]).toBe(EXPORT_HEADER);
  });

  it("exporting then importing changes nothing", async () => {
    // a product with every kind of field: paragraphs, markup-like text, no category, VAT 0, a custom image
    const tricky = db()
      .insert(products)
      .values({
        name: "Fish & Chips Boxes, Large",
        slug: "fish-chips-boxes-large",
        sku: "BOX-FISH-L",
        description: 'Line one "quoted" <b>not bold</b> & more\nLine two\n\nSecond paragraph: 100% card',
        salesPrice: 1234,
        costPrice: 0,
        vatRate: 0,
        stockLevel: 7,
        imageUrl: "/images/boxes.png",
      })
      .returning()
      .get();
    db().insert(productVariants).values({ productId: tricky.id, name: "Size, shape", options: ["Small, square", "Large"], position: 0 }).run();

    const before = catalogueSnapshot();
    const csv = await (await apiExportCsv()).text();
    const response = await apiUpload(csv);
    const body = await readJson(response);
    expect(body).toEqual({ created: 0, updated: before.rows.length, errors: [] });
    expect(catalogueSnapshot()).toEqual(before);
    const [columns, ...records] = parse(csv) as string[][];
    const boxRows = records.filter((record) => record[0] === "fish-chips-boxes-large");
    expect(boxRows.map((row) => row[columns.indexOf("Variant SKU")])).toEqual(["BOX-FISH-L", ""]);
  });

  it("a round trip into a catalogue without the products brings back 20, 5 and 0% VAT, variants, SKUs and pack rules unchanged", async () => {
    const made = [
      {
        name: "Round Trip Standard",
        slug: "round-trip-standard",
        sku: "RT-20",
        vatRate: 2000,
        salesPrice: 1000,
        minOrderQuantity: 10,
        orderMultiple: 6,
        packLabel: "case of 6, shrink-wrapped",
        unitsPerPack: 6,
      },
      { name: "Round Trip Reduced", slug: "round-trip-reduced", sku: "RT-5", vatRate: 500, salesPrice: 250, orderMultiple: 4 },
      { name: "Round Trip Zero", slug: "round-trip-zero", sku: "RT-0", vatRate: 0, salesPrice: 199 },
      { name: "Round Trip Odd Rate", slug: "round-trip-odd", sku: null, vatRate: 1750, salesPrice: 5 },
      // written as text so a spreadsheet never runs it, and read back as it was
      { name: '=HYPERLINK("https://evil.example","Deal")', slug: "round-trip-formula", sku: null, vatRate: 2000, salesPrice: 42 },
    ].map((values) =>
      db()
        .insert(products)
        .values({ ...values, description: "Trade pack\n\nSecond paragraph", costPrice: 100, stockLevel: 9, lowStockThreshold: 10 })
        .returning()
        .get(),
    );
    db().insert(productVariants).values({ productId: made[1].id, name: "Size", options: ["S", "M"], position: 0 }).run();
    db().insert(productVariants).values({ productId: made[1].id, name: "Colour", options: ["Red", "Blue"], position: 1 }).run();
    const snapshot = (slug: string) => {
      const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = product(slug)!;
      return fields;
    };
    const before = made.map((row) => snapshot(row.slug));

    const csv = await (await apiExportCsv()).text();
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.example"",""Deal"")"`);
    // the products go, then the file brings them back as new ones
    const ids = made.map((row) => row.id);
    db().run(sql`DELETE FROM stock_movements WHERE product_id IN (${sql.join(ids, sql`, `)})`);
    db().delete(productVariants).where(inArray(productVariants.productId, ids)).run();
    db().delete(products).where(inArray(products.id, ids)).run();
    const body = await readJson(await apiUpload(csv));
    expect(body.created).toBe(5);
    expect(body.errors).toEqual([]);

    const after = made.map((row) => snapshot(row.slug));
    expect(after).toEqual(before);
    expect(after.map((row) => row.vatRate)).toEqual([2000, 500, 0, 1750, 2000]);
    expect(after.map((row) => [row.minOrderQuantity, row.orderMultiple, row.packLabel, row.unitsPerPack])).toEqual([
      [10, 6, "case of 6, shrink-wrapped", 6],
      [null, 4, null, null],
      [null, null, null, null],
      [null, null, null, null],
      [null, null, null, null],
    ]);
  });

  it("an import sets a product's SKU from Variant SKU, and refuses a code another product has", async () => {
    const csv = await (await apiExportCsv()).text();
    const [columns, ...records] = parse(csv) as string[][];
    const sku = columns.indexOf("Variant SKU");
    const box = records.find((record) => record[0] === "fish-chips-boxes-large")!;
    const hat = records.find((record) => record[0] === "example-hat")!;
    const newProduct = [...box];
    newProduct[0] = "fish-chips-boxes-small";
    newProduct[columns.indexOf("Title")] = "Fish & Chips Boxes, Small";
    const header = csv.split("\n")[0];
    const quote = (row: string[]) => row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(",");
    hat[sku] = "beanie-01";
    const body = await readJson(await apiUpload([header, quote(hat), quote(newProduct)].join("\n")));
    expect(body.errors).toEqual([{ row: 3, message: "SKU BOX-FISH-L is already used by Fish & Chips Boxes, Large" }]);
    expect(product("example-hat")!.sku).toBe("BEANIE-01");
    expect(product("fish-chips-boxes-small")).toBeUndefined();
  });
});

describe("import: a product that fails half-way", () => {
  const header = "Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Inventory Qty";

  it("API: only its own writes are undone; it is reported against its row and the rest of its batch goes in", async () => {
    // the database refuses this one product's variants, after its product row was written
    db().$client.exec(
      "CREATE TEMP TRIGGER refuse_broken_variants BEFORE INSERT ON product_variants WHEN new.name = 'Breaks' BEGIN SELECT RAISE(ABORT, 'refused'); END",
    );
    try {
      const csv = [
        header,
        "halfway-before,Halfway Before,Size,S,HALF-B,2.00,4",
        "halfway-broken,Halfway Broken,Breaks,S,HALF-X,3.00,5",
        "halfway-after,Halfway After,Title,Default Title,HALF-A,4.00,6",
      ].join("\n");
      const response = await apiUpload(csv);
      expect(response.status).toBe(200);
      expect(await readJson(response)).toEqual({ created: 2, updated: 0, errors: [{ row: 3, message: "This product could not be saved" }] });
      expect(product("halfway-broken")).toBeUndefined();
      expect(product("halfway-before")).toMatchObject({ sku: "HALF-B", stockLevel: 4, variants: [{ name: "Size", options: ["S"] }] });
      expect(product("halfway-after")).toMatchObject({ sku: "HALF-A", stockLevel: 6 });
      // nothing of the undone product is left in the catalogue search either
      const found = db().$client.prepare("select count(*) from products_search where products_search match 'Halfway Broken'").pluck().get();
      expect(found).toBe(0);
    } finally {
      db().$client.exec("DROP TRIGGER IF EXISTS refuse_broken_variants");
    }
  });
});

describe("categories named in any case", () => {
  it("puts a product in the category its file names in any case, and makes a category it does not know once", async () => {
    const first = await apiUpload(["slug,name,category,salesPrice", "mop-bucket,Mop Bucket,Cleaning Supplies,12.00"].join("\r\n"));
    expect(await readJson(first)).toEqual({ created: 1, updated: 0, errors: [] });
    const second = await apiUpload(
      ["slug,name,category,salesPrice", "floor-squeegee,Floor Squeegee,cLEANING sUPPLIES,8.00", "wet-floor-sign,Wet Floor Sign,Safety Signs,6.00", "caution-tape,Caution Tape,SAFETY SIGNS,3.00"].join("\r\n"),
    );
    expect(await readJson(second)).toEqual({ created: 3, updated: 0, errors: [] });
    expect(product("floor-squeegee")!.categoryId).toBe(product("mop-bucket")!.categoryId);
    expect(product("floor-squeegee")!.category).toBe("Cleaning Supplies");
    expect(product("caution-tape")!.categoryId).toBe(product("wet-floor-sign")!.categoryId);
    const named = db()
      .select({ name: categories.name })
      .from(categories)
      .where(sql`lower(${categories.name}) in ('cleaning supplies', 'safety signs')`)
      .all();
    expect(named.map((category) => category.name).sort()).toEqual(["Cleaning Supplies", "Safety Signs"]);
  });
});
