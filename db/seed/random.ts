/** mulberry32: a tiny, fast, seedable PRNG, so the same seed gives the same data. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const chance = (p: number) => next() < p;
  /** k distinct items (or all of them when there are fewer) */
  const sample = <T>(items: readonly T[], k: number): T[] => {
    const copy = items.slice();
    const out: T[] = [];
    while (out.length < k && copy.length > 0) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]);
    return out;
  };
  /** k distinct items drawn without copying the whole list (for long lists and small k) */
  const distinct = <T>(items: readonly T[], k: number): T[] => {
    const out = new Set<T>();
    while (out.size < Math.min(k, items.length)) out.add(items[Math.floor(next() * items.length)]);
    return [...out];
  };
  /** a version-4-shaped UUID drawn from the PRNG */
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
    hex[12] = "4";
    hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
    const h = hex.join("");
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
  return { next, int, pick, chance, sample, distinct, uuid };
}

export type Random = ReturnType<typeof createRandom>;
