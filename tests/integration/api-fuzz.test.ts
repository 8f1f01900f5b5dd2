/**
 * Fuzzes every JSON API route that takes a write (found from `app/routes`, with the methods each one
 * answers): malformed JSON, no body, missing fields, wrong-typed and extreme values, an oversized body,
 * malformed Idempotency-Key headers.
 * Whatever arrives, the API never answers 500; a refusal is a 4xx JSON `{message, field?}`; and a refused
 * request changes nothing in the database (a digest of every table's rows is compared around it).
 *
 * The fields are found the way a client would: the `field` of each 400 names the next field to try; a
 * plausible value for it is kept so the fuzz reaches the fields behind it. The randomness is seeded:
 * FUZZ_SEED=<n> replays a run (the seed is printed).
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createRandom } from "~db/seed";
import { getDb } from "~/utils/db.server";
import { refusalFor } from "~/utils/request-guard";
import { buildRequest, callRoute, TEST_ORIGIN } from "./http";
import { appRoutes, isApiPattern, paramFiller, seedSweepData, sessionCookie, type ActorName, type Actors, type AppRoute, type FilledRoute } from "./route-sweep";

const SEED = Number(process.env.FUZZ_SEED ?? 20_250_601);
const random = createRandom(SEED);

const WRITES = ["POST", "PUT", "PATCH", "DELETE"] as const;

// ─── What is sent ───────────────────────────────────────────────────────────

const MALFORMED = ['{"a":', "not json", "[", '{"a": 1,}', "{'a': 1}", '{"a": undefined}', "\u0000", '"\\ud800"'];

/** Values of the wrong type or out of any sensible range, for whichever field the API names. */
const HOSTILE: unknown[] = [
  null,
  {},
  { nested: { deeper: [1, 2, 3] } },
  [],
  ["a", "b"],
  true,
  -1,
  -1e9,
  0,
  1.5,
  1e308,
  9_007_199_254_740_993,
  "NaN",
  "Infinity",
  "-0",
  "1e999",
  "0x10",
  "",
  " ",
  "x".repeat(100_000),
  "Zoë Ångström ⚠️ 🍕 \u202e\u200b ﷽ 中文",
  "\u0000\u0007",
  "<script>alert(1)</script>",
  "'; drop table users; --",
];

/** Plausible values, tried in turn to get past a field to the ones behind it (a customer's or supplier's id too). */
const plausible = (): unknown[] => [
  "Fuzz value",
  1,
  5,
  "fuzz@example.com",
  "2025-06-02",
  true,
  actors.customer,
  actors.supplier,
  "processing",
  "approved",
  "sent",
  "received",
  "bank_transfer",
  [{ productId: 1, quantity: 1 }],
  { productId: 1, quantity: 1 },
  ["Small", "Large"],
  "GB123456789",
  "LS11 5PS",
  "12.50",
];

function randomText() {
  const alphabet = ["a", "Z", "9", " ", "é", "ß", "€", "😀", "\n", "\t", '"', "\\", "<", "%", "\u0301"];
  return Array.from({ length: random.int(1, 40) }, () => random.pick(alphabet)).join("");
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(target);
  const keys = path.split(".");
  let node: Record<string, unknown> = copy;
  for (const [index, key] of keys.slice(0, -1).entries()) {
    const nextIsIndex = /^\d+$/.test(keys[index + 1]!);
    if (typeof node[key] !== "object" || node[key] === null) node[key] = nextIsIndex ? [] : {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1)!] = value;
  return copy;
}

// ─── What the database holds ────────────────────────────────────────────────

const sql = () => getDb().$client;
const totalChanges = () => (sql().prepare("select total_changes() as n").get() as { n: number }).n;

function tables(): string[] {
  return (
    sql().prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name").all() as {
      name: string;
    }[]
  ).map((row) => row.name);
}

/** Every table's rows, as one hash per table. */
function digest(): Map<string, string> {
  const out = new Map<string, string>();
  for (const table of tables()) {
    const hash = crypto.createHash("sha256");
    for (const row of sql().prepare(`select * from "${table}"`).raw().iterate()) hash.update(JSON.stringify(row));
    out.set(table, hash.digest("hex"));
  }
  return out;
}

/** The digest, recomputed only when something was written since the last one. */
let known: { changes: number; digest: Map<string, string> } | undefined;
function currentDigest() {
  const changes = totalChanges();
  if (!known || known.changes !== changes) known = { changes, digest: digest() };
  return known;
}

/** What a refusal is meant to write: a wrong password is counted against the account and the client. */
const WRITTEN_BY_REFUSALS = new Set(["sign_in_failures"]);

function changedTables(before: Map<string, string>, after: Map<string, string>) {
  return [...new Set([...before.keys(), ...after.keys()])].filter((table) => before.get(table) !== after.get(table));
}

// ─── Sending and checking ───────────────────────────────────────────────────

type Target = { route: AppRoute; method: string; filled: FilledRoute; role: ActorName };
type Finding = string;

let actors: Actors;
let fuzzed = 0;
const findings = new Map<string, Finding[]>();
const served = new Map<string, string[]>();

/** Who fuzzes a route: the back office's as the admin, the rest as a customer (whose records fill the params). */
function roleFor(pattern: string): ActorName {
  if (/^\/api\/admin(\/|$)/.test(pattern)) return "admin";
  if (/^\/api\/suppliers?(\/|$)/.test(pattern)) return "supplier";
  return "customer";
}

type Body = { text?: string; json?: unknown; headers?: Record<string, string> };

async function send(target: Target, body: Body, cookie: string) {
  const { route, method, filled } = target;
  const headers: Record<string, string> = { Origin: TEST_ORIGIN, "Sec-Fetch-Site": "same-origin", ...body.headers };
  let request: Request;
  if (body.text !== undefined) {
    headers["Content-Type"] = "application/json";
    request = buildRequest(filled.url, { method, cookie, headers });
    request = new Request(request, { body: body.text });
  } else {
    request = buildRequest(filled.url, { method, cookie, headers, ...(body.json === undefined ? {} : { json: body.json }) });
  }
  const before = currentDigest();
  fuzzed += 1;
  let status: number;
  let text = "";
  let contentType = "";
  let allow: string | null = null;
  try {
    const response = await callRoute(route.module.action, request, filled.params);
    status = response.status;
    allow = response.headers.get("Allow");
    contentType = response.headers.get("Content-Type") ?? "";
    text = await response.text();
  } catch (error) {
    status = 500;
    text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  }
  const problems: string[] = [];
  if (status >= 500) problems.push(`answered ${status}: ${text.slice(0, 300)}`);
  else if (status >= 400) {
    const error = contentType.includes("json") ? safeParse(text) : undefined;
    const shaped =
      error !== null &&
      typeof error === "object" &&
      !Array.isArray(error) &&
      typeof (error as { message?: unknown }).message === "string" &&
      ((error as { field?: unknown }).field === undefined || typeof (error as { field?: unknown }).field === "string") &&
      Object.keys(error).every((key) => key === "message" || key === "field");
    if (!shaped) problems.push(`answered ${status} with ${contentType || "no type"}: ${text.slice(0, 200)}, not {message, field?}`);
    if (totalChanges() !== before.changes) {
      const changed = changedTables(before.digest, currentDigest().digest).filter((table) => !WRITTEN_BY_REFUSALS.has(table));
      if (changed.length > 0) problems.push(`answered ${status} but changed ${changed.join(", ")}`);
    }
  }
  if (problems.length > 0) {
    const shown = body.text !== undefined ? body.text : JSON.stringify(body.json) ?? "(no body)";
    const list = findings.get(keyOf(target)) ?? [];
    list.push(`${method} ${filled.url} ${shown.slice(0, 120)}: ${problems.join("; ")}`);
    findings.set(keyOf(target), list);
  }
  const parsed = contentType.includes("json") ? safeParse(text) : undefined;
  const field = parsed && typeof parsed === "object" && "field" in parsed ? String((parsed as { field: unknown }).field) : undefined;
  return { status, field, allow };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const keyOf = (target: { route: AppRoute; method: string }) => `${target.method} ${target.route.pattern}`;

/** Everything the fuzz sends to one route and method; false when the route does not take the method. */
async function fuzz(target: Target): Promise<boolean> {
  // a fresh session for each: a sign-out or password change among the writes cannot end the others' session
  const cookie = await sessionCookie(actors[target.role]);
  const first = await send(target, { json: {} }, cookie);
  if (first.status === 405 && first.allow && !first.allow.split(/,\s*/).includes(target.method)) return false;

  for (const text of MALFORMED) await send(target, { text }, cookie);
  await send(target, {}, cookie);
  await send(target, { json: [] }, cookie);
  await send(target, { json: "text" }, cookie);
  await send(target, { json: 42 }, cookie);
  await send(target, { json: { unexpected: randomText() } }, cookie);
  // repeat-safety keys that are not keys
  for (const key of ["k".repeat(5_000), "key with spaces", "ÿÿÿÿÿÿÿÿÿÿ", ""]) {
    await send(target, { json: {}, headers: { "Idempotency-Key": key } }, cookie);
  }

  // over the 1 MB an API body may be; the request guard refuses it even earlier, by its length
  const oversized = JSON.stringify({ notes: "x".repeat(1_100_000) });
  expect(guardRefusal(target, oversized.length), `the request guard let ${keyOf(target)} take 1 MB`).not.toBeNull();
  await send(target, { text: oversized }, cookie);

  // follow the fields the API names, trying hostile values on each and keeping a plausible one to go on; when
  // a later check sends it back to a field (an id that names no record), the next plausible value is tried
  let body: Record<string, unknown> = {};
  const nextPlausible = new Map<string, number>();
  const candidates = plausible();
  let answer = await send(target, { json: body }, cookie);
  for (let step = 0; step < 16 && answer.status === 400 && answer.field; step += 1) {
    const field = answer.field;
    if (!nextPlausible.has(field)) {
      for (const value of [...random.sample(HOSTILE, 12), randomText(), -random.int(1, 1_000_000), random.next() * 1e12]) {
        await send(target, { json: setPath(body, field, value) }, cookie);
      }
    }
    let moved = false;
    for (let index = nextPlausible.get(field) ?? 0; index < candidates.length && !moved; index += 1) {
      nextPlausible.set(field, index + 1);
      const next = setPath(body, field, candidates[index]);
      const reply = await send(target, { json: next }, cookie);
      if (reply.status !== 400 || reply.field !== field) {
        body = next;
        answer = reply;
        moved = true;
      }
    }
    if (!moved) break;
  }
  return true;
}

function guardRefusal(target: Target, length: number) {
  return refusalFor({
    method: target.method,
    path: target.filled.url,
    host: new URL(TEST_ORIGIN).host,
    origin: TEST_ORIGIN,
    secFetchSite: "same-origin",
    contentType: "application/json",
    contentLength: length,
    chunked: false,
  });
}

// ─── The run ────────────────────────────────────────────────────────────────

const apiRoutes = (await appRoutes()).filter((route) => isApiPattern(route.pattern) && route.module.action);

beforeAll(async () => {
  actors = await seedSweepData();
  const fill = paramFiller(actors);

  const targets: Target[] = apiRoutes.flatMap((route) =>
    WRITES.map((method) => ({ route, method, filled: fill(route.pattern), role: roleFor(route.pattern) })),
  );
  // deletes last, so a record one route removes is there for the others
  const ordered = [...targets.filter((t) => t.method !== "DELETE"), ...targets.filter((t) => t.method === "DELETE")];
  for (const target of ordered) {
    if (await fuzz(target)) served.set(target.route.id, [...(served.get(target.route.id) ?? []), target.method]);
  }
  const writes = [...served.values()].flat().length;
  console.log(`API fuzz (seed ${SEED}): ${fuzzed} requests to ${writes} writes of ${apiRoutes.length} API routes`);
}, 300_000);

describe("API fuzz", () => {
  it("finds the API's writes", () => {
    expect(apiRoutes.length).toBeGreaterThan(60);
    expect([...served.values()].flat().length).toBeGreaterThan(40);
    expect(served.get("routes/api.orders")).toEqual(["POST"]);
  });

  it.each(apiRoutes.map((route) => [route.pattern, route.id] as const))("%s", (_pattern, id) => {
    const methods = served.get(id) ?? [];
    const found = methods.flatMap((method) => findings.get(`${method} ${apiRoutes.find((r) => r.id === id)!.pattern}`) ?? []);
    expect(found).toEqual([]);
  });
});
