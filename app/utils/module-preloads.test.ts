import { describe, expect, it } from "vitest";
import { modulePreloadHrefs } from "./module-preloads";

const manifest = {
  url: "/build/manifest-1.js",
  entry: { module: "/build/entry.client-1.js", imports: ["/build/_shared/react.js", "/build/_shared/runtime.js"] },
  routes: {
    root: { module: "/build/root-1.js", imports: ["/build/_shared/header.js", "/build/_shared/runtime.js"] },
    "routes/_index": { module: "/build/routes/_index-1.js", imports: ["/build/_shared/header.js", "/build/_shared/card.js"] },
    "routes/$": { module: "/build/routes/$-1.js" },
  },
};

describe("modulePreloadHrefs", () => {
  it("lists the manifest, the entry and each matched route's chunks and module, each once, in that order", () => {
    expect(modulePreloadHrefs(manifest, ["root", "routes/_index"], { routesDiscoveredLazily: false })).toEqual([
      "/build/manifest-1.js",
      "/build/entry.client-1.js",
      "/build/_shared/react.js",
      "/build/_shared/runtime.js",
      "/build/_shared/header.js",
      "/build/root-1.js",
      "/build/_shared/card.js",
      "/build/routes/_index-1.js",
    ]);
  });

  it("takes a route without shared chunks, and skips a route the manifest does not know", () => {
    expect(modulePreloadHrefs(manifest, ["routes/$", "routes/gone"], { routesDiscoveredLazily: false })).toEqual([
      "/build/manifest-1.js",
      "/build/entry.client-1.js",
      "/build/_shared/react.js",
      "/build/_shared/runtime.js",
      "/build/routes/$-1.js",
    ]);
  });

  it("leaves out the manifest file when the page carries its own part of it (lazy route discovery)", () => {
    expect(modulePreloadHrefs(manifest, ["root"], { routesDiscoveredLazily: true })).toEqual([
      "/build/entry.client-1.js",
      "/build/_shared/react.js",
      "/build/_shared/runtime.js",
      "/build/_shared/header.js",
      "/build/root-1.js",
    ]);
  });
});
