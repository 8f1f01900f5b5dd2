/**
 * How cart lines are kept: a guest's in the server session (`guestCart`; the caller commits the session), a
 * signed-in user's in cart_items. Every change goes through `changeCart`, so the rules in cart.server.ts
 * never care which of the two they are changing. Also the header badge's count, read without pricing.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { cartItems, users } from "~db/schema";
import { VIEWER_MESSAGE } from "~/domain/companies/companies.server";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import { writeTransaction, type DB } from "~/utils/db.server";
import { fail, ok, type Failure, type Success } from "~/utils/result";
import type { AppSession } from "~/utils/session.server";
import { MAX_LINE_QUANTITY, variantKey, type SelectedVariants } from "./cart.schema";

/** Whose cart: a signed-in user's (cart_items) or a guest's (the session's `guestCart`). */
export type CartOwner = { kind: "user"; userId: string } | { kind: "guest"; session: AppSession };

/** A guest cart line as stored in the session. */
export type GuestCartLine = {
  productId: number;
  selectedVariants: SelectedVariants;
  quantity: number;
  /** unit price ex VAT (pence) the buyer saw for this line, or null when unknown */
  priceWhenAdded: number | null;
};

/** A cart failure may carry a longer explanation for the toast's description. */
export type CartFailure = Failure & { description?: string };
export type CartResult<T> = Success<T> | CartFailure;

/** More lines than this is not a cart but a catalogue: refuse further new lines. */
export const MAX_CART_LINES = 1000;
export const LINE_NOT_IN_CART = "This item is no longer in your cart";

export function cartOwnerOf(user: SessionUser | null, session: AppSession): CartOwner {
  return user ? { kind: "user", userId: user.id } : { kind: "guest", session };
}

// ─── Stored lines ───────────────────────────────────────────────────────────

export type StoredLine = GuestCartLine & { variantKey: string };

export const lineId = (line: { productId: number; variantKey: string }) => `${line.productId}|${line.variantKey}`;

const guestLineSchema = z.object({
  productId: z.number().int().positive(),
  selectedVariants: z.record(z.string()).catch({}),
  quantity: z.number().int().positive().max(MAX_LINE_QUANTITY),
  priceWhenAdded: z.number().int().nonnegative().nullable().catch(null),
});

/** The session's guest lines; anything malformed (an old format, a tampered value) is ignored. */
export function parseGuestLines(value: unknown): StoredLine[] {
  if (!Array.isArray(value)) return [];
  const lines: StoredLine[] = [];
  const byId = new Map<string, StoredLine>();
  for (const raw of value) {
    const parsed = guestLineSchema.safeParse(raw);
    if (!parsed.success) continue;
    const line = { ...parsed.data, variantKey: variantKey(parsed.data.selectedVariants) };
    const same = byId.get(lineId(line));
    if (same) {
      same.quantity = Math.min(MAX_LINE_QUANTITY, same.quantity + line.quantity);
      continue;
    }
    byId.set(lineId(line), line);
    lines.push(line);
  }
  return lines;
}

export function writeGuestLines(session: AppSession, lines: StoredLine[]) {
  if (lines.length === 0) {
    session.unset("guestCart");
    return;
  }
  const stored: GuestCartLine[] = lines.map(({ productId, selectedVariants, quantity, priceWhenAdded }) => ({
    productId,
    selectedVariants,
    quantity,
    priceWhenAdded,
  }));
  session.set("guestCart", stored);
}

function readUserLines(db: DB, userId: string): StoredLine[] {
  return db
    .select({
      productId: cartItems.productId,
      selectedVariants: cartItems.selectedVariants,
      variantKey: cartItems.variantKey,
      quantity: cartItems.quantity,
      priceWhenAdded: cartItems.priceWhenAdded,
    })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.id))
    .all();
}

/** Writes only what changed: deleted lines go, changed lines are updated, new lines are inserted in order. */
function writeUserLines(db: DB, userId: string, before: StoredLine[], after: StoredLine[]) {
  if (after.length === 0) {
    if (before.length > 0) db.delete(cartItems).where(eq(cartItems.userId, userId)).run();
    return;
  }
  const previous = new Map(before.map((line) => [lineId(line), line]));
  const kept = new Set(after.map(lineId));
  for (const line of before) {
    if (kept.has(lineId(line))) continue;
    db.delete(cartItems)
      .where(
        and(
          eq(cartItems.userId, userId),
          eq(cartItems.productId, line.productId),
          eq(cartItems.variantKey, line.variantKey),
        ),
      )
      .run();
  }
  // one prepared statement for every line: a 500-line quick order spent more time building 500 inserts than running them
  const upsert = db
    .insert(cartItems)
    .values({
      userId,
      productId: sql.placeholder("productId"),
      selectedVariants: sql.placeholder("selectedVariants"),
      variantKey: sql.placeholder("variantKey"),
      quantity: sql.placeholder("quantity"),
      priceWhenAdded: sql.placeholder("priceWhenAdded"),
    })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId, cartItems.variantKey],
      set: { quantity: sql`excluded.quantity`, priceWhenAdded: sql`excluded.price_when_added` },
    })
    .prepare();
  for (const line of after) {
    const old = previous.get(lineId(line));
    if (old && old.quantity === line.quantity && old.priceWhenAdded === line.priceWhenAdded) continue;
    const { productId, selectedVariants, variantKey, quantity, priceWhenAdded = null } = line;
    upsert.run({ productId, selectedVariants, variantKey, quantity, priceWhenAdded });
  }
}

/**
 * Runs one change over the owner's lines. For users it is one IMMEDIATE transaction (read, check stock,
 * write), so two tabs adding at once cannot both pass the stock check. A failure writes nothing.
 */
export function changeCart<T>(
  db: DB,
  owner: CartOwner,
  change: (lines: StoredLine[]) => CartResult<{ lines: StoredLine[]; value: T }>,
): CartResult<T> {
  if (owner.kind === "guest") {
    const result = change(parseGuestLines(owner.session.get("guestCart")));
    if (!result.ok) return result;
    writeGuestLines(owner.session, result.value.lines);
    return ok(result.value.value);
  }
  return writeTransaction(db, (tx) => {
    // a viewer sees the catalogue and prices but orders nothing: every door into the cart is refused here
    if (companyRoleOf(tx, owner.userId) === "viewer") return fail(403, VIEWER_MESSAGE);
    const before = readUserLines(tx, owner.userId);
    const result = change(before.map((line) => ({ ...line })));
    if (!result.ok) return result;
    writeUserLines(tx, owner.userId, before, result.value.lines);
    return ok(result.value.value);
  });
}

function companyRoleOf(tx: DB, userId: string) {
  return tx.select({ role: users.companyRole }).from(users).where(eq(users.id, userId)).get()?.role ?? null;
}

export function readLines(db: DB, owner: CartOwner): StoredLine[] {
  return owner.kind === "guest" ? parseGuestLines(owner.session.get("guestCart")) : readUserLines(db, owner.userId);
}

// ─── The header badge ───────────────────────────────────────────────────────

export function countUserCartItems(db: DB, userId: string): number {
  const row = db
    .select({ count: sql<number>`coalesce(sum(${cartItems.quantity}), 0)` })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .get();
  return Number(row?.count ?? 0);
}

/** Total units in a guest cart as stored in the session. */
export function countGuestCartItems(guestCart: unknown): number {
  return parseGuestLines(guestCart).reduce((sum, line) => sum + line.quantity, 0);
}

/** Total units in the owner's cart: the badge on the header's Cart link. */
export function countCartItems(db: DB, owner: CartOwner): number {
  return owner.kind === "guest" ? countGuestCartItems(owner.session.get("guestCart")) : countUserCartItems(db, owner.userId);
}
