/** /admin/dashboard is the same screen as /admin. */
export { default, loader, meta } from "./admin._index";
