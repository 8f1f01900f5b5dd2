import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { registerServiceWorker } from "./utils/offline-client";
import { startOrderQueue } from "./utils/order-queue-client";
import { noteFailedRequest, RequestIdProvider, requestIdOfDocument } from "./utils/request-id";

// A page's data requests that fail leave their id (X-Request-Id) as the reference the error page shows.
const fetchPage = window.fetch.bind(window);
window.fetch = async (...args: Parameters<typeof fetch>) => {
  const response = await fetchPage(...args);
  if (response.status >= 500 || response.headers.has("X-Remix-Error")) noteFailedRequest(response.headers.get("X-Request-Id"));
  return response;
};

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RequestIdProvider value={requestIdOfDocument()}>
        <RemixBrowser />
      </RequestIdProvider>
    </StrictMode>,
  );
});

// the offline copies and the installable app (docs/decisions/0077), and the orders kept offline (0078): only when
// JavaScript runs, once the page is up
function startOffline() {
  registerServiceWorker();
  startOrderQueue();
}
if (document.readyState === "complete") startOffline();
else window.addEventListener("load", startOffline, { once: true });
