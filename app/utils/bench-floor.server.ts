/**
 * The benchmark's framework floor: the inner HTML of a page's <main>, captured by `npm run bench` into the
 * JSON file BENCH_FLOOR_FILE names, read once and kept. Without that setting there is nothing to serve.
 */
import fs from "node:fs";

let markup: Record<string, string> | null = null;

export function benchFloorEnabled() {
  return Boolean(process.env.BENCH_FLOOR_FILE);
}

export function benchFloorMarkup(name: string): string | null {
  const file = process.env.BENCH_FLOOR_FILE;
  if (!file) return null;
  markup ??= JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>;
  return Object.hasOwn(markup, name) ? markup[name]! : null;
}
