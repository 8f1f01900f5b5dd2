#!/usr/bin/env node
// The production build, made only when there is none or an input changed since: used by `npm start` and
// `npm run bench`.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { buildServer, SERVER_OUTPUT } from "./build-server.js";
import { buildServiceWorker, SERVICE_WORKER_OUTPUT } from "./build-sw.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const BUILD_OUTPUT = "build/index.js";
// server/: the back office reads the replica's state and the backups folder through modules there; server.ts,
// server/ and db/ (the seed) are also bundled into the plain-JavaScript server; patches/ changes what the compiler emits
const BUILD_INPUTS = ["app", "server", "server.ts", "db", "scripts/build-sw.js", "scripts/build-server.js", "remix.config.js", "postcss.config.js", "package-lock.json", "patches"];

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
  if (!fs.existsSync(BUILD_OUTPUT) || !fs.existsSync("public/build") || !fs.existsSync(SERVICE_WORKER_OUTPUT) || !fs.existsSync(SERVER_OUTPUT)) {
    return false;
  }
  const built = fs.statSync(BUILD_OUTPUT).mtimeMs;
  return BUILD_INPUTS.every((input) => newestMtime(input) <= built);
}


/**
 * Leaves each script and style sheet of the browser build compressed beside it, brotli at its highest level
 * (.br) and gzip at its highest (.gz), for the server to send as they are: about an eighth fewer bytes than
 * compressing on each request, which matters on a 400 kbit/s line, and no compression work per request.
 */
function precompressAssets(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) precompressAssets(file);
    else if (/\.(js|css)$/.test(entry.name)) {
      const content = fs.readFileSync(file);
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
    }
  }
}

const bin = (name) => path.join(root, "node_modules", ".bin", name);

/** Builds the app unless the build is current; exits the process when the build fails. */
export async function ensureBuild() {
  // the paths above are relative to the project
  process.chdir(root);
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
    precompressAssets("public/build");
    try {
      await buildServiceWorker(root);
    } catch (error) {
      console.error(`Building the service worker failed: ${error instanceof Error ? error.message : error}`);
      process.exit(1);
    }
    try {
      await buildServer(root);
    } catch (error) {
      console.error(`Building the server failed: ${error instanceof Error ? error.message : error}`);
      process.exit(1);
    }
    console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
}

// `npm run build`: the same build, made whether or not the last one is current
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.rmSync(path.join(root, BUILD_OUTPUT), { force: true });
  await ensureBuild();
}
