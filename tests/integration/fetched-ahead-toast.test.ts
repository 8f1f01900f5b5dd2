/**
 * The service worker fetches a few pages ahead for offline use (docs/decisions/0077). Such a request must not
 * spend a notice (flash toast) the server left for the buyer's next page: the buyer would never see it.
 */
import { describe, expect, it } from "vitest";
import * as root from "~/root";
import { FETCHED_AHEAD_HEADER } from "~/service-worker/offline-rules";
import { commitSession, getSession } from "~/utils/session.server";
import { buildRequest, callRoute, cookieFrom, readJson } from "./http";

async function cookieWithNotice(): Promise<string> {
  const session = await getSession(buildRequest("/"));
  session.flash("toast", { title: "Not for your role", description: "Ask your company admin to order.", variant: "destructive" });
  return (await commitSession(session)).split(";")[0]!;
}

describe("a notice waiting for the buyer's next page", () => {
  it("is left alone by a page the worker fetches ahead, then shown on the page the buyer opens", async () => {
    const cookie = await cookieWithNotice();
    const ahead = await callRoute(root.loader, buildRequest("/account/orders/waiting", { cookie, headers: { [FETCHED_AHEAD_HEADER]: "1" } }));
    expect((await readJson(ahead)).toast).toBeNull();
    expect(ahead.headers.get("Set-Cookie")).toBeNull();

    const shown = await callRoute(root.loader, buildRequest("/account", { cookie }));
    expect((await readJson(shown)).toast).toMatchObject({ title: "Not for your role" });
    // read once: the page after it has none
    const after = await callRoute(root.loader, buildRequest("/account", { cookie: cookieFrom(shown, cookie) }));
    expect((await readJson(after)).toast).toBeNull();
  });
});
