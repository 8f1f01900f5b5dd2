/**
 * Stock levels change only through here, so every change leaves a movement (why, how many, what caused it,
 * the level after) and a product's movements always sum to its stock level. Each function runs inside the
 * caller's write transaction: the movement commits or rolls back with the sale, return or receipt.
 */
import { and, count, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { orders, products, purchaseOrders, returns, stockMovements, users, type StockMovementReason } from "~db/schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import { chunks } from "~/utils/chunks";
import type { DB } from "~/utils/db.server";
import { insertEach } from "~/utils/insert-each.server";
import { runOnce } from "~/utils/idempotency.server";
import { fail, ok, type Result } from "~/utils/result";
import type { StockAdjustmentInput } from "./stock-movement.schema";

export type MovementCause = {
  reason: StockMovementReason;
  orderId?: number | null;
  returnId?: number | null;
  purchaseOrderId?: number | null;
  note?: string | null;
  userId?: string | null;
  at?: Date;
};

function movement(productId: number, change: number, stockAfter: number, cause: MovementCause): typeof stockMovements.$inferInsert {
  return {
    productId,
    change,
    reason: cause.reason,
    stockAfter,
    orderId: cause.orderId ?? null,
    returnId: cause.returnId ?? null,
    purchaseOrderId: cause.purchaseOrderId ?? null,
    note: cause.note ?? null,
    userId: cause.userId ?? null,
    ...(cause.at ? { createdAt: cause.at } : {}),
  };
}

function record(tx: DB, productId: number, change: number, stockAfter: number, cause: MovementCause) {
  tx.insert(stockMovements).values(movement(productId, change, stockAfter, cause)).run();
}

/** Many movements (those of one cause: they name the same columns) through one prepared insert. */
function recordMany(tx: DB, movements: (typeof stockMovements.$inferInsert)[]) {
  insertEach(tx, stockMovements, movements);
}

/**
 * Takes `quantity` units if that many are there (one conditional UPDATE: two buyers can never both take
 * the last unit). Answers the level left, or null when there were not enough (nothing changed).
 */
export function takeStock(tx: DB, productId: number, quantity: number, cause: MovementCause): number | null {
  const row = tx
    .update(products)
    .set({ stockLevel: sql`${products.stockLevel} - ${quantity}`, updatedAt: cause.at ?? new Date() })
    .where(and(eq(products.id, productId), gte(products.stockLevel, quantity)))
    .returning({ stockLevel: products.stockLevel })
    .get();
  if (!row) return null;
  record(tx, productId, -quantity, row.stockLevel, cause);
  return row.stockLevel;
}

/** Puts `quantity` units back (a cancelled order, a completed return, a received purchase order). */
export function addStock(tx: DB, productId: number, quantity: number, cause: MovementCause): number | null {
  const row = tx
    .update(products)
    .set({ stockLevel: sql`${products.stockLevel} + ${quantity}`, updatedAt: cause.at ?? new Date() })
    .where(eq(products.id, productId))
    .returning({ stockLevel: products.stockLevel })
    .get();
  if (!row) return null; // the product was deleted since
  record(tx, productId, quantity, row.stockLevel, cause);
  return row.stockLevel;
}

/** Sets a level outright (the product form, a CSV import), recording the difference. */
export function setStockLevel(tx: DB, productId: number, level: number, cause: MovementCause) {
  const current = tx.select({ stockLevel: products.stockLevel }).from(products).where(eq(products.id, productId)).get();
  if (!current || current.stockLevel === level) return;
  tx.update(products).set({ stockLevel: level, updatedAt: cause.at ?? new Date() }).where(eq(products.id, productId)).run();
  record(tx, productId, level - current.stockLevel, level, cause);
}

/** The first movement of a new product: the level it starts with. */
export function recordOpeningStock(tx: DB, productId: number, level: number, cause: Omit<MovementCause, "reason"> = {}) {
  record(tx, productId, level, level, { ...cause, reason: "opening" });
}

export type StockLevel = { productId: number; level: number };

/**
 * setStockLevel for many products at once (a CSV import): their levels are read together, and each one
 * that differs is set with its movement, the movements written in a few inserts. Answers how many moved.
 */
export function setStockLevels(tx: DB, levels: readonly StockLevel[], cause: MovementCause): number {
  const current = new Map<number, number>();
  for (const ids of chunks(levels.map((entry) => entry.productId), 500)) {
    for (const row of tx.select({ id: products.id, stockLevel: products.stockLevel }).from(products).where(inArray(products.id, ids)).all()) {
      current.set(row.id, row.stockLevel);
    }
  }
  const at = cause.at ?? new Date();
  const update = tx
    .update(products)
    .set({ stockLevel: sql`${sql.placeholder("level")}`, updatedAt: at })
    .where(eq(products.id, sql.placeholder("id")))
    .prepare();
  const movements: (typeof stockMovements.$inferInsert)[] = [];
  for (const { productId, level } of levels) {
    const before = current.get(productId);
    if (before === undefined || before === level) continue;
    update.run({ id: productId, level });
    current.set(productId, level);
    movements.push(movement(productId, level - before, level, cause));
  }
  recordMany(tx, movements);
  return movements.length;
}

/** The opening movements of many new products at once (a CSV import). */
export function recordOpeningStocks(tx: DB, levels: readonly StockLevel[], cause: Omit<MovementCause, "reason"> = {}) {
  recordMany(
    tx,
    levels.map(({ productId, level }) => movement(productId, level, level, { ...cause, reason: "opening" })),
  );
}

/**
 * An admin's stock adjustment (a count, breakage, a delivery without a PO): units in or out with a reason,
 * never below zero (409 naming what is there; nothing is written). With an idempotency key a repeat
 * answers the first result and moves no stock again.
 */
export function adjustStock(
  db: DB,
  actor: { id: string },
  input: StockAdjustmentInput,
  options: { idempotencyKey?: string | null } = {},
): Result<{ productId: number; stockLevel: number }> {
  const ref = { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.stockAdjust, input.productId), key: options.idempotencyKey ?? null, command: input };
  return runOnce(db, ref, (tx): Result<{ productId: number; stockLevel: number }> => {
    const product = tx
      .select({ id: products.id, name: products.name, stockLevel: products.stockLevel })
      .from(products)
      .where(eq(products.id, input.productId))
      .get();
    if (!product) return fail(404, "Product not found");
    const cause: MovementCause = { reason: "adjustment", note: input.note, userId: actor.id };
    const stockLevel =
      input.change < 0 ? takeStock(tx, product.id, -input.change, cause) : addStock(tx, product.id, input.change, cause);
    if (stockLevel === null) {
      return fail(409, `Only ${product.stockLevel} of ${product.name} in stock: cannot take out ${-input.change}`, "change");
    }
    recordAudit(tx, {
      actorId: actor.id,
      action: "stock.adjusted",
      entityType: "product",
      entityId: product.id,
      details: { before: product.stockLevel, after: stockLevel, change: input.change, note: input.note },
    });
    return ok({ productId: product.id, stockLevel });
  }, (result) => result.ok).result;
}

export const MOVEMENTS_PAGE_SIZE = 25;

/**
 * A product's movements, newest first, paged (`pageSize` up to 100), with the numbers of the order and
 * purchase order behind them and who made the manual ones. A page past the end shows the last.
 */
export function listStockMovements(db: DB, productId: number, page = 1, pageSize = MOVEMENTS_PAGE_SIZE) {
  const size = Math.min(100, Math.max(1, Math.floor(pageSize)));
  const total = db.select({ n: count() }).from(stockMovements).where(eq(stockMovements.productId, productId)).get()?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount);
  const items = db
    .select({
      id: stockMovements.id,
      change: stockMovements.change,
      reason: stockMovements.reason,
      stockAfter: stockMovements.stockAfter,
      orderId: stockMovements.orderId,
      orderNumber: orders.orderNumber,
      returnId: stockMovements.returnId,
      returnNumber: returns.returnNumber,
      purchaseOrderId: stockMovements.purchaseOrderId,
      purchaseOrderNumber: purchaseOrders.orderNumber,
      note: stockMovements.note,
      userEmail: users.email,
      createdAt: stockMovements.createdAt,
    })
    .from(stockMovements)
    .leftJoin(users, eq(users.id, stockMovements.userId))
    .leftJoin(orders, eq(orders.id, stockMovements.orderId))
    .leftJoin(purchaseOrders, eq(purchaseOrders.id, stockMovements.purchaseOrderId))
    .leftJoin(returns, eq(returns.id, stockMovements.returnId))
    .where(eq(stockMovements.productId, productId))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(size)
    .offset((current - 1) * size)
    .all();
  return { items, total, page: current, pageSize: size, pageCount };
}
