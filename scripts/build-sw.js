// The service worker (docs/decisions/0077): app/service-worker/sw.ts bundled by esbuild (which the Remix compiler
// already brings) into build/sw.js, after `remix build`, with the app shell's files of this build written in.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

export const SERVICE_WORKER_OUTPUT = "build/sw.js";

/** The Remix assets manifest of the browser build (public/build/manifest-<version>.js). */
function assetsManifest(buildDir) {
  const file = fs.readdirSync(buildDir).find((name) => /^manifest-[A-Za-z0-9]+\.js$/.test(name));
  if (!file) throw new Error(`No Remix assets manifest in ${buildDir}: run remix build first.`);
  const text = fs.readFileSync(path.join(buildDir, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, ""));
}

/** What every page loads: the entry, the root route and their imports, and the style sheets. */
export function appShell(manifest, styleSheets = []) {
  const root = manifest.routes.root;
  const files = [manifest.entry.module, ...(manifest.entry.imports ?? []), root.module, ...(root.imports ?? []), ...(root.css ?? []), ...styleSheets];
  return [...new Set(files.filter(Boolean))];
}

/**
 * The routes the worker tells a page about when route discovery cannot reach the shop (0028): every route but
 * the back office's and the APIs' (whose pages are never kept offline), without their chunk lists, which only
 * prefetching uses. About 1.7 KB gzip, where the whole manifest file would add 11 KB to a first visit.
 */
export function offlineRoutes(manifest) {
  const routes = {};
  for (const [id, route] of Object.entries(manifest.routes)) {
    if (/^routes\/(admin|api|bench-floor)\b/.test(id)) continue;
    const { imports: _imports, css: _css, ...rest } = route;
    routes[id] = rest;
  }
  return routes;
}

/** The app's style sheets (root.tsx links tailwind.css, which the compiler leaves under _assets/). */
function styleSheetsOf(buildDir) {
  const dir = path.join(buildDir, "_assets");
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((name) => name.endsWith(".css")).map((name) => `/build/_assets/${name}`);
}

export async function buildServiceWorker(root) {
  const manifest = assetsManifest(path.join(root, "public/build"));
  const styleSheets = styleSheetsOf(path.join(root, "public/build"));
  await build({
    entryPoints: [path.join(root, "app/service-worker/sw.ts")],
    outfile: path.join(root, SERVICE_WORKER_OUTPUT),
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    legalComments: "none",
    define: {
      __APP_SHELL__: JSON.stringify(appShell(manifest, styleSheets)),
      __OFFLINE_ROUTES__: JSON.stringify({ version: manifest.version, routes: offlineRoutes(manifest) }),
    },
    banner: { js: `/* build ${manifest.version} */` },
    logLevel: "warning",
  });
}
