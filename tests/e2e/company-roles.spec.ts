import { expect, signIn, test } from "./fixtures";
import { ORDERABLE } from "./orders";

/** The demo company's viewer (docs/decisions/0069-company-roles.md): catalogue and prices only. */
const VIEWER = { email: "buyer.viewer@example.com", password: "buyer-demo" } as const;
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
