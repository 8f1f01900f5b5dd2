import { expect, JS_INDEPENDENT, test } from "./fixtures";
import { ORDERABLE } from "./orders";

/** The real server's edge checks: what another site, or a careless client, gets back. */
test.describe("requests from other sites", () => {
  test("a cross-site form post is refused with a page, not acted on", JS_INDEPENDENT, async ({ request }) => {
    const product = await (await request.get(`/api/products/${ORDERABLE.cola.slug}`)).json();
    const cartBefore = await (await request.get("/api/cart")).json();
    const response = await request.post("/cart/add", {
      headers: { Origin: "https://evil.example.com", "Sec-Fetch-Site": "cross-site" },
      form: { productId: String(product.id), quantity: "5", redirectTo: "/cart" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain("This request came from another site and was refused.");
    expect(await (await request.get("/api/cart")).json()).toEqual(cartBefore);
  });

  test("a cross-site post to /login is refused with 403, not a server error", JS_INDEPENDENT, async ({ request }) => {
    const response = await request.post("/login", {
      headers: { Origin: "https://evil.example.com" },
      form: { intent: "login", email: "buyer@example.com", password: "buyer-demo" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });

  test("an API call from another site gets the JSON error", JS_INDEPENDENT, async ({ request }) => {
    const response = await request.post("/api/product-requests", {
      headers: { Origin: "https://evil.example.com", "Content-Type": "application/json" },
      data: JSON.stringify({ requestText: "Compostable coffee cups, 12oz, by the thousand" }),
    });
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual({ message: "This request came from another site and was refused. Open the page here and try again." });
  });

  test("an API body that is not JSON by its media type answers 415", JS_INDEPENDENT, async ({ request }) => {
    const response = await request.post("/api/auth/login", {
      headers: { "Content-Type": "text/plain;a=json" },
      data: JSON.stringify({ email: "buyer@example.com", password: "buyer-demo" }),
    });
    expect(response.status()).toBe(415);
    expect((await response.json()).message).toBe("Send the body as JSON with Content-Type: application/json");
  });

  test("a body over the limit answers 413", JS_INDEPENDENT, async ({ request }) => {
    const response = await request.post("/api/auth/login", {
      headers: { "Content-Type": "application/json" },
      data: JSON.stringify({ email: "buyer@example.com", password: "x".repeat(600 * 1024) }),
    });
    expect(response.status()).toBe(413);
  });
});

test.describe("content security policy", () => {
  test("scripts run by this request's nonce, never 'unsafe-inline'; images only from here", JS_INDEPENDENT, async ({ request }) => {
    const first = await request.get("/");
    const csp = first.headers()["content-security-policy"];
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src"))!;
    expect(scriptSrc).not.toContain("unsafe-inline");
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1];
    const html = await first.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(csp).toMatch(/img-src 'self' data:(;|$)/);

    const second = await request.get("/");
    expect(second.headers()["content-security-policy"]).not.toContain(nonce);
  });
});
