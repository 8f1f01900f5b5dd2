/**
 * The built server as it runs (npm start, two processes). Its log: JSON lines on stdout and in data/logs/
 * beside the database, the request id in X-Request-Id and as the reference on the storefront's and the back
 * office's error pages, and no password in the log after sign-ins through the real request path. Its System
 * page as a browser without JavaScript gets it: the figures, and "Check the data" posted and its results shown.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, stopHard, tempDir, type RunningServer } from "../../scripts/server-process";

const ADMIN = { email: "admin@example.com", password: "admin-demo" };
const WRONG_PASSWORD = "Not-The-Admin-Password-553";
const LOG_FILE = /^app-\d+\.\d{4}-\d{2}-\d{2}\.\d+\.log$/;

let server: RunningServer;
let dir: string;

beforeAll(async () => {
  dir = tempDir("logs");
  server = await startServer(dir, { WEB_CONCURRENCY: "2" });
}, 300_000);
afterAll(async () => {
  if (server) await stopHard(server);
});

type Line = Record<string, unknown>;

function fileLines(): Line[] {
  const logs = path.join(dir, "logs");
  return fs
    .readdirSync(logs)
    .filter((name) => LOG_FILE.test(name))
    .flatMap((name) => fs.readFileSync(path.join(logs, name), "utf8").split("\n"))
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line);
}

async function waitFor<T>(look: () => T | undefined, what: string, withinMs = 10_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const found = look();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`not found within ${withinMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The text of an HTML page as a reader sees it (tags and React's text separators removed). */
const visibleText = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("the running server's log", () => {
  it("shows the request id as the reference on the storefront's error page, and logs the request", async () => {
    const response = await fetch(`${server.url}/products/no-such-product-anywhere`);
    expect(response.status).toBe(404);
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    expect(visibleText(await response.text())).toContain(`Reference: ${id}`);
    const line = await waitFor(() => fileLines().find((candidate) => candidate.reqId === id), `the line of request ${id}`);
    expect(line).toMatchObject({ level: "info", msg: "request", method: "GET", path: "/products/no-such-product-anywhere", status: 404 });
  });

  it("shows it on the back office's error page too, and names the admin on the request's line", async () => {
    const headers = { "Content-Type": "application/json", Origin: server.url };
    const wrong = await fetch(`${server.url}/api/auth/login`, { method: "POST", headers, body: JSON.stringify({ email: ADMIN.email, password: WRONG_PASSWORD }) });
    expect(wrong.status).toBe(401);
    const login = await fetch(`${server.url}/api/auth/login`, { method: "POST", headers, body: JSON.stringify(ADMIN) });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const adminId = ((await login.json()) as { id: string }).id;

    const response = await fetch(`${server.url}/admin/no-such-screen`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(404);
    const id = response.headers.get("x-request-id")!;
    const text = visibleText(await response.text());
    expect(text).toContain("There is no admin page at this address.");
    expect(text).toContain(`Reference: ${id}`);
    const line = await waitFor(() => fileLines().find((candidate) => candidate.reqId === id), `the line of request ${id}`);
    expect(line.userId).toBe(adminId);

    const failure = await waitFor(
      () => fileLines().find((candidate) => candidate.event === "sign-in failed" && candidate.email === ADMIN.email),
      "the failed sign-in",
    );
    expect(failure).toMatchObject({ level: "warn", reason: "wrong password" });
    const everything = fs.readdirSync(path.join(dir, "logs")).map((name) => fs.readFileSync(path.join(dir, "logs", name), "utf8")).join("");
    expect(everything).not.toContain(WRONG_PASSWORD);
    expect(everything).not.toContain(ADMIN.password);
  });

  it("writes JSON lines to stdout too, start-up messages included, from every process", async () => {
    const lines = server.output
      .join("")
      .split("\n")
      .filter((line) => line.trim() !== "");
    const parsed = lines.flatMap((line) => {
      try {
        return [JSON.parse(line) as Line];
      } catch {
        return []; // the build step of npm start, when it builds, prints plain lines before the server starts
      }
    });
    expect(lines.filter((line) => line.includes("Trade counter listening") && !line.startsWith("{"))).toEqual([]);
    expect(parsed.some((line) => typeof line.msg === "string" && line.msg.startsWith("Trade counter listening"))).toBe(true);
    expect(parsed.some((line) => line.msg === "request" && typeof line.reqId === "string")).toBe(true);
    // the first process (start-up, housekeeping) and the serving ones each write their own file
    expect(new Set(fileLines().map((line) => line.pid)).size).toBeGreaterThanOrEqual(2);
  });
});

async function signInAdmin() {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url },
    body: JSON.stringify(ADMIN),
  });
  expect(login.status).toBe(200);
  return login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

describe("the System page of the running server", () => {
  it("shows the figures, and runs the data checks from a plain form post", async () => {
    const cookie = await signInAdmin();
    const page = await fetch(`${server.url}/admin/system`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    const text = visibleText(html);
    for (const label of ["Migrations applied", "Server processes", "Write-ahead log (WAL)", "Free disk space", "Last backup", "Waiting in the outbox", "Mails failed", "Latest errors"]) {
      expect(text).toContain(label);
    }
    expect(text).toMatch(/No copy off this disk/);
    // the form works without JavaScript: a real POST to the page, answered with a redirect to its results
    expect(html).toMatch(/<form method="post" action="\/admin\/system"/);
    const posted = await fetch(`${server.url}/admin/system`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(posted.status).toBe(302);
    const location = posted.headers.get("location")!;
    expect(location).toMatch(/^\/admin\/system\?check=\d{8}T\d{6}Z-[0-9a-f]{6}#data-check$/);
    const results = visibleText(await (await fetch(`${server.url}${location}`, { headers: { Cookie: cookie } })).text());
    expect(results).toContain("All checks passed");
    for (const check of ["Database file (SQLite integrity check)", "Stock equals the stock movements", "Every journal balanced", "Search indexes match the products and the orders"]) {
      expect(results).toContain(check);
    }
    expect(results).not.toContain("Failed");

    const api = await fetch(`${server.url}/api/admin/system`, { headers: { Cookie: cookie } });
    expect(api.status).toBe(200);
    const status = (await api.json()) as { processes: { count: number }; replica: { configured: boolean }; uptimeSeconds: number };
    expect(status.processes.count).toBe(2);
    expect(status.replica.configured).toBe(false);
    expect((await fetch(`${server.url}/api/admin/system`)).status).toBe(401);
  });
});
