import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "./build-server.js";

/** Every module the bundle imports by name, statically (`import … from "x"`) or when first needed (`import("x")`). */
function importsOf(code: string) {
  const fixed = [...code.matchAll(/^import\s[^;]*?\sfrom\s"([^"]+)";/gms)].map((match) => match[1]!);
  const onDemand = [...code.matchAll(/\bimport\("([^"]+)"\)/g)].map((match) => match[1]!);
  return { fixed: new Set(fixed), onDemand: new Set(onDemand) };
}

describe("the server built to plain JavaScript", () => {
  let dir: string;
  let code: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "build-server-"));
    await buildServer(process.cwd(), path.join(dir, "server.js"));
    code = fs.readFileSync(path.join(dir, "server.js"), "utf8");
  }, 120_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("holds the app's own modules: it imports only packages and Node's own modules", () => {
    const { fixed, onDemand } = importsOf(code);
    expect(fixed.size).toBeGreaterThan(5);
    for (const name of [...fixed, ...onDemand].filter((n) => !n.startsWith("/"))) {
      // an app path ("~/…", "~db/…") or a .ts file left as an import would fail at start without a TypeScript loader
      expect(name).not.toMatch(/^(~|\.)|\.tsx?$/);
    }
    expect(fixed).toContain("better-sqlite3");
  });

  it("loads the libraries few requests use only when they are first used", () => {
    const { fixed, onDemand } = importsOf(code);
    for (const library of ["sharp", "pdfkit", "nodemailer", "mailparser", "bwip-js/node"]) expect(fixed).not.toContain(library);
    // the seed draws the demo's pictures, so the server reaches sharp, on demand
    expect(onDemand).toContain("sharp");
  });
});
