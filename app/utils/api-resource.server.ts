/**
 * The JSON API of a back-office record type (price tiers, volume discounts, customer prices, loyalty rewards),
 * written once: the collection route answers GET (the list) and POST (create, 201), the record route GET, PUT
 * and DELETE by id. Every handler calls requireApiStaff for the record type's area first; bodies are parsed with the command's zod schema;
 * a use case's refusal answers its status with {message, field}; an unknown id answers 404 with `notFound`.
 * A route file declares its schema and use cases and documents its statuses.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { ZodType, ZodTypeDef } from "zod";
import type { StaffArea } from "~/domain/users/staff-roles";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb, type DB } from "~/utils/db.server";
import {
  apiRoute,
  failureResponse,
  jsonError,
  methodNotAllowed,
  pagedJsonResponse,
  parseJsonBody,
  parseQuery,
  requireIntParam,
} from "~/utils/http.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import type { Result } from "~/utils/result";

type Actor = { id: string };
type Schema<T> = ZodType<T, ZodTypeDef, unknown>;
type PageOf<Row> = { items: Row[]; total: number; page: number; pageSize: number; pageCount: number };

/** A paged list (`query` read from the URL, answered with the paging headers), or every row at once. */
type ListSpec<Row, Query> =
  | { query: Schema<Query>; page: (db: DB, query: Query) => PageOf<Row> }
  | { all: (db: DB) => Row[] };

/** GET /api/admin/<things> (the list) and POST /api/admin/<things> (201 with the new record). */
export function apiCollection<Row, Input, Query = never>(spec: {
  area: StaffArea;
  list: ListSpec<Row, Query>;
  toJson: (row: Row) => unknown;
  schema: Schema<Input>;
  create: (db: DB, actor: Actor, input: Input, key: string | null) => Result<Row>;
}) {
  const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
    await requireApiStaff(request, spec.area);
    const { list } = spec;
    if ("all" in list) return json(list.all(getDb()).map(spec.toJson));
    return pagedJsonResponse(list.page(getDb(), parseQuery(request, list.query)), spec.toJson);
  });

  const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
    const admin = await requireApiStaff(request, spec.area);
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const input = await parseJsonBody(request, spec.schema);
    const result = spec.create(getDb(), admin, input, idempotencyKeyFrom(request));
    if (!result.ok) return failureResponse(result);
    return json(spec.toJson(result.value), { status: 201 });
  });

  return { loader, action };
}

/** GET, PUT (replace: 200 with the record) and DELETE (200 with `deletedJson`) of /api/admin/<things>/{id}. */
export function apiRecord<Row, Input, Deleted>(spec: {
  area: StaffArea;
  notFound: string;
  get: (db: DB, id: number) => Row | null;
  toJson: (row: Row) => unknown;
  schema: Schema<Input>;
  update: (db: DB, actor: Actor, id: number, input: Input, key: string | null) => Result<Row>;
  remove: (db: DB, actor: Actor, id: number, key: string | null) => Result<Deleted>;
  deletedJson: (deleted: Deleted) => unknown;
}) {
  const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
    await requireApiStaff(request, spec.area);
    const row = spec.get(getDb(), requireIntParam(params.id, spec.notFound));
    return row ? json(spec.toJson(row)) : jsonError(404, spec.notFound);
  });

  const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
    const admin = await requireApiStaff(request, spec.area);
    const id = requireIntParam(params.id, spec.notFound);
    const db = getDb();
    if (request.method === "PUT") {
      const input = await parseJsonBody(request, spec.schema);
      const result = spec.update(db, admin, id, input, idempotencyKeyFrom(request));
      if (!result.ok) return failureResponse(result);
      return json(spec.toJson(result.value));
    }
    if (request.method === "DELETE") {
      const result = spec.remove(db, admin, id, idempotencyKeyFrom(request));
      if (!result.ok) return failureResponse(result);
      return json(spec.deletedJson(result.value));
    }
    return methodNotAllowed(["GET", "PUT", "DELETE"]);
  });

  return { loader, action };
}
