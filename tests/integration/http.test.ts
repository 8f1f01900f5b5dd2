import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { json, redirect } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { getDb } from "~/utils/db.server";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";

describe("buildRequest", () => {
  it("sends JSON as a POST to localhost", async () => {
    const request = buildRequest("/api/cart?mode=add", { json: { productId: 7, quantity: 3 } });
    expect(request.method).toBe("POST");
    expect(request.url).toBe("http://localhost/api/cart?mode=add");
    expect(request.headers.get("Content-Type")).toBe("application/json");
    expect(await request.json()).toEqual({ productId: 7, quantity: 3 });
  });

  it("sends a form post that formData() reads, repeated fields included", async () => {
    const request = buildRequest("/cart", {
      form: { intent: "update", quantity: 4, lineId: ["1", "2"], note: undefined },
    });
    const form = await request.formData();
    expect(form.get("intent")).toBe("update");
    expect(form.get("quantity")).toBe("4");
    expect(form.getAll("lineId")).toEqual(["1", "2"]);
    expect(form.has("note")).toBe(false);
  });

  it("joins cookies and keeps an explicit method and headers", () => {
    const request = buildRequest("/api/orders/5", {
      method: "put",
      json: {},
      cookie: ["__session=abc", "theme=dark"],
      headers: { "Idempotency-Key": "k-1" },
    });
    expect(request.method).toBe("PUT");
    expect(request.headers.get("Cookie")).toBe("__session=abc; theme=dark");
    expect(request.headers.get("Idempotency-Key")).toBe("k-1");
    expect(buildRequest("/").method).toBe("GET");
  });

  it("refuses a GET with a body", () => {
    expect(() => buildRequest("/x", { method: "GET", json: {} })).toThrow(/cannot carry a body/);
  });
});

describe("callRoute", () => {
  it("passes request and params and returns the Response", async () => {
    const response = await callRoute(
      ({ request, params }) => json({ id: params.id, method: request.method }, { status: 201 }),
      buildRequest("/api/orders/12", { json: {} }),
      { id: "12" },
    );
    expect(response.status).toBe(201);
    expect(await readJson(response)).toEqual({ id: "12", method: "POST" });
  });

  it("returns a thrown Response, as a require* guard throws it", async () => {
    const response = await callRoute(() => {
      throw redirect("/login?redirectTo=%2Faccount");
    }, buildRequest("/account"));
    expect(response.status).toBe(302);
    expect(redirectLocation(response)).toBe("/login?redirectTo=%2Faccount");
  });

  it("wraps plain data as JSON and lets real errors through", async () => {
    const response = await callRoute(() => ({ ok: true }), buildRequest("/"));
    expect(await readJson(response)).toEqual({ ok: true });
    await expect(
      callRoute(() => {
        throw new Error("boom");
      }, buildRequest("/")),
    ).rejects.toThrow("boom");
    await expect(callRoute(undefined, buildRequest("/nothing"))).rejects.toThrow(/no loader\/action/);
  });
});

describe("readJson and redirectLocation", () => {
  it("fails with the status when the body is not JSON", async () => {
    const html = new Response("<h1>Oops</h1>", { status: 500, headers: { "Content-Type": "text/html" } });
    await expect(readJson(html)).rejects.toThrow(/500 text\/html: <h1>Oops/);
    expect(() => redirectLocation(json({}, 200))).toThrow(/Expected a redirect but got 200/);
  });
});

describe("cookieFrom", () => {
  it("keeps only name=value pairs and merges them over the previous cookie", () => {
    const headers = new Headers();
    headers.append("Set-Cookie", "__session=s1; Path=/; HttpOnly; SameSite=Lax; Expires=Wed, 21 Oct 2099 07:28:00 GMT");
    headers.append("Set-Cookie", "__flash=f1; Path=/; Max-Age=60");
    const response = new Response(null, { status: 302, headers });
    expect(cookieFrom(response)).toBe("__session=s1; __flash=f1");
    expect(cookieFrom(response, "theme=dark; __session=old")).toBe("theme=dark; __session=s1; __flash=f1");
  });

  it("drops a cookie the response deletes and fails when there is none at all", () => {
    const cleared = new Response(null, {
      headers: { "Set-Cookie": "__session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT" },
    });
    expect(cookieFrom(cleared, "__session=s1; theme=dark")).toBe("theme=dark");
    expect(() => cookieFrom(new Response("x", { status: 401 }))).toThrow(/Set-Cookie/);
  });
});

describe("the per-file test database", () => {
  it("is a fresh, migrated file of this test file's own", () => {
    const file = process.env.DATABASE_PATH!;
    expect(path.resolve(file).startsWith(os.tmpdir())).toBe(true);
    expect(path.resolve(file)).not.toBe(path.resolve("data/app.db"));
    expect(fs.existsSync(file)).toBe(false);

    const db = getDb();
    expect(fs.existsSync(file)).toBe(true);
    const tables = db.$client
      .prepare("select name from sqlite_master where type = 'table'")
      .all()
      .map((row) => (row as { name: string }).name);
    expect(tables).toEqual(expect.arrayContaining(["users", "products", "orders"]));
    const users = db.$client.prepare("select count(*) as n from users").get() as { n: number };
    expect(users.n).toBe(0);
  });
});
