import { ADMIN, createCustomer, expect, loginAs, pageOfItsOwn, readOutboxMail as readMail, signIn, test, uniqueEmail } from "./fixtures";
import { ORDERABLE } from "./orders";

test.describe("people in a company", () => {
  test("a company admin invites a colleague, who accepts from the mail's link, signs in, and the link is spent", async ({ page, browser, baseURL }) => {
    test.slow(); // two browsers and the outbox
    const owner = await createCustomer(baseURL!, { businessName: `Casey Trading ${Date.now().toString(36)} Ltd` });
    const colleagueEmail = uniqueEmail("colleague");
    await signIn(page, owner);

    await page.goto("/account/dashboard");
    await page.getByRole("link", { name: /^Company/ }).click();
    await expect(page).toHaveURL(/\/account\/company$/);
    await expect(page.getByRole("heading", { name: "Company", level: 1 })).toBeVisible();
    await expect(page.getByRole("table", { name: "People in your company" })).toContainText(owner.email);

    await page.getByLabel("First name").fill("Robin");
    await page.getByLabel("Last name").fill("Colleague");
    await page.getByLabel("Email", { exact: true }).fill(colleagueEmail);
    await page.getByLabel("Role", { exact: true }).selectOption("buyer");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText("Invitation sent", { exact: true }).first()).toBeVisible();
    await expect(page.getByText(colleagueEmail).first()).toBeVisible();

    const admin = await pageOfItsOwn(browser);
    await signIn(admin, ADMIN);
    const mail = await readMail(admin, colleagueEmail, "You are invited to order for Casey Trading");
    expect(mail).toContain("as buyer");
    const link = /https?:\/\/\S+\/invitation\/[A-Za-z0-9_-]{43}/.exec(mail);
    expect(link, "an invitation link in the mail").not.toBeNull();
    const path = new URL(link![0]).pathname;

    const colleague = await pageOfItsOwn(browser);
    await colleague.goto(path);
    await expect(colleague.getByRole("heading", { name: /^Join Casey Trading/ })).toBeVisible();
    await expect(colleague.getByLabel("First name")).toHaveValue("Robin");
    await colleague.getByLabel("Password", { exact: true }).fill("robin-secret");
    await colleague.getByLabel("Confirm password", { exact: true }).fill("robin-secret");
    await colleague.getByRole("button", { name: "Accept and sign in" }).click();
    await colleague.waitForURL((url) => url.pathname.startsWith("/account"));
    await expect(colleague.getByText("Welcome", { exact: true }).first()).toBeVisible();

    // signed out, the colleague signs in with the password they chose
    await colleague.context().clearCookies();
    await loginAs(colleague, colleagueEmail, "robin-secret");

    // the link works once
    await colleague.goto(path);
    await expect(colleague.getByRole("heading", { name: "Invitation already used" })).toBeVisible();

    // the company admin sees them among the people
    await page.goto("/account/company");
    await expect(page.getByRole("table", { name: "People in your company" })).toContainText(colleagueEmail);
  });
});

test.describe("a company on hold", () => {
  test("the back office puts a company on hold with a reason; its buyer sees why at checkout; releasing lets them order", async ({ page, browser, baseURL }) => {
    test.slow();
    const name = `Hold Test ${Date.now().toString(36)} Ltd`;
    const buyer = await createCustomer(baseURL!, { businessName: name });
    await signIn(page, buyer);
    const product = await (await page.request.get(`/api/products/${ORDERABLE.stillWater.slug}`)).json();
    expect((await page.request.post("/api/cart/items", { data: { productId: product.id, quantity: 1 } })).status()).toBe(200);

    const admin = await pageOfItsOwn(browser);
    await signIn(admin, ADMIN);
    await admin.goto("/admin/users");
    await admin.getByRole("link", { name: "Companies", exact: true }).click();
    await admin.getByLabel("Company name or a person's email").fill(buyer.email);
    await admin.getByRole("button", { name: "Search" }).click();
    await admin.getByRole("link", { name }).click();
    await expect(admin.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(admin.getByRole("table", { name: `People of ${name}` })).toContainText(buyer.email);
    await admin.getByLabel("Reason (shown to the company's buyers)").fill("Two invoices over 60 days");
    await admin.getByRole("button", { name: "Put on hold" }).click();
    await expect(admin.getByText("Company on hold", { exact: true }).first()).toBeVisible();

    await page.goto("/checkout");
    await expect(page.getByText("Ordering is not available")).toBeVisible();
    await expect(page.getByText("Reason: Two invoices over 60 days")).toBeVisible();

    await admin.getByRole("button", { name: "Release the hold" }).click();
    await expect(admin.getByText("Company released", { exact: true }).first()).toBeVisible();
    await page.goto("/checkout");
    await expect(page.getByText("Ordering is not available")).toHaveCount(0);
  });
});
