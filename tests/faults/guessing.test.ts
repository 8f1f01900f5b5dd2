/**
 * Password guessing at full speed against the real server (its production limits, two server processes over
 * one database file): 200 wrong passwords at one account from one client, all sent at once, with the right
 * password at #150. Every guess is counted before its password is hashed, so at most the account's limit are
 * checked and the rest are held, the right one included; and the account's owner, in a browser that signed
 * in before (its device cookie), still signs in.
 */
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, startServer, stopHard, tempDir, type RunningServer } from "../../scripts/server-process";

const GUESSES = 200;
const RIGHT_ONE = 150;
const ACCOUNT_LIMIT = 10;
const EMAIL = "buyer@example.com";
const PASSWORD = "buyer-demo";

const running: RunningServer[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await stopHard(server);
});

function sessionsOf(file: string, email: string) {
  const db = openDatabase(file);
  try {
    const row = db
      .prepare("select count(*) as n from sessions where user_id = (select id from users where email = ?)")
      .get(email) as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

describe("password guessing", () => {
  it("200 simultaneous guesses at one account: at most ten are checked, the right one at #150 is held, the owner still signs in", async () => {
    const dir = tempDir("guessing");
    const file = path.join(dir, "app.db");
    // the production limits (50 per client, 10 per account), not the test default of startServer
    const server = await startServer(dir, { SIGN_IN_RATE_LIMIT: "50", WEB_CONCURRENCY: "2" });
    running.push(server);
    const headers = { "Content-Type": "application/json", Origin: server.url };
    const login = (password: string, cookie?: string) =>
      fetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: cookie ? { ...headers, Cookie: cookie } : headers,
        body: JSON.stringify({ email: EMAIL, password }),
        signal: AbortSignal.timeout(60_000),
      });

    // the owner signs in once from their browser, which is remembered, then signs out
    const owner = await login(PASSWORD);
    expect(owner.status).toBe(200);
    const device = owner.headers.getSetCookie().find((cookie) => cookie.startsWith("__device="));
    expect(device).toBeDefined();
    const ownerBrowser = device!.split(";")[0]!;
    const session = owner.headers.getSetCookie().find((cookie) => cookie.startsWith("__session="))!.split(";")[0]!;
    expect((await fetch(`${server.url}/api/logout`, { method: "POST", headers: { Origin: server.url, Cookie: session } })).status).toBeLessThan(400);
    expect(sessionsOf(file, EMAIL)).toBe(0);

    // a stranger's flood, all at once
    const replies = await Promise.all(
      Array.from({ length: GUESSES }, (_, i) =>
        login(i + 1 === RIGHT_ONE ? PASSWORD : `guess-${i + 1}`).then(async (response) => ({
          status: response.status,
          retryAfter: response.headers.get("Retry-After"),
          setsSession: response.headers.getSetCookie().some((cookie) => cookie.startsWith("__session=")),
          body: await response.text(),
        })),
      ),
    );
    const checked = replies.filter((reply) => reply.status === 401);
    const held = replies.filter((reply) => reply.status === 429);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(ACCOUNT_LIMIT);
    expect(held).toHaveLength(GUESSES - checked.length);
    expect(held.every((reply) => Number(reply.retryAfter) > 0)).toBe(true);
    const right = replies[RIGHT_ONE - 1]!;
    expect(right.status).toBe(429);
    expect(right.setsSession).toBe(false);
    expect(sessionsOf(file, EMAIL)).toBe(0);

    // the stranger stays held, even with the right password; the owner's browser is not
    expect((await login(PASSWORD)).status).toBe(429);
    const back = await login(PASSWORD, ownerBrowser);
    expect(back.status).toBe(200);
    expect(sessionsOf(file, EMAIL)).toBe(1);
  });
});
