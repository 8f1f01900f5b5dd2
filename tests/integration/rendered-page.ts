/**
 * Pages as a browser receives them: the HTML that entry.server renders from every route module of
 * app/routes (matched the way the build matches them), for tests about what a page says, such as the
 * business's name in the header and title. No script or style sheet is served: the HTML is the point.
 *
 *   const html = await renderPage("/", { cookie });
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes.js";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import remixConfig from "../../remix.config.js";
import * as entryServer from "~/entry.server";
import * as root from "~/root";
import { buildRequest } from "./http";

const APP_DIR = fileURLToPath(new URL("../../app", import.meta.url));

let handler: Promise<ReturnType<typeof createRequestHandler>> | undefined;

async function pageBuild(): Promise<ServerBuild> {
  const manifest = flatRoutes(APP_DIR, remixConfig.ignoredRouteFiles ?? []);
  const routes: ServerBuild["routes"] = { root: { id: "root", path: "", module: root as never } };
  const assetRoutes: Record<string, unknown> = {
    root: { id: "root", path: "", module: "/build/root.js", hasAction: false, hasLoader: true, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: true },
  };
  for (const route of Object.values(manifest)) {
    const module = (await import(path.join(APP_DIR, route.file))) as Record<string, unknown>;
    routes[route.id] = {
      id: route.id,
      parentId: route.parentId ?? "root",
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      module: module as never,
    };
    assetRoutes[route.id] = {
      id: route.id,
      parentId: route.parentId ?? "root",
      path: route.path,
      index: route.index,
      module: `/build/${route.id}.js`,
      hasAction: typeof module.action === "function",
      hasLoader: typeof module.loader === "function",
      hasClientAction: typeof module.clientAction === "function",
      hasClientLoader: typeof module.clientLoader === "function",
      hasErrorBoundary: typeof module.ErrorBoundary === "function",
    };
  }
  return {
    mode: "production",
    entry: { module: entryServer as never },
    routes,
    assets: { entry: { module: "/build/entry.client.js", imports: [] }, routes: assetRoutes, url: "/build/manifest.js", version: "test" } as never,
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true } as ServerBuild["future"],
    isSpaMode: false,
  };
}

/** The page at `path` as HTML, rendered whole (as for a browser without JavaScript), with its status. */
export async function renderPage(pathname: string, { cookie }: { cookie?: string } = {}): Promise<{ status: number; html: string }> {
  handler ??= pageBuild().then((build) => createRequestHandler(build, "production"));
  // a crawler's user agent: the whole document at once rather than streamed
  const request = buildRequest(pathname, { cookie, headers: { "User-Agent": "Googlebot/2.1" } });
  const response = await (await handler)(request, {});
  // React's markers between neighbouring text nodes ("© <!-- -->2026") are not part of what the page says
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}
