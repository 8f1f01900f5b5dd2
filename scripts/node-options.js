// The NODE_OPTIONS `npm start` runs the server with: the operator's own, then
// --max-old-space-size=128: V8's heap capped keeps a process under 250 MB resident under load, where uncapped
// it grows past 450 MB of garbage before collecting (docs/decisions/0083). An operator's own cap wins.
// --max-semi-space-size=8: the young generation in two 8 MB halves rather than 16 MB (a bench run at ten times
// the data peaked at 248 MB with 16, 218 MB with 8), unless the operator sets their own.
// --expose-gc: a large product import gives back its garbage when it ends (app/utils/garbage.server.ts).
// MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (libuv's pool: hashing, files, compression) an arena
// of its own, up to 8 a core, and keeps their freed memory; two arenas took 16–21 MB off the peak of a process
// through the bench (demo 209 → 188 MB, ten times 242 → 226 MB) with no slower page. The operator's own wins.
export const MALLOC_ARENAS = "2";
// --heap-growing-percent=100: after a full collection V8 lets the old space grow to twice what survived before the
// next. Under a capped heap it allows only 1.3 times, so at ~50 MB live a process collected fully every twenty
// page views, each adding 25–35 ms of marking to the page it fell on; at twice, every thirty-odd, and a list's p95
// at one connection went from 65–75 ms to 33–45 ms for 11 MB more resident (docs/decisions/0083). A V8 option
// Node does not take in NODE_OPTIONS, so it goes on the command line (cluster's workers inherit it).
export const HEAP_GROWING_PERCENT = 100;
export const SERVER_V8_FLAGS = [`--heap-growing-percent=${HEAP_GROWING_PERCENT}`];
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

/**
 * The server's environment: the operator's, with NODE_ENV production unless set, NODE_OPTIONS as above and
 * glibc's arenas limited unless the operator chose a number.
 * @param {Record<string, string | undefined>} env
 */
export function serverEnvironment(env) {
  return {
    ...env,
    NODE_ENV: env.NODE_ENV || "production",
    NODE_OPTIONS: serverNodeOptions(env.NODE_OPTIONS),
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || MALLOC_ARENAS,
  };
}
