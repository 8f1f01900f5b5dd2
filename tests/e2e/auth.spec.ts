import { ADMIN, BUYER, createCustomer, expect, JS_INDEPENDENT, loginAs, PENDING_BUYER, test, uniqueEmail } from "./fixtures";
import { APPLICATION_SUBJECT, EXISTING_ACCOUNT_SUBJECT, fillSignUp, mailSubjectsTo, SIGN_UP_NOTICE } from "./sign-up";

test.describe("sign-up", () => {
  test("a new business applies, is told to check its email, then signs in awaiting approval", async ({ page, baseURL }) => {
    const email = uniqueEmail("signup");
    await page.goto("/login");
    await page.getByRole("link", { name: "Sign Up" }).click();
    await fillSignUp(page, { email, firstName: "Priya", password: "secret-pass" });
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL("/");
    await expect(page.getByText(SIGN_UP_NOTICE.title)).toBeVisible();
    await expect(page.getByText(SIGN_UP_NOTICE.description)).toBeVisible();
    // no one is signed in by a sign-up
    await expect(page.getByRole("link", { name: "Log In" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Account", exact: true })).toHaveCount(0);
    expect(await mailSubjectsTo(baseURL!, email)).toEqual([APPLICATION_SUBJECT]);

    await loginAs(page, email, "secret-pass");
    await expect(page.getByText("Your account is awaiting approval.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Account", exact: true })).toBeVisible();
  });

  test("an email that has an account gets the same answer; its owner gets a mail", async ({ page, baseURL }) => {
    const owner = await createCustomer(baseURL!);
    await page.goto("/login");
    await page.getByRole("link", { name: "Sign Up" }).click();
    await fillSignUp(page, { email: owner.email, firstName: "Bea", password: "not-theirs" });
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL("/");
    await expect(page.getByText(SIGN_UP_NOTICE.title)).toBeVisible();
    await expect(page.getByText(SIGN_UP_NOTICE.description)).toBeVisible();
    await expect(page.getByRole("link", { name: "Log In" })).toBeVisible();
    expect(await mailSubjectsTo(baseURL!, owner.email)).toEqual([EXISTING_ACCOUNT_SUBJECT]);
  });

  test("the API answers a new and a taken email alike, on every spelling of its path", JS_INDEPENDENT, async ({ request, baseURL }) => {
    const owner = await createCustomer(baseURL!);
    const details = { password: "secret-pass", firstName: "Priya", lastName: "Shah", businessName: "Shah Ltd", address: "1 Mill Lane", phone: "0100" };
    // Remix matches paths without regard to case and after decoding escapes: each of these is the sign-up
    for (const path of ["/api/auth/signup", "/API/auth/signup", "/api/Auth/Signup", "/api/auth/%73ignup"]) {
      const email = uniqueEmail("spelling");
      const fresh = await request.post(path, { data: { ...details, email } });
      const taken = await request.post(path, { data: { ...details, email: owner.email } });
      for (const response of [fresh, taken]) {
        expect(response.status(), path).toBe(202);
        expect(response.headers()["set-cookie"], path).toBeUndefined();
      }
      const message = "Check your email: we have sent you a message about your account. You can then sign in.";
      expect(await fresh.json()).toEqual({ message, email, firstName: "Priya" });
      expect(await taken.json()).toEqual({ message, email: owner.email, firstName: "Priya" });
      expect(await mailSubjectsTo(baseURL!, email), path).toEqual([APPLICATION_SUBJECT]);
    }
    // the owner was told each time, and still signs in with their own password only
    expect(await mailSubjectsTo(baseURL!, owner.email)).toEqual(Array(4).fill(EXISTING_ACCOUNT_SUBJECT));
    expect((await request.post("/api/auth/login", { data: { email: owner.email, password: "secret-pass" } })).status()).toBe(401);
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
    await expect(page.getByRole("link", { name: "Back office", exact: true })).toHaveCount(0);
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

  test("an admin sees the Back office link and the dashboard", async ({ page }) => {
    await loginAs(page, ADMIN.email, ADMIN.password);
    await page.getByRole("link", { name: "Back office", exact: true }).click();
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
