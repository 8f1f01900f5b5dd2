import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { LOG_FILE, log, logDir, logError, logFileReady, pruneLogs, redactedPath, runWithRequestContext } from "./log.server";

type Line = Record<string, unknown> & { msg?: string };

/** Every JSON line this process has written to its log files so far. */
function linesInFile(): Line[] {
  const dir = logDir();
  return fs
    .readdirSync(dir)
    .filter((name) => LOG_FILE.test(name))
    .flatMap((name) => fs.readFileSync(path.join(dir, name), "utf8").split("\n"))
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line);
}

async function lineWith(msg: string): Promise<Line> {
  return vi.waitFor(() => {
    const line = linesInFile().find((candidate) => candidate.msg === msg);
    expect(line).toBeDefined();
    return line!;
  });
}

describe("the log", () => {
  beforeAll(async () => {
    await logFileReady();
  });

  it("writes JSON lines to a file of this process in logs/ beside the database", async () => {
    expect(logDir()).toBe(path.join(path.dirname(process.env.DATABASE_PATH!), "logs"));
    log().info({ event: "probe", count: 3 }, "a probe line");
    const line = await lineWith("a probe line");
    expect(line).toMatchObject({ level: "info", pid: process.pid, event: "probe", count: 3 });
    expect(new Date(String(line.time)).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const names = fs.readdirSync(logDir()).filter((name) => LOG_FILE.test(name));
    expect(names.some((name) => name.startsWith(`app-${process.pid}.`))).toBe(true);
  });

  it("logs an error with its stack, and the request it happened in", async () => {
    runWithRequestContext({ requestId: "abc123def456", userId: "user-7" }, () => {
      logError("Saving the thing failed", new TypeError("cannot read the thing"));
    });
    const line = await lineWith("Saving the thing failed");
    expect(line).toMatchObject({ level: "error", reqId: "abc123def456", userId: "user-7" });
    const err = line.err as { type: string; message: string; stack: string };
    expect(err.type).toBe("TypeError");
    expect(err.message).toBe("cannot read the thing");
    expect(err.stack).toContain("log.server.test.ts");
  });

  it("cuts secrets out of any object logged, at any depth", async () => {
    log().info(
      { password: "hunter2-secret", body: { newPassword: "n3w-secret", token: "tok-secret", card: { cardNumber: "4242424242424242" } }, email: "a@example.com" },
      "secrets line",
    );
    const line = await lineWith("secrets line");
    const text = JSON.stringify(line);
    for (const secret of ["hunter2-secret", "n3w-secret", "tok-secret", "4242424242424242"]) expect(text).not.toContain(secret);
    expect(line.password).toBe("[redacted]");
    expect(line.email).toBe("a@example.com");
  });

  it("cuts the token out of a reset link's path", () => {
    expect(redactedPath("/reset-password/AbC_123-xyz")).toBe("/reset-password/[redacted]");
    expect(redactedPath("/Reset-Password/AbC")).toBe("/Reset-Password/[redacted]");
    expect(redactedPath("/forgot-password")).toBe("/forgot-password");
  });
});

describe("pruning the log folder", () => {
  const HOUR = 60 * 60 * 1000;
  const DAY = 24 * HOUR;

  function folderWith(files: { name: string; ageMs: number; bytes: number }[], now: number) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "logs-"));
    for (const file of files) {
      const target = path.join(dir, file.name);
      fs.writeFileSync(target, "x".repeat(file.bytes));
      const when = new Date(now - file.ageMs);
      fs.utimesSync(target, when, when);
    }
    return dir;
  }

  it("deletes files past their age, keeps newer ones and files that are not logs", () => {
    const now = Date.now();
    const dir = folderWith(
      [
        { name: "app-100.2026-11-01.1.log", ageMs: 20 * DAY, bytes: 10 },
        { name: "app-100.2026-11-20.1.log", ageMs: 3 * DAY, bytes: 10 },
        { name: "notes.txt", ageMs: 40 * DAY, bytes: 10 },
      ],
      now,
    );
    expect(pruneLogs(now, dir, { fileSizeMb: 10, filesKept: 10, maxAgeDays: 14, maxTotalMb: 500 })).toEqual({ deleted: 1 });
    expect(fs.readdirSync(dir).sort()).toEqual(["app-100.2026-11-20.1.log", "notes.txt"]);
  });

  it("deletes the oldest past the folder's size cap, but never a file written in the last hour", () => {
    const now = Date.now();
    const mb = 1024 * 1024;
    const dir = folderWith(
      [
        { name: "app-1.2026-11-27.1.log", ageMs: 10 * 60 * 1000, bytes: 2 * mb },
        { name: "app-2.2026-11-26.1.log", ageMs: 2 * HOUR, bytes: mb },
        { name: "app-3.2026-11-25.1.log", ageMs: 30 * HOUR, bytes: mb },
      ],
      now,
    );
    pruneLogs(now, dir, { fileSizeMb: 10, filesKept: 10, maxAgeDays: 14, maxTotalMb: 1 });
    // the newest alone is past the cap, but it is being written: it stays, and the older ones go
    expect(fs.readdirSync(dir)).toEqual(["app-1.2026-11-27.1.log"]);
  });
});
