/** `items` in runs of at most `size` (to keep an `IN (…)` list or a multi-row insert within SQLite's limits). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
