#!/usr/bin/env node
// Makes sure Debian's Chromium is at /usr/bin/chromium for Playwright (which cannot download a
// browser on this kind of machine). Installs the `chromium` package through apt when it is missing.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const CHROMIUM = "/usr/bin/chromium";

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command) {
  return (process.env.PATH ?? "")
    .split(path.delimiter)
    .some((dir) => dir && isExecutable(path.join(dir, command)));
}

function fail(message) {
  console.error(`ensure-chromium: ${message}`);
  process.exit(1);
}

function run(args) {
  const needsSudo = typeof process.getuid === "function" && process.getuid() !== 0;
  let command = args;
  if (needsSudo) {
    if (!onPath("sudo")) {
      fail(`${CHROMIUM} is missing and installing it needs root. Run as root: apt-get update && apt-get install -y chromium`);
    }
    // Without a terminal there is nobody to type a password: fail fast instead of hanging.
    command = ["sudo", ...(process.stdin.isTTY ? [] : ["-n"]), ...args];
  }
  console.log(`$ ${command.join(" ")}`);
  const result = spawnSync(command[0], command.slice(1), {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (result.error) fail(`could not run ${command[0]}: ${result.error.message}`);
  if (result.status !== 0) fail(`"${command.join(" ")}" exited with ${result.status ?? result.signal}`);
}

if (!isExecutable(CHROMIUM)) {
  if (!onPath("apt-get")) {
    fail(`${CHROMIUM} is missing and apt-get is not available. Install Chromium so that ${CHROMIUM} exists.`);
  }
  console.log(`${CHROMIUM} is missing: installing Debian's chromium package.`);
  run(["apt-get", "update"]);
  run(["apt-get", "install", "-y", "chromium"]);
  if (!isExecutable(CHROMIUM)) {
    fail(`apt-get finished but ${CHROMIUM} is still missing. Install Chromium by hand and try again.`);
  }
}

const version = spawnSync(CHROMIUM, ["--version"], { encoding: "utf8", timeout: 30_000 });
const reported = version.status === 0 ? version.stdout.trim() : "";
console.log(`Chromium ready: ${reported || CHROMIUM}`);
