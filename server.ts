/**
 * The one process: Express with security headers, compression, rate limits on sign-in, static files
 * and the Remix handler. Migrations run and demo data is seeded (when the database is empty) before it listens.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import rateLimit from "express-rate-limit";
import helmet from "helmet";
import { imagesDir } from "./app/domain/catalog/product-images.server";
import { accountsWithDemoPasswords } from "./app/domain/users/install.server";
import { getDb } from "./app/utils/db.server";
import { startHousekeeping } from "./app/utils/housekeeping.server";
import { DEFAULT_PASSWORD_HASH_COST, passwordHashCost } from "./app/utils/password.server";
import { HSTS_HEADER, secureSetCookie } from "./app/utils/https";
import { decodedPath, refusalFor, refusalPage, wantsJson } from "./app/utils/request-guard";
import { CLIENT_ADDRESS_HEADER } from "./app/utils/sign-in-limits.server";
import { seedIfEmpty } from "./db/seed";

const MODE = process.env.NODE_ENV ?? "production";
const BUILD_PATH = path.resolve("build/index.js");
const PORT = Number(process.env.PORT ?? 3000);

/** Hosts product images may come from besides the app itself (IMAGE_HOSTS, e.g. "https://cdn.shopify.com"). */
function imageHosts(): string[] {
  return (process.env.IMAGE_HOSTS ?? "")
    .split(/[\s,]+/)
    .filter((host) => /^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(host));
}

async function importBuild(): Promise<ServerBuild> {
  const stat = fs.statSync(BUILD_PATH);
  return import(url.pathToFileURL(BUILD_PATH).href + "?t=" + stat.mtimeMs);
}

// An invalid PASSWORD_HASH_COST stops the start here, with a message saying what is allowed.
const passwordCost = passwordHashCost();
if (MODE === "production" && passwordCost < DEFAULT_PASSWORD_HASH_COST) {
  console.warn(
    `WARNING: PASSWORD_HASH_COST=${passwordCost} is below the production default of ${DEFAULT_PASSWORD_HASH_COST}: ` +
      "new password hashes are weaker than OWASP recommends. Unset it outside of tests.",
  );
}

const db = getDb();
if (process.env.SKIP_SEED !== "true") {
  const seeded = await seedIfEmpty(db);
  if (seeded) console.log("Seeded the demo data into an empty database.");
}

const stopHousekeeping = startHousekeeping(db);

const build = await importBuild();
const app = express();

app.disable("x-powered-by");
app.set("trust proxy", process.env.TRUST_PROXY === "true" ? 1 : false);
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
  if (stopping) res.set("Connection", "close");
  next();
});
app.use(compression());
// The Remix adapter flushes after every chunk it streams; through gzip that resets the window each time and
// triples the size of a page. No page streams deferred data, so let the compressor choose when to flush.
app.use((_req, res, next) => {
  (res as unknown as { flush?: () => void }).flush = () => undefined;
  next();
});

// Fingerprinted build assets never change under one name: cache them for a year.
app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h" }));
// Product images are named by the hash of their content: a name never changes what it shows.
app.use(
  "/images",
  express.static(imagesDir(), {
    immutable: true,
    maxAge: "1y",
    index: false,
    dotfiles: "ignore",
    setHeaders: (res) => res.setHeader("X-Content-Type-Options", "nosniff"),
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

// Failed sign-ins are limited per account and per client inside the use cases (sign-in-limits.server.ts),
// where successes never count. This coarse per-client cap only keeps API sign-up floods down; it matches the
// decoded path, so an escaped spelling of the path is counted too.
const signUpLimiter = rateLimit({
  windowMs: 15 * 60 * 1000,
  limit: Number(process.env.SIGN_IN_RATE_LIMIT ?? 100),
  standardHeaders: "draft-7",
  legacyHeaders: false,
  message: { message: "Too many sign-up attempts. Please wait a few minutes and try again." },
});
app.use((req, res, next) =>
  req.method === "POST" && decodedPath(req.path).replace(/\/$/, "") === "/api/auth/signup" ? signUpLimiter(req, res, next) : next(),
);

app.get("/healthz", (_req, res) => {
  try {
    db.$client.prepare("select 1").get();
    res.status(200).json({ status: "ok", demoPasswords: accountsWithDemoPasswords(db).length > 0 });
  } catch {
    res.status(503).json({ status: "unavailable" });
  }
});

app.all(
  "*",
  createRequestHandler({ build, mode: MODE, getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }) }),
);

const server = app.listen(PORT, () => {
  console.log(`Trade counter listening on http://localhost:${PORT}`);
  if (MODE === "development") broadcastDevReady(build);
});

/**
 * A stop (SIGTERM from a service manager, Ctrl+C) lets every request in flight finish, so an order being
 * placed is answered rather than cut off: no new connections are taken, idle keep-alive ones are closed,
 * and the database is closed once the last reply is out. Past the grace period the process stops anyway
 * (SQLite's journal keeps the file whole either way).
 */
const SHUTDOWN_GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000);
let stopping = false;
function stopGracefully(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing the requests in flight, then stopping.`);
  stopHousekeeping();
  server.close(() => {
    db.$client.close();
    console.log("Stopped.");
    process.exit(0);
  });
  server.closeIdleConnections();
  setTimeout(() => {
    console.error(`Requests still running after ${SHUTDOWN_GRACE_MS} ms; stopping anyway.`);
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
}
process.on("SIGTERM", stopGracefully);
process.on("SIGINT", stopGracefully);
