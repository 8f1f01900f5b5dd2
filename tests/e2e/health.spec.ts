import { expect, JS_INDEPENDENT, test } from "./fixtures";

test("GET /healthz answers 200 with status ok while the database answers", JS_INDEPENDENT, async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  // the e2e server runs the demo: its accounts still have the README's passwords
  expect(await response.json()).toEqual({ status: "ok", demoPasswords: true });
});
