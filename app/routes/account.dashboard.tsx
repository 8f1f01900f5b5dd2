/** /account/dashboard is the same screen as /account. */
export { action, default, ErrorBoundary, loader, meta } from "./account._index";
