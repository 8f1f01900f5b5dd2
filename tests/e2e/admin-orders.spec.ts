import { readFile } from "node:fs/promises";
import type { APIRequestContext, Download, Page } from "@playwright/test";
import { ADMIN, createCustomer, expect, test, type Account } from "./fixtures";
import { ORDERABLE, placeOrderThroughApi } from "./orders";

/** Signs `request` in as the customer and places a one-line order of a deep-stock product for them. */
async function orderFor(request: APIRequestContext, customer: Account) {
  const login = await request.post("/api/auth/login", { data: customer });
  expect(login.status()).toBe(200);
  return placeOrderThroughApi(request, customer, [{ slug: ORDERABLE.stillWater.slug, quantity: 1 }]);
}

function detail(page: Page) {
  return page.getByTestId("order-detail");
}

test.describe("admin orders", () => {
  test("view an order, change its status and its tracking", async ({ page, request, customer, login }) => {
    const order = await orderFor(request, customer);
    expect(order.status).toBe("pending");
    await login(ADMIN);

    await page.goto("/admin/orders");
    await page.getByLabel("Search orders").fill(order.orderNumber);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`q=${order.orderNumber}`));
    const row = page.getByTestId("order-row").filter({ hasText: order.orderNumber });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(customer.email);
    await expect(row).toContainText("Pending");

    await row.getByRole("link", { name: `View order ${order.orderNumber}` }).click();
    await expect(page).toHaveURL(new RegExp(`view=${order.id}`));
    await expect(page.getByText(`Order ${order.orderNumber}`)).toBeVisible();
    await expect(detail(page)).toContainText(ORDERABLE.stillWater.name);
    await expect(detail(page)).toContainText(customer.email);
    await expect(detail(page)).toContainText("LS11 5PS");
    await expect(detail(page).getByTestId("order-totals")).toContainText("Total");

    await detail(page).getByLabel("Order status").selectOption("shipped");
    await detail(page).getByRole("button", { name: "Update Status" }).click();
    await expect(page.getByText("Status updated").first()).toBeVisible();
    await expect(page.getByText(`${order.orderNumber} is now Shipped.`).first()).toBeVisible();
    await expect(detail(page).locator('[data-status="shipped"]')).toBeVisible();

    // a tracking link that is not a web page is refused with the reason on the field
    await detail(page).getByLabel("Tracking number").fill("DPD-7788990");
    await detail(page).getByLabel("Carrier").fill("DPD");
    await detail(page).getByLabel("Tracking URL").fill("javascript:alert(1)");
    await detail(page).getByRole("button", { name: "Update Tracking" }).click();
    await expect(detail(page).getByText("Tracking URL must be a web address starting with http:// or https://")).toBeVisible();

    await detail(page).getByLabel("Tracking URL").fill("https://track.dpd.co.uk/parcels/DPD-7788990");
    await detail(page).getByLabel("Estimated delivery").fill("2026-12-03");
    await detail(page).getByRole("button", { name: "Update Tracking" }).click();
    await expect(page.getByText("Tracking updated").first()).toBeVisible();
    await expect(detail(page).getByLabel("Tracking number")).toHaveValue("DPD-7788990");
    await expect(detail(page).getByRole("link", { name: "DPD-7788990" })).toHaveAttribute(
      "href",
      "https://track.dpd.co.uk/parcels/DPD-7788990",
    );
    await expect(detail(page)).toContainText("estimated delivery 03 Dec 2026");

    // the list shows the new status
    await page.goto(`/admin/orders?q=${order.orderNumber}&status=shipped`);
    await expect(page.getByTestId("order-row").filter({ hasText: order.orderNumber })).toContainText("Shipped");
  });

  test("approve the order of a customer whose orders need approval", async ({ page, request, baseURL, login }) => {
    const customer = await createCustomer(baseURL!, { requiresApproval: true });
    const order = await orderFor(request, customer);
    expect(order.status).toBe("pending_approval");
    await login(ADMIN);

    await page.goto("/admin/order-approvals");
    const row = page.getByTestId("approval-row").filter({ hasText: order.orderNumber });
    await expect(row).toContainText("Casey Trader");
    await expect(row).toContainText(customer.email);
    await expect(row).toContainText("4 Canal Wharf");
    await expect(row).toContainText("Leeds");
    await expect(row).toContainText("LS11 5PS");
    await row.getByRole("button", { name: `Approve order ${order.orderNumber}` }).click();
    await expect(page.getByText("Order approved").first()).toBeVisible();
    await expect(page.getByTestId("approval-row").filter({ hasText: order.orderNumber })).toHaveCount(0);

    await page.goto(`/admin/orders?view=${order.id}`);
    await expect(detail(page).locator('[data-status="processing"]')).toBeVisible();
    await expect(detail(page)).toContainText(/Invoice INV-\d{4}-\d{5}/);
  });

  test("reject an order awaiting approval after confirming", async ({ page, request, baseURL, login }) => {
    const customer = await createCustomer(baseURL!, { requiresApproval: true });
    const order = await orderFor(request, customer);
    await login(ADMIN);

    await page.goto("/admin/order-approvals");
    await page.getByRole("link", { name: `Reject order ${order.orderNumber}` }).click();
    await expect(page.getByText(`Are you sure you want to reject order ${order.orderNumber}`)).toBeVisible();
    await page.getByRole("button", { name: "Reject", exact: true }).click();
    await expect(page.getByText("Order rejected").first()).toBeVisible();
    await expect(page.getByTestId("approval-row").filter({ hasText: order.orderNumber })).toHaveCount(0);

    await page.goto(`/admin/orders?q=${order.orderNumber}`);
    await expect(page.getByTestId("order-row").filter({ hasText: order.orderNumber })).toContainText("Cancelled");
  });

  test("tick orders to export them, download a picking list and mark them as processing", async ({ page, request, customer, login }, testInfo) => {
    const order = await orderFor(request, customer);
    const withJs = testInfo.project.name === "js";
    await login(ADMIN);
    await page.goto(`/admin/orders?q=${order.orderNumber}`);
    const tick = page.getByRole("checkbox", { name: `Select ${order.orderNumber}` });

    await tick.check();
    const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = await readDownload(csv);
    expect(exported).toContain(`${order.id},${order.orderNumber},`);
    expect(exported).toContain(customer.email);
    if (withJs) await expect(page.getByText("Export Complete")).toBeVisible();

    if (!withJs) await page.goto(`/admin/orders?q=${order.orderNumber}`);
    await tick.check();
    const [picking] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Picking List", exact: true }).click()]);
    expect(picking.suggestedFilename()).toMatch(/^picking-list-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await readDownload(picking)).toContain(`${ORDERABLE.stillWater.name},,1,${order.id},${order.orderNumber}`);
    if (withJs) await expect(page.getByText("Picking List Exported")).toBeVisible();

    // the printed picking list: a PDF with each line's barcode drawn
    if (!withJs) await page.goto(`/admin/orders?q=${order.orderNumber}`);
    await tick.check();
    const [printed] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Print Picking List" }).click()]);
    expect(printed.suggestedFilename()).toMatch(/^picking-list-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect((await readDownload(printed)).startsWith("%PDF-")).toBe(true);

    if (!withJs) await page.goto(`/admin/orders?q=${order.orderNumber}`);
    await tick.check();
    await page.getByLabel("Bulk action").selectOption("processing");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("Batch Update Complete").first()).toBeVisible();
    await expect(page.getByText("1 order marked as Processing.").first()).toBeVisible();
    await expect(page.getByTestId("order-row").filter({ hasText: order.orderNumber })).toContainText("Processing");
  });
});

async function readDownload(download: Download) {
  const path = await download.path();
  return readFile(path!, "utf8");
}
