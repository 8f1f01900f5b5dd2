#!/usr/bin/env node
// `npm test`: every check, in order, stopping at the first failure:
// type check with the unit and integration tests (vitest) beside it, Chromium for the browser tests,
// Playwright, then the fault tests (servers killed and stopped mid-request).
import { spawn, spawnSync } from "node:child_process";
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
  // the type check is one thread: it runs beside vitest's two workers rather than before them
  { name: "Unit and integration tests (vitest run)", command: bin("vitest"), args: ["run"], beside: { name: "Type check (tsc --noEmit)", command: bin("tsc"), args: ["--noEmit"] } },
  { name: "Chromium for the browser tests", command: process.execPath, args: ["scripts/ensure-chromium.js"] },
  { name: "Browser tests (playwright test)", command: bin("playwright"), args: ["test"] },
  // after the browser tests, whose server start leaves a current build for these servers to reuse
  { name: "Fault tests (npm run test:faults)", command: bin("vitest"), args: ["run", "--config", "vitest.faults.config.ts"] },
];

const timings = [];
const runStarted = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function summary() {
  console.log("\n── Summary ──");
  for (const { name, ms, ok } of timings) console.log(`${ok ? "ok  " : "FAIL"}  ${seconds(ms).padStart(8)}  ${name}`);
  console.log(`      ${seconds(Date.now() - runStarted).padStart(8)}  total`);
}

/** Runs `step` in the background with its output held back; resolves to its status and output when it ends. */
function startBeside(step) {
  const started = Date.now();
  const child = spawn(step.command, step.args, { env: ciEnv });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on("error", (error) => resolve({ ok: false, status: 1, output: `Could not run ${step.command}: ${error.message}`, ms: Date.now() - started }));
    child.on("close", (status) => resolve({ ok: status === 0, status, output, ms: Date.now() - started }));
  });
}

function fail(step, status) {
  summary();
  console.error(`\n${step.name} failed; later steps were not run.`);
  process.exit(status || 1);
}

for (const [index, step] of steps.entries()) {
  console.log(`\n── ${index + 1}/${steps.length} ${step.name}${step.beside ? `, with ${step.beside.name} beside it` : ""} ──`);
  const beside = step.beside ? startBeside(step.beside) : null;
  const started = Date.now();
  const result = spawnSync(step.command, step.args, { stdio: "inherit", env: ciEnv });
  const ok = !result.error && result.status === 0;
  timings.push({ name: step.name, ms: Date.now() - started, ok });
  if (beside) {
    const done = await beside;
    console.log(`\n── ${step.beside.name}: ${done.ok ? "ok" : "failed"} ──${done.output ? `\n${done.output.trimEnd()}` : ""}`);
    timings.push({ name: `${step.beside.name} (beside)`, ms: done.ms, ok: done.ok });
    if (!done.ok) fail(step.beside, done.status);
  }
  if (!ok) {
    if (result.error) console.error(`Could not run ${step.command}: ${result.error.message}`);
    fail(step, result.status);
  }
}

summary();
