import { expect, JS_INDEPENDENT, loginAs, test } from "./fixtures";

test.describe("account dashboard", () => {
  test("shows the cards and account details; /account is the same screen", JS_INDEPENDENT, async ({ page, customer, login }) => {
    await login(customer);
    for (const path of ["/account/dashboard", "/account"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: "Welcome, Casey" })).toBeVisible();
      const orders = page.getByRole("region", { name: "Your Orders" });
      await expect(orders.getByText("0 orders")).toBeVisible();
      await expect(orders.getByRole("link", { name: "View Orders" })).toHaveAttribute("href", "/account/orders");
      await expect(
        page.getByRole("region", { name: "Request a Product" }).getByRole("link", { name: "Request a Product" }),
      ).toHaveAttribute("href", "/request-product");
      const details = page.getByRole("region", { name: "Account Details" });
      await expect(details.getByText(customer.email)).toBeVisible();
      await expect(details.getByText("Customer", { exact: true })).toBeVisible();
      await expect(details.getByText("Casey Trading Ltd")).toBeVisible();
    }
  });

  test("a signed-out visitor is asked to log in", JS_INDEPENDENT, async ({ page }) => {
    await page.goto("/account/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Fdashboard/);
  });

  test("changes the password, logs out and logs in with the new one", async ({ page, customer, login }) => {
    test.slow(); // several password checks, sign-ins and page loads
    const newPassword = "brand-new-pass";
    await login(customer);
    await page.goto("/account/dashboard");
    const details = page.getByRole("region", { name: "Account Details" });
    await details.getByRole("link", { name: "Change Password" }).click();
    await expect(page).toHaveURL(/\/account\/dashboard\?dialog=change-password$/);
    // with JavaScript a modal dialog; without it the same form in the page
    const dialog = page.getByRole("dialog", { name: "Change Password" });
    if (test.info().project.name === "js") await expect(dialog).toBeVisible();
    else await expect(dialog).toHaveCount(0);

    async function submit(current: string, next: string, confirm: string) {
      await page.getByLabel("Current password").fill(current);
      await page.getByLabel("New password", { exact: true }).fill(next);
      await page.getByLabel("Confirm new password").fill(confirm);
      await page.getByRole("button", { name: "Change Password" }).click();
    }

    await submit(customer.password, newPassword, "something-else");
    await expect(page.getByText("Passwords don't match")).toBeVisible();

    await submit(customer.password, "12345", "12345");
    await expect(page.getByText("New password must be at least 6 characters")).toBeVisible();

    await submit("not-my-password", newPassword, newPassword);
    const notice = page.getByRole("alert").filter({ hasText: "Error" });
    await expect(notice).toContainText("Current password is incorrect");
    await expect(page.getByLabel("Current password")).toHaveValue("");

    await submit(customer.password, newPassword, newPassword);
    await expect(page).toHaveURL(/\/account\/dashboard$/);
    await expect(page.getByText("Password changed")).toBeVisible();
    await expect(page.getByText("Your password has been updated.")).toBeVisible();
    await expect(page.getByLabel("Current password")).toHaveCount(0);
    await expect(dialog).toHaveCount(0);

    await details.getByRole("button", { name: "Log Out" }).click();
    await page.waitForURL("/");
    await expect(page.getByRole("link", { name: "Log In" })).toBeVisible();

    // the old password no longer works
    await page.goto("/login");
    await page.getByLabel("Email", { exact: true }).fill(customer.email);
    await page.getByLabel("Password", { exact: true }).fill(customer.password);
    await page.getByRole("button", { name: "Log In", exact: true }).click();
    await expect(page.getByText("Invalid email or password").first()).toBeVisible();

    await loginAs(page, customer.email, newPassword);
    await page.goto("/account/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Casey" })).toBeVisible();
  });
});
