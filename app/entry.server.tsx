import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { logError, redactedPath } from "./utils/log.server";
import { markOfflineKey } from "./utils/offline-key.server";
import { NonceProvider } from "./utils/nonce";
import { RequestIdProvider } from "./utils/request-id";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : undefined;
  const requestId = typeof loadContext.requestId === "string" ? loadContext.requestId : "";
  // Crawlers and no-JS clients get the whole document at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  // whose page this is, for the service worker's per-account offline copies (docs/decisions/0077)
  await markOfflineKey(request, responseHeaders);
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ""}>
        <RequestIdProvider value={requestId}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
        </RequestIdProvider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logError("Rendering a page failed", error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/** Remix data replies name their account too: client-side navigations are kept offline with their page. */
export async function handleDataRequest(response: Response, { request }: { request: Request }) {
  await markOfflineKey(request, response.headers);
  return response;
}

/**
 * A loader, action or render that failed: logged with its stack (and, through the log's request context, the
 * request's id and user). A request the client abandoned is not a failure of ours.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  logError(`${request.method} ${redactedPath(new URL(request.url).pathname)} failed`, error);
};
