#!/usr/bin/env node
// `npm start`: build the app when there is no current build, then run server.ts (which applies the
// migrations and seeds an empty database before it listens). Settings come from the environment,
// then from .env when present.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

// Variables already set in the environment win over the file.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

const BUILD_OUTPUT = "build/index.js";
const BUILD_INPUTS = ["app", "db/schema.ts", "remix.config.js", "postcss.config.js", "package-lock.json"];

/** Newest modification time under `entry` (a file or a directory), ignoring tests. */
function newestMtime(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return /\.test\.[jt]sx?$/.test(entry) ? 0 : stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file changes its directory
  for (const name of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

function buildIsCurrent() {
  if (!fs.existsSync(BUILD_OUTPUT) || !fs.existsSync("public/build")) return false;
  const built = fs.statSync(BUILD_OUTPUT).mtimeMs;
  return BUILD_INPUTS.every((input) => newestMtime(input) <= built);
}

const bin = (name) => path.join(root, "node_modules", ".bin", name);

if (buildIsCurrent()) {
  console.log("Build is current.");
} else {
  console.log("Building the app (remix build)...");
  const started = Date.now();
  const result = spawnSync(bin("remix"), ["build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.error) {
    console.error(`Could not run remix build: ${result.error.message}. Did you run npm ci?`);
    process.exit(1);
  }
  if (result.status !== 0) {
    console.error(`remix build failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

const server = spawn(bin("tsx"), ["server.ts"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV || "production" },
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

server.on("error", (error) => {
  console.error(`Could not start the server: ${error.message}`);
  process.exit(1);
});

// Exit as the server did: its code, or 128 + the signal number when a signal ended it (as a shell reports it).
server.on("exit", (code, signal) => {
  process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0));
});
