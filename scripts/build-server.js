// The server itself (server.ts and what it imports from app/, server/ and db/) as one plain JavaScript file,
// build/server.js, bundled by esbuild (which the Remix compiler already brings), so production runs it with
// no TypeScript loader: tsx's loader thread and its transformed sources were about 35 MB of every server
// process (docs/decisions/0083). Packages stay imports of node_modules, as in the Remix build.
import path from "node:path";
import { build } from "esbuild";

export const SERVER_OUTPUT = "build/server.js";

// esbuild's own `packages: "external"` (0.17) also takes the app's "~/" and "~db/" paths for packages
const packagesExternal = {
  name: "packages-external",
  setup(build) {
    build.onResolve({ filter: /^[^./~]/ }, (args) => ({ path: args.path, external: true }));
  },
};

export async function buildServer(root, outfile = path.join(root, SERVER_OUTPUT)) {
  await build({
    entryPoints: [path.join(root, "server.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    plugins: [packagesExternal],
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
  });
}
