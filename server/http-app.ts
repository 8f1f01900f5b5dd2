/**
 * The HTTP side of one server process: Express with security headers, compression, the checks every
 * request passes before the app (other sites, media types, body sizes), static files, /healthz and the
 * Remix handler. Sign-ups and failed sign-ins are limited inside their use cases, whatever the path's spelling.
 */
import crypto from "node:crypto";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express from "express";
import helmet from "helmet";
import { imagesDir } from "../app/domain/catalog/product-images.server";
import { mayAcceptDemoPasswords } from "../app/domain/users/install.server";
import type { DB } from "../app/utils/db.server";
import { HSTS_HEADER, secureSetCookie } from "../app/utils/https";
import { decodedPath, refusalFor, refusalPage, wantsJson } from "../app/utils/request-guard";
import { CLIENT_ADDRESS_HEADER } from "../app/utils/sign-in-limits.server";
import { databaseAnswers } from "./process-health";
import { remixHandler } from "./remix-handler";
import { replicaLagSeconds } from "./replica-status";
import { requestLogging } from "./request-log";

/** Where scripts/build-sw.js leaves the service worker. */
export const SERVICE_WORKER_FILE = "build/sw.js";

/** Hosts product images may come from besides the app itself (IMAGE_HOSTS, e.g. "https://cdn.shopify.com"). */
function imageHosts(): string[] {
  return (process.env.IMAGE_HOSTS ?? "")
    .split(/[\s,]+/)
    .filter((host) => /^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(host));
}

/**
 * Headers only a page (an HTML document) acts on. A script, stylesheet or product picture never becomes
 * a page, so on those they are some 500 bytes of every response for nothing: a storefront page loads
 * thirty of them, a third of a second on a slow link. nosniff, the resource and referrer policies stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  "Content-Security-Policy",
  "Cross-Origin-Opener-Policy",
  "Origin-Agent-Cluster",
  "X-DNS-Prefetch-Control",
  "X-Download-Options",
  "X-Frame-Options",
  "X-Permitted-Cross-Domain-Policies",
  "X-XSS-Protection",
];
function withoutDocumentHeaders(res: { removeHeader(name: string): void }) {
  for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
}

export function createHttpApp({
  db,
  build,
  mode,
  isStopping,
}: {
  db: DB;
  build: ServerBuild;
  mode: string;
  /** true once the process is stopping: every reply then ends its connection */
  isStopping: () => boolean;
}) {
  const app = express();

  app.disable("x-powered-by");
  app.set("trust proxy", process.env.TRUST_PROXY === "true" ? 1 : false);
  // first: every reply, refusals and static files included, carries its request id and gets its log line
  app.use(requestLogging({ trustProxy: process.env.TRUST_PROXY === "true" }));
  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          // Remix inlines its hydration data and route manifest in <script> tags: each carries this request's nonce
          "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
          "img-src": ["'self'", "data:", ...imageHosts()],
          "upgrade-insecure-requests": null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // "no-referrer" makes browsers send `Origin: null` on form posts, which Remix rejects as cross-site
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      // set below, only on requests that arrived over https
      hsts: false,
    }),
  );
  app.use((req, res, next) => {
    if (!req.secure) return next();
    res.setHeader("Strict-Transport-Security", HSTS_HEADER);
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name, value) => setHeader(name, name.toLowerCase() === "set-cookie" ? secureSetCookie(value) : value);
    next();
  });
  // once stopping, every reply ends its connection so the server can close
  app.use((_req, res, next) => {
    if (isStopping()) res.set("Connection", "close");
    next();
  });
  app.use(compression());
  // The Remix adapter flushes after every chunk it streams; through gzip that resets the window each time and
  // triples the size of a page. No page streams deferred data, so let the compressor choose when to flush.
  app.use((_req, res, next) => {
    (res as unknown as { flush?: () => void }).flush = () => undefined;
    next();
  });

  // Fingerprinted build assets never change under one name: cache them for a year. The build leaves each
  // script and style sheet compressed beside it at brotli's highest level (scripts/build.js); those copies are
  // sent to every browser that takes them, smaller than compressing on each request and with no work per request.
  app.use(
    "/build",
    expressStaticGzip("public/build", {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      serveStatic: { immutable: true, maxAge: "1y", setHeaders: withoutDocumentHeaders },
    }),
  );
  // The service worker (docs/decisions/0077), built beside the server build: the browser checks it on every
  // navigation, so a deploy reaches installed apps at once; it may control the whole site.
  app.get("/sw.js", (_req, res) => {
    res.set({ "Cache-Control": "no-cache", "Service-Worker-Allowed": "/" });
    res.type("text/javascript");
    res.sendFile(path.resolve(SERVICE_WORKER_FILE), { cacheControl: false, lastModified: true }, (error) => {
      if (error && !res.headersSent) res.status(404).type("text").send("Not found");
    });
  });
  app.use(express.static("public", { maxAge: "1h" }));
  // Product images are named by the hash of their content: a name never changes what it shows.
  app.use(
    "/images",
    express.static(imagesDir(), {
      immutable: true,
      maxAge: "1y",
      index: false,
      dotfiles: "ignore",
      setHeaders: (res) => {
        withoutDocumentHeaders(res);
        res.setHeader("X-Content-Type-Options", "nosniff");
      },
    }),
  );

  // State changes only from the app's own pages; API bodies only as JSON; no body larger than its path allows.
  app.use((req, res, next) => {
    const path = decodedPath(req.path);
    const length = req.get("content-length");
    const refusal = refusalFor({
      method: req.method,
      path,
      query: req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "",
      host: req.get("host"),
      origin: req.get("origin"),
      secFetchSite: req.get("sec-fetch-site"),
      contentType: req.get("content-type"),
      contentLength: length !== undefined && /^\d+$/.test(length) ? Number(length) : null,
      chunked: /chunked/i.test(req.get("transfer-encoding") ?? ""),
    });
    if (!refusal) return next();
    res.set("Connection", "close");
    if (wantsJson(path, req.originalUrl, req.get("accept"))) res.status(refusal.status).json({ message: refusal.message });
    else res.status(refusal.status).type("html").send(refusalPage(refusal));
  });

  // The address the sign-in limits count by (req.ip honours TRUST_PROXY); whatever a client sent is replaced.
  app.use((req, _res, next) => {
    req.headers[CLIENT_ADDRESS_HEADER] = req.ip ?? req.socket.remoteAddress ?? "";
    next();
  });

  // the benchmark's floors (npm run bench): the same bytes as a static file, and the framework's bare route
  if (process.env.BENCH_STATIC_DIR) app.use("/bench-static", express.static(process.env.BENCH_STATIC_DIR, { maxAge: 0 }));
  if (!process.env.BENCH_FLOOR_FILE) app.use("/bench-floor", (_req, res) => res.status(404).type("text").send("Not found"));

  app.get("/healthz", async (_req, res) => {
    if (!databaseAnswers(db)) return res.status(503).json({ status: "unavailable" });
    // null without a replica (REPLICA_URL); a replica that cannot be read in time is null too, never a wait
    const replicaLag = await replicaLagSeconds();
    res.status(200).json({ status: "ok", demoPasswords: mayAcceptDemoPasswords(db), replicaLagSeconds: replicaLag });
  });

  app.all(
    "*",
    remixHandler({ build, mode, getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string, requestId: res.locals.requestId as string }) }),
  );
  return app;
}
