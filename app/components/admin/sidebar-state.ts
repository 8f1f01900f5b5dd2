/**
 * The admin sidebar's expanded/collapsed state lives in a plain cookie (not the session) so the page can
 * toggle it instantly with JavaScript and the server still renders the right width on the next load. The
 * groups the admin folded live beside it in a second cookie, with the same lifetime.
 */
import { z } from "zod";

export const SIDEBAR_COOKIE = "sidebar_state";
export const SIDEBAR_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;
export const SIDEBAR_FOLDED_COOKIE = "sidebar_folded";

export type SidebarState = "expanded" | "collapsed";

const sidebarStateField = z.enum(["expanded", "collapsed"]).optional().catch(undefined);
/** The no-JavaScript toggle's form: what the page showed, an explicit choice, where to go back to. Junk is ignored. */
export const sidebarToggleSchema = z.object({
  current: sidebarStateField,
  state: sidebarStateField,
  redirectTo: z.string().optional().catch(undefined),
});

function cookieValue(cookieHeader: string | null | undefined, cookieName: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === cookieName) return rest.join("=").trim();
  }
  return null;
}

export function parseSidebarState(cookieHeader: string | null | undefined): SidebarState {
  return cookieValue(cookieHeader, SIDEBAR_COOKIE) === "collapsed" ? "collapsed" : "expanded";
}

/** The folded groups among `known` (unknown or repeated names are dropped), in the order of `known`. */
export function parseFoldedGroups(cookieHeader: string | null | undefined, known: readonly string[]): string[] {
  const named = new Set((cookieValue(cookieHeader, SIDEBAR_FOLDED_COOKIE) ?? "").split("."));
  return known.filter((key) => named.has(key));
}

/** Group keys joined by dots: a cookie value may not hold commas or spaces. */
export function foldedGroupsCookie(folded: readonly string[]): string {
  return `${SIDEBAR_FOLDED_COOKIE}=${folded.join(".")}; Path=/; Max-Age=${SIDEBAR_MAX_AGE_SECONDS}; SameSite=Lax`;
}

/** The folded set after the admin opened or folded `key`. */
export function withGroupFolded(folded: readonly string[], key: string, isFolded: boolean): string[] {
  const rest = folded.filter((other) => other !== key);
  return isFolded ? [...rest, key] : rest;
}

export function toggledSidebarState(state: SidebarState): SidebarState {
  return state === "collapsed" ? "expanded" : "collapsed";
}

/** The cookie string, the same for a Set-Cookie header and for `document.cookie`. */
export function sidebarCookie(state: SidebarState): string {
  return `${SIDEBAR_COOKIE}=${state}; Path=/; Max-Age=${SIDEBAR_MAX_AGE_SECONDS}; SameSite=Lax`;
}

/** Ctrl+B (Windows, Linux) or Cmd+B (macOS), without other modifiers. */
export function isSidebarShortcut(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">) {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "b";
}
