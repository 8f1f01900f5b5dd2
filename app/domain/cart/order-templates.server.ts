/**
 * Order templates: a customer saves a cart as a named list and loads it back into the cart later.
 * A template belongs to one user; anyone else asking for it gets "not found", never a hint it exists.
 * Items keep the product's name as it was, so a template can still say what a deleted product was.
 */
import { and, count, desc, eq, inArray } from "drizzle-orm";
import { orderTemplates, products, productVariants } from "~db/schema";
import { companyIdOfUser } from "~/domain/companies/companies.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import { buyerFor } from "~/domain/pricing/pricing.server";
import { writeTransaction, type DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { fail, ok, type Result } from "~/utils/result";
import { addLinesToCart, type BulkAddResult } from "./cart-bulk.server";
import { getCart, resolveVariants, type Cart } from "./cart.server";
import { type CartOwner } from "./cart-lines.server";
import { MAX_LINE_QUANTITY, variantKey, type SelectedVariants } from "./cart.schema";
import {
  MAX_TEMPLATE_ITEMS,
  MAX_TEMPLATES_PER_USER,
  TEMPLATE_NOT_FOUND,
  type CreateTemplateInput,
  type SaveTemplateInput,
} from "./order-template.schema";
import type { Buyer } from "~/domain/pricing/pricing.server";

export type TemplateItem = {
  productId: number;
  productName: string;
  quantity: number;
  selectedVariants: SelectedVariants;
};

/** A template as screens and the API show it (JSON-safe: createdAt is an ISO string). */
export type OrderTemplateView = {
  id: number;
  name: string;
  description: string | null;
  items: TemplateItem[];
  createdAt: string;
};

type TemplateRow = typeof orderTemplates.$inferSelect;

function viewOf(row: TemplateRow): OrderTemplateView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    items: row.items.map(({ productId, productName, quantity, selectedVariants }) => ({
      productId,
      productName,
      quantity,
      selectedVariants: selectedVariants ?? {},
    })),
    createdAt: row.createdAt.toISOString(),
  };
}

function countTemplates(db: DB, userId: string): number {
  const row = db.select({ value: count() }).from(orderTemplates).where(eq(orderTemplates.userId, userId)).get();
  return row?.value ?? 0;
}

const TOO_MANY_TEMPLATES = `You already have ${MAX_TEMPLATES_PER_USER} templates, the most you can keep. Delete one you no longer use first.`;

function insertTemplate(
  db: DB,
  userId: string,
  input: SaveTemplateInput,
  items: TemplateItem[],
): Result<OrderTemplateView> {
  return writeTransaction(db, (tx) => {
    if (countTemplates(tx, userId) >= MAX_TEMPLATES_PER_USER) return fail(409, TOO_MANY_TEMPLATES);
    const row = tx
      .insert(orderTemplates)
      .values({ userId, companyId: companyIdOfUser(userId), name: input.name, description: input.description, items })
      .returning()
      .get();
    return ok(viewOf(row));
  });
}

/** Same product with the same variants is one line: quantities add up (capped at the line limit). */
function mergeItems(items: TemplateItem[]): TemplateItem[] {
  const byLine = new Map<string, TemplateItem>();
  for (const item of items) {
    const id = `${item.productId}|${variantKey(item.selectedVariants)}`;
    const same = byLine.get(id);
    if (same) same.quantity = Math.min(MAX_LINE_QUANTITY, same.quantity + item.quantity);
    else byLine.set(id, { ...item });
  }
  return [...byLine.values()];
}

const EMPTY_CART_TEMPLATE = "Your cart is empty. Add products before saving a template.";

/** Saves the lines of the (priced, current) cart as a new template of the user's. */
function saveTemplateFromCart(
  db: DB,
  userId: string,
  cart: Pick<Cart, "lines">,
  input: SaveTemplateInput,
): Result<OrderTemplateView> {
  if (cart.lines.length === 0) return fail(400, EMPTY_CART_TEMPLATE);
  const items = cart.lines.slice(0, MAX_TEMPLATE_ITEMS).map((line) => ({
    productId: line.productId,
    productName: line.productName,
    quantity: line.quantity,
    selectedVariants: line.selectedVariants,
  }));
  return insertTemplate(db, userId, input, mergeItems(items));
}

/**
 * Creates a template from an API client's items. Every product must exist (400 naming the item's field)
 * and every variant choice must be one of the product's options; names are the products' own.
 */
function createTemplate(db: DB, userId: string, input: CreateTemplateInput): Result<OrderTemplateView> {
  const ids = [...new Set(input.items.map((item) => item.productId))];
  const found = new Map<number, string>();
  const groups = new Map<number, { name: string; options: string[] }[]>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    for (const row of db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, chunk)).all()) {
      found.set(row.id, row.name);
    }
    for (const row of db
      .select({ productId: productVariants.productId, name: productVariants.name, options: productVariants.options })
      .from(productVariants)
      .where(inArray(productVariants.productId, chunk))
      .orderBy(productVariants.position, productVariants.id)
      .all()) {
      const list = groups.get(row.productId) ?? [];
      list.push({ name: row.name, options: row.options });
      groups.set(row.productId, list);
    }
  }

  const items: TemplateItem[] = [];
  for (const [index, item] of input.items.entries()) {
    const name = found.get(item.productId);
    if (name === undefined) return fail(400, `Product ${item.productId} not found`, `items.${index}.productId`);
    const variants = resolveVariants(groups.get(item.productId) ?? [], item.selectedVariants);
    if (!variants.ok) {
      return fail(400, variants.description ? `${name}: ${variants.description}` : variants.message, `items.${index}.selectedVariants`);
    }
    items.push({ productId: item.productId, productName: name, quantity: item.quantity, selectedVariants: variants.value });
  }
  return insertTemplate(db, userId, { name: input.name, description: input.description }, mergeItems(items));
}

/** The user's templates, newest first (at most MAX_TEMPLATES_PER_USER exist). */
export function listTemplates(db: DB, userId: string): OrderTemplateView[] {
  return db
    .select()
    .from(orderTemplates)
    .where(eq(orderTemplates.userId, userId))
    .orderBy(desc(orderTemplates.createdAt), desc(orderTemplates.id))
    .all()
    .map(viewOf);
}

export type TemplatePage = { items: OrderTemplateView[]; total: number; page: number; pageCount: number; pageSize: number };

/** One page of the user's templates, newest first; a page past the end shows the last page. */
export function listTemplatesPage(db: DB, userId: string, { page = 1, pageSize = 10 } = {}): TemplatePage {
  const total = countTemplates(db, userId);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.trunc(Number.isFinite(page) ? page : 1)), pageCount);
  const items = db
    .select()
    .from(orderTemplates)
    .where(eq(orderTemplates.userId, userId))
    .orderBy(desc(orderTemplates.createdAt), desc(orderTemplates.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .all()
    .map(viewOf);
  return { items, total, page: current, pageCount, pageSize };
}

/** One of the user's templates, or null (unknown, or someone else's). */
export function getTemplate(db: DB, userId: string, templateId: number): OrderTemplateView | null {
  const row = db
    .select()
    .from(orderTemplates)
    .where(and(eq(orderTemplates.id, templateId), eq(orderTemplates.userId, userId)))
    .get();
  return row ? viewOf(row) : null;
}

export type LoadedTemplate = BulkAddResult & { templateId: number; templateName: string };

/**
 * Adds a template's items to the buyer's cart. Each product is checked as if added by hand (it exists, the
 * variants are still offered); an item short of stock puts in what there is and is reported as short, items
 * of deleted products or options no longer offered are skipped and reported, the rest are added. For a
 * user's cart it is one write transaction.
 */
function loadTemplateIntoCart(
  db: DB,
  owner: CartOwner,
  buyer: Buyer,
  userId: string,
  templateId: number,
): Result<LoadedTemplate> {
  const load = (tx: DB): Result<LoadedTemplate> => {
    const template = getTemplate(tx, userId, templateId);
    if (!template) return fail(404, TEMPLATE_NOT_FOUND);
    const result = addLinesToCart(tx, owner, buyer, template.items, { upTo: true });
    return ok({ templateId: template.id, templateName: template.name, ...result });
  };
  return owner.kind === "user" ? writeTransaction(db, load) : load(db);
}

/** Deletes one of the user's templates; someone else's (or an unknown id) is 404 and nothing changes. */
export function deleteTemplate(db: DB, userId: string, templateId: number): Result<{ id: number; name: string }> {
  const row = db
    .delete(orderTemplates)
    .where(and(eq(orderTemplates.id, templateId), eq(orderTemplates.userId, userId)))
    .returning({ id: orderTemplates.id, name: orderTemplates.name })
    .get();
  return row ? ok(row) : fail(404, TEMPLATE_NOT_FOUND);
}

// ─── Repeat-safe use cases ──────────────────────────────────────────────────
//
// Each takes the key the form or API request carries: a repeat (double click, a retry after a lost reply)
// answers what the first did and changes nothing more. Failures are not kept, so a corrected retry works.

/** Save as Template on the cart page: the signed-in user's cart, priced now, as a new template. */
export function saveCartAsTemplate(
  db: DB,
  user: SessionUser,
  input: SaveTemplateInput,
  idempotencyKey: string | null,
): Result<OrderTemplateView> {
  return runOnce(
    db,
    { ownerId: user.id, scope: REPEAT_SCOPE.templateCreate, key: idempotencyKey, command: input },
    (tx) => saveTemplateFromCart(tx, user.id, getCart(tx, { kind: "user", userId: user.id }, buyerFor(tx, user)), input),
    (outcome) => outcome.ok,
  ).result;
}

/** POST /api/order-templates: a template from the client's items. */
export function createTemplateOnce(
  db: DB,
  userId: string,
  input: CreateTemplateInput,
  idempotencyKey: string | null,
): Result<OrderTemplateView> {
  return runOnce(
    db,
    { ownerId: userId, scope: REPEAT_SCOPE.templateCreate, key: idempotencyKey, command: input },
    (tx) => createTemplate(tx, userId, input),
    (outcome) => outcome.ok,
  ).result;
}

/** Load into Cart: one of the user's templates into their cart, at today's prices. */
export function loadTemplateIntoCartOnce(
  db: DB,
  user: SessionUser,
  templateId: number,
  idempotencyKey: string | null,
): Result<LoadedTemplate> {
  return runOnce(
    db,
    { ownerId: user.id, scope: scopeFor(REPEAT_SCOPE.templateLoad, templateId), key: idempotencyKey, command: { templateId } },
    (tx) => loadTemplateIntoCart(tx, { kind: "user", userId: user.id }, buyerFor(tx, user), user.id, templateId),
    (outcome) => outcome.ok,
  ).result;
}

/** Delete on the templates page. */
export function deleteTemplateOnce(
  db: DB,
  userId: string,
  templateId: number,
  idempotencyKey: string | null,
): Result<{ id: number; name: string }> {
  return runOnce(
    db,
    { ownerId: userId, scope: scopeFor(REPEAT_SCOPE.templateDelete, templateId), key: idempotencyKey, command: { templateId } },
    (tx) => deleteTemplate(tx, userId, templateId),
    (outcome) => outcome.ok,
  ).result;
}
