/**
 * Remix behind Express, as @remix-run/express does it but for how a response's body goes out. That adapter
 * writes each chunk of a streamed body as soon as it is read, never waiting for the client, and reads on to
 * the end after the client has gone: a CSV export written a batch at a time (csvStreamDownload) would pile up
 * whole in memory behind a slow download, and go on reading the database for nobody. Here the body is piped:
 * the next batch is read only when the connection has taken the last, and a closed connection cancels the
 * body, which stops the reading.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createReadableStreamFromReadable, createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type express from "express";

export function remixHandler({
  build,
  mode,
  getLoadContext,
}: {
  build: ServerBuild;
  mode: string;
  getLoadContext: (req: express.Request, res: express.Response) => AppLoadContext;
}): express.RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res, next) => {
    let response: Response;
    try {
      response = await handle(remixRequest(req, res), getLoadContext(req, res));
    } catch (error) {
      return next(error);
    }
    await sendResponse(res, response);
  };
}

/** The Fetch API request Remix reads, aborted when the connection closes before the response is written. */
function remixRequest(req: express.Request, res: express.Response): Request {
  // req.hostname honours "trust proxy"; the port comes from X-Forwarded-Host or Host, as the adapter takes it
  const port = [req.get("X-Forwarded-Host"), req.get("host")].map((host) => Number.parseInt(host?.split(":")[1] ?? "", 10)).find(Number.isSafeInteger);
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    for (const value of Array.isArray(values) ? values : values ? [values] : []) headers.append(name, value);
  }
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

/** Writes a Fetch API response to Express: the body piped, so it is read only as fast as the client takes it. */
export async function sendResponse(res: express.Response, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await pipeline(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream<Uint8Array>), res);
  } catch (error) {
    // a client that goes away mid-body is nothing to report; the body has been cancelled
    if ((error as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE") return;
    console.error(`Writing the response to ${res.req.method} ${res.req.originalUrl} failed`, error);
    res.destroy();
  }
}
