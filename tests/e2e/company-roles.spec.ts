import { expect, signIn, switchAccount, test } from "./fixtures";
import { ORDERABLE, placeOrderThroughApi } from "./orders";

/** The demo company's viewer (docs/decisions/0069-company-roles.md): catalogue and prices only. */
const VIEWER = { email: "buyer.viewer@example.com", password: "buyer-demo" } as const;
const APPROVER = { email: "buyer.approver@example.com", password: "buyer-demo" } as const;
/** Tom Hartley, a buyer of the same company */
const COLLEAGUE = { email: "buyer.colleague@example.com", password: "buyer-demo" } as const;
const VIEWER_LINE = "You can see prices; ask your company admin to order.";
const FOOD = "/category/catering-food-ingredients";

test.describe("a company's viewer", () => {
  test("finds the company's prices but no way to order", async ({ page }) => {
    await signIn(page, VIEWER);

    // the product page: the company's price and its breakdown, the reason instead of Add to Cart
    await page.goto(`/products/${ORDERABLE.stillWater.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(ORDERABLE.stillWater.name);
    await expect(page.getByTestId("product-price")).toHaveText(/^£\d+\.\d{2}$/);
    await expect(page.getByTestId("pricing-breakdown")).toContainText("Your trade price");
    await expect(page.getByTestId("viewer-cannot-order")).toContainText(VIEWER_LINE);
    await expect(page.getByRole("button", { name: /Add to Cart/ })).toHaveCount(0);
    await expect(page.getByRole("spinbutton", { name: "Quantity" })).toHaveCount(0);

    // the header: no cart and no quick order, and a line that says the role
    const header = page.getByRole("banner");
    await expect(header.getByTestId("header-cart")).toHaveCount(0);
    await expect(header.getByRole("link", { name: "Quick Order" })).toHaveCount(0);
    await expect(page.getByTestId("viewer-note")).toContainText(VIEWER_LINE);

    // a category in both views: prices shown, nothing to add with
    await page.goto(FOOD);
    await expect(page.getByRole("button", { name: /^Add to Cart/ })).toHaveCount(0);
    await expect(page.getByText(/£\d+\.\d{2}/).first()).toBeVisible();
    await page.goto(`/listing-view?view=list&back=${encodeURIComponent(FOOD)}`);
    await expect(page.getByTestId("product-list")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add selected to cart" })).toHaveCount(0);
    await expect(page.getByTestId("product-list").getByRole("spinbutton")).toHaveCount(0);
    await page.goto(`/listing-view?view=grid&back=%2F`);

    // typing the ordering addresses by hand: sent to the account page, which says why and names the role
    for (const path of ["/cart", "/checkout", "/quick-order", "/account/orders"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/account$/);
      await expect(page.getByText("Not for your role").first(), path).toBeVisible();
    }
    await expect(page.getByTestId("company-role-summary")).toContainText("viewer");
    await expect(page.getByTestId("company-role-summary")).toContainText(VIEWER_LINE);
    await expect(page.getByRole("link", { name: "View Orders" })).toHaveCount(0);
  });
});

test.describe("an approver", () => {
  test("sees who placed each of the company's orders and narrows the history to one buyer; the buyer sees only theirs", async ({ page }) => {
    await signIn(page, COLLEAGUE);
    const placed = await placeOrderThroughApi(page.request, COLLEAGUE, [{ slug: ORDERABLE.stillWater.slug, quantity: 1 }]);

    await switchAccount(page, APPROVER);
    await page.goto("/account/orders");
    const order = page.locator(`[data-order-number="${placed.orderNumber}"]`);
    await expect(order.getByTestId("order-placed-by")).toHaveText("Placed by Tom Hartley");

    await page.getByLabel("Placed by").selectOption({ label: "Tom Hartley" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/[?&]placedBy=/);
    await expect(order).toBeVisible();
    // asked again until the list shows the filter's answer: with JavaScript the address bar can change a moment
    // before the page shows the new list
    await expect
      .poll(async () => [...new Set(await page.getByTestId("order-placed-by").allTextContents())])
      .toEqual(["Placed by Tom Hartley"]);
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", /placedBy=/);

    // the buyer: their own orders, no column and no filter
    await switchAccount(page, COLLEAGUE);
    await page.goto("/account/orders");
    await expect(page.locator(`[data-order-number="${placed.orderNumber}"]`)).toBeVisible();
    await expect(page.getByLabel("Placed by")).toHaveCount(0);
    await expect(page.getByTestId("order-placed-by")).toHaveCount(0);
  });
});
