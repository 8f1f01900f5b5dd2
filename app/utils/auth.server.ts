/**
 * Who is asking, and the guards every loader and action calls. Page guards redirect; API guards answer
 * the contract's JSON errors (401 signed out, 403 wrong role).
 */
import { json, redirect } from "@remix-run/node";
import { companyAdminOf } from "~/domain/companies/company-people.server";
import { COMPANY_ROLE_REFUSED_TITLE, companyMay, companyRoleRefusal, type CompanyArea } from "~/domain/companies/company-roles";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { findSessionUser, verifyLogin, type SessionUser } from "~/domain/users/user-accounts.server";
import { loginSchema } from "~/domain/users/auth.schema";
import { mergeGuestCart } from "~/domain/cart/cart.server";
import { guestCartPackNote, type PackAdjustedLine } from "~/domain/cart/cart-words";
import {
  ROLE_REFUSED_API_MESSAGE,
  ROLE_REFUSED_MESSAGE,
  ROLE_REFUSED_TITLE,
  staffMay,
  type StaffArea,
  type StaffRole,
} from "~/domain/users/staff-roles";
import { getDb } from "./db.server";
import { noteRequestUser } from "./log.server";
import { sameSitePath } from "./safe-redirect";
import { firstIssue, jsonError } from "./http.server";
import type { Failure } from "./result";
import { signInSourceOf } from "./device-cookie.server";
import { recordSignIn } from "~/domain/users/first-sign-in.server";
import {
  commitSession,
  destroySession,
  getSession,
  flashToast,
  sessionStorage,
  startFreshSession,
  type Toast,
} from "./session.server";

/** A failed sign-in, carrying the status and message both doors show. */
export class SignInFailure extends Error {
  constructor(
    readonly status: Failure["status"],
    message: string,
    readonly field?: string,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export const authenticator = new Authenticator<SessionUser>();
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = loginSchema.safeParse({ email: form.get("email"), password: form.get("password") });
    if (!parsed.success) {
      const issue = firstIssue(parsed.error);
      throw new SignInFailure(400, issue.message, issue.field);
    }
    const result = await verifyLogin(getDb(), parsed.data, await signInSourceOf(request));
    if (!result.ok) throw new SignInFailure(result.status, result.message, result.field, result.retryAfter);
    return result.value;
  }),
  "form",
);

const userCache = new WeakMap<Request, Promise<SessionUser | null>>();

/** The signed-in, active user of this request, or null. */
export function getOptionalUser(request: Request): Promise<SessionUser | null> {
  let user = userCache.get(request);
  if (!user) {
    user = getSession(request).then((session) => {
      const id = session.get("userId");
      if (!id) return null;
      const found = findSessionUser(getDb(), id);
      if (!found || !found.isActive) return null;
      noteRequestUser(found.id);
      return found;
    });
    userCache.set(request, user);
  }
  return user;
}

/** Only same-site paths after sign-in. */
export function safeRedirectPath(to: unknown, fallback = "/") {
  return sameSitePath(to, fallback);
}

function loginRedirect(request: Request) {
  const url = new URL(request.url);
  const params = new URLSearchParams({ redirectTo: url.pathname + url.search });
  return redirect(`/login?${params}`);
}

/** Pages: signed-out visitors go to /login and come back afterwards. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) throw loginRedirect(request);
  return user;
}

export const NOT_ADMIN_MESSAGE = "You do not have admin privileges.";

export const ACCESS_DENIED: Toast = {
  title: "Access Denied",
  description: NOT_ADMIN_MESSAGE,
  variant: "destructive",
};

/** A back-office user whose staff role does not cover the screen: back to the back-office home. */
export const ROLE_REFUSED: Toast = { title: ROLE_REFUSED_TITLE, description: ROLE_REFUSED_MESSAGE, variant: "destructive" };
export const BACK_OFFICE_HOME = "/admin";

async function redirectWithNotice(request: Request, to: string, toast: Toast): Promise<never> {
  const session = await getSession(request);
  session.flash("toast", toast);
  throw redirect(to, { headers: { "Set-Cookie": await commitSession(session) } });
}

/**
 * Back-office pages of one area (app/domain/users/staff-roles.ts): signed-out visitors sign in first; customers
 * and suppliers go home with the "Access Denied" notice (a supplier's home is the supplier area: sent to "/",
 * the notice was read, and so used up, by the root loader of "/" while that page redirected on); staff whose
 * role does not cover the area go to the back-office home with "Your role cannot use this screen."
 */
export async function requireStaff(request: Request, area: StaffArea): Promise<SessionUser & { staffRole: StaffRole }> {
  const user = await requireUser(request);
  if (user.role !== "admin" || !user.staffRole) {
    return redirectWithNotice(request, user.role === "supplier" ? SUPPLIER_HOME : "/", ACCESS_DENIED);
  }
  if (!staffMay(user.staffRole, area)) return redirectWithNotice(request, BACK_OFFICE_HOME, ROLE_REFUSED);
  return user as SessionUser & { staffRole: StaffRole };
}

/** Back-office pages for full admins only (settings, the System page, staff roles). */
export function requireAdmin(request: Request) {
  return requireStaff(request, "system");
}

/** Where a supplier's account lives: their own purchase orders and invoices, and nothing else. */
export const SUPPLIER_HOME = "/supplier";
export const SUPPLIER_REFUSED_MESSAGE =
  "Supplier accounts cannot use the customer areas: your purchase orders and invoices are in the supplier area.";
const SUPPLIER_REFUSED: Toast = { title: "Supplier area", description: SUPPLIER_REFUSED_MESSAGE, variant: "destructive" };

function sendToSupplierArea(request: Request): Promise<never> {
  return redirectWithNotice(request, SUPPLIER_HOME, SUPPLIER_REFUSED);
}

/**
 * Pages of the customer areas (cart, checkout, account, quick order, templates, returns, loyalty, product
 * requests) where a visitor may be a guest: a signed-in supplier is sent to the supplier area instead.
 */
export async function refuseSupplier(request: Request, user: SessionUser | null): Promise<void> {
  if (user?.role === "supplier") await sendToSupplierArea(request);
}

/** Signed-in pages of the customer areas: customers and admins; suppliers are sent to their own area. */
export async function requireBuyer(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  await refuseSupplier(request, user);
  return user;
}

/** Where a person refused a customer area by their company role is sent: their account page, which every role may open. */
export const COMPANY_ROLE_HOME = "/account";

/**
 * Customer pages where a guest may be too (the cart): a signed-in supplier goes to the supplier area, a person
 * whose company role does not cover the area to their account page with the reason
 * (docs/decisions/0069-company-roles.md).
 */
export async function refuseCompanyRole(request: Request, user: SessionUser | null, area: CompanyArea): Promise<void> {
  await refuseSupplier(request, user);
  if (user?.companyRole && !companyMay(user.companyRole, area)) {
    const description = companyRoleRefusal(user.companyRole, area);
    await redirectWithNotice(request, COMPANY_ROLE_HOME, { title: COMPANY_ROLE_REFUSED_TITLE, description, variant: "destructive" });
  }
}

/** Signed-in customer pages of one company area: sign in first; a role that does not cover it is sent to /account with the reason. */
export async function requireCompanyRole(request: Request, area: CompanyArea): Promise<SessionUser> {
  const user = await requireUser(request);
  await refuseCompanyRole(request, user, area);
  return user;
}

/** The supplier area: signed-out visitors sign in first; any other role goes home. */
export async function requireSupplier(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== "supplier") throw redirect("/");
  return user;
}

export const UNAUTHORIZED_MESSAGE = "Unauthorized";

/** API: 401 when signed out. */
export async function requireApiUser(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) throw jsonError(401, UNAUTHORIZED_MESSAGE);
  return user;
}

/** Customer APIs where a guest may call too: 403 for a signed-in supplier. */
export function refuseApiSupplier(user: SessionUser | null): void {
  if (user?.role === "supplier") throw jsonError(403, SUPPLIER_REFUSED_MESSAGE);
}

/** Customer APIs: 401 when signed out, 403 for a supplier (customers and admins pass). */
export async function requireApiBuyer(request: Request): Promise<SessionUser> {
  const user = await requireApiUser(request);
  refuseApiSupplier(user);
  return user;
}

/** Customer APIs where a guest may call too (the cart): 403 for a supplier or a company role that does not cover the area. */
export function refuseApiCompanyRole(user: SessionUser | null, area: CompanyArea): void {
  refuseApiSupplier(user);
  if (user?.companyRole && !companyMay(user.companyRole, area)) throw jsonError(403, companyRoleRefusal(user.companyRole, area));
}

/** Customer APIs of one company area: 401 when signed out, 403 for a supplier or a company role that does not cover it. */
export async function requireApiCompanyRole(request: Request, area: CompanyArea): Promise<SessionUser> {
  const user = await requireApiUser(request);
  refuseApiCompanyRole(user, area);
  return user;
}

/** The back office's API of one area: 401 when signed out, 403 for customers, suppliers and staff whose role does not cover it. */
export async function requireApiStaff(request: Request, area: StaffArea): Promise<SessionUser & { staffRole: StaffRole }> {
  const user = await requireApiUser(request);
  if (user.role !== "admin" || !user.staffRole) throw jsonError(403, NOT_ADMIN_MESSAGE);
  if (!staffMay(user.staffRole, area)) throw jsonError(403, ROLE_REFUSED_API_MESSAGE);
  return user as SessionUser & { staffRole: StaffRole };
}

/** API for full admins only: 401 when signed out, 403 for anyone else. */
export function requireApiAdmin(request: Request) {
  return requireApiStaff(request, "system");
}

/**
 * Signs a user in on a fresh session id (the old one is destroyed, so a session id planted before sign-in
 * is worthless afterwards). A guest cart in the old session is merged into the user's saved cart, so it
 * follows them from now on. Returns the Set-Cookie header.
 */
export async function startUserSession(
  request: Request,
  user: SessionUser,
  toast?: Toast,
): Promise<{ cookie: string; cartAdjusted: PackAdjustedLine[]; cartNote: string }> {
  const previous = await getSession(request);
  // lines moved to their pack size on the way in are reported, never changed silently
  const { adjusted } = mergeGuestCart(getDb(), previous, user.id);
  const cartNote = guestCartPackNote(adjusted);
  if (previous.id) await sessionStorage.destroySession(previous);
  const cookie = await startFreshSession(request, { userId: user.id });
  noteRequestUser(user.id);
  recordSignIn(getDb(), user.id);
  if (!toast) return { cookie, cartAdjusted: adjusted, cartNote };
  const said = cartNote ? { ...toast, description: [toast.description, cartNote].filter(Boolean).join(" ") } : toast;
  return { cookie: await flashToast(request, said), cartAdjusted: adjusted, cartNote };
}

/** Ends this request's session. Returns the Set-Cookie header that clears the cookie. */
export async function endSession(request: Request) {
  return destroySession(await getSession(request));
}

/**
 * The Company screen: signed-out visitors sign in first; anyone but a company admin gets 403 with the reason,
 * before anything they sent is read.
 */
export async function requireCompanyAdmin(request: Request): Promise<SessionUser> {
  const user = await requireBuyer(request);
  const admin = companyAdminOf(user);
  if (!admin.ok) throw json({ message: admin.message }, { status: admin.status });
  return user;
}

/** /api/company/*: 401 signed out, 403 for anyone but a company admin. */
export async function requireApiCompanyAdmin(request: Request): Promise<SessionUser> {
  const user = await requireApiBuyer(request);
  const admin = companyAdminOf(user);
  if (!admin.ok) throw jsonError(admin.status, admin.message);
  return user;
}
