/**
 * Keeping a template up to date, sharing it with the company, and saving a copy of a shared list
 * (docs/decisions/0068-shared-lists.md). Who may do which is in template-access.ts; every use case here
 * answers 404 for a template the actor may not see and 403 {message} for one they may only load.
 */
import { eq } from "drizzle-orm";
import { orderTemplates } from "~db/schema";
import { buyerFor } from "~/domain/pricing/pricing.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import { writeTransaction, type DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { ok, type Result } from "~/utils/result";
import { getCart } from "./cart.server";
import type { CopyTemplateInput, SaveTemplateInput, UpdateTemplateInput } from "./order-template.schema";
import { insertTemplate, templateFor, viewOfTemplate, type OrderTemplateView } from "./order-templates.server";
import type { TemplateActor } from "./template-access";
import { itemsOfCart, resolveTemplateItems, type TemplateItem } from "./template-items.server";

type TemplateChange = {
  name?: string;
  description?: string | null;
  shared?: boolean;
  items?: TemplateItem[];
};

/** Writes a change to a template the actor may change; every change is dated, for "last changed". */
function applyChange(tx: DB, actor: TemplateActor, templateId: number, change: TemplateChange): Result<OrderTemplateView> {
  const template = templateFor(tx, actor, templateId, "change");
  if (!template.ok) return template;
  tx.update(orderTemplates)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(orderTemplates.id, templateId))
    .run();
  return ok(viewOfTemplate(tx, actor, templateId)!);
}

/** PATCH /api/order-templates/{id}: rename, describe, share or unshare, or replace the lines. */
export function updateTemplate(db: DB, actor: TemplateActor, templateId: number, input: UpdateTemplateInput): Result<OrderTemplateView> {
  return writeTransaction(db, (tx) => {
    // the refusal for someone who may not change it comes before any complaint about the items they sent
    const allowed = templateFor(tx, actor, templateId, "change");
    if (!allowed.ok) return allowed;
    const { items: sent, ...fields } = input;
    const items = sent ? resolveTemplateItems(tx, sent) : ok(undefined);
    if (!items.ok) return items;
    return applyChange(tx, actor, templateId, { ...fields, ...(items.value ? { items: items.value } : {}) });
  });
}

/** Share with the company, or stop sharing, from the templates page. */
export function setTemplateShared(db: DB, actor: TemplateActor, templateId: number, shared: boolean): Result<OrderTemplateView> {
  return writeTransaction(db, (tx) => applyChange(tx, actor, templateId, { shared }));
}

/**
 * The templates page's Edit: a new name and description and, when asked, the signed-in user's cart (priced
 * now) as the new lines; an empty cart is refused and nothing changes.
 */
export function editTemplate(
  db: DB,
  user: SessionUser,
  templateId: number,
  input: SaveTemplateInput & { replaceLines: boolean },
): Result<OrderTemplateView> {
  return writeTransaction(db, (tx) => {
    const allowed = templateFor(tx, user, templateId, "change");
    if (!allowed.ok) return allowed;
    const change: TemplateChange = { name: input.name, description: input.description };
    if (input.replaceLines) {
      const items = itemsOfCart(getCart(tx, { kind: "user", userId: user.id }, buyerFor(tx, user)));
      if (!items.ok) return items;
      change.items = items.value;
    }
    return applyChange(tx, user, templateId, change);
  });
}

/**
 * Save a copy as my own template: a list the actor may load (their own, or one shared with their company)
 * becomes a new private template of theirs, with its name unless another is given. Repeat-safe by key.
 */
export function copyTemplateOnce(
  db: DB,
  actor: TemplateActor,
  templateId: number,
  input: CopyTemplateInput,
  idempotencyKey: string | null,
): Result<OrderTemplateView> {
  return runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.templateCopy, templateId), key: idempotencyKey, command: { templateId, ...input } },
    (tx) => {
      const template = templateFor(tx, actor, templateId, "load");
      if (!template.ok) return template;
      const { name, description, items } = template.value;
      return insertTemplate(tx, actor, { name: input.name ?? name, description }, items);
    },
    (outcome) => outcome.ok,
  ).result;
}
