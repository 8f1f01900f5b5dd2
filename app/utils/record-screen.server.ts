/**
 * The loader and action scaffolding of a back-office list screen whose records open in dialogs with their
 * own address (?dialog=new, ?edit=12, ?delete=12): price tiers, volume discounts, customer pricing, loyalty
 * rewards. The action posts `intent` create / update / delete (plus `id`), parses the form with the command's
 * zod schema, calls the use case and answers Post/Redirect/Get back to the list with a notice; a form that
 * must show again gets its errors (invalidReply / failureReply).
 */
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs } from "@remix-run/node";
import type { z, ZodTypeAny } from "zod";
import { idParam } from "~/components/admin/form/list-hrefs";
import type { StaffArea } from "~/domain/users/staff-roles";
import { requireStaff } from "~/utils/auth.server";
import { getDb, type DB } from "~/utils/db.server";
import { failureReply, invalidReply } from "~/utils/form-reply.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import type { Result } from "~/utils/result";
import { errorToast, failureToast, redirectWithToast, type Toast } from "~/utils/toast.server";

type Actor = { id: string };

/** A screen loader's start: the staff guard of the screen's area, the database and the address's parameters. */
export async function screenRequest(request: Request, area: StaffArea) {
  await requireStaff(request, area);
  return { db: getDb(), params: new URL(request.url).searchParams };
}

/** Which dialog the address opens, with its record; `missing` when ?edit= or ?delete= names none. */
export function dialogState<Row, Json>(params: URLSearchParams, get: (id: number) => Row | null, toJson: (row: Row) => Json) {
  const editId = idParam(params.get("edit"));
  const deleteId = idParam(params.get("delete"));
  const editing = editId ? get(editId) : null;
  const deleting = deleteId ? get(deleteId) : null;
  return {
    creating: params.get("dialog") === "new",
    editing: editing ? toJson(editing) : null,
    deleting: deleting ? toJson(deleting) : null,
    missing: (editId !== null && !editing) || (deleteId !== null && !deleting),
  };
}

/** A screen loader's answer: never cached, with a fresh idempotency key for the page's forms. */
export function screenJson<Data extends object>(data: Data) {
  return json({ ...data, idempotencyKey: issueIdempotencyKey() }, { headers: { "Cache-Control": "private, no-store" } });
}

/**
 * The screen's action. `returnTo` reads where to go back to (the list with its search and page) from the
 * posted form; `fields` are the form's fields, where a refusal's message shows; `notFound` is the notice
 * when an update or delete comes without a usable id (`deleteMissing` for the delete, when it says otherwise).
 * Call it inside the route's `export async function action(args)`, never as `export const action =
 * recordScreenAction(…)`: the browser's bundle drops the action but keeps a module-level call, which then
 * throws there (this module is server-only) and the screen never comes alive.
 */
export function recordScreenAction<Schema extends ZodTypeAny, Row, Deleted>(spec: {
  /** the part of the back office the screen belongs to, whose staff may post it */
  area: StaffArea;
  schema: Schema;
  fields: readonly string[];
  returnTo: (formData: FormData) => string;
  notFound: string;
  deleteMissing?: string;
  create: (db: DB, actor: Actor, input: z.output<Schema>, key: string | null) => Result<Row>;
  update: (db: DB, actor: Actor, id: number, input: z.output<Schema>, key: string | null) => Result<Row>;
  remove: (db: DB, actor: Actor, id: number, key: string | null) => Result<Deleted>;
  savedToast: (row: Row, intent: "create" | "update") => Toast;
  deletedToast: (deleted: Deleted) => Toast;
  /** the title of a refusal's notice per intent ("Error deleting account"); "Error" when not given */
  failedTitles?: Partial<Record<"create" | "update" | "delete", string>>;
}) {
  const refusal = (intent: "create" | "update" | "delete", message: string) => {
    const title = spec.failedTitles?.[intent];
    return title ? failureToast(title, message) : errorToast(message);
  };

  return async function action({ request }: ActionFunctionArgs) {
    const admin = await requireStaff(request, spec.area);
    const db = getDb();
    const formData = await request.formData();
    const intent = String(formData.get("intent") ?? "");
    const key = idempotencyKeyFrom(formData);
    const id = idParam(String(formData.get("id") ?? ""));
    const back = spec.returnTo(formData);

    if (intent === "create" || intent === "update") {
      const submission = parseWithZod(formData, { schema: spec.schema });
      if (submission.status !== "success") return invalidReply(intent, submission);
      if (intent === "update" && id === null) return redirectWithToast(request, back, errorToast(spec.notFound));
      const result =
        intent === "create"
          ? spec.create(db, admin, submission.value, key)
          : spec.update(db, admin, id!, submission.value, key);
      if (!result.ok) {
        if (result.status === 404) return redirectWithToast(request, back, refusal(intent, result.message));
        return failureReply(intent, submission, result, spec.fields, refusal(intent, result.message));
      }
      return redirectWithToast(request, back, spec.savedToast(result.value, intent));
    }

    if (intent === "delete") {
      const result = id === null ? null : spec.remove(db, admin, id, key);
      if (!result || !result.ok) {
        return redirectWithToast(request, back, refusal("delete", result?.message ?? spec.deleteMissing ?? spec.notFound));
      }
      return redirectWithToast(request, back, spec.deletedToast(result.value));
    }
    return redirectWithToast(request, back, errorToast("Unknown action"));
  };
}
