/**
 * The log as requests write it, through the real request path (server/http-app.ts and the route modules): one
 * JSON line per request with its id, method, path, status, time and user; the id in X-Request-Id; failed
 * sign-ins and mail in the log; and no password or reset token anywhere in it, whichever door they came by.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LOG_FILE, logDir, logFileReady } from "~/utils/log.server";
import { listOutbox, outboxDir } from "~/utils/mail.server";
import { requestIdFor } from "../../server/request-log";
import { startAppServer, type AppServer } from "./app-server";
import { createUser, TEST_PASSWORD } from "./factories";

type Line = Record<string, unknown>;

const REQUEST_ID = /^[0-9a-f]{12}$/;
const WRONG_PASSWORD = "Wr0ng-Guess-Nobody-Logs";
const NEW_PASSWORD = "Brand-New-Secret-9271";

function logText(): string {
  const dir = logDir();
  return fs
    .readdirSync(dir)
    .filter((name) => LOG_FILE.test(name))
    .map((name) => fs.readFileSync(path.join(dir, name), "utf8"))
    .join("");
}

const logLines = (): Line[] =>
  logText()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line);

/** Waits for the log line that `match` picks (a request's line is written once its reply is done). */
function waitForLine(match: (line: Line) => boolean): Promise<Line> {
  return vi.waitFor(
    () => {
      const line = logLines().find(match);
      expect(line).toBeDefined();
      return line!;
    },
    { timeout: 5_000, interval: 20 },
  );
}

let server: AppServer;

beforeAll(async () => {
  await logFileReady();
  // every route module is loaded, as the build has them: slow on a busy machine
  server = await startAppServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe("request lines", () => {
  it("gives every reply an id in X-Request-Id and logs one JSON line with its fields", async () => {
    const response = await fetch(`${server.origin}/healthz?probe=secret-query-value`);
    expect(response.status).toBe(200);
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(REQUEST_ID);
    const line = await waitForLine((candidate) => candidate.reqId === id && candidate.msg === "request");
    expect(line).toMatchObject({ level: "info", method: "GET", path: "/healthz", status: 200 });
    expect(typeof line.durationMs).toBe("number");
    expect(typeof line.time).toBe("string");
    expect(logText()).not.toContain("secret-query-value");
  });

  it("gives each request its own id, and a refused request one too", async () => {
    const first = await fetch(`${server.origin}/healthz`);
    const second = await fetch(`${server.origin}/healthz`);
    expect(first.headers.get("x-request-id")).not.toBe(second.headers.get("x-request-id"));
    // a form post from another site is refused before the app: it still has its id and its line
    const refused = await server.post("/login", { form: { email: "x@example.com" } }, { headers: { Origin: "https://elsewhere.example" } });
    expect(refused.status).toBe(403);
    const id = String(refused.headers["x-request-id"]);
    expect(id).toMatch(REQUEST_ID);
    await waitForLine((line) => line.reqId === id && line.status === 403 && line.path === "/login");
  });

  it("ignores a request id a client sends, unless a trusted front proxy sent a well-formed one", async () => {
    const response = await fetch(`${server.origin}/healthz`, { headers: { "X-Request-Id": "chosen-by-a-stranger" } });
    expect(response.headers.get("x-request-id")).toMatch(REQUEST_ID);
    expect(requestIdFor("f3a9c2d1e4b5a6978877665544332211", true)).toBe("f3a9c2d1e4b5a6978877665544332211");
    expect(requestIdFor("f3a9c2d1e4b5a6978877665544332211", false)).toMatch(REQUEST_ID);
    for (const bad of ["<script>alert(1)</script>", "short", "a".repeat(65), "id with spaces 123", "line\nbreak-12345"]) {
      expect(requestIdFor(bad, true)).toMatch(REQUEST_ID);
    }
  });

  it("names the signed-in user on the lines of their requests", async () => {
    const user = await createUser({ email: "logged-user@example.com" });
    const login = await server.post("/api/auth/login", { json: { email: user.email, password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    const cookie = String(login.headers["set-cookie"]).split(";")[0];
    const loginLine = await waitForLine((line) => line.reqId === login.headers["x-request-id"]);
    expect(loginLine.userId).toBe(user.id);
    const me = await fetch(`${server.origin}/api/auth/user`, { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
    const line = await waitForLine((candidate) => candidate.reqId === me.headers.get("x-request-id"));
    expect(line).toMatchObject({ path: "/api/auth/user", status: 200, userId: user.id });
  });
});

describe("secrets", () => {
  it("logs a failed sign-in by its address and reason, never the password, through either door", async () => {
    const user = await createUser({ email: "guessed@example.com" });
    const api = await server.post("/api/auth/login", { json: { email: user.email, password: WRONG_PASSWORD } });
    expect(api.status).toBe(401);
    const form = await server.post("/login", { form: { intent: "login", email: user.email, password: `${WRONG_PASSWORD}-form` } });
    expect([200, 400, 401]).toContain(form.status);
    const failures = await vi.waitFor(() => {
      const found = logLines().filter((line) => line.event === "sign-in failed" && line.email === user.email);
      expect(found).toHaveLength(2);
      return found;
    });
    expect(failures[0]).toMatchObject({ level: "warn", reason: "wrong password", reqId: api.headers["x-request-id"] });
    expect(logText()).not.toContain(WRONG_PASSWORD);
  });

  it("keeps a reset link's token and the new password out of the log", async () => {
    const user = await createUser({ email: "forgetful@example.com" });
    const asked = await server.post("/api/auth/forgot-password", { json: { email: user.email } });
    expect(asked.status).toBe(202);
    // the mail goes out after the reply: wait for it, and for its line in the log
    const token = await vi.waitFor(
      () => {
        const mail = listOutbox({ limit: 10 }).items.find((item) => item.to.includes(user.email));
        expect(mail).toBeDefined();
        const raw = fs.readFileSync(path.join(outboxDir(), mail!.file), "latin1").replace(/=\r?\n/g, "");
        return /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(raw)![1]!;
      },
      { timeout: 5_000, interval: 20 },
    );
    await waitForLine((line) => line.event === "mail sent" && String(line.to).includes(user.email));

    const page = await fetch(`${server.origin}/reset-password/${token}`);
    expect(page.status).toBe(200);
    await waitForLine((line) => line.reqId === page.headers.get("x-request-id") && line.path === "/reset-password/[redacted]");

    const reset = await server.post("/api/auth/reset-password", { json: { token, password: NEW_PASSWORD } });
    expect(reset.status).toBe(200);
    await waitForLine((line) => line.reqId === reset.headers["x-request-id"] && line.status === 200);
    const signIn = await server.post("/api/auth/login", { json: { email: user.email, password: NEW_PASSWORD } });
    expect(signIn.status).toBe(200);
    await waitForLine((line) => line.reqId === signIn.headers["x-request-id"]);

    const text = logText();
    expect(text).not.toContain(token);
    expect(text).not.toContain(NEW_PASSWORD);
    expect(text).not.toContain(TEST_PASSWORD);
  });
});
