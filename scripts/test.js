#!/usr/bin/env node
// `npm test`: every check, in order, stopping at the first failure:
// type check, unit and integration tests (vitest), Chromium for the browser tests, Playwright, then the
// fault tests (servers killed and stopped mid-request).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

const bin = (name) => path.join(root, "node_modules", ".bin", name);

// A run from a terminal should behave as on CI: a fresh server and database, no interactive reports.
const ciEnv = {
  ...process.env,
  CI: process.env.CI || "1",
  PLAYWRIGHT_HTML_OPEN: "never",
};

const steps = [
  { name: "Type check (tsc --noEmit)", command: bin("tsc"), args: ["--noEmit"] },
  { name: "Unit and integration tests (vitest run)", command: bin("vitest"), args: ["run"] },
  { name: "Chromium for the browser tests", command: process.execPath, args: ["scripts/ensure-chromium.js"] },
  { name: "Browser tests (playwright test)", command: bin("playwright"), args: ["test"] },
  // after the browser tests, whose server start leaves a current build for these servers to reuse
  { name: "Fault tests (npm run test:faults)", command: bin("vitest"), args: ["run", "--config", "vitest.faults.config.ts"] },
];

const timings = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function summary() {
  console.log("\n── Summary ──");
  for (const { name, ms, ok } of timings) console.log(`${ok ? "ok  " : "FAIL"}  ${seconds(ms).padStart(8)}  ${name}`);
  console.log(`      ${seconds(timings.reduce((sum, t) => sum + t.ms, 0)).padStart(8)}  total`);
}

for (const [index, step] of steps.entries()) {
  console.log(`\n── ${index + 1}/${steps.length} ${step.name} ──`);
  const started = Date.now();
  const result = spawnSync(step.command, step.args, { stdio: "inherit", env: ciEnv });
  const ok = !result.error && result.status === 0;
  timings.push({ name: step.name, ms: Date.now() - started, ok });
  if (!ok) {
    if (result.error) console.error(`Could not run ${step.command}: ${result.error.message}`);
    summary();
    console.error(`\n${step.name} failed; later steps were not run.`);
    process.exit(result.status || 1);
  }
}

summary();
