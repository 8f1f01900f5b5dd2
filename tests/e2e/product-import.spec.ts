import { randomUUID } from "node:crypto";
import { ADMIN, expect, JS_ONLY, signIn, test } from "./fixtures";

/** Five new products and a row the import refuses, with slugs of their own for each run. */
function smallCatalogue(tag: string) {
  const rows = ["slug,sku,name,description,category,stockLevel,salesPrice,imageUrl,costPrice"];
  for (let n = 1; n <= 5; n += 1) {
    rows.push(`import-${tag}-${n},IMP-${tag}-${n},Import Test Mop ${tag} ${n},"Cotton mop head, size ${n}",Janitorial Equipment,${n * 10},${n}.50,,1.00`);
  }
  rows.push(`import-${tag}-6,,No Price ${tag},,Janitorial Equipment,1,,,`);
  return { name: `catalogue-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(rows.join("\r\n")) };
}

test.describe("product import", () => {
  test.describe.configure({ timeout: 60_000 });

  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN);
  });

  test("the Import CSV dialog imports a file and the page lists what it did and the rows it refused", async ({ page }, testInfo) => {
    const tag = `${testInfo.project.name}-${randomUUID().slice(0, 6)}`;
    await page.goto("/admin/products");
    await page.getByRole("link", { name: "Import CSV" }).click();
    await page.getByLabel("CSV file").setInputFiles(smallCatalogue(tag));
    await page.getByRole("button", { name: "Import", exact: true }).click();

    const result = page.getByTestId("import-result");
    await expect(result).toContainText("Import complete");
    await expect(result).toContainText("Created 5 products, updated 0 products");
    await expect(page.getByTestId("import-errors")).toContainText("Row 7: salesPrice is required for a new product");

    await page.goto(`/admin/products?q=${encodeURIComponent(`Import Test Mop ${tag}`)}`);
    await expect(page.getByTestId("product-row")).toHaveCount(5);
  });

  test("with JavaScript a progress bar follows the upload and the server's work, then the result shows", JS_ONLY, async ({ page }, testInfo) => {
    const tag = `${testInfo.project.name}-${randomUUID().slice(0, 6)}`;
    // hold the action's answer back a moment, so the dialog has to poll the server for the import's progress
    await page.route(
      (url) => url.pathname === "/admin/products" && url.searchParams.has("_data"),
      async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        const response = await route.fetch();
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        await route.fulfill({ response });
      },
    );
    await page.goto("/admin/products");
    await page.getByRole("link", { name: "Import CSV" }).click();
    await page.getByLabel("CSV file").setInputFiles(smallCatalogue(tag));
    await page.getByRole("button", { name: "Import", exact: true }).click();

    const progress = page.getByTestId("import-progress");
    await expect(progress).toBeVisible();
    await expect(page.getByRole("button", { name: "Importing..." })).toBeDisabled();
    // the import itself is done before its answer arrives: the polled progress says what it did
    await expect(progress.getByRole("status")).toHaveText("Imported: created 5, updated 0");

    await expect(page.getByTestId("import-result")).toContainText("Created 5 products, updated 0 products");
    await expect(progress).toHaveCount(0);
    await expect(page).toHaveURL(/importResult=/);
  });
});
