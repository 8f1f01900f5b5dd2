import { describe, expect, it } from "vitest";
import { linkablePages, offlinePageHtml, signedOutOfflinePageHtml, titleOfPage } from "./offline-page";

describe("the offline page", () => {
  it("links each of the buyer's kept pages once, by title, with nothing unescaped", () => {
    const html = offlinePageHtml({
      signedIn: true,
      pages: [{ url: "/products/a?x=1&y=2", title: "Tom & Jerry's <Hammer>" }],
    });
    expect(html).toContain('<a href="/products/a?x=1&amp;y=2">Tom &amp; Jerry&#39;s &lt;Hammer&gt;</a>');
    expect(html).toContain("This page is not available offline");
    expect(html).not.toMatch(/<script/i);
  });

  it("signed out, lists nothing and says to sign in while online", () => {
    const html = offlinePageHtml({ signedIn: false, pages: [] });
    expect(html).toContain("Sign in while online");
    expect(html).not.toContain("<ul>");
  });

  it("after a Log Out with no connection, says what the device deleted and that the shop's session ends later", () => {
    const html = signedOutOfflinePageHtml();
    expect(html).toContain("<h1>Signed out on this device</h1>");
    expect(html).toContain("orders waiting to send that this device kept for your account are deleted");
    expect(html).toContain("Sign in again once you are back online.");
    expect(html).not.toMatch(/<script|<a /i);
  });

  it("takes a page's title without the business name, else its path", () => {
    expect(titleOfPage("<title>Claw Hammer · INFY Wholesale</title>", "http://x/products/claw")).toBe("Claw Hammer");
    expect(titleOfPage("<title>Tom &amp; Jerry</title>", "http://x/")).toBe("Tom & Jerry");
    expect(titleOfPage("<p>no title</p>", "http://x/cart")).toBe("/cart");
  });

  it("lists documents only, each once", () => {
    expect(linkablePages(["http://x/cart", "http://x/cart?_data=root", "http://x/products/a", "http://x/cart"])).toEqual(["/cart", "/products/a"]);
  });
});
