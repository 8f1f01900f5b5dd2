#!/usr/bin/env node
// `npm start`: build the app when there is no current build, then run server.ts (which applies the
// migrations and seeds an empty database before it listens). Settings come from the environment,
// then from .env when present.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBuild } from "./build.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

// Variables already set in the environment win over the file.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

await ensureBuild();

// --expose-gc: a large product import gives back its garbage when it ends (app/utils/garbage.server.ts)
const nodeOptions = [process.env.NODE_OPTIONS, "--expose-gc"].filter(Boolean).join(" ");
// Node itself runs server.ts, with tsx only as its TypeScript loader. tsx's command line sits between a
// service manager and the server and, if the server does not acknowledge a SIGTERM within 30 ms (a busy
// moment is enough), kills it outright: requests in flight were lost and the stop reported 143.
const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
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
