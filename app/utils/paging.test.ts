import { describe, expect, it } from "vitest";
import { requestedPage } from "./paging";

describe("requestedPage", () => {
  it("takes a whole number from 1 and reads anything else as the first page", () => {
    expect(requestedPage("3")).toBe(3);
    expect(requestedPage(null)).toBe(1);
    expect(requestedPage(undefined)).toBe(1);
    for (const value of ["0", "-2", "2.5", "abc", "1e400", "99999999999999999999"]) expect(requestedPage(value)).toBe(1);
    // "" is 0 to Number: the first page too
    expect(requestedPage("")).toBe(1);
  });
});
