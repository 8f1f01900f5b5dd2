import { BUYER, expect, signIn, test } from "./fixtures";

const TOO_SHORT = "Please provide at least 10 characters describing your product idea";
const FIELD_LABEL = "Describe the product you'd like us to stock";

test.describe("request a product", () => {
  test("a signed-out visitor is sent to log in and comes back to the form", async ({ page }) => {
    await page.goto("/request-product");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Frequest-product/);
    await expect(page.getByText("You are logged out. Logging in again...")).toBeVisible();
    await page.getByLabel("Email", { exact: true }).fill(BUYER.email);
    await page.getByLabel("Password", { exact: true }).fill(BUYER.password);
    await page.getByRole("button", { name: "Log In", exact: true }).click();
    await page.waitForURL("/request-product");
    await expect(page.getByRole("heading", { name: "Request a Product" })).toBeVisible();
  });

  test("too-short text is refused with the message and nothing is listed", async ({ page }) => {
    await signIn(page, BUYER);
    await page.goto("/request-product");
    const list = page.getByRole("list", { name: "Your product requests" });
    const listed = await list.getByRole("listitem").count();

    await page.getByLabel(FIELD_LABEL).fill("  Cups  ");
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByText(TOO_SHORT, { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Request Submitted!")).toHaveCount(0);
    await expect(page.getByLabel(FIELD_LABEL)).toHaveValue("  Cups  ");
    await expect(list.getByRole("listitem")).toHaveCount(listed);
  });

  test("a valid request is confirmed, cleared and listed as pending", async ({ page, javaScriptEnabled }, testInfo) => {
    const text = `Compostable 12oz soup containers with lids, cases of 500 (${testInfo.project.name}-${Date.now()})`;
    await signIn(page, BUYER);
    await page.goto("/request-product");

    await page.getByLabel(FIELD_LABEL).fill(text);
    await page.getByRole("button", { name: "Submit Request" }).click();

    await expect(page.getByRole("button", { name: "Request Submitted!" })).toBeVisible();
    await expect(page.getByText("Thank you!")).toBeVisible();
    await expect(page.getByText("Your request has been submitted. Our team will review it.")).toBeVisible();
    await expect(page.getByLabel(FIELD_LABEL)).toHaveValue("");

    const item = page.getByRole("list", { name: "Your product requests" }).getByRole("listitem").filter({ hasText: text });
    await expect(item).toHaveCount(1);
    await expect(item.getByText("Pending", { exact: true })).toBeVisible();
    const today = new Intl.DateTimeFormat("en-GB", {
      day: "2-digit",
      month: "short",
      year: "numeric",
      timeZone: "Europe/London",
    }).format(new Date());
    await expect(item.getByText(today)).toBeVisible();

    if (javaScriptEnabled) {
      // the confirmation lasts 3 seconds, then the form is ready for the next idea
      await expect(page.getByText("Thank you!")).toBeHidden({ timeout: 6_000 });
      await expect(page.getByRole("button", { name: "Submit Request" })).toBeVisible();
      await expect(page).toHaveURL(/\/request-product$/);
    } else {
      // Post/Redirect/Get: the confirmation is the page at this address
      await expect(page).toHaveURL(/\/request-product\?submitted=1$/);
    }
  });
});
