/** /admin/dashboard is the same screen as /admin. */
export { default, ErrorBoundary, loader, meta } from "./admin._index";
