import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { ADMIN, expect, JS_ONLY, signIn, test } from "./fixtures";

test.describe("product images", () => {
  test.describe.configure({ timeout: 60_000 });

  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN);
  });

  test("an image uploaded on the product form shows on the product page with its renditions", async ({ page, javaScriptEnabled }, testInfo) => {
    // with JavaScript, wait for the page to be interactive: a file chosen before that is not the one posted
    const ready = async () => {
      if (javaScriptEnabled) await expect(page.locator('section[aria-label="Notifications (F8)"]')).toBeAttached();
    };
    const name = `Stainless Steel Jug 1L ${testInfo.project.name} ${randomUUID().slice(0, 6)}`;
    const [category] = (await (await page.request.get("/api/categories")).json()) as { id: number; slug: string }[];
    const created = await page.request.post("/api/admin/products", { data: { name, salesPrice: "7.50", stockLevel: 12 } });
    expect(created.status()).toBe(201);
    const { id, slug } = (await created.json()) as { id: number; slug: string };

    // a text file named .jpg is refused on the field, and the product keeps having no image
    await page.goto(`/admin/products?edit=${id}`);
    await ready();
    await page.getByLabel("Upload image (optional)").setInputFiles({ name: "jug.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a picture") });
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Choose a JPEG, PNG or WebP image")).toBeVisible();
    await expect(page.getByLabel("Upload image (optional)")).toHaveAttribute("aria-invalid", "true");

    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#0f766e" } }).png().toBuffer();
    await page.goto(`/admin/products?edit=${id}`);
    await ready();
    await page.getByLabel("Upload image (optional)").setInputFiles({ name: "jug.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Product updated").first()).toBeVisible();

    await page.goto(`/products/${slug}`);
    const image = page.getByRole("img", { name });
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute("width", "640");
    await expect(image).toHaveAttribute("height", "640");
    await expect(image).toHaveAttribute("srcset", /^\/images\/[0-9a-f]{64}-160\.webp 160w, \/images\/[0-9a-f]{64}-320\.webp 320w, \/images\/[0-9a-f]{64}-640\.webp 640w$/);
    await expect(image).toHaveAttribute("sizes", /.+/);
    await expect(image).toHaveAttribute("loading", "eager");
    // the browser really drew it
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    const response = await page.request.get((await image.getAttribute("src"))!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/webp");
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");

    // and on its card in a category grid
    expect((await page.request.patch(`/api/admin/products/${id}`, { data: { categoryId: category.id } })).status()).toBe(200);
    await page.goto(`/category/${category.slug}?q=${encodeURIComponent(name)}`);
    const cardImage = page.getByTestId("product-card").filter({ hasText: name }).getByRole("img");
    await expect(cardImage).toHaveAttribute("srcset", /-160\.webp 160w/);
    await expect(cardImage).toHaveAttribute("width", /\d+/);
    expect(await cardImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test("with JavaScript, a file over 5 MB is let go as soon as it is chosen", JS_ONLY, async ({ page }) => {
    await page.goto("/admin/products?dialog=new");
    // the check runs once the page is interactive
    await expect(page.locator('section[aria-label="Notifications (F8)"]')).toBeAttached();
    const input = page.getByLabel("Upload image (optional)");
    await input.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expect(page.getByText("The image is too large: it may be at most 5 MB")).toBeVisible();
    expect(await input.evaluate((element: HTMLInputElement) => element.files?.length ?? 0)).toBe(0);
  });

  test("the demo catalogue has pictures: the first row loads at once, the rest lazily", async ({ page }) => {
    // a demo category: other checks add products of their own, some without a picture, to the home page's list
    await page.goto("/category/catering-food-ingredients");
    const images = page.getByTestId("product-card").locator("img");
    await expect(images.first()).toHaveAttribute("srcset", /-160\.webp 160w/);
    await expect(images.first()).toHaveAttribute("width", "320");
    await expect(images.first()).toHaveAttribute("loading", "eager");
    expect(await images.count()).toBeGreaterThan(4);
    await expect(images.nth(4)).toHaveAttribute("loading", "lazy");
    await expect(images.nth(4)).toHaveAttribute("decoding", "async");
  });
});
