import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, orderItems, orders, priceTiers, products, productVariants, users } from "~db/schema";
import * as root from "~/root";
import * as accountOrders from "~/routes/account.orders";
import * as quickOrder from "~/routes/quick-order/route";
import * as template from "~/routes/quick-order.template[.]csv";
import { getDb } from "~/utils/db.server";
import { createCategory, createProduct, createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

type Product = typeof products.$inferSelect;
let towels: Product; // £2.50, 50 in stock
let flour: Product; // £15.49, 5 in stock
let vest: Product; // HIVIS-VEST: Size S/M/L, Colour Yellow/Orange
let buyerId: string;

beforeAll(async () => {
  const db = getDb();
  const category = createCategory("Catering");
  const silver = db.insert(priceTiers).values({ name: "Silver", discountPercentage: 1000 }).returning().get();
  // created first, but has options: the template's example must skip it
  vest = createProduct({ name: "Hi-Vis Vest", sku: "HIVIS-VEST", salesPrice: 249, stockLevel: 40, categoryId: category.id });
  db.insert(productVariants).values({ productId: vest.id, name: "Size", options: ["S", "M", "L"], position: 0 }).run();
  db.insert(productVariants).values({ productId: vest.id, name: "Colour", options: ["Yellow", "Orange"], position: 1 }).run();
  createProduct({ name: "Sold Out Mugs", salesPrice: 500, stockLevel: 0, categoryId: category.id });
  towels = createProduct({ name: "Paper Towels", salesPrice: 250, stockLevel: 50, categoryId: category.id });
  flour = createProduct({ name: "Plain Flour 16kg Sack", sku: "FLOUR-16", salesPrice: 1549, stockLevel: 5, categoryId: category.id });
  // its slug is the flour's code: a code is matched first
  createProduct({ name: "Flour 16", salesPrice: 100, stockLevel: 5, categoryId: category.id });
  buyerId = (await createUser({ email: "buyer@example.com", priceTierId: silver.id })).id;
  await createUser({ email: "pending@example.com", approvedAt: null });
});

/** Signs in with an empty cart, and lands on the home page (which shows, and so clears, the welcome). */
async function signInFresh(email: string) {
  const db = getDb();
  const user = db.select().from(users).where(eq(users.email, email)).get()!;
  db.delete(cartItems).where(eq(cartItems.userId, user.id)).run();
  const login = await signIn(email);
  const home = await callRoute(root.loader, buildRequest("/", { cookie: login }));
  // "Welcome!" the first time this account signs in, "Welcome back!" after
  expect((await readJson(home)).toast).toMatchObject({ title: expect.stringMatching(/^Welcome/) });
  return { cookie: cookieFrom(home, login), userId: user.id };
}

function linesOf(userId: string) {
  return getDb()
    .select({ productId: cartItems.productId, selectedVariants: cartItems.selectedVariants, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.id))
    .all();
}

function cartOf(userId: string) {
  return getDb()
    .select({ productId: cartItems.productId, quantity: cartItems.quantity, priceWhenAdded: cartItems.priceWhenAdded })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.id))
    .all();
}

async function loadPage(path: string, cookie: string) {
  const response = await callRoute(quickOrder.loader, buildRequest(path, { cookie }));
  expect(response.status).toBe(200);
  return readJson(response);
}

/** What the browser sees after the redirect: the page's data, the flashed toast and the cart badge. */
async function follow(response: Response, cookie: string) {
  const location = redirectLocation(response);
  const next = cookieFrom(response, cookie);
  const rootData = await readJson(await callRoute(root.loader, buildRequest(location, { cookie: next })));
  const page = location.startsWith("/quick-order") ? await loadPage(location, next) : null;
  return { location, page, toast: rootData.toast, cartCount: rootData.cartCount as number, cookie: next };
}

async function postEntry(lines: string, cookie: string, idempotencyKey?: string) {
  return callRoute(
    quickOrder.action,
    buildRequest("/quick-order", { form: { intent: "entry", lines, idempotencyKey }, cookie }),
  );
}

async function postCsv(content: string, cookie: string, { name = "order.csv", type = "text/csv" } = {}) {
  const form = new FormData();
  form.append("intent", "csv");
  form.append("idempotencyKey", crypto.randomUUID());
  form.append("file", new File([content], name, { type }));
  return callRoute(quickOrder.action, buildRequest("/quick-order?tab=csv", { form, cookie }));
}

describe("access", () => {
  it("sends a signed-out visitor to log in, for the page and for a post", async () => {
    const page = await callRoute(quickOrder.loader, buildRequest("/quick-order?tab=csv"));
    expect(redirectLocation(page)).toBe(`/login?redirectTo=${encodeURIComponent("/quick-order?tab=csv")}`);
    const post = await callRoute(quickOrder.action, buildRequest("/quick-order", { form: { intent: "entry", lines: "paper-towels 1" } }));
    expect(redirectLocation(post)).toMatch(/^\/login\?redirectTo=/);
  });

  it("lets a customer awaiting approval fill a cart at list prices", async () => {
    const { cookie, userId } = await signInFresh("pending@example.com");
    const after = await follow(await postEntry("paper-towels, 2", cookie), cookie);
    expect(after.toast).toMatchObject({ title: "Added 1 product(s) to cart" });
    expect(cartOf(userId)).toEqual([{ productId: towels.id, quantity: 2, priceWhenAdded: 250 }]);
  });
});

describe("Quick Entry", () => {
  it("shows the tab with real products for the placeholder: one plain, one with its options", async () => {
    const { cookie } = await signInFresh("buyer@example.com");
    const page = await loadPage("/quick-order", cookie);
    expect(page.tab).toBe("entry");
    // in stock, oldest first, named by code (else slug): the mugs (sold out) are skipped
    expect(page.examples).toEqual([
      { code: "paper-towels", name: "Paper Towels", options: [] },
      {
        code: "HIVIS-VEST",
        name: "Hi-Vis Vest",
        options: [
          { name: "Size", value: "S" },
          { name: "Colour", value: "Yellow" },
        ],
      },
    ]);
    expect(page.result).toBeNull();
  });

  it("adds the good line and names the bad format and the unknown product, keeping both lines to fix", async () => {
    const { cookie, userId } = await signInFresh("buyer@example.com");
    const response = await postEntry("paper-towels, 3\n\nflour five\nno-such-thing, 2\n", cookie);
    const after = await follow(response, cookie);

    expect(after.location).toMatch(/^\/quick-order\?tab=entry&result=[\w-]+$/);
    expect(after.page.result).toEqual({
      added: 1,
      errors: ['Line 3: Invalid format "flour five"', 'Line 4: Product "no-such-thing" not found'],
      more: 0,
    });
    expect(after.page.entryText).toBe("flour five\nno-such-thing, 2");
    expect(after.toast).toBeNull();
    expect(after.cartCount).toBe(3);
    // Silver tier: £2.50 less 10%
    expect(cartOf(userId)).toEqual([{ productId: towels.id, quantity: 3, priceWhenAdded: 225 }]);

    // the result belongs to its URL: the plain page is clean again
    const clean = await loadPage("/quick-order", after.cookie);
    expect(clean.result).toBeNull();
    expect(clean.entryText).toBe("");
  });

  it("takes option values on the line, by SKU, and adds two lines of the same choice into one", async () => {
    const { cookie, userId } = await signInFresh("buyer@example.com");
    const after = await follow(
      await postEntry("HIVIS-VEST, Size=L, Colour=Orange, 5\nhivis-vest size=l colour=orange 2\nHIVIS-VEST Size=S Colour=Yellow 1", cookie),
      cookie,
    );
    // one product, however many lines
    expect(after.toast).toEqual({ title: "Added 1 product(s) to cart" });
    expect(after.cartCount).toBe(8);
    expect(linesOf(userId)).toEqual([
      { productId: vest.id, selectedVariants: { Size: "L", Colour: "Orange" }, quantity: 7 },
      { productId: vest.id, selectedVariants: { Size: "S", Colour: "Yellow" }, quantity: 1 },
    ]);
  });

  it("names what is wrong with a line's options, line by line, and adds nothing for those lines", async () => {
    const { cookie, userId } = await signInFresh("buyer@example.com");
    const first = await follow(
      await postEntry("HIVIS-VEST, 5\nHIVIS-VEST Size=XXL Colour=Yellow 1\nHIVIS-VEST, Size=M, 1\npaper-towels 1", cookie),
      cookie,
    );
    expect(first.page.result).toEqual({
      added: 1,
      errors: [
        'Line 1: "HIVIS-VEST" needs Size (S, M, L) and Colour (Yellow, Orange)',
        'Line 2: Size "XXL" is not an option of HIVIS-VEST (S, M, L)',
        'Line 3: "HIVIS-VEST" needs Colour (Yellow, Orange)',
      ],
      more: 0,
    });
    expect(first.page.entryText).toBe("HIVIS-VEST, 5\nHIVIS-VEST Size=XXL Colour=Yellow 1\nHIVIS-VEST, Size=M, 1");
    const second = await follow(
      await postEntry("HIVIS-VEST, Width=Wide, Size=S, Colour=Yellow, 1\npaper-towels, Size=L, 1\nHIVIS-VEST, Size=, 1", cookie),
      cookie,
    );
    expect(second.page.result).toEqual({
      added: 0,
      errors: [
        'Line 1: "HIVIS-VEST" has no option "Width": choose Size and Colour',
        'Line 2: "paper-towels" has no option "Size"',
        'Line 3: Invalid format "HIVIS-VEST, Size=, 1"',
      ],
      more: 0,
    });
    expect(linesOf(userId)).toEqual([{ productId: towels.id, selectedVariants: {}, quantity: 1 }]);
  });

  it("matches a product code before a slug", async () => {
    const { cookie, userId } = await signInFresh("buyer@example.com");
    await follow(await postEntry("flour-16, 1", cookie), cookie);
    expect(linesOf(userId)).toEqual([{ productId: flour.id, selectedVariants: {}, quantity: 1 }]);
  });

  it("matches by slug or exact name without regard to case, and adds up repeated and existing lines", async () => {
    const { cookie, userId } = await signInFresh("buyer@example.com");
    await postEntry("paper-towels 1", cookie);
    const after = await follow(
      await postEntry("PAPER-TOWELS\t2\nplain flour 16KG sack, 1\nPaper Towels,4\nPlain Flour, 1", cookie),
      cookie,
    );
    // three good lines of two products: two products added
    expect(after.page.result).toEqual({
      added: 2,
      errors: ['Line 4: Product "Plain Flour" not found'],
      more: 0,
    });
    expect(cartOf(userId).map(({ productId, quantity }) => ({ productId, quantity }))).toEqual([
      { productId: towels.id, quantity: 7 },
      { productId: flour.id, quantity: 1 },
    ]);
  });

  it("keeps the product's total in the cart within its stock, counting earlier lines", async () => {
    const { cookie, userId } = await signInFresh("buyer@example.com");
    const after = await follow(
      await postEntry("plain-flour-16kg-sack, 4\nplain-flour-16kg-sack, 2\nsold-out-mugs, 1", cookie),
      cookie,
    );
    expect(after.page.result).toEqual({
      added: 1,
      errors: [
        "Line 2: Only 5 left in stock (Plain Flour 16kg Sack; 4 already in your cart)",
        "Line 3: Sold Out Mugs is out of stock",
      ],
      more: 0,
    });
    expect(after.page.entryText).toBe("plain-flour-16kg-sack, 2\nsold-out-mugs, 1");
    expect(cartOf(userId)).toEqual([{ productId: flour.id, quantity: 4, priceWhenAdded: 1394 }]);
  });

  it("shows only the first three errors and counts the rest", async () => {
    const { cookie } = await signInFresh("buyer@example.com");
    const after = await follow(await postEntry("a 0\nb 0\nc 0\nd 0\ne 0\npaper-towels 1", cookie), cookie);
    expect(after.page.result).toEqual({
      added: 1,
      errors: ['Line 1: Invalid format "a 0"', 'Line 2: Invalid format "b 0"', 'Line 3: Invalid format "c 0"'],
      more: 2,
    });
    expect(after.page.entryText).toBe("a 0\nb 0\nc 0\nd 0\ne 0");
  });

  it("says 'Added N product(s) to cart' when every line goes in", async () => {
    const { cookie, userId } = await signInFresh("buyer@example.com");
    const after = await follow(await postEntry("paper-towels, 2\nplain-flour-16kg-sack 1", cookie), cookie);
    expect(after.location).toBe("/quick-order");
    expect(after.toast).toEqual({ title: "Added 2 product(s) to cart" });
    expect(after.cartCount).toBe(3);
    expect(after.page.result).toBeNull();
    expect(cartOf(userId)).toHaveLength(2);
  });

  it("adds once when the same form is posted twice (double click, resubmission)", async () => {
    const { cookie, userId } = await signInFresh("buyer@example.com");
    const key = crypto.randomUUID();
    await postEntry("paper-towels, 2", cookie, key);
    const again = await follow(await postEntry("paper-towels, 2", cookie, key), cookie);
    expect(again.toast).toEqual({ title: "Added 1 product(s) to cart" });
    expect(cartOf(userId)).toEqual([{ productId: towels.id, quantity: 2, priceWhenAdded: 225 }]);
    // the same key with a different list is a new order, not a repeat
    await postEntry("paper-towels, 1", cookie, key);
    expect(cartOf(userId)[0].quantity).toBe(3);
  });

  it("answers an empty box with the field's message and changes nothing", async () => {
    const { cookie, userId } = await signInFresh("buyer@example.com");
    const response = await postEntry(" \n \n", cookie);
    expect(response.status).toBe(400);
    const body = await readJson(response);
    expect(body.intent).toBe("entry");
    expect(body.result.error).toEqual({ lines: ["Enter at least one line: SKU, quantity"] });
    expect(cartOf(userId)).toEqual([]);
  });

  it("adds 500 lines in one post, quickly", async () => {
    const db = getDb();
    db.insert(products)
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          name: `Bulk Line Item ${i + 1}`,
          slug: `bulk-line-item-${i + 1}`,
          salesPrice: 100 + i,
          stockLevel: 1000,
        })),
      )
      .run();
    const { cookie, userId } = await signInFresh("buyer@example.com");
    const text = Array.from({ length: 500 }, (_, i) => `bulk-line-item-${i + 1}, ${(i % 9) + 1}`).join("\n");

    const started = performance.now();
    const response = await postEntry(text, cookie);
    const elapsed = performance.now() - started;
    console.info(`quick entry of 500 lines: ${elapsed.toFixed(0)} ms`);

    const after = await follow(response, cookie);
    expect(after.toast).toEqual({ title: "Added 500 product(s) to cart" });
    const cart = cartOf(userId);
    expect(cart).toHaveLength(500);
    expect(cart[0]).toEqual({ productId: expect.any(Number), quantity: 1, priceWhenAdded: 90 });
    expect(cart[499].quantity).toBe((499 % 9) + 1);
    expect(elapsed).toBeLessThan(5000);
  });
});

describe("CSV Upload", () => {
  it("adds the good rows, skips bad rows silently and names an unknown SKU by its row", async () => {
    const { cookie, userId } = await signInFresh("buyer@example.com");
    const csv = "sku,QUANTITY\npaper-towels,4\nplain-flour-16kg-sack,abc\nno-such-sku,1\nPlain Flour 16kg Sack,2\n";
    const after = await follow(await postCsv(csv, cookie), cookie);
    expect(after.location).toMatch(/^\/quick-order\?tab=csv&result=/);
    expect(after.page.tab).toBe("csv");
    expect(after.page.result).toEqual({
      added: 2,
      errors: ['Row 4: Product "no-such-sku" not found'],
      more: 0,
    });
    expect(cartOf(userId).map(({ productId, quantity }) => ({ productId, quantity }))).toEqual([
      { productId: towels.id, quantity: 4 },
      { productId: flour.id, quantity: 2 },
    ]);
  });

  it('says "CSV Processed" with the count when every row goes in', async () => {
    const { cookie, userId } = await signInFresh("buyer@example.com");
    const after = await follow(await postCsv("\uFEFFSKU,Quantity\r\npaper-towels,1\r\nplain-flour-16kg-sack,1\r\n", cookie), cookie);
    expect(after.location).toBe("/quick-order?tab=csv");
    expect(after.toast).toEqual({ title: "CSV Processed", description: "Added 2 product(s) to cart" });
    expect(cartOf(userId)).toHaveLength(2);
  });

  it("takes options from columns named after them, ignoring them for products without", async () => {
    const { cookie, userId } = await signInFresh("buyer@example.com");
    const csv = "SKU,Quantity,Size,Colour,Notes\nHIVIS-VEST,3,m,YELLOW,site A\nHIVIS-VEST,1,XL,Yellow,\npaper-towels,2,,,\nHIVIS-VEST,1,,,\n";
    const after = await follow(await postCsv(csv, cookie), cookie);
    expect(after.page.result).toEqual({
      added: 2,
      errors: ['Row 3: Size "XL" is not an option of HIVIS-VEST (S, M, L)', 'Row 5: "HIVIS-VEST" needs Size (S, M, L) and Colour (Yellow, Orange)'],
      more: 0,
    });
    expect(linesOf(userId)).toEqual([
      { productId: vest.id, selectedVariants: { Size: "M", Colour: "Yellow" }, quantity: 3 },
      { productId: towels.id, selectedVariants: {}, quantity: 2 },
    ]);
  });

  it("takes options from an Options column", async () => {
    const { cookie, userId } = await signInFresh("buyer@example.com");
    const csv = 'SKU,Quantity,Options\nhivis-vest,2,"Size=S; Colour=Orange"\nHIVIS-VEST,1,Size=S\nHIVIS-VEST,1,small\n';
    const after = await follow(await postCsv(csv, cookie), cookie);
    expect(after.page.result.errors).toEqual([
      'Row 3: "HIVIS-VEST" needs Colour (Yellow, Orange)',
      'Row 4: Options "small" should read Name=Value; Name=Value',
    ]);
    expect(linesOf(userId)).toEqual([{ productId: vest.id, selectedVariants: { Size: "S", Colour: "Orange" }, quantity: 2 }]);
  });

  it("names options and missing headers as failures, adding nothing for them", async () => {
    const { cookie, userId } = await signInFresh("buyer@example.com");
    const options = await follow(await postCsv("SKU,Quantity\nhi-vis-vest,1\n", cookie), cookie);
    expect(options.page.result.errors).toEqual(['Row 2: "hi-vis-vest" needs Size (S, M, L) and Colour (Yellow, Orange)']);
    const noHeader = await follow(await postCsv("Product,Amount\npaper-towels,x\n", cookie), cookie);
    expect(noHeader.page.result.errors[0]).toMatch(/^The first row must be a header naming the columns "SKU" and "Quantity"/);
    expect(cartOf(userId)).toEqual([]);
  });

  it("refuses a file over 1 MB, or not a CSV, under the file field", async () => {
    const { cookie, userId } = await signInFresh("buyer@example.com");
    const big = await postCsv(`SKU,Quantity\n${"paper-towels,1\n".repeat(75_000)}`, cookie);
    expect(big.status).toBe(400);
    expect((await readJson(big)).result.error).toEqual({ file: ["The file is too large: a CSV upload may be at most 1 MB"] });
    const pdf = await postCsv("%PDF-1.4", cookie, { name: "order.pdf", type: "application/pdf" });
    expect(pdf.status).toBe(400);
    expect((await readJson(pdf)).result.error.file[0]).toBe("Upload a .csv file (save a spreadsheet as CSV first)");
    expect(cartOf(userId)).toEqual([]);
  });

  it("refuses a file with a row of more than 500 cells, naming the row, and adds nothing from it", async () => {
    const { cookie, userId } = await signInFresh("buyer@example.com");
    const wide = `SKU,Quantity\npaper-towels,1\n${",".repeat(1_000_000)}\nplain-flour-16kg-sack,1\n`;
    const after = await follow(await postCsv(wide, cookie), cookie);
    expect(after.page.result).toEqual({
      added: 0,
      errors: [
        "Row 3 has more than 500 columns: a CSV file may have at most 500. Delete the columns that are not needed (empty ones too) and save it again",
      ],
      more: 0,
    });
    expect(cartOf(userId)).toEqual([]);

    // 500 cells is within the limit
    const widest = await follow(await postCsv(`SKU,Quantity${",".repeat(498)}\npaper-towels,1${",".repeat(498)}\n`, cookie), cookie);
    expect(widest.toast).toEqual({ title: "CSV Processed", description: "Added 1 product(s) to cart" });
    expect(cartOf(userId).map(({ productId, quantity }) => ({ productId, quantity }))).toEqual([{ productId: towels.id, quantity: 1 }]);
  });

  it("offers a template with the header, an option column, and example rows naming products that can be ordered", async () => {
    const response = await callRoute(template.loader, buildRequest("/quick-order/template.csv"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="quick-order-template.csv"');
    expect(await response.text()).toBe("SKU,Quantity,Size,Colour\npaper-towels,2,,\nHIVIS-VEST,5,S,Yellow\n");
  });
});

describe("Reorder", () => {
  function createOrder(userId: string, number: number, createdAt: Date) {
    const db = getDb();
    const order = db
      .insert(orders)
      .values({
        orderNumber: `ORD-${String(number).padStart(6, "0")}`,
        userId,
        status: "delivered",
        subtotal: 500,
        vatAmount: 100,
        total: 600,
        shippingName: "Test Buyer",
        shippingEmail: "buyer@example.com",
        shippingAddress: "1 High Street",
        shippingCity: "Leeds",
        shippingPostcode: "LS1 1AA",
        createdAt,
      })
      .returning()
      .get();
    db.insert(orderItems)
      .values({
        orderId: order.id,
        productId: towels.id,
        productName: towels.name,
        quantity: 2,
        unitPrice: 250,
        vatRate: 2000,
        total: 500,
        vatAmount: 100,
      })
      .run();
    return order;
  }

  it("lists the customer's own last 10 orders, newest first", async () => {
    const other = await createUser({ email: "other@example.com" });
    const base = Date.UTC(2025, 0, 1);
    for (let i = 1; i <= 12; i += 1) createOrder(buyerId, i, new Date(base + i * 86_400_000));
    createOrder(other.id, 99, new Date(base + 30 * 86_400_000));

    const { cookie } = await signInFresh("buyer@example.com");
    const page = await loadPage("/quick-order?tab=reorder", cookie);
    expect(page.tab).toBe("reorder");
    expect(page.orders).toHaveLength(10);
    expect(page.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(
      Array.from({ length: 10 }, (_, i) => `ORD-${String(12 - i).padStart(6, "0")}`),
    );
    expect(page.orders[0]).toMatchObject({ status: "delivered", total: "6.00", itemCount: 1 });
  });

  it("puts an order's items back in the cart and goes to the cart", async () => {
    const { cookie, userId } = await signInFresh("buyer@example.com");
    const page = await loadPage("/quick-order?tab=reorder", cookie);
    const response = await callRoute(
      quickOrder.action,
      buildRequest("/quick-order?tab=reorder", {
        form: { intent: "reorder", orderId: page.orders[0].id, idempotencyKey: page.idempotencyKey },
        cookie,
      }),
    );
    const after = await follow(response, cookie);
    expect(after.location).toBe("/cart");
    expect(after.toast).toMatchObject({ title: "Added 1 product (2 units) to your cart" });
    expect(cartOf(userId)).toEqual([{ productId: towels.id, quantity: 2, priceWhenAdded: 225 }]);
  });

  it("puts in what is in stock of a short line, from either Reorder button, and says what was short", async () => {
    const db = getDb();
    const mugs = db.select().from(products).where(eq(products.slug, "sold-out-mugs")).get()!;
    const order = createOrder(buyerId, 500, new Date(Date.UTC(2025, 1, 1)));
    db.insert(orderItems)
      .values([
        { orderId: order.id, productId: flour.id, productName: flour.name, sku: "FLOUR-16", quantity: 10, unitPrice: 1549, vatRate: 2000, total: 15490, vatAmount: 3098 },
        { orderId: order.id, productId: mugs.id, productName: mugs.name, quantity: 1, unitPrice: 500, vatRate: 2000, total: 500, vatAmount: 100 },
      ])
      .run();
    const expected = {
      title: "Added 2 products (7 units) to your cart",
      description: "Short: Plain Flour 16kg Sack (asked 10, added 5); Sold Out Mugs: out of stock.",
      variant: "default",
    };

    const viaQuickOrder = await signInFresh("buyer@example.com");
    const tab = await loadPage("/quick-order?tab=reorder", viaQuickOrder.cookie);
    const fromTab = await follow(
      await callRoute(
        quickOrder.action,
        buildRequest("/quick-order?tab=reorder", {
          form: { intent: "reorder", orderId: order.id, idempotencyKey: tab.idempotencyKey },
          cookie: viaQuickOrder.cookie,
        }),
      ),
      viaQuickOrder.cookie,
    );
    expect(fromTab.location).toBe("/cart");
    expect(fromTab.toast).toEqual(expected);
    expect(linesOf(buyerId)).toEqual([
      { productId: towels.id, selectedVariants: {}, quantity: 2 },
      { productId: flour.id, selectedVariants: {}, quantity: 5 },
    ]);

    const viaHistory = await signInFresh("buyer@example.com");
    const fromHistory = await follow(
      await callRoute(
        accountOrders.action,
        buildRequest("/account/orders", { form: { intent: "reorder", orderId: order.id, idempotencyKey: crypto.randomUUID() }, cookie: viaHistory.cookie }),
      ),
      viaHistory.cookie,
    );
    expect(fromHistory.location).toBe("/cart");
    expect(fromHistory.toast).toEqual(expected);
    expect(linesOf(buyerId)).toHaveLength(2);
    db.delete(orders).where(eq(orders.id, order.id)).run();
  });

  it("will not reorder another customer's order", async () => {
    const { cookie, userId } = await signInFresh("buyer@example.com");
    const theirs = getDb().select().from(orders).where(eq(orders.orderNumber, "ORD-000099")).get()!;
    const response = await callRoute(
      quickOrder.action,
      buildRequest("/quick-order", { form: { intent: "reorder", orderId: theirs.id }, cookie }),
    );
    const after = await follow(response, cookie);
    expect(after.location).toBe("/quick-order?tab=reorder");
    expect(after.toast).toMatchObject({ description: "Order not found", variant: "destructive" });
    expect(cartOf(userId)).toEqual([]);
  });
});
