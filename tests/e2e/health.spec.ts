import { expect, JS_INDEPENDENT, test } from "./fixtures";

test("GET /healthz answers 200 with status ok while the database answers", JS_INDEPENDENT, async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  // the e2e server runs the demo: its accounts still have the README's passwords; it keeps no replica
  expect(await response.json()).toEqual({ status: "ok", demoPasswords: true, replicaLagSeconds: null });
});

test("the app's scripts are sent compressed at build time, brotli to a browser that takes it", JS_INDEPENDENT, async ({ request }) => {
  const page = await (await request.get("/")).text();
  const scripts = [...new Set(page.match(/\/build\/[^"]+\.js/g) ?? [])];
  expect(scripts.length, "scripts the home page loads").toBeGreaterThan(0);
  // the largest of them (a chunk of a few hundred bytes may not halve when compressed)
  const plainOf = async (path: string) => {
    const plain = await request.get(path, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    return { path, plain, source: await plain.body() };
  };
  const sizes = await Promise.all(scripts.map(plainOf));
  const { path: script, plain, source } = sizes.reduce((largest, next) => (next.source.length > largest.source.length ? next : largest));
  for (const [accepted, encoding] of [
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
  ]) {
    // the raw bytes as sent, to see their encoding and size (Playwright would otherwise decode them)
    const response = await fetch(new URL(script!, plain.url()), { headers: { "Accept-Encoding": accepted } });
    expect(response.headers.get("content-encoding"), accepted).toBe(encoding);
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("vary")).toContain("Accept-Encoding");
    // a length known up front: a file compressed beforehand, not compressed on the way out
    expect(response.headers.get("content-length")).toMatch(/^\d+$/);
    expect(Number(response.headers.get("content-length"))).toBeLessThan(source.length / 2);
  }
});
