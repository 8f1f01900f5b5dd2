import { randomUUID } from "node:crypto";
import { request as apiRequest, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN, expect, test, type Account } from "./fixtures";
import { ORDERABLE, placeOrderThroughApi } from "./orders";

/**
 * The back office's returns screen. Each test makes its own return: a fresh customer orders 3 packs of still
 * water and a tray of cola at list price, the admin marks the order delivered through the admin API, and
 * the customer asks to return 2 of the water through POST /api/returns. Nothing shared is touched.
 */

type AdminReturn = {
  id: number;
  status: string;
  adminNotes: string | null;
  refundAmount: string | null;
  items: { productName: string; quantity: number; lineValue: string }[];
};
type CustomerOrder = { id: number; orderNumber: string; items: { id: number; productName: string; quantity: number }[] };

async function signedIn(baseURL: string, account: Account) {
  const context = await apiRequest.newContext({ baseURL });
  const login = await context.post("/api/auth/login", { data: account });
  expect(login.status()).toBe(200);
  return context;
}

/** The customer's delivered order and a return of 2 of its 3 packs of water; answers the ids. */
async function deliveredOrderWithReturn(customerApi: APIRequestContext, adminPage: Page, customer: Account, note: string) {
  const placed = await placeOrderThroughApi(customerApi, customer, [
    { slug: ORDERABLE.stillWater.slug, quantity: 3 },
    { slug: ORDERABLE.cola.slug, quantity: 1 },
  ]);
  const delivered = await adminPage.request.patch(`/api/admin/orders/${placed.id}/status`, {
    headers: { "Idempotency-Key": randomUUID() },
    data: { status: "delivered" },
  });
  expect(delivered.status(), await delivered.text()).toBe(200);

  const mine = await customerApi.get("/api/orders/my-orders?limit=10");
  const order = ((await mine.json()) as CustomerOrder[]).find((item) => item.id === placed.id)!;
  const water = order.items.find((item) => item.productName === ORDERABLE.stillWater.name)!;
  expect(water.quantity).toBe(3);
  const created = await customerApi.post("/api/returns", {
    headers: { "Idempotency-Key": randomUUID() },
    data: {
      orderId: order.id,
      items: [{ orderItemId: water.id, quantity: 2 }],
      returnType: "refund",
      reason: "Faulty",
      customerNotes: note,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const made = (await created.json()) as { id: number; returnNumber: string };
  expect(made.returnNumber).toMatch(/^RMA-\d{6}$/);
  return { orderNumber: order.orderNumber, returnId: made.id, returnNumber: made.returnNumber };
}

test.describe("admin returns", () => {
  test("an admin updates a return's status and completes it", async ({ page, login, baseURL, customer }) => {
    test.slow();
    const note = `Lid cracked in transit ${randomUUID().slice(0, 8)}`;
    await login(ADMIN);
    const customerApi = await signedIn(baseURL!, customer);
    const { orderNumber, returnId: id, returnNumber } = await deliveredOrderWithReturn(customerApi, page, customer, note);

    await page.goto("/admin/returns?status=requested");
    await expect(page.getByRole("heading", { name: "Returns", exact: true })).toBeVisible();
    for (const label of ["Pending", "Approved", "Completed"]) {
      await expect(page.locator("dt", { hasText: new RegExp(`^${label}$`) })).toBeVisible();
    }
    const row = page.locator(`[data-testid="return-row"][data-return-id="${id}"]`);
    await expect(row).toContainText(`Return ${returnNumber}`);
    await expect(row).toContainText(note);
    await expect(row).toContainText(customer.email);
    await expect(row).toContainText("Casey Trader");
    await expect(row).toContainText(orderNumber);
    // 2 of 3 packs at £4.99: £9.98 + VAT £2.00
    await expect(row).toContainText(`${ORDERABLE.stillWater.name} × 2`);
    await expect(row).toContainText("£11.98");
    await expect(row).toContainText("Faulty");
    await expect(row.locator('[data-status="requested"]')).toHaveText("Requested");
    await expect(row.getByText("Refund", { exact: true })).toBeVisible();
    await expect(row.getByRole("link", { name: `Complete return ${returnNumber}` })).toHaveCount(0);

    // Update Status: its own URL, the current status preselected
    await row.getByRole("link", { name: `Update status of return ${returnNumber}` }).click();
    await page.waitForURL((url) => url.searchParams.get("update") === String(id));
    await expect(page.getByText("Update Return Status")).toBeVisible();
    const status = page.getByLabel("Status", { exact: true });
    await expect(status).toHaveValue("requested");
    await status.selectOption("approved");
    const adminNote = `Photos checked ${randomUUID().slice(0, 8)}`;
    await page.getByLabel("Admin Notes").fill(adminNote);
    await page.getByRole("button", { name: "Update Status", exact: true }).click();
    await expect(page.getByText("Return status has been updated successfully")).toBeVisible();
    await expect(page.getByText("Return updated", { exact: true })).toBeVisible();
    expect(new URL(page.url()).searchParams.get("update")).toBeNull();

    await page.goto("/admin/returns?status=approved");
    const approved = page.locator(`[data-testid="return-row"][data-return-id="${id}"]`);
    await expect(approved.locator('[data-status="approved"]')).toHaveText("Approved");
    await expect(approved).toContainText(adminNote);

    // Complete: a confirm step on its own URL, then the refund is recorded
    await approved.getByRole("link", { name: `Complete return ${returnNumber}` }).click();
    await page.waitForURL((url) => url.searchParams.get("complete") === String(id));
    await expect(page.getByText("Complete Return")).toBeVisible();
    await expect(page.getByText("A refund of £11.98 (inc VAT) is recorded as a credit note.")).toBeVisible();
    await expect(page.getByText("9 loyalty points are taken back from the customer.")).toBeVisible();
    await page.getByRole("button", { name: "Complete", exact: true }).click();
    await expect(page.getByText("Return has been marked as completed")).toBeVisible();
    await expect(page.getByText("Return completed", { exact: true })).toBeVisible();

    const api = await page.request.get("/api/admin/returns?status=completed&pageSize=100");
    expect(api.status()).toBe(200);
    const done = ((await api.json()) as AdminReturn[]).find((item) => item.id === id);
    expect(done).toMatchObject({ status: "completed", adminNotes: adminNote });
    expect(done!.refundAmount).toBe("11.98");
    expect(done!.items).toEqual([expect.objectContaining({ quantity: 2, lineValue: "11.98" })]);

    // the customer's points: 24 earned on £24.22, 9 taken back for the £9.98 refunded
    const history = await customerApi.get("/api/loyalty/transactions");
    expect(history.status()).toBe(200);
    const entries = (await history.json()) as { points: number; description: string }[];
    expect(entries.map((entry) => entry.points).sort((a, b) => a - b)).toEqual([-9, 24]);
    expect(entries).toContainEqual(
      expect.objectContaining({ points: -9, description: `Points reversed: return #${id} on order ${orderNumber} refunded` }),
    );
    await customerApi.dispose();

    await page.goto("/admin/returns?status=completed");
    const completed = page.locator(`[data-testid="return-row"][data-return-id="${id}"]`);
    await expect(completed.locator('[data-status="completed"]')).toHaveText("Completed");
    await expect(completed.getByRole("cell").nth(4)).toContainText("£11.98");
    await expect(completed.getByRole("link", { name: `Update status of return ${returnNumber}` })).toHaveCount(0);
  });
});
