/**
 * The app as a client reaches it, for integration tests that are about the path a request takes: the real
 * Express app (server/http-app.ts, with its request guard and client address) and Remix's own request
 * handler over every route module of app/routes, matched the way the build matches them (route-sweep.ts's
 * flat routes), so `/API/auth/signup` or `/api/auth/%73ignup` reaches whatever route the running app would
 * give it. It listens on a free port of 127.0.0.1.
 *
 * One thing differs from the build: a page is not rendered. A document request that does not redirect is
 * answered with its action's data as JSON (what the page would show), so a test reads the refusal a form
 * post without JavaScript gets.
 *
 *   const server = await startAppServer();
 *   const response = await server.post("/api/auth/signup", { json: body });
 *   await server.close();
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
// the function the build itself uses to read app/routes (as route-sweep.ts uses it)
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes.js";
import type { ServerBuild } from "@remix-run/node";
import remixConfig from "../../remix.config.js";
import * as root from "~/root";
import { getDb } from "~/utils/db.server";
import { createHttpApp } from "../../server/http-app";

const APP_DIR = fileURLToPath(new URL("../../app", import.meta.url));

/** Stands in for entry.server: the data a document request's page would be rendered from, as JSON. */
const entry: ServerBuild["entry"] = {
  module: {
    default: (_request, status, headers, context) => {
      headers.set("Content-Type", "application/json; charset=utf-8");
      return new Response(JSON.stringify({ actionData: context.staticHandlerContext.actionData }), { status, headers });
    },
  },
};

async function appBuild(): Promise<ServerBuild> {
  const routes: ServerBuild["routes"] = { root: { id: "root", path: "", module: root as never } };
  for (const route of Object.values(flatRoutes(APP_DIR, remixConfig.ignoredRouteFiles ?? []))) {
    routes[route.id] = {
      id: route.id,
      parentId: route.parentId ?? "root",
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      module: (await import(path.join(APP_DIR, route.file))) as never,
    };
  }
  return {
    mode: "production",
    entry,
    routes,
    assets: { entry: { module: "", imports: [] }, routes: {}, url: "", version: "test" },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true } as ServerBuild["future"],
    isSpaMode: false,
  };
}

export type AppReply = { status: number; headers: http.IncomingHttpHeaders; text: string; json: () => unknown };

export type AppServer = {
  origin: string;
  /**
   * Posts to `path` exactly as written (no normalising of case or escapes), from the loopback address `from`
   * (127.0.0.1 unless given: any 127.x.y.z is another client), as JSON or as a browser's form post.
   */
  post: (
    path: string,
    body: { json: unknown } | { form: Record<string, string> },
    options?: { from?: string; headers?: Record<string, string> },
  ) => Promise<AppReply>;
  close: () => Promise<void>;
};

export async function startAppServer(): Promise<AppServer> {
  const app = createHttpApp({ db: getDb(), build: await appBuild(), mode: "production", isStopping: () => false });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  const post: AppServer["post"] = (path, body, { from = "127.0.0.1", headers = {} } = {}) => {
    const isJson = "json" in body;
    const payload = isJson ? JSON.stringify(body.json) : new URLSearchParams(body.form).toString();
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          path,
          method: "POST",
          localAddress: from,
          headers: {
            "Content-Type": isJson ? "application/json" : "application/x-www-form-urlencoded",
            "Content-Length": Buffer.byteLength(payload),
            // a browser's form post names the page's origin; an API client sends none
            ...(isJson ? {} : { Origin: origin, "Sec-Fetch-Site": "same-origin" }),
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json: () => JSON.parse(text) });
          });
          response.on("error", reject);
        },
      );
      request.on("error", reject);
      request.end(payload);
    });
  };

  return {
    origin,
    post,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
