/**
 * The admin sidebar's expanded/collapsed state lives in a plain cookie (not the session) so the page can
 * toggle it instantly with JavaScript and the server still renders the right width on the next load.
 */
import { z } from "zod";

export const SIDEBAR_COOKIE = "sidebar_state";
export const SIDEBAR_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;

export type SidebarState = "expanded" | "collapsed";

const sidebarStateField = z.enum(["expanded", "collapsed"]).optional().catch(undefined);
/** The no-JavaScript toggle's form: what the page showed, an explicit choice, where to go back to. Junk is ignored. */
export const sidebarToggleSchema = z.object({
  current: sidebarStateField,
  state: sidebarStateField,
  redirectTo: z.string().optional().catch(undefined),
});

export function parseSidebarState(cookieHeader: string | null | undefined): SidebarState {
  if (!cookieHeader) return "expanded";
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SIDEBAR_COOKIE) return rest.join("=").trim() === "collapsed" ? "collapsed" : "expanded";
  }
  return "expanded";
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
