import { describe, expect, it } from "vitest";
import {
  foldedGroupsCookie,
  isSidebarShortcut,
  parseFoldedGroups,
  parseSidebarState,
  sidebarCookie,
  toggledSidebarState,
  withGroupFolded,
} from "./sidebar-state";

describe("sidebar state cookie", () => {
  it("defaults to expanded", () => {
    expect(parseSidebarState(null)).toBe("expanded");
    expect(parseSidebarState("")).toBe("expanded");
    expect(parseSidebarState("__session=abc")).toBe("expanded");
  });

  it("reads the state among other cookies and ignores unknown values", () => {
    expect(parseSidebarState("__session=abc; sidebar_state=collapsed")).toBe("collapsed");
    expect(parseSidebarState("sidebar_state=expanded; x=1")).toBe("expanded");
    expect(parseSidebarState("sidebar_state=sideways")).toBe("expanded");
    expect(parseSidebarState("my_sidebar_state=collapsed")).toBe("expanded");
  });

  it("keeps the state for 7 days on the whole site", () => {
    expect(sidebarCookie("collapsed")).toBe("sidebar_state=collapsed; Path=/; Max-Age=604800; SameSite=Lax");
  });

  it("toggles", () => {
    expect(toggledSidebarState("expanded")).toBe("collapsed");
    expect(toggledSidebarState("collapsed")).toBe("expanded");
  });

  it("recognises Ctrl+B and Cmd+B only", () => {
    const base = { key: "b", ctrlKey: false, metaKey: false, altKey: false, shiftKey: false };
    expect(isSidebarShortcut({ ...base, ctrlKey: true })).toBe(true);
    expect(isSidebarShortcut({ ...base, metaKey: true, key: "B" })).toBe(true);
    expect(isSidebarShortcut(base)).toBe(false);
    expect(isSidebarShortcut({ ...base, ctrlKey: true, shiftKey: true })).toBe(false);
    expect(isSidebarShortcut({ ...base, ctrlKey: true, key: "k" })).toBe(false);
  });
});

describe("folded groups cookie", () => {
  const known = ["sales", "procurement", "finance", "administration"];

  it("reads the folded groups it knows, in the sidebar's order, and nothing from junk", () => {
    expect(parseFoldedGroups("sidebar_folded=finance.sales", known)).toEqual(["sales", "finance"]);
    expect(parseFoldedGroups("x=1; sidebar_folded=finance.finance.nope; sidebar_state=collapsed", known)).toEqual(["finance"]);
    expect(parseFoldedGroups("sidebar_folded=", known)).toEqual([]);
    expect(parseFoldedGroups(null, known)).toEqual([]);
  });

  it("is written like the sidebar's own cookie: 7 days, whole site, no commas", () => {
    expect(foldedGroupsCookie(["sales", "finance"])).toBe("sidebar_folded=sales.finance; Path=/; Max-Age=604800; SameSite=Lax");
    expect(foldedGroupsCookie([])).toBe("sidebar_folded=; Path=/; Max-Age=604800; SameSite=Lax");
  });

  it("folds and opens one group at a time", () => {
    expect(withGroupFolded([], "sales", true)).toEqual(["sales"]);
    expect(withGroupFolded(["sales"], "sales", true)).toEqual(["sales"]);
    expect(withGroupFolded(["sales", "finance"], "sales", false)).toEqual(["finance"]);
  });
});
