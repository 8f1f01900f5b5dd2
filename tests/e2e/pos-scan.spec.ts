import { ADMIN, expect, test } from "./fixtures";

/**
 * The counter's scan box, with and without JavaScript: a keyboard-wedge scanner types a barcode's digits into
 * the focused box and presses Enter. Three of the demo catalogue's EAN-13s (db/seed/barcodes.ts) go into a sale,
 * one of them a variant option's, and the sale is completed.
 */
const SCANS = [
  { code: "5014732000011", name: "Penne Pasta 3kg" },
  { code: "5014732000028", name: "Catering Tea Bags (1,100)" },
  { code: "5014732000226", name: "Hi-Vis Vest EN ISO 20471" }, // its Size L
] as const;

test.describe("point of sale: scanning barcodes", () => {
  test("scan three barcodes into a sale by typing digits and Enter, then complete it", async ({ page }) => {
    // a session of its own: the sale in progress lives in it
    expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
    await page.goto("/admin/pos");
    const sale = page.getByRole("complementary", { name: "Current sale" });
    const box = page.getByTestId("pos-scan");
    await expect(sale.getByText("Cart is empty")).toBeVisible();

    for (const [index, scan] of SCANS.entries()) {
      // the scanner types into whatever has the focus: the box must have it, on arrival and after each scan
      await expect(box).toBeFocused();
      await page.keyboard.type(scan.code);
      await page.keyboard.press("Enter");
      const line = sale.getByTestId("pos-line").filter({ hasText: scan.name });
      await expect(line).toBeVisible();
      await expect(line.getByTestId("pos-line-quantity")).toHaveText("1");
      await expect(sale.getByTestId("pos-line")).toHaveCount(index + 1);
      await expect(box).toHaveValue("");
    }

    // a code nobody carries says so and changes nothing
    await expect(box).toBeFocused();
    await page.keyboard.type("5014732000998");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("toast").filter({ hasText: "No product has the barcode 5014732000998" })).toBeVisible();
    await expect(sale.getByTestId("pos-line")).toHaveCount(SCANS.length);

    await sale.getByRole("button", { name: "Complete Sale" }).click();
    const done = sale.getByTestId("pos-last-sale");
    await expect(done).toContainText("Sale completed");
    const orderNumber = (await done.textContent())!.match(/ORD-\d{6}/)![0];
    await expect(sale.getByText("Cart is empty")).toBeVisible();

    await page.goto(`/admin/orders?q=${orderNumber}`);
    const row = page.getByTestId("order-row").filter({ hasText: orderNumber });
    await row.getByRole("link", { name: `View order ${orderNumber}` }).click();
    for (const scan of SCANS) await expect(page.getByTestId("order-detail")).toContainText(scan.name);
    // the order's delivery note prints each line's barcode (a PDF, opened from the order)
    const note = page.getByTestId("order-delivery-note");
    await expect(note).toHaveAttribute("href", /\/admin\/orders\/\d+\/delivery-note\.pdf$/);
    const pdf = await page.request.get((await note.getAttribute("href"))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(pdf.headers()["content-disposition"]).toBe(`inline; filename="delivery-note-${orderNumber}.pdf"`);
  });

  test("a code on two products asks which one, and the choice goes into the sale", async ({ page }) => {
    expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
    await page.goto("/admin/pos");
    const sale = page.getByRole("complementary", { name: "Current sale" });
    await expect(page.getByTestId("pos-scan")).toBeFocused();
    await page.keyboard.type("bay-cups-12");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/scan=BAY-CUPS-12/);
    const choice = page.getByRole("group", { name: "Products with barcode BAY-CUPS-12" });
    await expect(choice.getByRole("button")).toHaveCount(2);
    await expect(sale.getByText("Cart is empty")).toBeVisible();
    await choice.getByRole("button", { name: /Sip-Through Cup Lids/ }).click();
    await expect(sale.getByTestId("pos-line").filter({ hasText: "Sip-Through Cup Lids (1,000)" })).toBeVisible();
    await expect(page).not.toHaveURL(/scan=/);
    await expect(choice).toHaveCount(0);
    await expect(page.getByTestId("pos-scan")).toBeFocused();
  });

  test("scans made faster than the server answers all count, one after another @js-only", async ({ page }) => {
    expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
    await page.goto("/admin/pos");
    const sale = page.getByRole("complementary", { name: "Current sale" });
    await expect(page.getByTestId("pos-scan")).toBeFocused();
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.type(SCANS[0].code);
      await page.keyboard.press("Enter");
    }
    const line = sale.getByTestId("pos-line").filter({ hasText: SCANS[0].name });
    await expect(line.getByTestId("pos-line-quantity")).toHaveText("3");
    await expect(page.getByTestId("pos-scan")).toHaveValue("");
  });
});
