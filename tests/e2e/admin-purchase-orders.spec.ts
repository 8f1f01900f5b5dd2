import { randomUUID } from "node:crypto";
import { ADMIN, expect, signIn, test, uniqueEmail } from "./fixtures";

/**
 * The back office's purchase orders against the shared e2e database. Each run makes a supplier and an
 * out-of-stock product of its own, so the order Auto-Generate drafts for that supplier is touched by this
 * test alone (whichever project's Auto-Generate happens to draft it).
 */
test.describe("admin purchase orders", () => {
  test.describe.configure({ timeout: 90_000 });

  test("auto-generate, open the order, mark it sent, then received, and see the stock go up", async ({ page }, testInfo) => {
    await signIn(page, ADMIN);
    const suffix = `${testInfo.project.name} ${randomUUID().slice(0, 6)}`;
    const supplierEmail = uniqueEmail("supplier");
    const supplier = await page.request.post("/api/admin/users", {
      data: { email: supplierEmail, password: "supplier-pass", role: "supplier", businessName: `Dales Packaging ${suffix}`, isActive: true },
    });
    expect(supplier.status()).toBe(201);
    const supplierId = (await supplier.json()).id as string;
    const name = `Kraft Carrier Bags ${suffix}`;
    const product = await page.request.post("/api/admin/products", {
      data: { name, salesPrice: "0.45", costPrice: "0.18", stockLevel: 0, lowStockThreshold: 7, supplierId },
    });
    expect(product.status()).toBe(201);

    await page.goto("/admin/purchase-orders");
    await expect(page.getByRole("heading", { level: 1, name: "Purchase Orders" })).toBeVisible();
    await expect(page.getByText("Draft", { exact: true }).first()).toBeVisible();
    await page.getByRole("button", { name: "Auto-Generate POs" }).click();
    // the other project's run may have drafted this supplier's order a moment earlier
    await expect(page.getByText(/^(Purchase orders generated|Nothing to reorder)$/).first()).toBeVisible();

    await page.getByLabel("Search", { exact: true }).fill(supplierEmail);
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    const row = page.getByTestId("purchase-order-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Auto");
    await expect(row).toContainText("Draft");
    await expect(row).toContainText(`${name} × 7`);
    // 7 × £0.18 = £1.26, VAT £0.25
    await expect(row).toContainText("Total £1.51");
    const orderNumber = (await row.getAttribute("data-order-number"))!;
    expect(orderNumber).toMatch(/^PO-\d{6}$/);

    await row.getByRole("link", { name: `View purchase order ${orderNumber}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Purchase order ${orderNumber}` })).toBeVisible();
    const line = page.getByTestId("po-line");
    await expect(line).toContainText(name);
    await expect(line.getByTestId("stock-now")).toHaveText("0");
    const status = page.getByLabel(`Status of ${orderNumber}`);
    // a draft may only be sent or cancelled
    await expect(status.locator("option:not([disabled])")).toHaveText([/^Sent/, "Cancelled"]);

    await status.selectOption("sent");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expect(page.getByText(`${orderNumber} was emailed to ${supplierEmail} with the order attached as a PDF.`).first()).toBeVisible();
    await expect(page.getByTestId("po-history")).toContainText(`Emailed to ${supplierEmail}`);

    await page.getByLabel(`Status of ${orderNumber}`).selectOption("received");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expect(page.getByText(`${orderNumber} was received: 7 units added to the stock of 1 product.`).first()).toBeVisible();
    await expect(page.getByTestId("po-line").getByTestId("stock-now")).toHaveText("7");
    await expect(page.getByText("Final: no further changes")).toBeVisible();

    const pdf = await page.request.get(await page.getByRole("link", { name: "Download PDF" }).getAttribute("href").then((href) => href!));
    expect(pdf.headers()["content-type"]).toBe("application/pdf");

    await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
    const productRow = page.getByTestId("product-row").filter({ hasText: name });
    await expect(productRow.getByTestId("stock-level")).toContainText("7");
  });

  test("create a purchase order by hand for a supplier", async ({ page }, testInfo) => {
    await signIn(page, ADMIN);
    const suffix = `${testInfo.project.name} ${randomUUID().slice(0, 6)}`;
    await page.goto("/admin/purchase-orders?dialog=new");
    await expect(page.getByRole("heading", { name: "Create purchase order" })).toBeVisible();
    // with JavaScript the dialog moves into its portal as the page hydrates: the steps below act on the modal
    if (testInfo.project.name === "js") await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByLabel("Find a product").fill("Nitrile");
    await page.getByRole("button", { name: "Find" }).click();
    await expect(page).toHaveURL(/product=Nitrile/);
    await page.getByLabel("Supplier").selectOption({ label: "Northern Catering Supplies Ltd (supplier@example.com)" });
    const first = page.getByLabel("Product (line 1)");
    const option = first.locator("option", { hasText: "Nitrile" }).first();
    await first.selectOption((await option.getAttribute("value"))!);
    // the unit price is the product's cost price: filled in on choosing it with JavaScript, taken when blank without
    const price = page.getByLabel("Unit price (£, ex VAT)").first();
    await expect(price).toHaveValue(testInfo.project.name === "js" ? "3.49" : "");
    await page.getByLabel("Qty").first().fill("3");
    await page.getByLabel("Notes").fill(`Top-up before the weekend ${suffix}`);
    await page.getByRole("button", { name: "Create purchase order" }).click();
    await expect(page.getByText("Purchase order created").first()).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: /^Purchase order PO-\d{6}$/ })).toBeVisible();
    await expect(page.getByTestId("po-line")).toHaveCount(1);
    await expect(page.getByTestId("po-line")).toContainText("Nitrile");
    await expect(page.getByTestId("po-line")).toContainText("£10.47");
    await expect(page.getByText(`Top-up before the weekend ${suffix}`)).toBeVisible();
  });
});
