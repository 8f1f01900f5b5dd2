/**
 * The id of the request a page came from (server/request-log.ts; also its X-Request-Id header), so an error
 * page can show it as a reference a customer can quote. The server renders it into the page (a meta tag the
 * browser reads back before hydrating). In the browser, a data request that fails while moving between pages
 * has an id of its own: the last such one is the reference from then on.
 */
import { createContext, useContext } from "react";

export const REQUEST_ID_META = "request-id";

const RequestIdContext = createContext<string>("");

export const RequestIdProvider = RequestIdContext.Provider;

let lastFailedRequestId: string | null = null;

/** Browser only: notes the id of a data request that failed (entry.client.tsx watches them). */
export function noteFailedRequest(id: string | null) {
  if (id && /^[A-Za-z0-9._:-]{8,64}$/.test(id)) lastFailedRequestId = id;
}

/** The reference of what is on the screen: the failed data request's id, else the page's own. */
export function useRequestId(): string {
  const pageId = useContext(RequestIdContext);
  return (typeof document !== "undefined" && lastFailedRequestId) || pageId;
}

/** The page's id as the server rendered it into the document. */
export function requestIdOfDocument(): string {
  return document.querySelector(`meta[name="${REQUEST_ID_META}"]`)?.getAttribute("content") ?? "";
}
