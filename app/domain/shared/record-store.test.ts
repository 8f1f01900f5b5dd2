import { describe, expect, it } from "vitest";
import { atLeast } from "~/components/admin/admin-pagination";
import { LIST_COUNT_CAP, pageOfCounted, pageOfRows } from "./record-store.server";

/** A list of `size` rows whose counter reports how far it was asked to count. */
function list(size: number) {
  const asked: number[] = [];
  const countUpTo = (limit: number) => {
    asked.push(limit);
    return Math.min(size, limit);
  };
  const rows = (limit: number, offset: number) => Array.from({ length: Math.max(0, Math.min(limit, size - offset)) }, (_, i) => offset + i);
  return { asked, countUpTo, rows };
}

describe("a list counted only as far as a screen needs", () => {
  it("counts a short list exactly and says so", () => {
    const { asked, countUpTo, rows } = list(60);
    const page = pageOfCounted(countUpTo, 3, 25, rows, "capped");
    expect(page).toEqual({ items: Array.from({ length: 10 }, (_, i) => 50 + i), total: 60, page: 3, pageCount: 3, pageSize: 25 });
    expect(asked).toEqual([LIST_COUNT_CAP + 1]);
  });

  it("stops at the cap on a long list and says there are more", () => {
    const { asked, countUpTo, rows } = list(1_000_000);
    const page = pageOfCounted(countUpTo, 1, 25, rows, "capped");
    expect(page).toMatchObject({ total: LIST_COUNT_CAP, more: true, page: 1, pageCount: LIST_COUNT_CAP / 25 });
    expect(page.items).toHaveLength(25);
    expect(asked).toEqual([LIST_COUNT_CAP + 1]);
    expect(`${atLeast(page.total, page.more)} orders`).toBe("10,000+ orders");
    expect(atLeast(page.pageCount, page.more)).toBe("400+");
  });

  it("counts as far as a page past the cap, so its Next link keeps going", () => {
    const { asked, countUpTo, rows } = list(1_000_000);
    const page = pageOfCounted(countUpTo, 500, 25, rows, "capped");
    expect(page).toMatchObject({ page: 500, pageCount: 500, total: 12_500, more: true });
    expect(page.items[0]).toBe(499 * 25);
    expect(asked).toEqual([12_501]);
    // the last page of a list just past the cap is a page like any other
    const end = list(LIST_COUNT_CAP + 30);
    expect(pageOfCounted(end.countUpTo, 402, 25, end.rows, "capped")).toMatchObject({ page: 402, pageCount: 402, total: LIST_COUNT_CAP + 30, items: [10_025, 10_026, 10_027, 10_028, 10_029] });
  });

  it("counts every row when asked for exactly (the APIs' X-Total-Count)", () => {
    const { countUpTo, rows } = list(1_000_000);
    expect(pageOfCounted(countUpTo, 1, 25, rows, "exact")).toMatchObject({ total: 1_000_000, pageCount: 40_000 });
    expect(pageOfCounted(countUpTo, 1, 25, rows, "exact").more).toBeUndefined();
  });
});

describe("a page of a list", () => {
  it("keeps the page asked for within the list, a fraction as its whole page and not a number as the first", () => {
    const { rows } = list(60);
    const pageOf = (requested: number) => pageOfRows(60, requested, 25, rows);
    expect(pageOf(2)).toMatchObject({ page: 2, pageCount: 3, total: 60 });
    expect(pageOf(2).items[0]).toBe(25);
    expect(pageOf(99).page).toBe(3);
    expect(pageOf(99).items).toHaveLength(10);
    for (const requested of [0, -4, Number.NaN, -Infinity]) expect(pageOf(requested).page).toBe(1);
    expect(pageOf(2.7).page).toBe(2);
    expect(pageOfRows(0, 5, 25, list(0).rows)).toEqual({ items: [], total: 0, page: 1, pageCount: 1, pageSize: 25 });
  });
});
