import { describe, expect, it } from "vitest";
import { appShell, offlineRoutes } from "./build-sw.js";

const manifest = {
  version: "7a1e",
  url: "/build/manifest-7A1E.js",
  entry: { module: "/build/entry.client-1.js", imports: ["/build/_shared/react.js"] },
  routes: {
    root: { id: "root", path: "", module: "/build/root-1.js", imports: ["/build/_shared/header.js"], hasLoader: true },
    "routes/cart": { id: "routes/cart", parentId: "root", path: "cart", module: "/build/routes/cart-1.js", imports: ["/build/_shared/money.js"], css: ["/build/x.css"] },
    "routes/admin": { id: "routes/admin", parentId: "root", path: "admin", module: "/build/routes/admin-1.js" },
    "routes/admin.orders": { id: "routes/admin.orders", parentId: "routes/admin", path: "orders", module: "/build/routes/admin.orders-1.js" },
    "routes/api.orders": { id: "routes/api.orders", parentId: "root", path: "api/orders", module: "/build/routes/api.orders-1.js" },
    "routes/$": { id: "routes/$", parentId: "root", path: "*", module: "/build/routes/$-1.js" },
  },
};

describe("the service worker's build", () => {
  it("precaches what every page loads, not the route manifest file no page loads any more", () => {
    expect(appShell(manifest, ["/build/_assets/tailwind-1.css"])).toEqual([
      "/build/entry.client-1.js",
      "/build/_shared/react.js",
      "/build/root-1.js",
      "/build/_shared/header.js",
      "/build/_assets/tailwind-1.css",
    ]);
  });

  it("knows every storefront route for discovery offline, without the back office, the APIs or chunk lists", () => {
    expect(offlineRoutes(manifest)).toEqual({
      root: { id: "root", path: "", module: "/build/root-1.js", hasLoader: true },
      "routes/cart": { id: "routes/cart", parentId: "root", path: "cart", module: "/build/routes/cart-1.js" },
      "routes/$": { id: "routes/$", parentId: "root", path: "*", module: "/build/routes/$-1.js" },
    });
  });
});
