import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN, BUYER, expect, JS_INDEPENDENT, test, uniqueEmail } from "./fixtures";

/** A brand-new self-registration (its own request context, so the admin's browser session is untouched). */
async function signUpFreshCustomer(request: APIRequestContext, prefix: string) {
  const email = uniqueEmail(prefix);
  const response = await request.post("/api/auth/signup", {
    data: {
      email,
      password: "fresh-secret",
      firstName: "Fresh",
      lastName: "Signup",
      businessName: `${prefix} Trading Ltd`,
      address: "4 Wharf Street, Leeds LS2 7EQ",
      phone: "0113 496 0123",
      vatNumber: "GB111222333",
    },
  });
  // 202: the application is received (and no one is signed in by it)
  expect(response.status()).toBe(202);
  return email;
}

function userForm(page: Page) {
  return page.locator('form[id^="user-form-"]');
}

test.describe("users and approvals", () => {
  test("approve a fresh registration", async ({ page, request, login }) => {
    const email = await signUpFreshCustomer(request, "approve");
    await login(ADMIN);
    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { name: /Pending Approvals/ })).toBeVisible();
    const pending = page.getByTestId("pending-user").filter({ hasText: email });
    await expect(pending).toContainText("approve Trading Ltd");
    await expect(pending).toContainText("0113 496 0123");
    await expect(pending).toContainText("GB111222333");
    await expect(pending).toContainText("Signed up:");

    await pending.getByRole("button", { name: `Approve ${email}` }).click();
    await expect(page.getByText("User approved")).toBeVisible();
    await expect(page.getByTestId("pending-user").filter({ hasText: email })).toHaveCount(0);

    await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    const row = page.getByTestId("user-row").filter({ hasText: email });
    await expect(row).toContainText("Active");
    await expect(row).not.toContainText("Pending approval");
  });

  test("reject a fresh registration after confirming", async ({ page, request, login }) => {
    const email = await signUpFreshCustomer(request, "reject");
    await login(ADMIN);
    await page.goto("/admin/users");
    await page.getByRole("link", { name: `Reject ${email}` }).click();
    await expect(page.getByText("Reject Registration")).toBeVisible();
    await expect(page.getByText(`Are you sure you want to reject the registration of ${email}`)).toBeVisible();
    await page.getByRole("button", { name: "Reject", exact: true }).click();
    await expect(page.getByText("User rejected")).toBeVisible();
    await expect(page.getByTestId("pending-user").filter({ hasText: email })).toHaveCount(0);
    await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    await expect(page.getByText("No users found")).toBeVisible();
  });

  test("create, edit and delete a user", async ({ page, login }) => {
    // several forms and round trips: give a busy machine room
    test.slow();
    const email = uniqueEmail("created");
    await login(ADMIN);
    await page.goto("/admin/users");
    await page.getByRole("link", { name: "Add User" }).click();
    await expect(page.getByText("Create User").first()).toBeVisible();
    const form = userForm(page);

    await form.getByLabel("Email", { exact: true }).fill("not-an-email");
    await form.getByRole("button", { name: "Create User" }).click();
    await expect(form.getByText("Please enter a valid email address")).toBeVisible();
    await expect(form.getByText("Password is required for new users")).toBeVisible();

    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("Password", { exact: true }).fill("new-user-pass");
    await form.getByLabel("First name").fill("Nora");
    await form.getByLabel("Last name").fill("Newman");
    await form.getByLabel("Business name").fill("Newman Provisions");
    await form.getByLabel("Role", { exact: true }).selectOption("supplier");
    await form.getByLabel("Phone").fill("0161 000 1111");
    await form.getByRole("button", { name: "Create User" }).click();
    await expect(page.getByText("User created")).toBeVisible();

    await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    const row = page.getByTestId("user-row").filter({ hasText: email });
    await expect(row).toContainText("Nora Newman");
    await expect(row).toContainText("Supplier");
    await expect(row).toContainText("Active");
    await expect(row).not.toContainText("Pending approval");

    await row.getByRole("link", { name: `Edit ${email}` }).click();
    const edit = userForm(page);
    await expect(edit.getByLabel("First name")).toHaveValue("Nora");
    await expect(edit.getByLabel("Password", { exact: true })).toHaveCount(0);
    await edit.getByLabel("First name").fill("Norah");
    await edit.getByLabel("Active").uncheck();
    await edit.getByRole("button", { name: "Update User" }).click();
    await expect(page.getByText("User updated")).toBeVisible();
    const updated = page.getByTestId("user-row").filter({ hasText: email });
    await expect(updated).toContainText("Norah Newman");
    await expect(updated).toContainText("Inactive");

    await updated.getByRole("link", { name: `Delete ${email}` }).click();
    await expect(page.getByText(`Are you sure you want to delete ${email}?`)).toBeVisible();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByText("User deleted")).toBeVisible();
    await expect(page.getByText("No users found")).toBeVisible();
  });

  test("a user with orders cannot be deleted", async ({ page, login }) => {
    await login(ADMIN);
    await page.goto(`/admin/users?q=${encodeURIComponent(BUYER.email)}`);
    const row = page.getByTestId("user-row").filter({ hasText: BUYER.email });
    await row.getByRole("link", { name: `Delete ${BUYER.email}` }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByText("Error", { exact: true })).toBeVisible();
    await expect(page.getByText(/Deactivate the account instead/)).toBeVisible();
    await expect(page.getByTestId("user-row").filter({ hasText: BUYER.email })).toBeVisible();
  });

  test("a customer visiting /admin/users is sent home with 'Access Denied'", JS_INDEPENDENT, async ({ page, login }) => {
    await login(BUYER);
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Access Denied")).toBeVisible();
  });
});
