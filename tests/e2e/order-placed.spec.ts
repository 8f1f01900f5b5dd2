import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";
import { expectOrderPlacedPage } from "./orders";

/** A seeded product without variants and with plenty in stock: £5.25 + 20% VAT = £6.30 a pack. */
const WATER = { path: "/products/sparkling-spring-water-500ml-24-pack", name: "Sparkling Spring Water 500ml (24 pack)" };

async function addWater(page: Page, javaScriptEnabled: boolean, quantity = 2) {
  await page.goto(WATER.path);
  if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Increase quantity" })).toBeVisible();
  await page.getByRole("spinbutton", { name: "Quantity" }).fill(String(quantity));
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText(String(quantity));
}

async function openCheckout(page: Page, javaScriptEnabled: boolean) {
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  if (javaScriptEnabled) await expect(page.locator("form#checkout-form")).toHaveAttribute("data-hydrated", "true");
}

/** The delivery address in the UK form's fields. */
async function fillUkAddress(page: Page, postcode: string) {
  await page.getByLabel("Full name", { exact: true }).fill("Casey Trader");
  await page.getByLabel(/^Business name/).fill("Casey Trading Ltd");
  await page.getByLabel("Address line 1", { exact: true }).fill("Unit 3, Kelham Island Works");
  await page.getByLabel(/^Address line 2/).fill("Alma Street");
  await page.getByLabel("Town or city", { exact: true }).fill("Sheffield");
  await page.getByLabel(/^County/).fill("South Yorkshire");
  await page.getByLabel("Postcode", { exact: true }).fill(postcode);
}

test.describe("after Place Order", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a UK address with a bad postcode is refused, then the order lands on its order-placed page", async ({
    page,
    javaScriptEnabled,
    customer,
  }) => {
    await signIn(page, customer);
    await addWater(page, javaScriptEnabled);
    await openCheckout(page, javaScriptEnabled);
    const promised = (await page.getByTestId("checkout-delivery-date").innerText()).trim();
    expect(promised).toMatch(/^(Mon|Tue|Wed|Thu|Fri) \d{2} [A-Z][a-z]{2} \d{4}$/);

    await fillUkAddress(page, "D02 X285");
    await page.getByLabel("Your PO reference").fill("PO-8812");
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page.getByText("Enter a UK postcode, for example LS1 6EN")).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);

    await page.getByLabel("Postcode", { exact: true }).fill("s3 8ry");
    await page.getByRole("button", { name: "Place Order" }).click();
    const orderNumber = await expectOrderPlacedPage(page);

    // no notice floats over the page: it says everything in place
    await expect(page.getByTestId("toast")).toHaveCount(0);
    await expect(page.getByTestId("placed-po-reference")).toHaveText("PO-8812");
    await expect(page.getByTestId("placed-expected-delivery")).toHaveText(promised);
    await expect(page.getByRole("main")).toContainText("Casey Trading Ltd, Unit 3, Kelham Island Works, Alma Street");
    await expect(page.getByRole("main")).toContainText("Sheffield, South Yorkshire");
    await expect(page.getByRole("main")).toContainText("S3 8RY");
    await expect(page.getByTestId("placed-next-steps")).toContainText(`emailed the order confirmation to ${customer.email}`);

    // lines and totals, the same as the order the API answers
    const orders = (await (await page.request.get("/api/orders")).json()) as {
      orderNumber: string;
      subtotal: string;
      vatAmount: string;
      total: string;
      estimatedDelivery: string;
    }[];
    const order = orders.find((entry) => entry.orderNumber === orderNumber)!;
    const totals = page.getByTestId("placed-totals");
    await expect(totals).toContainText(`Subtotal (ex VAT)£${order.subtotal}`);
    await expect(totals).toContainText(`VAT£${order.vatAmount}`);
    await expect(totals).toContainText(`Total (inc VAT)£${order.total}`);
    await expect(page.getByRole("table", { name: `Items in ${orderNumber}` })).toContainText(WATER.name);

    // the invoice PDF and Order again
    const pdfHref = await page.getByTestId("placed-invoice-pdf").getAttribute("href");
    expect(pdfHref).toMatch(/^\/account\/invoices\/\d+\.pdf$/);
    const pdf = await page.request.get(pdfHref!);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    await page.getByRole("button", { name: "Order again" }).click();
    await page.waitForURL((url) => url.pathname === "/cart");
    await expect(page.getByTestId("cart-line").filter({ hasText: WATER.name })).toBeVisible();
  });

  test("on a phone the order summary comes before Place Order; on a desktop it sits beside the form", async ({
    page,
    javaScriptEnabled,
    customer,
  }) => {
    await signIn(page, customer);
    await addWater(page, javaScriptEnabled);

    await page.setViewportSize({ width: 375, height: 812 });
    await openCheckout(page, javaScriptEnabled);
    const total = page.getByTestId("checkout-total");
    const placeOrder = page.getByRole("button", { name: "Place Order" });
    const totalBox = (await total.boundingBox())!;
    const buttonBox = (await placeOrder.boundingBox())!;
    expect(totalBox.y + totalBox.height).toBeLessThan(buttonBox.y);

    await page.setViewportSize({ width: 1280, height: 800 });
    const summary = (await page.getByRole("complementary", { name: "Order summary" }).boundingBox())!;
    const form = (await page.locator("form#checkout-form").boundingBox())!;
    expect(summary.x).toBeGreaterThan(form.x + form.width);

    await fillUkAddress(page, "S3 8RY");
    await page.getByRole("button", { name: "Place Order" }).click();
    const orderNumber = await expectOrderPlacedPage(page);

    // at 375 px the lines are a list (no sideways scroll), the totals are on the page and nothing floats over them
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole("list", { name: `Items in ${orderNumber}` })).toContainText(WATER.name);
    await expect(page.getByRole("table", { name: `Items in ${orderNumber}` })).toBeHidden();
    await page.getByTestId("placed-totals").scrollIntoViewIfNeeded();
    await expect(page.getByTestId("placed-totals")).toBeInViewport();
    await expect(page.getByTestId("toast")).toHaveCount(0);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(375);
  });

  test("the footer and the checkout lines follow the price basis chosen in the header", async ({
    page,
    javaScriptEnabled,
    customer,
  }) => {
    await signIn(page, customer);
    await addWater(page, javaScriptEnabled);
    await openCheckout(page, javaScriptEnabled);

    const footer = page.getByTestId("footer-price-basis");
    const line = page.getByTestId("checkout-line").filter({ hasText: WATER.name });
    await expect(footer).toHaveText("Prices shown include VAT at the applicable UK rate.");
    await expect(line.getByTestId("checkout-unit-price")).toContainText("2 × £6.30 inc VAT");
    await expect(line.getByTestId("checkout-line-total")).toHaveText("£12.60inc VAT");
    await expect(page.getByText("Total (inc VAT)")).toBeVisible();

    const header = page.getByRole("banner");
    await header.getByRole("button", { name: "ex VAT" }).click();
    await expect(header.getByRole("button", { name: "ex VAT" })).toHaveAttribute("aria-pressed", "true");
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(footer).toHaveText("Prices shown exclude VAT; VAT at the applicable UK rate is added at checkout.");
    await expect(line.getByTestId("checkout-unit-price")).toContainText("2 × £5.25 ex VAT");
    await expect(line.getByTestId("checkout-line-total")).toHaveText("£10.50ex VAT");

    await header.getByRole("button", { name: "inc VAT" }).click();
    await expect(footer).toHaveText("Prices shown include VAT at the applicable UK rate.");
  });
});
