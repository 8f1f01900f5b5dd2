import type { APIRequestContext } from "@playwright/test";
import { ADMIN, expect, test, uniqueEmail } from "./fixtures";

/** A stranger's wrong password at `email` through the API: its status. */
async function guess(request: APIRequestContext, email: string, password: string) {
  return (await request.post("/api/auth/login", { data: { email, password } })).status();
}

test.describe("sign-in holds", () => {
  test("an admin finds a held account from the Users screen and clears the hold", async ({ page, request, login }) => {
    const email = uniqueEmail("guessed");
    for (let i = 0; i < 10; i++) expect(await guess(request, email, `guess-${i}`)).toBe(401);
    expect(await guess(request, email, "one-more")).toBe(429);

    await login(ADMIN);
    await page.goto("/admin/users");
    await page.getByRole("link", { name: "Sign-in holds" }).click();
    await expect(page.getByRole("heading", { name: "Sign-in Holds" })).toBeVisible();
    const label = `Unrecognised browsers for ${email}`;
    const row = page.getByTestId("sign-in-hold").filter({ hasText: label });
    await expect(row).toContainText("10 (limit 10)");
    await row.getByRole("button", { name: `Clear the hold on ${label}` }).click();

    await expect(page.getByText("Hold cleared")).toBeVisible();
    await expect(page.getByTestId("sign-in-hold").filter({ hasText: label })).toHaveCount(0);
    // the next attempt is checked again
    expect(await guess(request, email, "after-clearing")).toBe(401);
  });
});
