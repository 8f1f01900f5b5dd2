import sharp from "sharp";
import { ADMIN, expect, INSTALL_WIDE, test } from "./fixtures";

/**
 * The business's own name on every surface. This server is a demo install with no COMPANY_NAME, so it shows
 * the demo company (a real install's own name is proved in tests/integration/company-name.test.ts); the logo
 * uploaded on the Company screen shows in both headers and goes again when removed.
 */
const YEAR = new Date().getFullYear();

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("the storefront's header, footer and title carry the business's name", async ({ page }) => {
      await page.goto("/login");
      await expect(page.getByRole("banner").getByTestId("header-logo")).toHaveText(/INFY Wholesale/);
      await expect(page).toHaveTitle("Log In · INFY Wholesale");
      await expect(page.getByRole("contentinfo")).toContainText(`© ${YEAR} INFY Wholesale Ltd`);
    });

    test("the back office is titled for the business, and lists the Company screen", async ({ page, login }) => {
      await login(ADMIN);
      await page.goto("/admin");
      await expect(page).toHaveTitle("Dashboard · INFY Admin");
      if (width >= 768) {
        await expect(page.getByTestId("admin-sidebar").getByTestId("admin-title")).toHaveText("INFY Admin");
      } else {
        // the sidebar is folded behind Menu: the top bar names the back office
        await expect(page.getByRole("banner").getByText("INFY Admin", { exact: true })).toBeVisible();
      }
      await page.goto("/admin/settings/company");
      await expect(page.getByRole("heading", { level: 1, name: "Company" })).toBeVisible();
      await expect(page).toHaveTitle("Company · INFY Admin");
      await expect(page.getByText("A demo install: what is not set shows the demo company's sample values.")).toBeVisible();
      await expect(page.getByTestId("setting-COMPANY_NAME")).toContainText("INFY Wholesale Ltd");
      await expect(page.getByTestId("setting-SMTP_URL")).toContainText("Mail is written to the Outbox instead of being sent.");
    });
  });
}

test.describe("the company logo", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("uploaded on the Company screen, it shows in both headers with the name as its alt text, and can be removed", INSTALL_WIDE, async ({ page, login }) => {
    const logo = await sharp({ create: { width: 800, height: 200, channels: 4, background: { r: 15, g: 76, b: 129, alpha: 1 } } }).png().toBuffer();
    await login(ADMIN);
    try {
      await page.goto("/admin");
      await page.getByTestId("admin-sidebar").getByRole("link", { name: "Settings", exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/settings\/company$/);
      await expect(page.getByText("No logo: the headers show the business name.")).toBeVisible();

      await page.getByLabel("Upload a logo").setInputFiles({ name: "acme-logo.png", mimeType: "image/png", buffer: logo });
      await page.getByRole("button", { name: "Save logo" }).click();
      await expect(page.getByTestId("toast").filter({ hasText: "Logo saved" })).toBeVisible();
      const preview = page.getByTestId("company-logo-preview");
      await expect(preview).toHaveAttribute("alt", "INFY Wholesale Ltd");
      await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);

      // the back office's own header
      const sidebarLogo = page.getByTestId("admin-sidebar").getByTestId("company-logo");
      await expect(sidebarLogo).toHaveAttribute("alt", "INFY Wholesale Ltd");
      await expect(page.getByTestId("admin-sidebar").getByTestId("admin-title")).toHaveText("Admin");

      // the storefront's header
      await page.goto("/");
      const headerLogo = page.getByRole("banner").getByTestId("header-logo").getByRole("img", { name: "INFY Wholesale Ltd" });
      await expect(headerLogo).toBeVisible();
      await expect.poll(() => headerLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(600);

      await page.goto("/admin/settings/company");
      await page.getByRole("button", { name: "Remove logo" }).click();
      await expect(page.getByTestId("toast").filter({ hasText: "Logo removed" })).toBeVisible();
      await expect(page.getByText("No logo: the headers show the business name.")).toBeVisible();
      await page.goto("/");
      await expect(page.getByRole("banner").getByTestId("header-logo")).toHaveText(/INFY Wholesale/);
      await expect(page.getByRole("banner").getByTestId("company-logo")).toHaveCount(0);
    } finally {
      // whatever happened above, the next run starts without a logo
      await page.request.delete("/api/admin/settings/company/logo");
    }
  });

  test("a file that is not a picture is refused on the form, and nothing changes", INSTALL_WIDE, async ({ page, login }) => {
    await login(ADMIN);
    await page.goto("/admin/settings/company");
    await page.getByLabel("Upload a logo").setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") });
    await page.getByRole("button", { name: "Save logo" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Choose a JPEG, PNG or WebP image" })).toBeVisible();
    await expect(page.getByText("No logo: the headers show the business name.")).toBeVisible();
  });
});
