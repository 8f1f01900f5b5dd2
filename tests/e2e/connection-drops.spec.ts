import { randomUUID } from "node:crypto";
import { request as apiRequest, type Page, type Route } from "@playwright/test";
import { ADMIN, expect, JS_ONLY, signIn, test, uniqueEmail } from "./fixtures";
import { expectOrderPlacedPage, ORDERABLE, placeOrderThroughApi, placeOrderWorthPoints } from "./orders";
import { APPLICATION_SUBJECT, mailSubjectsTo, SIGN_UP_NOTICE } from "./sign-up";

/**
 * Every storefront form with JavaScript on, when its request is lost: the page stays (its heading), what was
 * typed stays in the fields, the form's own failure notice says so, and pressing the button again does the
 * work exactly once. "request" drops the post before it reaches the server; "reply" lets the server do the
 * work and drops only its answer, the case the idempotency keys are for. Without JavaScript the browser shows
 * its own error page and resends the same form (and key) on reload: checkout.spec.ts covers that.
 */

const NO_REPLY = "Could not reach the server";
const RETRY_SAFE = "Check your connection and try again: nothing will be done twice.";

type Drop = "request" | "reply";

/** Makes the next POST to `pathname` fail as `drop` says; later posts go through. */
async function dropNextPost(page: Page, pathname: string, drop: Drop = "request") {
  let taken = false;
  let dropped = 0;
  const matches = (url: URL) => url.pathname === pathname;
  const handler = async (route: Route) => {
    if (route.request().method() !== "POST" || taken) return route.fallback();
    taken = true;
    if (drop === "reply") await route.fetch({ maxRedirects: 0 });
    await route.abort("failed");
    dropped += 1;
  };
  await page.route(matches, handler);
  return {
    /** waits until the post was dropped, then lets the next one through */
    async done() {
      await expect.poll(() => dropped).toBe(1);
      await page.unroute(matches, handler);
    },
  };
}

/** The toast region exists once the page is hydrated: before that a click posts a plain form. */
async function hydrated(page: Page) {
  await expect(page.locator('section[aria-label="Notifications (F8)"]')).toBeAttached();
}

function toast(page: Page, title: string) {
  return page.getByTestId("toast").filter({ hasText: title });
}

async function heading(page: Page, name: string) {
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

type ApiCart = { itemCount: number; items: { productId: number; quantity: number }[] };

async function cart(page: Page): Promise<ApiCart> {
  const response = await page.request.get("/api/cart");
  expect(response.status()).toBe(200);
  return response.json();
}

async function productId(page: Page, slug: string): Promise<number> {
  const response = await page.request.get(`/api/products/${slug}`);
  expect(response.status()).toBe(200);
  return (await response.json()).id;
}

async function putInCart(page: Page, slug: string, quantity: number) {
  const response = await page.request.post("/api/cart/items", {
    data: { productId: await productId(page, slug), quantity, selectedVariants: {} },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function ordersNamed(page: Page, name: string) {
  const response = await page.request.get("/api/orders");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { shippingName: string; orderNumber: string }[]).filter((order) => order.shippingName === name);
}

async function templatesNamed(page: Page, name: string) {
  const response = await page.request.get("/api/order-templates");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: number; name: string }[]).filter((template) => template.name === name);
}

async function points(page: Page): Promise<number> {
  const response = await page.request.get("/api/loyalty/points");
  expect(response.status()).toBe(200);
  return (await response.json()).points;
}

test.describe("a dropped connection keeps the page", JS_ONLY, () => {
  test.describe.configure({ timeout: 90_000 });

  test("login: the details stay, 'Login failed', then signs in", async ({ page, customer }) => {
    await page.goto("/login");
    await hydrated(page);
    await page.getByLabel("Email").fill(customer.email);
    await page.getByLabel("Password").fill(customer.password);
    const drop = await dropNextPost(page, "/login");
    await page.getByRole("button", { name: "Log In" }).click();
    await drop.done();

    await expect(toast(page, "Login failed")).toContainText(RETRY_SAFE);
    await heading(page, "Trade customers only");
    await expect(page.getByLabel("Email")).toHaveValue(customer.email);
    await expect(page.getByLabel("Password")).toHaveValue(customer.password);

    await page.getByRole("button", { name: "Log In" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    // a new customer's first sign-in (the dropped attempt never reached the server)
    await expect(toast(page, "Welcome!")).toContainText(customer.email);
  });

  for (const drop of ["request", "reply"] as const) {
    test(`sign-up (${drop} lost): the details stay, 'Signup failed', then one account`, async ({ page, baseURL }) => {
      const email = uniqueEmail("signup");
      await page.goto("/login?tab=signup");
      await hydrated(page);
      const values: [string, string][] = [
        ["First name", "Robin"],
        ["Last name", "Dale"],
        ["Business name", "Dale Deli Ltd"],
        ["Email", email],
        ["Password", "robin-secret"],
        ["Address", "7 Market Row, Bristol"],
        ["Phone number", "0117 496 0000"],
      ];
      for (const [label, value] of values) await page.getByLabel(label, { exact: true }).fill(value);
      const dropped = await dropNextPost(page, "/login", drop);
      await page.getByRole("button", { name: "Create Account" }).click();
      await dropped.done();

      await expect(toast(page, "Signup failed")).toContainText(RETRY_SAFE);
      await heading(page, "Trade customers only");
      for (const [label, value] of values) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);

      // after a lost reply the account exists: the same key answers as the first post did and makes nothing twice
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.waitForURL((url) => url.pathname === "/");
      await expect(toast(page, SIGN_UP_NOTICE.title)).toContainText(SIGN_UP_NOTICE.description);
      expect((await page.request.get("/api/auth/user")).status()).toBe(401);
      expect(await mailSubjectsTo(baseURL!, email)).toEqual([APPLICATION_SUBJECT]);
      const context = await apiRequest.newContext({ baseURL: baseURL! });
      expect((await context.post("/api/auth/login", { data: { email, password: "robin-secret" } })).status()).toBe(200);
      await context.dispose();
    });
  }

  for (const drop of ["request", "reply"] as const) {
    test(`add to cart (${drop} lost): the quantity stays, then it is added once`, async ({ page, customer }) => {
      await signIn(page, customer);
      await page.goto(`/products/${ORDERABLE.stillWater.slug}`);
      await hydrated(page);
      await page.getByLabel("Quantity", { exact: true }).fill("3");
      const dropped = await dropNextPost(page, "/cart/add", drop);
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await dropped.done();

      await expect(toast(page, NO_REPLY)).toContainText("it will not be added twice");
      await heading(page, ORDERABLE.stillWater.name);
      await expect(page.getByLabel("Quantity", { exact: true })).toHaveValue("3");
      await expect(page.getByRole("button", { name: "Add to Cart" })).toBeEnabled();

      await page.getByRole("button", { name: "Add to Cart" }).click();
      await expect(page.getByTestId("cart-badge")).toHaveText("3");
      expect((await cart(page)).itemCount).toBe(3);
    });
  }

  test("cart lines: +, a typed quantity and Remove each survive a drop and change the cart once", async ({ page, customer }) => {
    await signIn(page, customer);
    await putInCart(page, ORDERABLE.cola.slug, 2);
    await page.goto("/cart");
    await hydrated(page);
    const line = page.getByTestId("cart-line").filter({ hasText: ORDERABLE.cola.name });
    const quantity = line.getByRole("spinbutton");
    await expect(quantity).toHaveValue("2");

    let dropped = await dropNextPost(page, "/cart");
    await line.getByRole("button", { name: "Increase quantity" }).click();
    await dropped.done();
    await expect(toast(page, NO_REPLY)).toContainText(RETRY_SAFE);
    await heading(page, "Shopping Cart");
    await expect(quantity).toHaveValue("2");
    await line.getByRole("button", { name: "Increase quantity" }).click();
    await expect(quantity).toHaveValue("3");
    await expect.poll(async () => (await cart(page)).itemCount).toBe(3);
    // the page reloads its data after the change; typing before that lands would be typed into a line it redraws
    await page.waitForLoadState("networkidle");

    await quantity.fill("7");
    dropped = await dropNextPost(page, "/cart");
    await line.getByRole("button", { name: "Update" }).click();
    await dropped.done();
    await expect(toast(page, NO_REPLY)).toBeVisible();
    await expect(quantity).toHaveValue("7");
    expect((await cart(page)).itemCount).toBe(3);
    await line.getByRole("button", { name: "Update" }).click();
    await expect.poll(async () => (await cart(page)).itemCount).toBe(7);

    dropped = await dropNextPost(page, "/cart");
    await line.getByRole("button", { name: "Remove" }).click();
    await dropped.done();
    await expect(toast(page, NO_REPLY)).toBeVisible();
    await expect(line).toBeVisible();
    await expect(quantity).toHaveValue("7");
    await line.getByRole("button", { name: "Remove" }).click();
    await heading(page, "Your Cart is Empty");
    expect((await cart(page)).itemCount).toBe(0);
  });

  test("save as template: the name stays, 'Failed to save template', then one template", async ({ page, customer }) => {
    const name = `Friday restock ${randomUUID().slice(0, 8)}`;
    await signIn(page, customer);
    await putInCart(page, ORDERABLE.stillWater.slug, 4);
    await page.goto("/cart?dialog=save-template");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Save as Template" });
    await dialog.getByLabel("Template name").fill(name);
    await dialog.getByLabel("Description (optional)").fill("Water for the weekend");
    const dropped = await dropNextPost(page, "/cart");
    await dialog.getByRole("button", { name: "Save Template" }).click();
    await dropped.done();

    await expect(dialog.getByRole("alert")).toContainText("Failed to save template. Please try again.");
    await expect(dialog.getByRole("alert")).toContainText(RETRY_SAFE);
    await expect(dialog.getByLabel("Template name")).toHaveValue(name);
    await expect(dialog.getByLabel("Description (optional)")).toHaveValue("Water for the weekend");
    expect(await templatesNamed(page, name)).toHaveLength(0);

    await dialog.getByRole("button", { name: "Save Template" }).click();
    await expect(toast(page, "Template saved")).toBeVisible();
    expect(await templatesNamed(page, name)).toHaveLength(1);
  });

  for (const drop of ["request", "reply"] as const) {
    test(`checkout (${drop} lost): the shipping details stay, 'Order failed', then one order`, async ({ page, customer }) => {
      const name = `Dropped ${drop} ${randomUUID().slice(0, 8)}`;
      await signIn(page, customer);
      await putInCart(page, ORDERABLE.stillWater.slug, 1);
      await page.goto("/checkout");
      await expect(page.locator("form#checkout-form")).toHaveAttribute("data-hydrated", "true");
      await page.getByLabel("Full name", { exact: true }).fill(name);
      await page.getByLabel("Address line 1", { exact: true }).fill("12 Mill Lane");
      await page.getByLabel("Town or city", { exact: true }).fill("Leeds");
      await page.getByLabel("Postcode", { exact: true }).fill("LS1 4AP");
      const dropped = await dropNextPost(page, "/checkout", drop);
      await page.getByRole("button", { name: "Place Order" }).click();
      await dropped.done();

      // in the page rather than a floating toast, so it never covers the summary
      const notice = page.getByTestId("checkout-notice");
      await expect(notice).toContainText("Order failed");
      await expect(notice).toContainText("We could not reach the server");
      await heading(page, "Checkout");
      await expect(page.getByLabel("Full name", { exact: true })).toHaveValue(name);
      await expect(page.getByLabel("Postcode", { exact: true })).toHaveValue("LS1 4AP");
      expect(await ordersNamed(page, name)).toHaveLength(drop === "reply" ? 1 : 0);

      await page.getByRole("button", { name: "Place Order" }).click();
      const orderNumber = await expectOrderPlacedPage(page);
      const placed = await ordersNamed(page, name);
      expect(placed).toHaveLength(1);
      expect(placed[0].orderNumber).toBe(orderNumber);
    });
  }

  test("quick entry: the list stays, then the items go in once", async ({ page, customer }) => {
    await signIn(page, customer);
    await page.goto("/quick-order");
    await hydrated(page);
    const box = page.getByRole("textbox", { name: /SKU then quantity/ });
    await box.fill(`${ORDERABLE.cola.slug}, 2`);
    const dropped = await dropNextPost(page, "/quick-order");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await dropped.done();

    await expect(toast(page, NO_REPLY)).toContainText("nothing will be added twice");
    await heading(page, "Quick Order");
    await expect(box).toHaveValue(`${ORDERABLE.cola.slug}, 2`);
    expect((await cart(page)).itemCount).toBe(0);

    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
    expect((await cart(page)).itemCount).toBe(2);
  });

  test("CSV upload: the file stays chosen, then its lines go in once", async ({ page, customer }) => {
    await signIn(page, customer);
    await page.goto("/quick-order?tab=csv");
    await hydrated(page);
    const file = page.getByLabel("CSV file");
    await file.setInputFiles({ name: "restock.csv", mimeType: "text/csv", buffer: Buffer.from(`SKU,Quantity\n${ORDERABLE.cola.slug},4\n`) });
    const dropped = await dropNextPost(page, "/quick-order");
    await page.getByRole("button", { name: "Upload CSV" }).click();
    await dropped.done();

    await expect(toast(page, NO_REPLY)).toBeVisible();
    await heading(page, "Quick Order");
    await expect(file).toHaveValue(/restock\.csv$/);

    await page.getByRole("button", { name: "Upload CSV" }).click();
    await expect(toast(page, "CSV Processed")).toBeVisible();
    expect((await cart(page)).itemCount).toBe(4);
  });

  test("quick order Reorder: the list stays, then the order goes in once", async ({ page, customer }) => {
    await signIn(page, customer);
    const order = await placeOrderThroughApi(page.request, customer, [{ slug: ORDERABLE.cola.slug, quantity: 3 }]);
    await page.goto("/quick-order?tab=reorder");
    await hydrated(page);
    const dropped = await dropNextPost(page, "/quick-order");
    await page.getByRole("button", { name: `Reorder ${order.orderNumber}` }).click();
    await dropped.done();

    await expect(toast(page, NO_REPLY)).toBeVisible();
    await heading(page, "Quick Order");
    expect((await cart(page)).itemCount).toBe(0);

    await page.getByRole("button", { name: `Reorder ${order.orderNumber}` }).click();
    await page.waitForURL((url) => url.pathname === "/cart");
    expect((await cart(page)).itemCount).toBe(3);
  });

  for (const drop of ["request", "reply"] as const) {
    test(`change password (${drop} lost): the dialog keeps what was typed, then 'Password changed' once`, async ({ page, customer }) => {
      await signIn(page, customer);
      await page.goto("/account/dashboard?dialog=change-password");
      await hydrated(page);
      const dialog = page.getByRole("dialog", { name: "Change Password" });
      await dialog.getByLabel("Current password").fill(customer.password);
      await dialog.getByLabel("New password", { exact: true }).fill("fresh-pass-1");
      await dialog.getByLabel("Confirm new password").fill("fresh-pass-1");
      const dropped = await dropNextPost(page, "/account/dashboard", drop);
      await dialog.getByRole("button", { name: "Change Password" }).click();
      await dropped.done();

      await expect(dialog.getByRole("alert")).toContainText("Error");
      await expect(dialog.getByRole("alert")).toContainText(`Failed to change password. ${NO_REPLY}`);
      await expect(dialog.getByLabel("Current password")).toHaveValue(customer.password);
      await expect(dialog.getByLabel("New password", { exact: true })).toHaveValue("fresh-pass-1");
      await expect(dialog.getByLabel("Confirm new password")).toHaveValue("fresh-pass-1");

      // after a lost reply the password has changed: the same key answers as the first post did
      await dialog.getByRole("button", { name: "Change Password" }).click();
      await expect(toast(page, "Password changed")).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      const context = await apiRequest.newContext({ baseURL: new URL(page.url()).origin });
      expect((await context.post("/api/auth/login", { data: { email: customer.email, password: "fresh-pass-1" } })).status()).toBe(200);
      await context.dispose();
    });
  }

  test("log out: the page stays signed in and says so, then signs out", async ({ page, customer }) => {
    await signIn(page, customer);
    await page.goto("/account/dashboard");
    await hydrated(page);
    const card = page.getByRole("main");
    const dropped = await dropNextPost(page, "/api/logout");
    await card.getByRole("button", { name: "Log Out" }).click();
    await dropped.done();

    await expect(toast(page, NO_REPLY)).toContainText("You may still be signed in");
    await heading(page, "Welcome, Casey");

    await card.getByRole("button", { name: "Log Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("link", { name: "Log In" })).toBeVisible();
  });

  test("order history Reorder: the page stays, then the order goes in once", async ({ page, customer }) => {
    await signIn(page, customer);
    const order = await placeOrderThroughApi(page.request, customer, [{ slug: ORDERABLE.stillWater.slug, quantity: 2 }]);
    await page.goto(`/account/orders?order=${order.id}`);
    await hydrated(page);
    const details = page.locator("details").filter({ has: page.locator("summary", { hasText: order.orderNumber }) });
    const dropped = await dropNextPost(page, "/account/orders");
    await details.getByRole("button", { name: "Reorder" }).click();
    await dropped.done();

    await expect(toast(page, NO_REPLY)).toContainText("nothing will be added twice");
    await heading(page, "Your Orders");
    expect((await cart(page)).itemCount).toBe(0);

    await details.getByRole("button", { name: "Reorder" }).click();
    await page.waitForURL((url) => url.pathname === "/cart");
    expect((await cart(page)).itemCount).toBe(2);
  });

  test("templates: Load and Delete survive a drop and act once", async ({ page, customer }) => {
    const name = `Bar top-up ${randomUUID().slice(0, 8)}`;
    await signIn(page, customer);
    const created = await page.request.post("/api/order-templates", {
      data: {
        name,
        description: "",
        items: [
          { productId: await productId(page, ORDERABLE.cola.slug), productName: ORDERABLE.cola.name, quantity: 5, selectedVariants: {} },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.goto("/account/templates");
    await hydrated(page);
    const card = page.getByTestId("template-card").filter({ hasText: name });

    let dropped = await dropNextPost(page, "/account/templates");
    await card.getByRole("button", { name: "Load into Cart" }).click();
    await dropped.done();
    await expect(toast(page, "Failed to load template. Some products may not be available.")).toContainText(RETRY_SAFE);
    await heading(page, "Order Templates");
    await card.getByRole("button", { name: "Load into Cart" }).click();
    await page.waitForURL((url) => url.pathname === "/cart");
    expect((await cart(page)).itemCount).toBe(5);

    await page.goto("/account/templates");
    await hydrated(page);
    await card.getByRole("link", { name: "Delete" }).click();
    await expect(page.getByText(`Delete template ${name}?`)).toBeVisible();
    dropped = await dropNextPost(page, "/account/templates");
    await page.getByRole("button", { name: "Confirm" }).click();
    await dropped.done();
    await expect(toast(page, "Failed to delete template. Please try again.")).toContainText(RETRY_SAFE);
    // the confirmation (a modal over the page) is still open, the page behind it still there
    await expect(page.getByText(`Delete template ${name}?`)).toBeVisible();
    await expect(page.locator("h1", { hasText: "Order Templates" })).toBeAttached();
    expect(await templatesNamed(page, name)).toHaveLength(1);
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(toast(page, "Template deleted")).toBeVisible();
    expect(await templatesNamed(page, name)).toHaveLength(0);
  });

  test("return request: the choices stay, then one return", async ({ page, customer, baseURL }) => {
    await signIn(page, customer);
    const order = await placeOrderThroughApi(page.request, customer, [{ slug: ORDERABLE.cola.slug, quantity: 2 }]);
    const admin = await apiRequest.newContext({ baseURL });
    expect((await admin.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
    const delivered = await admin.patch(`/api/admin/orders/${order.id}/status`, { data: { status: "delivered" } });
    expect(delivered.status(), await delivered.text()).toBe(200);
    await admin.dispose();

    const note = `Dented cans ${randomUUID().slice(0, 8)}`;
    await page.goto(`/account/returns/new?order=${order.id}`);
    await hydrated(page);
    const quantity = page.locator('input[type="number"]:not([disabled])').first();
    await quantity.fill("1");
    await page.getByLabel("Reason").selectOption("Faulty");
    await page.getByLabel("Notes (optional)").fill(note);
    const dropped = await dropNextPost(page, "/account/returns/new");
    await page.getByRole("button", { name: "Request return" }).click();
    await dropped.done();

    await expect(toast(page, NO_REPLY)).toContainText("it will not be requested twice");
    await heading(page, "Request a return");
    await expect(quantity).toHaveValue("1");
    await expect(page.getByLabel("Reason")).toHaveValue("Faulty");
    await expect(page.getByLabel("Notes (optional)")).toHaveValue(note);

    await page.getByRole("button", { name: "Request return" }).click();
    await page.waitForURL((url) => url.pathname === "/account/returns");
    await expect(page.locator("article").filter({ hasText: note })).toHaveCount(1);
  });

  test("price basis switch: the page stays on its basis and says so, then switches", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    await hydrated(page);
    const header = page.locator("header");
    const dropped = await dropNextPost(page, "/prices");
    await header.getByRole("button", { name: "ex VAT" }).click();
    await dropped.done();
    await expect(toast(page, NO_REPLY)).toContainText(RETRY_SAFE);
    await expect(header.getByRole("button", { name: "inc VAT" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    await header.getByRole("button", { name: "ex VAT" }).click();
    await expect(header.getByRole("button", { name: "ex VAT" })).toHaveAttribute("aria-pressed", "true");
  });

  for (const drop of ["request", "reply"] as const) {
    test(`address book add (${drop} lost): the address stays, then it is saved once`, async ({ page, customer }) => {
      const label = `Yard ${randomUUID().slice(0, 6)}`;
      await signIn(page, customer);
      await page.goto("/account/addresses");
      await hydrated(page);
      await page.locator("#address-add-label").fill(label);
      await page.locator("#address-add-name").fill("Goods In");
      await page.locator("#address-add-address").fill("Unit 9, Canal Wharf");
      await page.locator("#address-add-city").fill("Leeds");
      await page.locator("#address-add-postcode").fill("LS11 5PS");
      const dropped = await dropNextPost(page, "/account/addresses", drop);
      await page.getByRole("button", { name: "Add address" }).click();
      await dropped.done();

      await expect(toast(page, NO_REPLY)).toContainText(RETRY_SAFE);
      await heading(page, "Delivery Addresses");
      await expect(page.locator("#address-add-label")).toHaveValue(label);
      await expect(page.locator("#address-add-city")).toHaveValue("Leeds");

      await page.getByRole("button", { name: "Add address" }).click();
      await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
      const saved = async () => {
        const addresses: { label: string }[] = await (await page.request.get("/api/addresses")).json();
        return addresses.filter((a) => a.label === label).length;
      };
      await expect.poll(saved).toBe(1);
    });
  }

  for (const drop of ["request", "reply"] as const) {
    test(`product request (${drop} lost): the text stays, 'Submission failed', then one request`, async ({ page, customer }) => {
      const text = `Oat milk barista edition 1L, cases of 6 (${randomUUID().slice(0, 8)})`;
      await signIn(page, customer);
      await page.goto("/request-product");
      await hydrated(page);
      const box = page.getByLabel("Describe the product you'd like us to stock");
      await box.fill(text);
      const dropped = await dropNextPost(page, "/request-product", drop);
      await page.getByRole("button", { name: "Submit Request" }).click();
      await dropped.done();

      await expect(toast(page, "Submission failed")).toContainText(RETRY_SAFE);
      await heading(page, "Request a Product");
      await expect(box).toHaveValue(text);

      await page.getByRole("button", { name: "Submit Request" }).click();
      await expect(page.getByText("Your request has been submitted. Our team will review it.")).toBeVisible();
      await expect(page.getByText(text, { exact: true })).toHaveCount(1);
    });
  }

  for (const drop of ["request", "reply"] as const) {
    test(`loyalty redeem (${drop} lost): the page stays, 'Failed to redeem reward', then points are taken once`, async ({ page, customer }) => {
      await signIn(page, customer);
      const { points: earned } = await placeOrderWorthPoints(page, customer);
      await page.goto("/account/loyalty");
      await hydrated(page);
      const card = page
        .getByTestId("reward-card")
        .filter({ has: page.getByRole("heading", { name: "£5.00 off your next order", exact: true }) });
      const dropped = await dropNextPost(page, "/account/loyalty", drop);
      await card.getByRole("button", { name: "Redeem for 250 points" }).click();
      await dropped.done();

      await expect(toast(page, "Error")).toContainText(`Failed to redeem reward. ${NO_REPLY}`);
      await heading(page, "Loyalty Rewards");
      expect(await points(page)).toBe(drop === "reply" ? earned - 250 : earned);

      await card.getByRole("button", { name: "Redeem for 250 points" }).click();
      await expect(toast(page, "Success!")).toBeVisible();
      expect(await points(page)).toBe(earned - 250);
    });
  }
});

test.describe("toasts", JS_ONLY, () => {
  test("one at a time in a labelled region; F8 focuses it; a swipe right dismisses", async ({ page }) => {
    await page.goto("/login");
    await hydrated(page);
    await page.getByLabel("Email").fill(uniqueEmail("nobody"));
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Log In" }).click();
    const region = page.getByRole("region", { name: "Notifications (F8)" });
    await expect(region.getByTestId("toast")).toHaveCount(1);
    await expect(region.getByTestId("toast")).toContainText("Login failed");
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(region.getByTestId("toast")).toHaveCount(1);

    await page.keyboard.press("F8");
    await expect(region).toBeFocused();

    const box = (await region.getByTestId("toast").boundingBox())!;
    const y = box.y + box.height / 2;
    // a short drag springs back
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 50, y, { steps: 5 });
    await page.mouse.up();
    await expect(region.getByTestId("toast")).toHaveCount(1);
    // 50 px to the right dismisses
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 80, y, { steps: 5 });
    await page.mouse.up();
    await expect(region.getByTestId("toast")).toHaveCount(0);
  });

  test("a slow navigation shows the progress bar after 300 ms", async ({ page, customer }) => {
    await signIn(page, customer);
    await page.goto("/");
    await hydrated(page);
    await page.route(
      (url) => url.pathname === "/quick-order",
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.fallback();
      },
    );
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Quick Order" }).click();
    await expect(page.getByRole("progressbar")).toBeVisible();
    await heading(page, "Quick Order");
    await expect(page.getByRole("progressbar")).toHaveCount(0);
  });
});
