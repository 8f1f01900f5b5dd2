import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SESSION_SECRET_FILE, sessionSecretFrom } from "./session-secret.server";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("sessionSecretFrom", () => {
  it("uses SESSION_SECRET when it is set", () => {
    expect(sessionSecretFrom({ SESSION_SECRET: "from-the-environment" }, tempDir())).toBe("from-the-environment");
  });

  it("makes a random secret on first start, keeps it owner-readable only, and reuses it", () => {
    const dir = path.join(tempDir(), "data");
    const first = sessionSecretFrom({}, dir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dir, SESSION_SECRET_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(sessionSecretFrom({}, dir)).toBe(first);
  });

  it("gives each install its own secret", () => {
    expect(sessionSecretFrom({}, tempDir())).not.toBe(sessionSecretFrom({}, tempDir()));
  });

  it("replaces a kept secret that is too short to be safe", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, SESSION_SECRET_FILE), "short\n");
    expect(sessionSecretFrom({}, dir)).not.toBe("short");
  });
});
