import { ADMIN, BUYER, expect, JS_INDEPENDENT, loginAs, PENDING_BUYER, test, uniqueEmail } from "./fixtures";

test.describe("sign-up", () => {
  test("a new business signs up and lands on the awaiting-approval notice", async ({ page }) => {
    const email = uniqueEmail("signup");
    await page.goto("/login");
    await page.getByRole("link", { name: "Sign Up" }).click();
    await page.getByLabel("First name").fill("Priya");
    await page.getByLabel("Last name").fill("Shah");
    await page.getByLabel("Business name").fill("Shah Catering Ltd");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("secret-pass");
    await page.getByLabel("Address").fill("12 Mill Lane, Bradford, BD1 1AA");
    await page.getByLabel("Phone number").fill("01274 000000");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL("/");
    await expect(page.getByText("Account created!")).toBeVisible();
    await expect(page.getByText("Welcome, Priya")).toBeVisible();
    await expect(page.getByText("Your account is awaiting approval.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Account", exact: true })).toBeVisible();
  });

  test("every sign-up field says what is missing", async ({ page }) => {
    await page.goto("/login?tab=signup");
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("12345");
    await page.getByRole("button", { name: "Create Account" }).click();
    for (const message of [
      "Please enter a valid email address",
      "Password must be at least 6 characters long",
      "First name is required",
      "Last name is required",
      "Business name is required",
      "Address is required",
      "Phone number is required",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page).toHaveURL(/\/login/);
  });

  test("a taken email is refused on the email field", async ({ page }) => {
    await page.goto("/login?tab=signup");
    await page.getByLabel("First name").fill("Bea");
    await page.getByLabel("Last name").fill("Taken");
    await page.getByLabel("Business name").fill("Taken Ltd");
    await page.getByLabel("Email", { exact: true }).fill(BUYER.email);
    await page.getByLabel("Password", { exact: true }).fill("secret-pass");
    await page.getByLabel("Address").fill("1 Road");
    await page.getByLabel("Phone number").fill("0100");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("An account with this email already exists").first()).toBeVisible();
    await expect(page.getByText("Signup failed")).toBeVisible();
  });
});

test.describe("log in", () => {
  test("shows each validation message", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Log In", exact: true }).click();
    await expect(page.getByText("Email is required", { exact: true })).toBeVisible();
    await expect(page.getByText("Password is required", { exact: true })).toBeVisible();

    await page.getByLabel("Email", { exact: true }).fill("buyer-at-example");
    await page.getByLabel("Password", { exact: true }).fill("anything");
    await page.getByRole("button", { name: "Log In", exact: true }).click();
    await expect(page.getByText("Please enter a valid email address", { exact: true })).toBeVisible();
  });

  test("a wrong password says so, clears the password and gives no hint about the email", async ({ page }) => {
    for (const email of [BUYER.email, uniqueEmail("nobody")]) {
      await page.goto("/login");
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Password", { exact: true }).fill("not-the-password");
      await page.getByRole("button", { name: "Log In", exact: true }).click();
      await expect(page.getByText("Login failed")).toBeVisible();
      await expect(page.getByText("Invalid email or password").first()).toBeVisible();
      await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
      await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
    }
  });

  test("logs in, is welcomed, and logs out", async ({ page }) => {
    await loginAs(page, BUYER.email, BUYER.password);
    await expect(page.getByText("Welcome back!")).toBeVisible();
    await expect(page.getByText(`Logged in as ${BUYER.email}`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Account", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Log Out" }).click();
    await page.waitForURL("/");
    await expect(page.getByRole("link", { name: "Log In" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Account", exact: true })).toHaveCount(0);
  });

  test("a protected page sends a signed-out visitor to log in and back", async ({ page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin/);
    await expect(page.getByText("You are logged out. Logging in again...")).toBeVisible();
    await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Log In", exact: true }).click();
    await page.waitForURL("/admin");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  });

  test("a pending customer can sign in and sees the awaiting-approval notice", async ({ page }) => {
    await loginAs(page, PENDING_BUYER.email, PENDING_BUYER.password);
    await expect(page.getByText("Your account is awaiting approval.")).toBeVisible();
  });
});

test.describe("guards and layout", () => {
  test("a customer is turned away from the back office", JS_INDEPENDENT, async ({ page }) => {
    await loginAs(page, BUYER.email, BUYER.password);
    await page.goto("/admin");
    await page.waitForURL("/");
    await expect(page.getByText("Access Denied")).toBeVisible();
    await expect(page.getByText("You do not have admin privileges.")).toBeVisible();
  });

  test("an admin sees the Admin link and the dashboard", async ({ page }) => {
    await loginAs(page, ADMIN.email, ADMIN.password);
    await page.getByRole("link", { name: "Admin", exact: true }).click();
    await page.waitForURL("/admin");
    await expect(page.getByText("Total Products")).toBeVisible();
  });

  test("an unknown page shows the 404 page", JS_INDEPENDENT, async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Quick Order" })).toBeVisible();
  });

  test("the Collections menu lists every category", async ({ page, request }) => {
    const categories = (await (await request.get("/api/categories")).json()) as { name: string; slug: string }[];
    expect(categories.length).toBeGreaterThanOrEqual(6);
    await page.goto("/");
    const menu = page.getByRole("banner");
    await menu.locator("summary", { hasText: "Collections" }).click();
    const list = menu.getByRole("list", { name: "Collections" });
    await expect(list).toBeVisible();
    for (const category of categories) {
      await expect(list.getByRole("link", { name: new RegExp(category.name) })).toHaveAttribute(
        "href",
        `/category/${category.slug}`,
      );
    }
  });

  test("the footer carries the customer links and this year's copyright", JS_INDEPENDENT, async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Order History" })).toHaveAttribute("href", "/account/orders");
    await expect(footer.getByRole("link", { name: "Order Templates" })).toHaveAttribute("href", "/account/templates");
    await expect(footer.getByRole("link", { name: "Request a Product" })).toHaveAttribute("href", "/request-product");
    await expect(footer.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
  });
});
