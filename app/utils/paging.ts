/** `?page=` (or another page parameter) as asked for: a whole number from 1, else 1. Past the last page, the lists clamp it. */
export function requestedPage(value: string | null | undefined): number {
  const page = Number(value ?? "1");
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}
