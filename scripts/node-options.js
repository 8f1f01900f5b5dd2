// The NODE_OPTIONS `npm start` runs the server with: the operator's own, then
// --max-old-space-size=128: V8's heap capped keeps a process under 250 MB resident under load, where uncapped
// it grows past 450 MB of garbage before collecting (docs/decisions/0083). An operator's own cap wins.
// --expose-gc: a large product import gives back its garbage when it ends (app/utils/garbage.server.ts).
export const HEAP_CAP_MB = 128;

/** @param {string | undefined} operatorOptions */
export function serverNodeOptions(operatorOptions = "") {
  const ownCap = /--max[-_]old[-_]space[-_]size\b/.test(operatorOptions);
  return [operatorOptions, ownCap ? "" : `--max-old-space-size=${HEAP_CAP_MB}`, "--expose-gc"].filter(Boolean).join(" ");
}
