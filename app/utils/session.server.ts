/**
 * Server-side sessions in the `sessions` table: the cookie carries only the session id, because a
 * 500-line guest cart would never fit in a 4 KB cookie. Sessions are created only when something is
 * stored (sign-in, a guest cart, a flash message), so crawlers do not fill the table.
 */
import crypto from "node:crypto";
import { createCookie, createSessionStorage, type Session } from "@remix-run/node";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { sessions } from "~db/schema";
import path from "node:path";
import { databasePath, getDb, type DB } from "./db.server";
import { sessionSecretFrom } from "./session-secret.server";

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

export type Toast = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
};

export type SessionData = {
  userId?: string;
  /** guest cart lines; signed-in carts live in cart_items */
  guestCart?: unknown;
  /** the back office's point-of-sale basket (the sale in progress at the counter) */
  posBasket?: unknown;
};
export type SessionFlashData = { toast: Toast };
export type AppSession = Session<SessionData, SessionFlashData>;

function sessionSecrets() {
  return [sessionSecretFrom(process.env, path.dirname(databasePath()))];
}

const sessionCookie = createCookie("__session", {
  httpOnly: true,
  path: "/",
  sameSite: "lax",
  secure: process.env.COOKIE_SECURE === "true",
  secrets: sessionSecrets(),
  maxAge: SESSION_MAX_AGE_SECONDS,
});

function expiryFrom(expires?: Date) {
  return (expires ?? new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000)).getTime();
}

/** A guest's session (no one signed in: a cart, a notice) is kept this long after it was last written. */
export const GUEST_SESSION_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Deletes expired sessions and guest sessions not written for GUEST_SESSION_KEEP_MS (a session's expiry
 * is set from its last write, so that is when it was last used). Run by the housekeeping timer.
 */
export function pruneSessions(db: DB, now = Date.now()) {
  const guestsWrittenBefore = now - GUEST_SESSION_KEEP_MS;
  db.delete(sessions)
    .where(
      or(
        lt(sessions.expire, now),
        and(isNull(sessions.userId), lt(sessions.expire, guestsWrittenBefore + SESSION_MAX_AGE_SECONDS * 1000)),
      ),
    )
    .run();
}

let lastSweep = 0;
function sweepExpiredSessions() {
  const now = Date.now();
  if (now - lastSweep < 60 * 60 * 1000) return;
  lastSweep = now;
  getDb().delete(sessions).where(lt(sessions.expire, now)).run();
}

export const sessionStorage = createSessionStorage<SessionData, SessionFlashData>({
  cookie: sessionCookie,
  async createData(data, expires) {
    sweepExpiredSessions();
    const sid = crypto.randomBytes(24).toString("base64url");
    getDb()
      .insert(sessions)
      .values({
        sid,
        sess: JSON.stringify(data),
        expire: expiryFrom(expires),
        userId: (data.userId as string | undefined) ?? null,
      })
      .run();
    return sid;
  },
  async readData(sid) {
    const row = getDb().select().from(sessions).where(eq(sessions.sid, sid)).get();
    if (!row) return null;
    if (row.expire < Date.now()) {
      getDb().delete(sessions).where(eq(sessions.sid, sid)).run();
      return null;
    }
    return JSON.parse(row.sess);
  },
  async updateData(sid, data, expires) {
    getDb()
      .insert(sessions)
      .values({
        sid,
        sess: JSON.stringify(data),
        expire: expiryFrom(expires),
        userId: (data.userId as string | undefined) ?? null,
      })
      .onConflictDoUpdate({
        target: sessions.sid,
        set: {
          sess: JSON.stringify(data),
          expire: expiryFrom(expires),
          userId: (data.userId as string | undefined) ?? null,
        },
      })
      .run();
  },
  async deleteData(sid) {
    getDb().delete(sessions).where(eq(sessions.sid, sid)).run();
  },
});

const sessionCache = new WeakMap<Request, Promise<AppSession>>();

/** The request's session, read once per request however many loaders ask. */
export function getSession(request: Request): Promise<AppSession> {
  let session = sessionCache.get(request);
  if (!session) {
    session = sessionStorage.getSession(request.headers.get("Cookie"));
    sessionCache.set(request, session);
  }
  return session;
}

/**
 * Sets the session's `key` to what is stored now. A request reads its session when it starts; a change that
 * builds on a value another request of the same session may have written meanwhile (two quick presses at the
 * counter) re-reads it first, with no await between this and the commit that writes it back.
 */
export function refreshSessionValue(session: AppSession, key: keyof SessionData) {
  if (!session.id) return;
  const row = getDb().select({ sess: sessions.sess }).from(sessions).where(eq(sessions.sid, session.id)).get();
  if (!row) return;
  const stored = (JSON.parse(row.sess) as SessionData)[key];
  if (stored === undefined) session.unset(key);
  else session.set(key, stored);
}

export function commitSession(session: AppSession) {
  return sessionStorage.commitSession(session);
}

export function destroySession(session: AppSession) {
  return sessionStorage.destroySession(session);
}

/** Ends every session of a user (password change, deactivation), optionally keeping one. */
export function endUserSessions(userId: string, exceptSid?: string) {
  const db = getDb();
  const rows = db.select({ sid: sessions.sid }).from(sessions).where(eq(sessions.userId, userId)).all();
  for (const row of rows) {
    if (row.sid !== exceptSid) db.delete(sessions).where(eq(sessions.sid, row.sid)).run();
  }
}

/**
 * Stores a fresh session (sign-in) and makes it this request's session, so a notice flashed later in the
 * same request (`redirectWithToast`) lands on it rather than on the session it replaced. Returns Set-Cookie.
 */
export async function startFreshSession(request: Request, data: SessionData): Promise<string> {
  const fresh = await sessionStorage.getSession();
  for (const [key, value] of Object.entries(data)) fresh.set(key as keyof SessionData, value);
  const cookie = await commitSession(fresh);
  // read back as the browser will send it ("__session=…"), so it carries its stored id
  sessionCache.set(request, sessionStorage.getSession(cookie.split(";")[0]));
  return cookie;
}

/** Sets a one-time toast on the session and returns the Set-Cookie header to send with a redirect. */
export async function flashToast(request: Request, toast: Toast): Promise<string> {
  const session = await getSession(request);
  session.flash("toast", toast);
  return commitSession(session);
}
