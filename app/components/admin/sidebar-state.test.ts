import { describe, expect, it } from "vitest";
import {
  isSidebarShortcut,
  parseSidebarState,
  sidebarCookie,
  toggledSidebarState,
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
