#!/usr/bin/env node
// `npm start`: build the app when there is no current build, then run the server (server.ts, built to
// build/server.js), which applies the migrations and seeds an empty database before it listens. Settings
// come from the environment, then from .env when present.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBuild } from "./build.js";
import { SERVER_OUTPUT } from "./build-server.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

// Variables already set in the environment win over the file.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

await ensureBuild();

// --expose-gc: a large product import gives back its garbage when it ends (app/utils/garbage.server.ts).
// V8's heap capped at 128 MB keeps a process under 250 MB resident under load, where uncapped it grows past
// 450 MB of garbage before collecting (docs/decisions/0083); an operator's own --max-old-space-size wins.
const operatorOptions = process.env.NODE_OPTIONS ?? "";
const heapCap = /--max[-_]old[-_]space[-_]size\b/.test(operatorOptions) ? "" : "--max-old-space-size=128";
const nodeOptions = [operatorOptions, heapCap, "--expose-gc"].filter(Boolean).join(" ");
// Node itself runs the server, built to plain JavaScript beside the app (scripts/build-server.js): no
// TypeScript loader in memory (docs/decisions/0083), and no tsx command line between a service manager and
// the server, which, if the server did not acknowledge a SIGTERM within 30 ms (a busy moment is enough),
// killed it outright: requests in flight were lost and the stop reported 143.
const server = spawn(process.execPath, [SERVER_OUTPUT], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV || "production", NODE_OPTIONS: nodeOptions },
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
