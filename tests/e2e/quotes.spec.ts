import { ADMIN, createCustomer, expect, pageOfItsOwn, readOutboxMail, signIn, test } from "./fixtures";
import { ORDERABLE } from "./orders";

/** An ISO day some days from today in the UK (what a date input takes). */
function ukDayPlus(days: number) {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

test.describe("quotes", () => {
  test("a buyer requests a quote from the cart, the back office prices and sends it, the buyer accepts it and the order has the quoted prices", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow(); // two browsers, the outbox and an order
    const buyer = await createCustomer(baseURL!, { businessName: `Moorside Care ${Date.now().toString(36)} Ltd` });
    await signIn(page, buyer);
    expect(
      (
        await page.request.post("/api/addresses", {
          data: { label: "Home", name: "Goods In", address: "1 Moor Lane", city: "Harrogate", postcode: "HG1 2AB", isDefault: true },
        })
      ).ok(),
    ).toBe(true);
    const product = await (await page.request.get(`/api/products/${ORDERABLE.stillWater.slug}`)).json();
    expect((await page.request.post("/api/cart/items", { data: { productId: product.id, quantity: 3 } })).ok()).toBe(true);

    // the buyer asks for a quote from the cart
    await page.goto("/cart");
    await page.getByRole("link", { name: "Request a quote" }).click();
    await expect(page).toHaveURL(/\/account\/quotes\/new$/);
    await page.getByLabel("Note for us (optional)").fill("Three cases a week for the new wing");
    await page.getByLabel("Wanted by (optional)").fill(ukDayPlus(10));
    await page.getByRole("button", { name: "Request quote" }).click();
    await page.waitForURL(/\/account\/quotes\/\d+$/);
    await expect(page.getByText("Quote requested", { exact: true }).first()).toBeVisible();
    const heading = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").trim();
    const label = heading.replace(/^Quote /, "");
    expect(label).toMatch(/^QT-\d{5} v1$/);
    await expect(page.getByTestId("quote-status")).toHaveText("Being priced");
    const quoteUrl = new URL(page.url()).pathname;
    const id = quoteUrl.split("/").pop();

    // the back office prices it below the buyer's price and sends it
    const admin = await pageOfItsOwn(browser);
    await signIn(admin, ADMIN);
    // Quotes has its own entry in the sidebar, beside Orders
    await admin.goto("/admin");
    const sidebarQuotes = admin.getByTestId("admin-sidebar").getByRole("link", { name: "Quotes", exact: true });
    await sidebarQuotes.click();
    await expect(admin).toHaveURL(/\/admin\/quotes$/);
    await expect(admin.getByRole("heading", { name: "Quotes", level: 1 })).toBeVisible();
    await admin.goto("/admin/quotes?status=requested");
    await admin.getByRole("link", { name: label }).click();
    await expect(admin).toHaveURL(new RegExp(`/admin/quotes/${id}$`));
    await expect(sidebarQuotes).toHaveAttribute("aria-current", "page");
    await admin.getByLabel(`Price ex VAT of ${ORDERABLE.stillWater.name}`).fill("3.21");
    await admin.getByLabel("Valid until (end of the day, UK time)").fill(ukDayPlus(7));
    await admin.getByLabel("Delivery terms").fill("Delivered with the weekly round");
    await admin.getByRole("button", { name: "Save and send to the buyer" }).click();
    await expect(admin.getByText("Quote sent", { exact: true }).first()).toBeVisible();
    await expect(admin.getByTestId("quote-status")).toHaveText("Sent");
    const mail = await readOutboxMail(admin, buyer.email, `Quote ${label}`);
    expect(mail).toContain("Total: £11.56 inc VAT");
    const pdfName = `${label.replace(" v", "-v")}.pdf`;
    // the back office downloads the PDF it sent
    await admin.goto(`/admin/quotes/${id}`);
    const [staffPdf] = await Promise.all([admin.waitForEvent("download"), admin.getByRole("link", { name: `Download PDF of quote ${label}` }).click()]);
    expect(staffPdf.suggestedFilename()).toBe(pdfName);

    // the buyer sees the quoted price and accepts it
    await page.goto(quoteUrl);
    await expect(page.getByTestId("quote-status")).toHaveText("Ready to accept");
    await expect(page.getByTestId("quote-line-price")).toHaveText("£3.21");
    // 3 × £3.21 = £9.63 ex VAT; VAT 20% £1.93
    await expect(page.getByTestId("quote-total")).toHaveText("£11.56");
    // the buyer downloads the quote's PDF, named after its number and version
    const [buyerPdf] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: `Download PDF of quote ${label}` }).click()]);
    expect(buyerPdf.suggestedFilename()).toBe(pdfName);
    const pdfBytes = await (await page.request.get(`${quoteUrl}.pdf`)).body();
    expect(pdfBytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await page.getByRole("button", { name: "Accept and order" }).click();
    await page.waitForURL(/\/account\/orders\/\d+\/placed$/);
    await expect(page.getByTestId("placed-totals")).toContainText("£9.63");
    // the order page names the quote it came from, and its line is at the quoted price
    await expect(page.getByTestId("placed-quote")).toHaveText(`${label}, at the quoted prices`);
    await expect(page.getByRole("table").filter({ hasText: ORDERABLE.stillWater.name })).toContainText("£3.21");

    // the quote says it was ordered, with the order's number
    const orderNumber = ((await page.getByTestId("placed-order-number").textContent()) ?? "").trim();
    await page.goto(quoteUrl);
    await expect(page.getByTestId("quote-status")).toHaveText("Accepted");
    await expect(page.getByTestId("quote-order")).toHaveText(orderNumber);
  });
});
