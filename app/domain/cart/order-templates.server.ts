/**
 * Order templates: a customer saves a cart as a named list and loads it back into the cart later.
 * A template belongs to its maker; shared, it is also a requisition list of the maker's company
 * (docs/decisions/0068-shared-lists.md, rules in template-access.ts). Anyone else asking for it gets
 * "not found", never a hint it exists.
 * Items keep the product's name as it was, so a template can still say what a deleted product was.
 */
import { and, count, desc, eq, ne, type SQL } from "drizzle-orm";
import { orderTemplates, users } from "~db/schema";
import { companyIdOfUser, VIEWER_MESSAGE } from "~/domain/companies/companies.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import { buyerFor } from "~/domain/pricing/pricing.server";
import { writeTransaction, type DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { fail, ok, type Result } from "~/utils/result";
import { addLinesToCart, type BulkAddResult } from "./cart-bulk.server";
import { getCart } from "./cart.server";
import { type CartOwner } from "./cart-lines.server";
import {
  MAX_TEMPLATES_PER_USER,
  TEMPLATE_NOT_FOUND,
  type CreateTemplateInput,
  type SaveTemplateInput,
} from "./order-template.schema";
import { itemsOfCart, resolveTemplateItems, type TemplateItem } from "./template-items.server";
import {
  mayChangeTemplate,
  mayOrder,
  maySeeTemplate,
  TEMPLATE_CHANGE_REFUSED,
  type TemplateActor,
} from "./template-access";
import type { Buyer } from "~/domain/pricing/pricing.server";

export type { TemplateItem };

/** A template as screens and the API show it (JSON-safe: dates are ISO strings). */
export type OrderTemplateView = {
  id: number;
  name: string;
  description: string | null;
  items: TemplateItem[];
  createdAt: string;
  /** shared with the maker's company as a requisition list */
  shared: boolean;
  createdBy: { id: string; name: string };
  /** the last rename, change of lines or of sharing */
  updatedAt: string;
  /** whether the person asking may rename, change, share, unshare or delete it */
  canEdit: boolean;
};

export type TemplateRow = typeof orderTemplates.$inferSelect;

/** A template with its maker's name, as every query below reads it. */
const withMaker = {
  row: orderTemplates,
  makerFirstName: users.firstName,
  makerLastName: users.lastName,
  makerEmail: users.email,
};
type RowWithMaker = { row: TemplateRow; makerFirstName: string | null; makerLastName: string | null; makerEmail: string };

function selectWithMaker(db: DB) {
  return db.select(withMaker).from(orderTemplates).innerJoin(users, eq(users.id, orderTemplates.userId));
}

function viewOf({ row, makerFirstName, makerLastName, makerEmail }: RowWithMaker, actor: TemplateActor): OrderTemplateView {
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
    shared: row.shared,
    createdBy: { id: row.userId, name: [makerFirstName, makerLastName].filter(Boolean).join(" ") || makerEmail },
    updatedAt: (row.updatedAt ?? row.createdAt).toISOString(),
    canEdit: mayChangeTemplate(actor, row),
  };
}

/** The actor's own templates. */
const ownBy = (actor: TemplateActor): SQL => eq(orderTemplates.userId, actor.id);

/** Lists colleagues have shared with the actor's company (the actor's own are among their own). */
function sharedWith(actor: TemplateActor): SQL | undefined {
  if (actor.companyId === null) return undefined;
  return and(eq(orderTemplates.shared, true), eq(orderTemplates.companyId, actor.companyId), ne(orderTemplates.userId, actor.id));
}

const newestFirst = [desc(orderTemplates.createdAt), desc(orderTemplates.id)];

function countTemplates(db: DB, where: SQL): number {
  const row = db.select({ value: count() }).from(orderTemplates).where(where).get();
  return row?.value ?? 0;
}

/**
 * One template as the actor may use it: 404 when it is not theirs to see, 403 {message} when they may see it
 * but not do this (change it, or load it as a viewer).
 */
export function templateFor(db: DB, actor: TemplateActor, templateId: number, need: "see" | "load" | "change"): Result<TemplateRow> {
  const row = db.select().from(orderTemplates).where(eq(orderTemplates.id, templateId)).get();
  if (!row || !maySeeTemplate(actor, row)) return fail(404, TEMPLATE_NOT_FOUND);
  if (need !== "see" && !mayOrder(actor)) return fail(403, VIEWER_MESSAGE);
  if (need === "change" && !mayChangeTemplate(actor, row)) return fail(403, TEMPLATE_CHANGE_REFUSED);
  return ok(row);
}

/** The view of one template row, with its maker's name. */
export function viewOfTemplate(db: DB, actor: TemplateActor, templateId: number): OrderTemplateView | null {
  const found = selectWithMaker(db).where(eq(orderTemplates.id, templateId)).get();
  return found ? viewOf(found, actor) : null;
}

const TOO_MANY_TEMPLATES = `You already have ${MAX_TEMPLATES_PER_USER} templates, the most you can keep. Delete one you no longer use first.`;

/** A new template of the actor's, in their company, private until shared. */
export function insertTemplate(
  db: DB,
  actor: TemplateActor,
  input: SaveTemplateInput,
  items: TemplateItem[],
): Result<OrderTemplateView> {
  return writeTransaction(db, (tx) => {
    if (countTemplates(tx, ownBy(actor)) >= MAX_TEMPLATES_PER_USER) return fail(409, TOO_MANY_TEMPLATES);
    const now = new Date(); // made and last changed at the same moment
    const row = tx
      .insert(orderTemplates)
      .values({
        userId: actor.id,
        companyId: companyIdOfUser(actor.id),
        name: input.name,
        description: input.description,
        items,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orderTemplates.id })
      .get();
    return ok(viewOfTemplate(tx, actor, row.id)!);
  });
}

/** Creates a template from an API client's items. */
function createTemplate(db: DB, actor: TemplateActor, input: CreateTemplateInput): Result<OrderTemplateView> {
  const items = resolveTemplateItems(db, input.items);
  if (!items.ok) return items;
  return insertTemplate(db, actor, { name: input.name, description: input.description }, items.value);
}

/** The API's list: the actor's own templates, newest first, then the lists colleagues share, newest first. */
export function listTemplates(db: DB, actor: TemplateActor): OrderTemplateView[] {
  const own = selectWithMaker(db).where(ownBy(actor)).orderBy(...newestFirst).all();
  const shared = sharedWith(actor);
  const colleagues = shared ? selectWithMaker(db).where(shared).orderBy(...newestFirst).all() : [];
  return [...own, ...colleagues].map((found) => viewOf(found, actor));
}

export type TemplatePage = { items: OrderTemplateView[]; total: number; page: number; pageCount: number; pageSize: number };

function pageOf(db: DB, actor: TemplateActor, where: SQL | undefined, { page = 1, pageSize = 10 }): TemplatePage {
  const total = where ? countTemplates(db, where) : 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.trunc(Number.isFinite(page) ? page : 1)), pageCount);
  const items = where
    ? selectWithMaker(db)
        .where(where)
        .orderBy(...newestFirst)
        .limit(pageSize)
        .offset((current - 1) * pageSize)
        .all()
        .map((found) => viewOf(found, actor))
    : [];
  return { items, total, page: current, pageCount, pageSize };
}

/** One page of the actor's own templates, newest first; a page past the end shows the last page. */
export function listTemplatesPage(db: DB, actor: TemplateActor, options: { page?: number; pageSize?: number } = {}): TemplatePage {
  return pageOf(db, actor, ownBy(actor), options);
}

/** One page of the lists colleagues share with the actor's company, newest first. */
export function listSharedTemplatesPage(db: DB, actor: TemplateActor, options: { page?: number; pageSize?: number } = {}): TemplatePage {
  return pageOf(db, actor, sharedWith(actor), options);
}

/** One template the actor may see (their own, or one shared with their company), or null. */
export function getTemplate(db: DB, actor: TemplateActor, templateId: number): OrderTemplateView | null {
  const found = selectWithMaker(db).where(eq(orderTemplates.id, templateId)).get();
  return found && maySeeTemplate(actor, found.row) ? viewOf(found, actor) : null;
}

export type LoadedTemplate = BulkAddResult & { templateId: number; templateName: string };

/**
 * Adds a template's items to the buyer's cart. Each product is checked as if added by hand (it exists, the
 * variants are still offered); an item short of stock puts in what there is and is reported as short, items
 * of deleted products or options no longer offered are skipped and reported, the rest are added. For a
 * user's cart it is one write transaction. A shared list loads exactly as one's own, at the loader's prices.
 */
function loadTemplateIntoCart(
  db: DB,
  owner: CartOwner,
  buyer: Buyer,
  actor: TemplateActor,
  templateId: number,
): Result<LoadedTemplate> {
  const load = (tx: DB): Result<LoadedTemplate> => {
    const template = templateFor(tx, actor, templateId, "load");
    if (!template.ok) return template;
    const result = addLinesToCart(tx, owner, buyer, template.value.items, { upTo: true });
    return ok({ templateId: template.value.id, templateName: template.value.name, ...result });
  };
  return owner.kind === "user" ? writeTransaction(db, load) : load(db);
}

/** Deletes a template the actor may change: 404 when not theirs to see, 403 when theirs only to load. */
export function deleteTemplate(db: DB, actor: TemplateActor, templateId: number): Result<{ id: number; name: string }> {
  return writeTransaction(db, (tx) => {
    const template = templateFor(tx, actor, templateId, "change");
    if (!template.ok) return template;
    tx.delete(orderTemplates).where(eq(orderTemplates.id, templateId)).run();
    return ok({ id: template.value.id, name: template.value.name });
  });
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
    (tx) => {
      const items = itemsOfCart(getCart(tx, { kind: "user", userId: user.id }, buyerFor(tx, user)));
      return items.ok ? insertTemplate(tx, user, input, items.value) : items;
    },
    (outcome) => outcome.ok,
  ).result;
}

/** POST /api/order-templates: a template from the client's items. */
export function createTemplateOnce(
  db: DB,
  actor: TemplateActor,
  input: CreateTemplateInput,
  idempotencyKey: string | null,
): Result<OrderTemplateView> {
  return runOnce(
    db,
    { ownerId: actor.id, scope: REPEAT_SCOPE.templateCreate, key: idempotencyKey, command: input },
    (tx) => createTemplate(tx, actor, input),
    (outcome) => outcome.ok,
  ).result;
}

/** Load into Cart: one of the user's templates, or a list shared with their company, into their cart, at today's prices. */
export function loadTemplateIntoCartOnce(
  db: DB,
  user: SessionUser,
  templateId: number,
  idempotencyKey: string | null,
): Result<LoadedTemplate> {
  return runOnce(
    db,
    { ownerId: user.id, scope: scopeFor(REPEAT_SCOPE.templateLoad, templateId), key: idempotencyKey, command: { templateId } },
    (tx) => loadTemplateIntoCart(tx, { kind: "user", userId: user.id }, buyerFor(tx, user), user, templateId),
    (outcome) => outcome.ok,
  ).result;
}

/** Delete on the templates page. */
export function deleteTemplateOnce(
  db: DB,
  actor: TemplateActor,
  templateId: number,
  idempotencyKey: string | null,
): Result<{ id: number; name: string }> {
  return runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.templateDelete, templateId), key: idempotencyKey, command: { templateId } },
    (tx) => deleteTemplate(tx, actor, templateId),
    (outcome) => outcome.ok,
  ).result;
}
