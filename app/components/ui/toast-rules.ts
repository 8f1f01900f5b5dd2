/** The toast rules that need no browser (spec §9: one at a time, 5 s, swipe right 50 px, F8). */

export const TOAST_DURATION_MS = 5000;
export const SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = "F8";
export const TOAST_REGION_LABEL = `Notifications (${TOAST_HOTKEY})`;

/** How far the toast follows a pointer dragged from `startX`: to the right only. */
export function swipeOffset(startX: number, currentX: number): number {
  return Math.max(0, currentX - startX);
}

/** A drag that ends at least the threshold to the right of where it started dismisses the toast. */
export function swipeDismisses(startX: number, endX: number, threshold = SWIPE_THRESHOLD_PX): boolean {
  return swipeOffset(startX, endX) >= threshold;
}

/** F8 alone (no modifier) moves focus to the notifications. */
export function isToastHotkey(event: { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }) {
  return event.key === TOAST_HOTKEY && !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;
}
