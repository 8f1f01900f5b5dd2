/**
 * Every request gets an id, sent back in `X-Request-Id` and shown on an error page, and one log line when its
 * reply is done: id, method, path (never the query string), status, time taken and the signed-in user's id.
 * A customer quoting the reference on an error page leads straight to the line, and to every error logged
 * while the request was being answered.
 *
 * An id sent by a front proxy (nginx's $request_id, Caddy's {http.request.uuid}) is kept only when the app is
 * told it sits behind one (TRUST_PROXY=true) and the id is 8 to 64 letters, digits, dots, dashes, colons or
 * underscores: anything else a client sends is replaced, so the log and the page never carry what a stranger
 * chose to put in them.
 */
import crypto from "node:crypto";
import type express from "express";
import { log, redactedPath, runWithRequestContext, type RequestContext } from "../app/utils/log.server";

export const REQUEST_ID_HEADER = "X-Request-Id";

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** 12 hex digits: short enough to read out over the phone, and unique across the log's lifetime in practice. */
export function newRequestId(): string {
  return crypto.randomBytes(6).toString("hex");
}

/** The id for a request: the front proxy's when it is trusted and well formed, else a new one. */
export function requestIdFor(incoming: string | undefined, trustProxy: boolean): string {
  if (trustProxy && incoming && SANE_REQUEST_ID.test(incoming)) return incoming;
  return newRequestId();
}

export function requestLogging({ trustProxy }: { trustProxy: boolean }): express.RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const context: RequestContext = { requestId: requestIdFor(req.get(REQUEST_ID_HEADER), trustProxy), userId: null };
    res.locals.requestId = context.requestId;
    res.setHeader(REQUEST_ID_HEADER, context.requestId);
    // `close` follows `finish` and also comes alone when the client went away before the reply was done
    res.once("close", () => {
      const line = {
        method: req.method,
        path: redactedPath(req.path),
        status: res.statusCode,
        durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      // written outside the request's context: the fields are given here, with the user as finally known
      const fields = { reqId: context.requestId, ...(context.userId ? { userId: context.userId } : {}), ...line };
      // a failure's own error line (with its stack) is the one among the errors; this one only points to it
      if (res.statusCode >= 500) log().warn(fields, "request");
      else log().info(fields, "request");
    });
    runWithRequestContext(context, next);
  };
}
