import { ADMIN, createCustomer, expect, pageOfItsOwn, readOutboxMail, signIn, test, uniqueEmail } from "./fixtures";
import { ORDERABLE } from "./orders";

test.describe("spending limits and approvals", () => {
  test("a company admin invites an approver and sets their own limit; an order over it waits; the approver approves and it is placed", async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    test.slow(); // three browsers, the outbox and a checkout
    const business = `Dales Joinery ${Date.now().toString(36)} Ltd`;
    const owner = await createCustomer(baseURL!, { businessName: business, firstName: "Dana", lastName: "Dales" });
    const approverEmail = uniqueEmail("approver");

    // the company admin invites an approver, who accepts from the mail
    await signIn(page, owner);
    await page.goto("/account/company");
    await page.getByLabel("First name").fill("Abi");
    await page.getByLabel("Last name").fill("Approver");
    await page.getByLabel("Email", { exact: true }).fill(approverEmail);
    await page.getByLabel("Role", { exact: true }).selectOption("approver");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText("Invitation sent", { exact: true }).first()).toBeVisible();

    const admin = await pageOfItsOwn(browser);
    await signIn(admin, ADMIN);
    const mail = await readOutboxMail(admin, approverEmail, `You are invited to order for ${business}`);
    const link = /https?:\/\/\S+\/invitation\/[A-Za-z0-9_-]{43}/.exec(mail);
    expect(link, "an invitation link in the mail").not.toBeNull();
    const approver = await pageOfItsOwn(browser);
    await approver.goto(new URL(link![0]).pathname);
    await approver.getByLabel("Password", { exact: true }).fill("abi-secret-pass");
    await approver.getByLabel("Confirm password", { exact: true }).fill("abi-secret-pass");
    await approver.getByRole("button", { name: "Accept and sign in" }).click();
    await approver.waitForURL((url) => url.pathname.startsWith("/account"));

    // the company admin sets their own limit: £20.00 per order, ex VAT
    await page.goto("/account/dashboard");
    await page.getByRole("link", { name: /^Spending limits/ }).click();
    await expect(page).toHaveURL(/\/account\/company\/limits$/);
    await page.getByLabel("Per order (£ ex VAT) for Dana Dales").fill("20");
    await page.getByRole("button", { name: "Save limits" }).click();
    await expect(page.getByText("Limits saved", { exact: true }).first()).toBeVisible();
    await expect(page.getByLabel("Per order (£ ex VAT) for Dana Dales")).toHaveValue("20.00");

    // an order over it: the checkout says so, and Place Order sends it for approval
    const product = javaScriptEnabled ? ORDERABLE.stillWater : ORDERABLE.cola;
    const found = await (await page.request.get(`/api/products/${product.slug}`)).json();
    expect((await page.request.post("/api/cart/items", { data: { productId: found.id, quantity: 30 } })).ok()).toBe(true);
    await page.goto("/checkout");
    const notice = page.getByTestId("checkout-spending-limit");
    await expect(notice).toContainText("This order needs your company's approval");
    await expect(notice).toContainText("over the limit of £20.00 per order");
    await expect(notice).toContainText("Abi Approver");
    if (javaScriptEnabled) await expect(page.locator("form#checkout-form")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL(/\/account\/approvals\/\d+$/);
    await expect(page.getByText("Sent for approval", { exact: true }).first()).toBeVisible();
    const reference = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").trim();
    expect(reference).toMatch(/^AR-\d{5}$/);
    await expect(page.getByLabel("Where it stands")).toContainText("0 of 1 approval");
    await expect(page.getByRole("button", { name: "Approve order" })).toHaveCount(0);

    // the approver finds it waiting on them and approves it
    await approver.goto("/account/approvals");
    const row = approver.getByRole("row").filter({ hasText: reference });
    await expect(row).toContainText("needs you");
    await expect(row).toContainText("Dana Dales");
    await row.getByRole("link", { name: reference }).click();
    await expect(approver.getByRole("heading", { level: 1, name: reference })).toBeVisible();
    await approver.getByLabel("Note (optional)").fill("Fine for the Skipton fit-out");
    await approver.getByRole("button", { name: "Approve order" }).click();
    await expect(approver.getByText("Approved and placed", { exact: true }).first()).toBeVisible();
    const placed = approver.getByLabel("Where it stands");
    await expect(placed).toContainText(/Approved and placed as order \S+/);
    await expect(placed).toContainText("Abi Approver approved it");

    // the buyer sees it placed, with its order number, and the order in their history
    await page.reload();
    const orderNumber = (await page.getByLabel("Where it stands").getByRole("link").textContent())!.trim();
    await expect(page.getByLabel("Where it stands")).toContainText(`Approved and placed as order ${orderNumber}`);
    await page.getByLabel("Where it stands").getByRole("link", { name: orderNumber }).click();
    await expect(page.getByText(orderNumber).first()).toBeVisible();
  });

  test("an approver rejects an order with a reason, which the buyer reads; nothing is ordered", async ({ page, browser, baseURL, javaScriptEnabled }) => {
    test.slow();
    const business = `Wharfe Kitchens ${Date.now().toString(36)} Ltd`;
    const owner = await createCustomer(baseURL!, { businessName: business, firstName: "Wyn", lastName: "Wharfe" });
    const approverEmail = uniqueEmail("approver");
    await signIn(page, owner);
    expect((await page.request.post("/api/company/users", { data: { email: approverEmail, firstName: "Ray", lastName: "Checker", role: "approver" } })).status()).toBe(201);
    const admin = await pageOfItsOwn(browser);
    await signIn(admin, ADMIN);
    const mail = await readOutboxMail(admin, approverEmail, `You are invited to order for ${business}`);
    const approver = await pageOfItsOwn(browser);
    await approver.goto(new URL(/https?:\/\/\S+\/invitation\/[A-Za-z0-9_-]{43}/.exec(mail)![0]).pathname);
    await approver.getByLabel("Password", { exact: true }).fill("ray-secret-pass");
    await approver.getByLabel("Confirm password", { exact: true }).fill("ray-secret-pass");
    await approver.getByRole("button", { name: "Accept and sign in" }).click();
    await approver.waitForURL((url) => url.pathname.startsWith("/account"));

    const limits = await (await page.request.get("/api/company/limits")).json();
    const me = limits.people.find((person: { email: string }) => person.email === owner.email);
    expect((await page.request.put("/api/company/limits", { data: { people: [{ id: me.id, orderLimit: "10.00", periodLimit: null, limitPeriod: "none" }] } })).ok()).toBe(true);
    const product = javaScriptEnabled ? ORDERABLE.stillWater : ORDERABLE.cola;
    const found = await (await page.request.get(`/api/products/${product.slug}`)).json();
    const sent = await page.request.post("/api/orders", {
      data: { shippingName: "Wyn Wharfe", shippingEmail: owner.email, shippingAddress: "4 Canal Wharf", shippingCity: "Leeds", shippingPostcode: "LS11 5PS", items: [{ productId: found.id, quantity: 20 }] },
    });
    expect(sent.status()).toBe(202);
    const { id, reference } = await sent.json();

    await approver.goto(`/account/approvals/${id}`);
    await approver.getByRole("button", { name: "Reject order" }).click();
    if (!javaScriptEnabled) {
      // the browser keeps an empty required reason from being sent; with it blank on the server the page says why
      await expect(approver).toHaveURL(new RegExp(`/account/approvals/${id}$`));
    }
    await approver.getByLabel("Reason").fill("Order the cheaper own-brand water instead");
    await approver.getByRole("button", { name: "Reject order" }).click();
    await expect(approver.getByText("Order rejected", { exact: true }).first()).toBeVisible();

    await page.goto("/account/approvals?status=rejected");
    await page.getByRole("link", { name: reference }).click();
    await expect(page.getByLabel("Where it stands")).toContainText("Rejected");
    await expect(page.getByLabel("Where it stands")).toContainText("Order the cheaper own-brand water instead");
    await expect(page.getByLabel("Where it stands")).toContainText("Nothing was ordered");
  });
});
