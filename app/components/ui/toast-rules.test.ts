import { describe, expect, it } from "vitest";
import { isToastHotkey, swipeDismisses, swipeOffset, SWIPE_THRESHOLD_PX, TOAST_REGION_LABEL } from "./toast-rules";

describe("toast swipe", () => {
  it("follows the pointer to the right only", () => {
    expect(swipeOffset(100, 130)).toBe(30);
    expect(swipeOffset(100, 60)).toBe(0);
  });

  it("dismisses from 50 px to the right, not before, and never to the left", () => {
    expect(SWIPE_THRESHOLD_PX).toBe(50);
    expect(swipeDismisses(100, 149)).toBe(false);
    expect(swipeDismisses(100, 150)).toBe(true);
    expect(swipeDismisses(100, 400)).toBe(true);
    expect(swipeDismisses(200, 100)).toBe(false);
  });
});

describe("toast hotkey", () => {
  const key = (over: Partial<Parameters<typeof isToastHotkey>[0]>) => ({
    key: "F8",
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    ...over,
  });

  it("is F8 alone", () => {
    expect(isToastHotkey(key({}))).toBe(true);
    expect(isToastHotkey(key({ key: "F7" }))).toBe(false);
    expect(isToastHotkey(key({ ctrlKey: true }))).toBe(false);
    expect(isToastHotkey(key({ shiftKey: true }))).toBe(false);
  });

  it("names the region after the key", () => {
    expect(TOAST_REGION_LABEL).toBe("Notifications (F8)");
  });
});
