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
import { SERVER_V8_FLAGS, serverEnvironment } from "./node-options.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

// Variables already set in the environment win over the file.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

await ensureBuild();

// Node itself runs the server, built to plain JavaScript beside the app (scripts/build-server.js): no
// TypeScript loader in memory (docs/decisions/0083), and no tsx command line between a service manager and
// the server, which, if the server did not acknowledge a SIGTERM within 30 ms (a busy moment is enough),
// killed it outright: requests in flight were lost and the stop reported 143.
const server = spawn(process.execPath, [...SERVER_V8_FLAGS, SERVER_OUTPUT], {
  stdio: "inherit",
  // V8's heap capped, --expose-gc and two malloc arenas, unless the operator set their own (scripts/node-options.js)
  env: serverEnvironment(process.env),
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
