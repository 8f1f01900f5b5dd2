/** /account/dashboard is the same screen as /account. */
export { action, clientAction, default, ErrorBoundary, loader, meta, shouldRevalidate } from "./account._index";
