import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { CompanyMark } from "~/components/layout/company-mark";
import { LogoutForm } from "~/components/layout/logout-form";
import { initialsOf, useCompanyBrand } from "~/utils/company-brand";
import type { StaffRole } from "~/domain/users/staff-roles";
import { ADMIN_BOTTOM_LINKS, ADMIN_LOG_OUT, currentNavGroup, isActiveNav, navForRole, type AdminNavGroup, type AdminNavItem } from "./nav";
import {
  foldedGroupsCookie,
  isSidebarShortcut,
  sidebarCookie,
  toggledSidebarState,
  withGroupFolded,
  type SidebarState,
} from "./sidebar-state";

/** What the page says while a client-side navigation to a screen is loading; "Loading..." otherwise. */
const LOADING_TEXT: Record<string, string> = {
  "/admin/inventory-alerts": "Loading inventory...",
};

/**
 * The back office's chrome: a sidebar (16rem, 3rem collapsed) beside a top bar with the admin's email.
 * Below 768 px the sidebar is an 18rem off-canvas panel. Everything works without JavaScript: the
 * collapse button posts to /admin/sidebar (which sets the cookie and comes back) and the menu button is a
 * link to ?menu=open. With JavaScript both act instantly, and Ctrl/Cmd+B toggles the sidebar. Its groups fold
 * (<details>, so without JavaScript too); with JavaScript the folded ones are remembered in a cookie.
 */
export function AdminShell({
  email,
  staffRole,
  sidebarState,
  foldedGroups = [],
  children,
}: {
  email: string;
  /** the signed-in user's staff role: the sidebar lists only the screens it may use */
  staffRole: StaffRole;
  sidebarState: SidebarState;
  /** the groups the admin folded (the fold cookie); the current page's group shows open all the same */
  foldedGroups?: string[];
  children: ReactNode;
}) {
  const location = useLocation();
  const nav = navForRole(staffRole);
  const params = new URLSearchParams(location.search);
  const menuInUrl = params.get("menu") === "open";

  const [state, setState] = useState<SidebarState>(sidebarState);
  const stateRef = useRef(state);
  stateRef.current = state;
  useEffect(() => setState(sidebarState), [sidebarState]);

  // a string, so a new array with the same groups from the next loader call changes nothing
  const foldedFromServer = foldedGroups.join(".");
  const [folded, setFolded] = useState<string[]>(foldedGroups);
  const foldedRef = useRef(folded);
  foldedRef.current = folded;
  useEffect(() => setFolded(foldedFromServer ? foldedFromServer.split(".") : []), [foldedFromServer]);
  const fold = useCallback((key: string, isFolded: boolean) => {
    const next = withGroupFolded(foldedRef.current, key, isFolded);
    document.cookie = foldedGroupsCookie(next);
    setFolded(next);
  }, []);

  const toggle = useCallback(() => {
    const next = toggledSidebarState(stateRef.current);
    document.cookie = sidebarCookie(next);
    setState(next);
  }, []);

  const [mobileOpen, setMobileOpen] = useState(menuInUrl);
  // any navigation closes the phone menu (or opens it, for the no-JS ?menu=open address)
  useEffect(() => setMobileOpen(menuInUrl), [location.key, menuInUrl]);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (isSidebarShortcut(event)) {
        event.preventDefault();
        toggle();
      } else if (event.key === "Escape") {
        setMobileOpen(false);
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  const navigation = useNavigation();
  const loadingPath =
    navigation.state === "loading" && !navigation.formMethod && navigation.location.pathname !== location.pathname
      ? navigation.location.pathname
      : null;

  const collapsed = state === "collapsed";
  const here = location.pathname + location.search;
  const withoutMenu = new URLSearchParams(location.search);
  withoutMenu.delete("menu");
  const closeHref = location.pathname + (withoutMenu.toString() ? `?${withoutMenu}` : "");
  const withMenu = new URLSearchParams(withoutMenu);
  withMenu.set("menu", "open");
  const openHref = `${location.pathname}?${withMenu}`;

  return (
    <div className="flex min-h-screen w-full bg-slate-50">
      <aside
        data-testid="admin-sidebar"
        data-state={state}
        aria-label="Admin sidebar"
        className={`sticky top-0 hidden h-screen shrink-0 flex-col border-r border-slate-200 bg-white transition-[width] duration-200 md:flex ${
          collapsed ? "w-12" : "w-64"
        }`}
      >
        <SidebarContent nav={nav} collapsed={collapsed} pathname={location.pathname} folded={folded} onFold={fold} />
      </aside>

      {mobileOpen ? (
        <div className="fixed inset-0 z-40 md:hidden" data-testid="admin-mobile-menu">
          <Link
            to={closeHref}
            aria-label="Close menu"
            className="absolute inset-0 bg-slate-900/40"
            onClick={(event) => {
              event.preventDefault();
              setMobileOpen(false);
            }}
          />
          <aside
            aria-label="Admin menu"
            className="relative flex h-full w-72 max-w-[85vw] flex-col bg-white shadow-xl"
          >
            <SidebarContent nav={nav} collapsed={false} pathname={location.pathname} folded={folded} onFold={fold} />
          </aside>
        </div>
      ) : null}

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-12 items-center gap-2 border-b border-slate-200 bg-white px-3 md:px-4">
          <Link
            to={openHref}
            className="inline-flex h-9 items-center gap-2 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-700 hover:bg-slate-50 md:hidden"
            aria-expanded={mobileOpen}
            onClick={(event: MouseEvent) => {
              event.preventDefault();
              setMobileOpen(true);
            }}
          >
            <MenuIcon />
            Menu
          </Link>
          <Form
            method="post"
            action="/admin/sidebar"
            className="hidden md:block"
            onSubmit={(event) => {
              event.preventDefault();
              toggle();
            }}
          >
            <input type="hidden" name="intent" value="toggle" />
            <input type="hidden" name="current" value={state} />
            <input type="hidden" name="redirectTo" value={here} />
            <button
              type="submit"
              className="inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
              aria-expanded={!collapsed}
              title="Toggle sidebar (Ctrl+B / ⌘B)"
            >
              <SidebarIcon />
            </button>
          </Form>
          <AdminTitle className="text-sm font-semibold text-slate-900 md:hidden" />
          <div className="ml-auto flex min-w-0 items-center gap-2 text-sm text-slate-600">
            <span className="hidden sm:inline">Signed in as</span>
            <span data-testid="admin-email" className="truncate font-medium text-slate-900">
              {email}
            </span>
          </div>
        </header>
        <main id="main" className="min-w-0 flex-1 px-3 py-5 md:px-6 md:py-6" aria-busy={loadingPath ? true : undefined}>
          {loadingPath ? (
            <div
              role="status"
              className="fixed left-1/2 top-14 z-40 flex -translate-x-1/2 items-center gap-2 rounded-full border border-slate-200 bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-md"
            >
              <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-700" />
              {LOADING_TEXT[loadingPath] ?? "Loading..."}
            </div>
          ) : null}
          <div className={loadingPath ? "opacity-60 transition-opacity" : undefined}>{children}</div>
        </main>
      </div>
    </div>
  );
}

function SidebarContent({
  nav,
  collapsed,
  pathname,
  folded,
  onFold,
}: {
  nav: AdminNavGroup[];
  collapsed: boolean;
  pathname: string;
  folded: string[];
  onFold: (key: string, isFolded: boolean) => void;
}) {
  const navRef = useRef<HTMLElement>(null);
  const currentGroup = currentNavGroup(pathname, nav);
  useEffect(() => {
    const nav = navRef.current;
    if (nav) keepCurrentItemInView(nav);
  }, [pathname, collapsed]);
  return (
    <>
      {/* 48 px, as the top bar beside it: every pixel of height goes to the list (see ROW_CLASS) */}
      <div className={`flex h-12 shrink-0 items-center border-b border-slate-200 ${collapsed ? "justify-center" : "px-4"}`}>
        <SidebarTitle collapsed={collapsed} />
      </div>
      {/* min-h-0 lets the list shrink below its content, so it (not the page) scrolls on a short screen */}
      <nav ref={navRef} aria-label="Admin" className="min-h-0 flex-1 overflow-y-auto px-2 py-0.5">
        {nav.map((group, index) =>
          group.key && group.label && !collapsed ? (
            <NavGroup
              key={group.key}
              groupKey={group.key}
              label={group.label}
              items={group.items}
              pathname={pathname}
              open={group.key === currentGroup || !folded.includes(group.key)}
              onFold={onFold}
            />
          ) : (
            <div key={group.key ?? index}>
              {index > 0 ? <hr className="mx-1 my-1 border-slate-200" /> : null}
              <NavList items={group.items} collapsed={collapsed} pathname={pathname} />
            </div>
          ),
        )}
      </nav>
      <nav aria-label="Account" className="shrink-0 border-t border-slate-200 p-0.5">
        {/* side by side when there is room: every row saved keeps the whole list on a 768 px high screen */}
        <ul className={collapsed ? "space-y-0.5" : "grid grid-cols-2 gap-1"}>
          {ADMIN_BOTTOM_LINKS.map((item) => (
            <li key={item.to}>
              <NavItem item={item} collapsed={collapsed} active={false} />
            </li>
          ))}
          <li>
            <LogoutForm
              title={ADMIN_LOG_OUT.label}
              className={`flex w-full items-center rounded-md ${ROW_CLASS} ${collapsed ? "justify-center px-0" : "px-3"} ${IDLE_TONE}`}
            >
              <NavLabel item={ADMIN_LOG_OUT} collapsed={collapsed} />
            </LogoutForm>
          </li>
        </ul>
      </nav>
    </>
  );
}

/**
 * A group that folds: a <details>, so it opens and closes without JavaScript. With JavaScript the admin's
 * choice goes into the fold cookie (a change the page itself makes, such as opening the current page's
 * group, is not a choice and is not kept).
 */
function NavGroup({
  groupKey,
  label,
  items,
  pathname,
  open,
  onFold,
}: {
  groupKey: string;
  label: string;
  items: AdminNavItem[];
  pathname: string;
  open: boolean;
  onFold: (key: string, isFolded: boolean) => void;
}) {
  return (
    <details
      open={open}
      data-testid="admin-nav-group"
      data-group={groupKey}
      className="group/nav mt-0.5"
      onToggle={(event) => {
        const nowOpen = event.currentTarget.open;
        if (nowOpen !== open) onFold(groupKey, !nowOpen);
      }}
    >
      <summary
        className={`flex cursor-pointer list-none items-center gap-1.5 rounded-md px-2 text-[11px] font-semibold uppercase tracking-wide text-slate-600 hover:bg-slate-100 hover:text-slate-900 [&::-webkit-details-marker]:hidden ${ROW_CLASS}`}
      >
        <svg aria-hidden viewBox="0 0 12 12" className="h-3 w-3 shrink-0 transition-transform group-open/nav:rotate-90">
          <path d="M4.5 2.5 8 6l-3.5 3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        {label}
      </summary>
      <NavList items={items} collapsed={false} pathname={pathname} />
    </details>
  );
}

function NavList({ items, collapsed, pathname }: { items: AdminNavItem[]; collapsed: boolean; pathname: string }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item.to}>
          <NavItem item={item} collapsed={collapsed} active={isActiveNav(item.to, pathname)} />
        </li>
      ))}
    </ul>
  );
}

/** The back office's name at the top of the sidebar ("Acme Supplies Admin", the logo when there is one). */
function SidebarTitle({ collapsed }: { collapsed: boolean }) {
  const brand = useCompanyBrand();
  return (
    <Link
      to="/admin"
      className="flex min-w-0 items-center gap-2 font-bold tracking-tight text-brand-800"
      title={brand.adminTitle}
      data-testid="admin-title"
    >
      {collapsed ? (
        <>
          <span aria-hidden className="text-sm">
            {initialsOf(brand.adminTitle)}
          </span>
          <span className="sr-only">{brand.adminTitle}</span>
        </>
      ) : (
        // a long name takes two lines rather than being cut short
        <CompanyMark label={brand.adminTitle} initials={false} nameClassName="line-clamp-2 leading-tight" logoClassName="h-8 max-w-[9rem]" logoSuffix="Admin" />
      )}
    </Link>
  );
}

/** The title in the top bar on a phone, where the sidebar is folded away. */
function AdminTitle({ className }: { className: string }) {
  return <span className={className}>{useCompanyBrand().adminTitle}</span>;
}

/**
 * Scrolls the sidebar's own list (never the page) just enough to show the current screen's link, so on a
 * short screen the admin still sees where they are after following a link low in the list.
 */
function keepCurrentItemInView(nav: HTMLElement) {
  const current = nav.querySelector<HTMLElement>('[aria-current="page"]');
  if (!current) return;
  const list = nav.getBoundingClientRect();
  const item = current.getBoundingClientRect();
  const margin = 8;
  if (item.top < list.top + margin) nav.scrollTop -= list.top + margin - item.top;
  else if (item.bottom > list.bottom - margin) nav.scrollTop += item.bottom - (list.bottom - margin);
}

const IDLE_TONE = "text-slate-700 hover:bg-slate-100 hover:text-slate-900";
/**
 * A compact row beside the desktop sidebar (24 px, the smallest target WCAG 2.2 AA allows): 28 of them, the
 * 48 px title and the 29 px bottom block fit a 768 px high screen. A finger-sized row in the phone's menu
 * panel, which only shows below 768 px.
 */
const ROW_CLASS = "h-9 text-sm md:h-6 md:text-[13px]";

function NavItem({ item, collapsed, active }: { item: AdminNavItem; collapsed: boolean; active: boolean }) {
  const tone = active ? "bg-brand-50 font-semibold text-brand-800" : IDLE_TONE;
  return (
    <Link
      to={item.to}
      title={item.label}
      aria-current={active ? "page" : undefined}
      className={`flex items-center rounded-md ${ROW_CLASS} ${collapsed ? "justify-center px-0" : "px-3"} ${tone}`}
    >
      <NavLabel item={item} collapsed={collapsed} />
    </Link>
  );
}

/** The item's name, or its two letters when the sidebar is collapsed (the name still read out). */
function NavLabel({ item, collapsed }: { item: Pick<AdminNavItem, "label" | "short">; collapsed: boolean }) {
  if (!collapsed) return <>{item.label}</>;
  return (
    <>
      <span aria-hidden className="text-xs font-semibold">
        {item.short}
      </span>
      <span className="sr-only">{item.label}</span>
    </>
  );
}

function MenuIcon() {
  return (
    <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M3 5h14M3 10h14M3 15h14" strokeLinecap="round" />
    </svg>
  );
}

function SidebarIcon() {
  return (
    <svg aria-hidden viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.6">
      <rect x="2.5" y="3.5" width="15" height="13" rx="2" />
      <path d="M7.5 3.5v13" />
    </svg>
  );
}
