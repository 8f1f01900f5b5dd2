/// <reference types="vite/client" />
/**
 * Every JSON route answers a method it does not serve with 405, a message that names the methods it does
 * serve and an Allow header, never the framework's generic error. A route module without a loader or an
 * action would leave that door to Remix, so every api.* module must export both.
 */
import { describe, expect, it } from "vitest";
import { buildRequest, callRoute, readJson } from "./http";

type RouteModule = { loader?: unknown; action?: unknown };
const modules = import.meta.glob<RouteModule>("../../app/routes/api.*.ts", { eager: true });

describe("API methods", () => {
  it("finds the API route modules", () => {
    expect(Object.keys(modules).length).toBeGreaterThan(60);
  });

  it.each(Object.entries(modules))("%s exports both a loader and an action", (_file, route) => {
    expect(typeof route.loader).toBe("function");
    expect(typeof route.action).toBe("function");
  });

  const getOnly = [
    ["api.categories.ts", "/api/categories"],
    ["api.products.ts", "/api/products"],
    ["api.login.ts", "/api/login"],
    ["api.auth.user.ts", "/api/auth/user"],
    ["api.admin.stats.ts", "/api/admin/stats"],
    ["api.admin.customers.ts", "/api/admin/customers"],
    ["api.admin.pending-users.ts", "/api/admin/pending-users"],
    ["api.admin.orders.recent.ts", "/api/admin/orders/recent"],
    ["api.admin.products.export.ts", "/api/admin/products/export"],
    ["api.admin.products.by-barcode.$code.ts", "/api/admin/products/by-barcode/5014732000011"],
  ] as const;

  it.each(getOnly)("%s answers a write with 405 and names GET", async (file, path) => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const route = modules[`../../app/routes/${file}`];
      const response = await callRoute(route.action as never, buildRequest(path, { method, json: {} }));
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET");
      expect(await readJson(response)).toEqual({ message: "Method not allowed. Use GET." });
    }
  });

  it.each([
    ["api.admin.generate-description.ts", "/api/admin/generate-description", "POST"],
  ] as const)("%s answers GET with 405 and names %s", async (file, path, allowed) => {
    const route = modules[`../../app/routes/${file}`];
    const response = await callRoute(route.loader as never, buildRequest(path));
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe(allowed);
    expect(await readJson(response)).toEqual({ message: `Method not allowed. Use ${allowed}.` });
  });
});
