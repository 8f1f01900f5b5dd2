/**
 * The page a URL (or a form) asks for in `?page=` or another page parameter: a whole number from 1 to `max`
 * written in digits, else null (no page asked for: a bad link is not an error).
 */
export function askedPage(value: unknown, max = Number.MAX_SAFE_INTEGER): number | null {
  const text = typeof value === "number" ? String(value) : value;
  if (typeof text !== "string" || !/^\s*\d+\s*$/.test(text)) return null;
  const page = Number(text);
  return Number.isSafeInteger(page) && page >= 1 && page <= max ? page : null;
}

/** The page asked for, or the first. Past the last page, the lists clamp it. */
export function requestedPage(value: unknown, max?: number): number {
  return askedPage(value, max) ?? 1;
}
