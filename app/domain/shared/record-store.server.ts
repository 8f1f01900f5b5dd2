/**
 * The scaffolding every back-office record type shares (price tiers, volume discounts, customer prices,
 * loyalty rewards): a page of a list, LIKE searches, and create / update / delete as one audited change that
 * runs once per idempotency key and answers with the record read back. Each record type writes only its own
 * checks, columns and audit details.
 */
import { count, eq, sql, type InferInsertModel, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteSelect, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { DB } from "~/utils/db.server";
import { runOnce, type Command } from "~/utils/idempotency.server";
import { fail, ok, type Failure, type Result } from "~/utils/result";
import { recordAudit } from "./audit.server";
import { scopeFor, type RepeatScope } from "./repeat-scopes";

export type Actor = { id: string };

export type Page<T> = {
  items: T[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  /** true when the matches were counted only so far: there are more than `total` (and `pageCount` pages) */
  more?: boolean;
};

/**
 * How far a back-office screen counts a filtered list's matches. Counting every match of a filter that keeps
 * most of a million orders reads a million index entries (tens of milliseconds) on every page view; past
 * this the screen says "10,000+" and offers the next page.
 */
export const LIST_COUNT_CAP = 10_000;

/** How a list counts its matches: all of them (the APIs' X-Total-Count), or as far as a screen needs. */
export type ListCount = "exact" | "capped";

/**
 * A page of a list whose matches are counted by `countUpTo(limit)` (the matches, or `limit` when there are at
 * least that many). "capped" counts as far as LIST_COUNT_CAP or the requested page, whichever is further, and
 * one more: enough to show that page and to know whether another follows.
 */
export function pageOfCounted<T>(
  countUpTo: (limit: number) => number,
  requested: number,
  pageSize: number,
  rows: (limit: number, offset: number) => T[],
  mode: ListCount = "exact",
): Page<T> {
  if (mode === "exact") return pageOfRows(countUpTo(Number.MAX_SAFE_INTEGER), requested, pageSize, rows);
  const enough = Math.max(LIST_COUNT_CAP, Math.max(1, requested) * pageSize);
  const counted = countUpTo(enough + 1);
  const more = counted > enough;
  const page = pageOfRows(more ? enough : counted, requested, pageSize, rows);
  return more ? { ...page, more } : page;
}

/** `select count(*)` of a query's rows, reading no more than `limit` of them (LIMIT inside, so SQLite stops there). */
export function countRowsUpTo(db: DB, query: SQLiteSelect<string | undefined, "sync">, limit: number): number {
  if (limit >= Number.MAX_SAFE_INTEGER) return db.select({ n: count() }).from(query.as("matching")).get()?.n ?? 0;
  return db.select({ n: count() }).from(query.limit(limit).as("matching")).get()?.n ?? 0;
}

/**
 * A list's `countUpTo` for pageOfCounted: unfiltered, the table's own count (SQLite's quick one, exact however
 * many there are); filtered, the matches of `matching()` read no further than the limit.
 */
export function matchCounter(db: DB, table: SQLiteTable, where: SQL | undefined, matching: () => SQLiteSelect<string | undefined, "sync">) {
  return (limit: number) => (where ? countRowsUpTo(db, matching(), limit) : (db.select({ n: count() }).from(table).get()?.n ?? 0));
}

/**
 * One page of `total` rows: the requested page as a whole number kept within 1..pageCount (not a number is the
 * first), `rows` asked for its slice.
 */
export function pageOfRows<T>(
  total: number,
  requested: number,
  pageSize: number,
  rows: (limit: number, offset: number) => T[],
): Page<T> {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(requested) || 1), pageCount);
  return { items: rows(pageSize, (page - 1) * pageSize), total, page, pageCount, pageSize };
}

/**
 * A page of a list query's rows (its joins, filter and order as given; pass it `.$dynamic()`), `total`
 * counted by the same query.
 */
export function pageOfQuery<Query extends SQLiteSelect<string | undefined, "sync">>(
  db: DB,
  query: Query,
  requested: number,
  pageSize: number,
): Page<ReturnType<Query["all"]>[number]> {
  const total = db.select({ n: count() }).from(query.as("matching")).get()?.n ?? 0;
  return pageOfRows(total, requested, pageSize, (limit, offset) => query.limit(limit).offset(offset).all() as ReturnType<Query["all"]>);
}

/**
 * `column` among `ids`, given as one JSON array parameter however many there are: an IN list of each length
 * would be a statement of its own (see reusePreparedStatements), and a page read as its ids first passes them.
 */
export function amongIds(column: SQLiteColumn, ids: number[]) {
  return sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`;
}

/** `%term%` for LIKE, with the term's own wildcards taken literally. */
export function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export function likeEscaped(column: SQL | SQLiteColumn, pattern: string) {
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

type AuditDetails = Record<string, unknown>;

/** Only a change that succeeded is remembered for its key: a refusal may be corrected and sent again. */
const storeSuccess = (result: Result<unknown>) => result.ok;

function isUniqueError(error: unknown, constraint: string) {
  return error instanceof Error && error.message.includes(`UNIQUE constraint failed: ${constraint}`);
}

type RecordKind<Row, Table, Gone> = {
  /** the record type's name in the audit log: "price_tier" → "price_tier.created" */
  entity: string;
  table: Table;
  notFound: string;
  /** the record as the callers see it */
  get: (db: DB, id: number) => Row | null;
  scopes: { create: RepeatScope; update: RepeatScope; delete: RepeatScope };
  /** a UNIQUE constraint that a concurrent writer may trip, answered with the same refusal as the check before the write */
  unique?: { constraint: string; failure: Failure };
  /** what the audit log and the caller keep of a deleted record */
  onDelete: (existing: Row) => { details: AuditDetails; deleted: Gone };
  /** a reason the record must stay (checked inside the delete's transaction), or null */
  refuseDelete?: (existing: Row) => Failure | null;
  /** what must go with the record, in the same transaction, before it is deleted */
  beforeDelete?: (tx: DB, existing: Row) => void;
};

/** Create, update and delete of one record type, each one audited change that runs once per idempotency key. */
export function recordCommands<Row, Table extends SQLiteTable & { id: SQLiteColumn }, Gone>(kind: RecordKind<Row, Table, Gone>) {
  const audit = (tx: DB, actor: Actor, verb: string, entityId: number, details: AuditDetails) =>
    recordAudit(tx, { actorId: actor.id, action: `${kind.entity}.${verb}`, entityType: kind.entity, entityId, details });

  function readBack(db: DB, result: Result<{ id: number }>): Result<Row> {
    if (!result.ok) return result;
    const row = kind.get(db, result.value.id);
    return row ? ok(row) : fail(404, kind.notFound);
  }

  function guarded(run: () => Result<Row>): Result<Row> {
    try {
      return run();
    } catch (error) {
      if (kind.unique && isUniqueError(error, kind.unique.constraint)) return kind.unique.failure;
      throw error;
    }
  }

  return {
    /** `write` checks and inserts, answering the new id and what the audit log records. */
    create(db: DB, actor: Actor, key: string | null, command: Command, write: (tx: DB) => Result<{ id: number; details: AuditDetails }>) {
      return guarded(() => {
        const { result } = runOnce(
          db,
          { ownerId: actor.id, scope: kind.scopes.create, key, command },
          (tx): Result<{ id: number }> => {
            const written = write(tx);
            if (!written.ok) return written;
            audit(tx, actor, "created", written.value.id, written.value.details);
            return ok({ id: written.value.id });
          },
          storeSuccess,
        );
        return readBack(db, result);
      });
    },

    /** `write` gets the record as it was (404 when there is none), checks and saves, answering the audit details. */
    update(
      db: DB,
      actor: Actor,
      id: number,
      key: string | null,
      command: Command,
      write: (tx: DB, existing: Row) => Result<AuditDetails>,
    ) {
      return guarded(() => {
        const { result } = runOnce(
          db,
          { ownerId: actor.id, scope: scopeFor(kind.scopes.update, id), key, command },
          (tx): Result<{ id: number }> => {
            const existing = kind.get(tx, id);
            if (!existing) return fail(404, kind.notFound);
            const written = write(tx, existing);
            if (!written.ok) return written;
            audit(tx, actor, "updated", id, written.value);
            return ok({ id });
          },
          storeSuccess,
        );
        return readBack(db, result);
      });
    },

    /** Deletes the record (404 when there is none), answering what `onDelete` keeps of it. */
    remove(db: DB, actor: Actor, id: number, key: string | null = null): Result<Gone> {
      return runOnce(
        db,
        { ownerId: actor.id, scope: scopeFor(kind.scopes.delete, id), key, command: { id } },
        (tx): Result<Gone> => {
          const existing = kind.get(tx, id);
          if (!existing) return fail(404, kind.notFound);
          const refused = kind.refuseDelete?.(existing);
          if (refused) return refused;
          const { details, deleted } = kind.onDelete(existing);
          kind.beforeDelete?.(tx, existing);
          tx.delete(kind.table).where(eq(kind.table.id, id)).run();
          audit(tx, actor, "deleted", id, details);
          return ok(deleted);
        },
        storeSuccess,
      ).result;
    },
  };
}

/**
 * The commands of a record whose columns are its command's input as it is (a pricing rule): `problem` refuses
 * an input (`exceptId` is the record being replaced, so it does not clash with itself); `columnsOf` is what the
 * audit log shows of a record before a change; `createdDetails` what it shows of a new one (all the input
 * unless said).
 */
export function inputRecordCommands<Row, Table extends SQLiteTable & { id: SQLiteColumn }, Gone, Input extends AuditDetails>(
  kind: RecordKind<Row, Table, Gone> & {
    problem: (tx: DB, input: Input, exceptId?: number) => Failure | null;
    columnsOf: (existing: Row) => AuditDetails;
    createdDetails?: (input: Input) => AuditDetails;
    /** the row's columns for an input, when they are not the input itself */
    toColumns?: (input: Input) => Record<string, unknown>;
  },
) {
  const columns = (input: Input) => (kind.toColumns ? kind.toColumns(input) : input) as InferInsertModel<Table>;
  const commands = recordCommands(kind);
  return {
    create(db: DB, actor: Actor, input: Input, key: string | null = null): Result<Row> {
      return commands.create(db, actor, key, input, (tx) => {
        const problem = kind.problem(tx, input);
        if (problem) return problem;
        const row = tx
          .insert(kind.table)
          .values(columns(input))
          .returning({ id: kind.table.id })
          .get() as { id: number };
        return ok({ id: row.id, details: kind.createdDetails ? kind.createdDetails(input) : { ...input } });
      });
    },
    update(db: DB, actor: Actor, id: number, input: Input, key: string | null = null): Result<Row> {
      return commands.update(db, actor, id, key, input, (tx, existing) => {
        const problem = kind.problem(tx, input, id);
        if (problem) return problem;
        tx.update(kind.table)
          .set(columns(input))
          .where(eq(kind.table.id, id))
          .run();
        return ok({ before: kind.columnsOf(existing), after: { ...input } });
      });
    },
    remove: commands.remove,
  };
}
