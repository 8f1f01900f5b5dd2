/**
 * A full garbage collection, where the process allows one: `npm start` runs the server with --expose-gc.
 * For the end of a large one-off job (a product import reads tens of MB of CSV, twice). What such a job
 * leaves behind has been promoted to V8's old generation, which V8 collects only once it reaches a limit
 * set from the heap's size, 100 MB or more above it here: the process would carry the garbage (and keep
 * growing with the next import) until then. One collection takes some tens of milliseconds.
 * See docs/decisions/0035-product-import-memory.md.
 */
export function collectGarbage(): boolean {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc !== "function") return false;
  gc();
  return true;
}
