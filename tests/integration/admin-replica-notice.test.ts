/**
 * The back office says, on every page, when there is no copy of the data off this disk (REPLICA_URL unset),
 * and says nothing once a replica is set.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { seedIfEmpty } from "~db/seed";
import { NoReplicaNotice } from "~/components/admin/no-replica-notice";
import * as adminLayout from "~/routes/admin";
import { getDb } from "~/utils/db.server";
import { buildRequest, callRoute, readJson } from "./http";
import { signIn } from "./sign-in";

describe("the no-replica notice", () => {
  let adminCookie: string;
  beforeAll(async () => {
    await seedIfEmpty(getDb());
    adminCookie = await signIn("admin@example.com", { via: "api", password: "admin-demo" });
  }, 120_000);
  afterEach(() => {
    delete process.env.REPLICA_URL;
  });

  async function layoutOf(path: string) {
    const response = await callRoute(adminLayout.loader, buildRequest(path, { cookie: adminCookie }));
    expect(response.status).toBe(200);
    return (await readJson(response)) as { noReplica: boolean };
  }

  it("shows on every back-office page while REPLICA_URL is not set", async () => {
    for (const path of ["/admin", "/admin/orders", "/admin/products", "/admin/system"]) {
      expect((await layoutOf(path)).noReplica, path).toBe(true);
    }
  });

  it("goes once a replica is set", async () => {
    process.env.REPLICA_URL = "/mnt/replica/trade-counter";
    expect((await layoutOf("/admin/orders")).noReplica).toBe(false);
  });

  it("says there is no copy off the disk and how to set one, without JavaScript", () => {
    const html = renderToStaticMarkup(NoReplicaNotice());
    expect(html).toContain("No copy of the data off this disk.");
    expect(html).toContain("<code>REPLICA_URL</code>");
    expect(html).toContain("Continuous replica");
    expect(html).toContain('href="/admin/system"');
  });
});
