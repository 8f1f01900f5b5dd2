import { describe, expect, it } from "vitest";
import { askedPage, requestedPage } from "./paging";
import { pageField } from "./paging.schema";

describe("requestedPage", () => {
  it("takes a whole number from 1 and reads anything else as the first page", () => {
    expect(requestedPage("3")).toBe(3);
    expect(requestedPage(" 12 ")).toBe(12);
    expect(requestedPage(null)).toBe(1);
    expect(requestedPage(undefined)).toBe(1);
    for (const value of ["0", "-2", "2.5", "abc", "2abc", "1e3", "0x10", "1e400", "99999999999999999999"]) expect(requestedPage(value)).toBe(1);
    expect(requestedPage("")).toBe(1);
  });

  it("reads a page past a list's furthest as the first", () => {
    expect(requestedPage("100000", 100_000)).toBe(100_000);
    expect(requestedPage("100001", 100_000)).toBe(1);
    expect(requestedPage("100001")).toBe(100_001);
  });

  it("tells a page asked for from none", () => {
    expect(askedPage("1")).toBe(1);
    expect(askedPage("0")).toBeNull();
    expect(askedPage(null)).toBeNull();
    expect(askedPage("two")).toBeNull();
  });

  it("reads a schema's page field the same way, absent as the first page", () => {
    expect(pageField(100_000).parse("4")).toBe(4);
    expect(pageField(100_000).parse(4)).toBe(4);
    expect(pageField(100_000).parse(undefined)).toBe(1);
    expect(pageField(100_000).parse("100001")).toBe(1);
    expect(pageField().parse("-3")).toBe(1);
  });
});
