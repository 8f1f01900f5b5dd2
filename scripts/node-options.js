// The NODE_OPTIONS `npm start` runs the server with: the operator's own, then
// --max-old-space-size=128: V8's heap capped keeps a process under 250 MB resident under load, where uncapped
// it grows past 450 MB of garbage before collecting (docs/decisions/0083). An operator's own cap wins.
// --max-semi-space-size=8: the young generation in two 8 MB halves rather than 16 MB (a bench run at ten times
// the data peaked at 248 MB with 16, 218 MB with 8), unless the operator sets their own.
// --expose-gc: a large product import gives back its garbage when it ends (app/utils/garbage.server.ts).
export const HEAP_CAP_MB = 128;
export const SEMI_SPACE_MB = 8;

/** @param {string | undefined} operatorOptions */
export function serverNodeOptions(operatorOptions = "") {
  const ownCap = /--max[-_]old[-_]space[-_]size\b/.test(operatorOptions);
  const ownSemiSpace = /--max[-_]semi[-_]space[-_]size\b/.test(operatorOptions);
  return [
    operatorOptions,
    ownCap ? "" : `--max-old-space-size=${HEAP_CAP_MB}`,
    ownSemiSpace ? "" : `--max-semi-space-size=${SEMI_SPACE_MB}`,
    "--expose-gc",
  ]
    .filter(Boolean)
    .join(" ");
}
