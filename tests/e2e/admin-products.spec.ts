import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { ADMIN, expect, signIn, test } from "./fixtures";

const TEMPLATE = path.resolve("tests/fixtures/shopify-product-template.csv");
const SHOPIFY_HEADER = fs.readFileSync(TEMPLATE, "utf8").split(/\r?\n/)[0];

test.describe("admin products", () => {
  // each journey signs in and loads several pages; a busy machine needs more than the default 30 s
  test.describe.configure({ timeout: 60_000 });

  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN);
  });

  test("create a product with a derived slug, edit it, add a variant, and see it in the storefront", async ({ page }, testInfo) => {
    test.slow(); // a long journey: several forms and page loads
    const suffix = `${testInfo.project.name} ${randomUUID().slice(0, 6)}`;
    const name = `Catering Foil Roll 450mm ${suffix}`;
    const slug = name.toLowerCase().replace(/[^\w\s-]/g, "").trim().replace(/\s+/g, "-");

    await page.goto("/admin/products");
    await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
    await page.getByRole("link", { name: "Add product" }).click();

    // Generate description needs a name first
    await page.getByRole("button", { name: "Generate description" }).click();
    await expect(page.getByText("Missing product name").first()).toBeVisible();
    await expect(page.getByText("Please enter a product name first.").first()).toBeVisible();

    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Category", { exact: true }).selectOption({ label: "Disposables & Packaging" });
    await page.getByLabel("Cost price (£)").fill("6.10");
    await page.getByLabel("Sales price, ex VAT (£)").fill("9.40");
    await page.getByLabel("Stock level").fill("4");
    await page.getByLabel("Low-stock threshold").fill("5");
    await page.getByRole("button", { name: "Generate description" }).click();
    await expect(page.getByText("Description generated").first()).toBeVisible();
    const description = page.getByLabel("Description", { exact: true });
    await expect(description).toHaveValue(new RegExp(`^${name.replace(/[()]/g, "\\$&")} — `));
    await expect(description).toHaveValue(/Part of our Disposables & Packaging range\./);
    // the other fields are still as typed
    await expect(page.getByLabel("Sales price, ex VAT (£)")).toHaveValue("9.40");

    await page.getByRole("button", { name: "Create product" }).click();
    await expect(page.getByText("Product created").first()).toBeVisible();
    await expect(page.getByText(`/products/${slug}`).first()).toBeVisible();

    // find it, see its stock highlighted (4 is at or below the threshold of 5) and its margin
    await page.getByLabel("Search products").fill(name);
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByTestId("product-row").filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(slug);
    await expect(row).toContainText("£9.40");
    await expect(row).toContainText("£11.28 inc VAT");
    await expect(row).toContainText("35.1%");
    await expect(row.getByTestId("stock-level")).toHaveAttribute("data-state", "low-stock");

    // edit it
    await row.getByRole("link", { name: `Edit ${name}` }).click();
    await page.getByLabel("Sales price, ex VAT (£)").fill("9.90");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Product updated").first()).toBeVisible();
    await expect(page.getByTestId("product-row").filter({ hasText: name })).toContainText("£9.90");

    // add a variant with comma-separated options
    await page.getByTestId("product-row").filter({ hasText: name }).getByRole("link", { name: `Edit ${name}` }).click();
    await page.getByLabel("Variant name").fill("Width");
    await page.getByLabel("Options", { exact: true }).fill(" 300mm, 450mm ,, 600mm");
    await page.getByRole("button", { name: "Add variant" }).click();
    await expect(page.getByText("Variant added").first()).toBeVisible();
    const variant = page.getByTestId("variant-row").filter({ hasText: "Width" });
    await expect(variant.getByRole("listitem")).toHaveText(["300mm", "450mm", "600mm"]);

    // the storefront shows it, with its variant to choose
    await page.goto(`/products/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const widths = page.getByRole("group", { name: "Width" });
    await expect(widths.getByRole("radio")).toHaveCount(3);
    await expect(widths).toContainText("300mm");
    await expect(widths).toContainText("600mm");
  });

  test("deleting a product asks for confirmation first", async ({ page }, testInfo) => {
    const name = `Disposable Aprons ${testInfo.project.name} ${randomUUID().slice(0, 6)}`;
    const created = await page.request.post("/api/admin/products", { data: { name, salesPrice: "3.20" } });
    expect(created.status()).toBe(201);

    await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name: `Delete ${name}` }).click();
    await expect(page.getByText("Past orders, invoices and returns keep their lines and history")).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByTestId("product-row").filter({ hasText: name })).toHaveCount(1);

    await page.getByRole("link", { name: `Delete ${name}` }).click();
    await page.getByRole("button", { name: "Delete product" }).click();
    await expect(page.getByText("Product deleted").first()).toBeVisible();
    await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
    await expect(page.getByText("No products found")).toBeVisible();
  });

  test("filter by category and stock state, sort by price, and keep the choices in the URL", async ({ page }, testInfo) => {
    const suffix = `${testInfo.project.name} ${randomUUID().slice(0, 6)}`;
    // a category of this test's own, so other tests' products never show in it
    const created = await page.request.post("/api/admin/categories", { data: { name: `Test Kitchen ${suffix}` } });
    expect(created.status()).toBe(201);
    const category: { id: number; name: string } = await created.json();
    const product = async (name: string, salesPrice: string, stockLevel: number) => {
      const response = await page.request.post("/api/admin/products", {
        data: { name: `${name} ${suffix}`, salesPrice, stockLevel, lowStockThreshold: 10, categoryId: category.id },
      });
      expect(response.status()).toBe(201);
      return `${name} ${suffix}`;
    };
    const saucePot = await product("Sauce Pot", "2.50", 3); // low stock
    const lid = await product("Pot Lid", "4.00", 8); // low stock, dearer
    await product("Ladle", "9.00", 50); // in stock
    await product("Baking Tray", "6.00", 0); // out of stock

    await page.goto("/admin/products");
    const filters = page.getByRole("search", { name: "Filter products" });
    await filters.getByLabel("Filter by category").selectOption({ label: category.name });
    await filters.getByLabel("Filter by stock").selectOption({ label: "Low stock" });
    await filters.getByLabel("Sort by").selectOption({ label: "Price (high to low)" });
    await filters.getByRole("button", { name: "Search" }).click();

    await expect(page).toHaveURL(new RegExp(`[?&]category=${category.id}(&|$)`));
    await expect(page).toHaveURL(/[?&]stock=low-stock(&|$)/);
    await expect(page).toHaveURL(/[?&]sort=price-desc(&|$)/);
    const rows = page.getByTestId("product-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(lid);
    await expect(rows.nth(0)).toContainText("£4.00");
    await expect(rows.nth(1)).toContainText(saucePot);
    await expect(rows.nth(0).getByTestId("stock-level")).toHaveAttribute("data-state", "low-stock");
    // the form shows what is applied, and the row's links keep it
    await expect(filters.getByLabel("Filter by category")).toHaveValue(String(category.id));
    await expect(filters.getByLabel("Filter by stock")).toHaveValue("low-stock");
    await expect(filters.getByLabel("Sort by")).toHaveValue("price-desc");
    const edit = rows.nth(0).getByRole("link", { name: `Edit ${lid}` });
    await expect(edit).toHaveAttribute("href", new RegExp(`category=${category.id}&stock=low-stock&sort=price-desc&edit=\\d+$`));

    // a value the list does not know falls back to its default instead of failing
    const odd = await page.goto(`/admin/products?category=${category.id}&stock=lots&sort=cheapest`);
    expect(odd?.status()).toBe(200);
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0)).toContainText("Baking Tray");
    await expect(filters.getByLabel("Filter by stock")).toHaveValue("all");
    await expect(filters.getByLabel("Sort by")).toHaveValue("name-asc");

    await filters.getByRole("link", { name: "Clear" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(filters.getByLabel("Filter by category")).toHaveValue("");

    // the back button brings back the list before Clear, and the form shows its filters again
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`[?&]category=${category.id}(&|$)`));
    await expect(rows).toHaveCount(4);
    await expect(filters.getByLabel("Filter by category")).toHaveValue(String(category.id));
  });

  test("filter by VAT rate and a price range, both kept in the URL", async ({ page }, testInfo) => {
    const suffix = `${testInfo.project.name} ${randomUUID().slice(0, 6)}`;
    const created = await page.request.post("/api/admin/categories", { data: { name: `Test Pantry ${suffix}` } });
    expect(created.status()).toBe(201);
    const category: { id: number; name: string } = await created.json();
    const product = async (name: string, salesPrice: string, vatRate: string) => {
      const response = await page.request.post("/api/admin/products", {
        data: { name: `${name} ${suffix}`, salesPrice, vatRate, stockLevel: 20, categoryId: category.id },
      });
      expect(response.status()).toBe(201);
      return `${name} ${suffix}`;
    };
    const tea = await product("Tea Bags", "3.20", "0");
    const cocoa = await product("Cocoa Tin", "7.80", "5");
    const wipes = await product("Table Wipes", "5.10", "20");
    await product("Coffee Urn", "89.00", "20");

    await page.goto(`/admin/products?category=${category.id}`);
    const filters = page.getByRole("search", { name: "Filter products" });
    const rows = page.getByTestId("product-row");
    await expect(rows).toHaveCount(4);
    // the bounds of the prices in view: floor of the lowest, ceiling of the highest
    await expect(filters.getByText("£3 to £89 in view")).toBeVisible();

    await filters.getByLabel("Filter by VAT rate").selectOption({ label: "20%" });
    await filters.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/[?&]vat=20(&|$)/);
    await expect(rows).toHaveCount(2);

    await filters.getByLabel("Min price").fill("3.20");
    await filters.getByLabel("Max price").fill("7.80");
    // with JavaScript picking the rate applies the whole form at once; without it Search does
    await filters.getByLabel("Filter by VAT rate").selectOption({ label: "All VAT rates" });
    await filters.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/[?&]min=3\.20?(&|$)/);
    await expect(page).toHaveURL(/[?&]max=7\.80?(&|$)/);
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: tea })).toHaveCount(1);
    await expect(rows.filter({ hasText: cocoa })).toHaveCount(1);
    await expect(rows.filter({ hasText: wipes })).toHaveCount(1);

    await filters.getByLabel("Filter by VAT rate").selectOption({ label: "5%" });
    await filters.getByRole("button", { name: "Search" }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toContainText(cocoa);
    // the price as typed (with JavaScript the form keeps its own inputs) or as the URL gives it back
    await expect(filters.getByLabel("Min price")).toHaveValue(/^3\.20?$/);
    await expect(filters.getByLabel("Filter by VAT rate")).toHaveValue("5");
  });

  test("rename a category, and try to delete one that products use", async ({ page }, testInfo) => {
    const suffix = `${testInfo.project.name} ${randomUUID().slice(0, 6)}`;
    const created = await page.request.post("/api/admin/categories", { data: { name: `Glassware ${suffix}` } });
    expect(created.status()).toBe(201);
    const category: { id: number; name: string } = await created.json();
    const product = await page.request.post("/api/admin/products", {
      data: { name: `Pint Glass ${suffix}`, salesPrice: "1.20", categoryId: category.id },
    });
    expect(product.status()).toBe(201);
    const renamed = `Bar Glassware ${suffix}`;

    await page.goto("/admin/products");
    await page.getByRole("link", { name: "Categories", exact: true }).click();
    const row = page.getByTestId("category-row").filter({ hasText: category.name });
    await row.getByRole("link", { name: `Rename ${category.name}` }).click();
    await page.getByLabel("Category name").fill(renamed);
    await page.getByRole("button", { name: "Rename category" }).click();
    await expect(page.getByText("Category renamed").first()).toBeVisible();
    const renamedRow = page.getByTestId("category-row").filter({ hasText: renamed });
    await expect(renamedRow).toContainText(`/category/bar-glassware-${testInfo.project.name}-`);

    await renamedRow.getByRole("link", { name: `Delete ${renamed}` }).click();
    await expect(page.getByText(`${renamed} is used by 1 product: move them first`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Delete category" })).toHaveCount(0);
    await page.getByRole("link", { name: "Show its products" }).click();
    await expect(page.getByTestId("product-row")).toHaveCount(1);
    await expect(page.getByTestId("product-row")).toContainText(`Pint Glass ${suffix}`);
  });

  test("import Shopify's template from the page", async ({ page }) => {
    await page.goto("/admin/products");
    await page.getByRole("link", { name: "Import CSV" }).click();
    await page.getByLabel("CSV file").setInputFiles(TEMPLATE);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    const result = page.getByTestId("import-result");
    await expect(result).toContainText("Import complete");
    // the first import creates 3; any later one (the other project, a rerun) updates the same 3
    await expect(result).toContainText(/Created (3 products, updated 0|0 products, updated 3) products/);
    await expect(page.getByText("Import complete").first()).toBeVisible();

    await page.goto("/admin/products?q=example");
    await expect(page.getByTestId("product-row").filter({ hasText: "example-shirt" })).toContainText("Example T-Shirt");
    await expect(page.getByTestId("product-row").filter({ hasText: "example-hat" })).toContainText("Hat");
  });

  test("Export CSV downloads every product in Shopify's layout", async ({ page }) => {
    await page.goto("/admin/products");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await download.path();
    const csv = fs.readFileSync(file, "utf8");
    // Shopify's header, then the VAT rate, the barcodes and the pack rules as product metafield columns
    expect(csv.split("\n")[0]).toBe(
      `${SHOPIFY_HEADER},VAT rate (product.metafields.custom.vat_rate),` +
        "Barcodes (product.metafields.custom.barcodes)," +
        "Minimum order quantity (product.metafields.custom.min_order_quantity)," +
        "Order multiple (product.metafields.custom.order_multiple)," +
        "Pack label (product.metafields.custom.pack_label)," +
        "Units per pack (product.metafields.custom.units_per_pack)," +
        "Option barcodes (product.metafields.custom.option_barcodes)," +
        "Variant pack rules (product.metafields.custom.variant_pack_rules)",
    );
    // the demo's energy drinks are sold two cases of 24 cans at a time
    expect(csv).toMatch(/^energy-drink-250ml-cans-24-pack,.*,20,,2,2,case of 24 cans,24,,\r?$/m);
    // the vest's sizes carry their own codes, a line per option
    expect(csv).toContain('"Size: S = 5014732000202\nSize: M = 5014732000219\nSize: L = 5014732000226"');
    expect(csv).toContain("Hi-Vis Vest EN ISO 20471");
    expect(csv).toContain(",deny,manual,");
  });
});
