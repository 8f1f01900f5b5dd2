import { describe, expect, it } from "vitest";
import { assetsOfPage, offlineWeightRows } from "./offline-weight";

describe("the offline weight", () => {
  it("finds the build files a page loads, once each", () => {
    const html = `<link rel="modulepreload" href="/build/entry.client-AB12.js"/><link rel="stylesheet" href="/build/_assets/tailwind-XY.css"/>
      <script type="module">window.__remixManifest = {"url": "/build/manifest-1.js"}; import * as route0 from "/build/root-9.js";</script><link rel="modulepreload" href="/build/entry.client-AB12.js"/><img src="/company-icon.svg">`;
    // the manifest file is named in the page's own part of the manifest, never loaded (0028)
    expect(assetsOfPage(html)).toEqual(["/build/entry.client-AB12.js", "/build/_assets/tailwind-XY.css", "/build/root-9.js"]);
  });

  it("prints a row per data set in KB", () => {
    const rows = offlineWeightRows({
      demo: { firstVisitWithoutWorker: 102_400, firstVisitWithWorker: 107_520, workerScript: 5_120, priceList: { products: 60, storedBytes: 10_240, gzipBytes: 2_048 } },
    });
    expect(rows[1]).toEqual(["demo", "100.0 KB", "105.0 KB", "5.0 KB", "60", "10.0 KB", "2.0 KB"]);
  });
});
