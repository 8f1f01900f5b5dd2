/**
 * The products screen's category management: the Categories dialog (?dialog=categories) lists them with
 * how many products each has; ?renameCategory= and ?deleteCategory= are its rename and delete dialogs.
 */
import { parseWithZod } from "@conform-to/zod";
import { idParam } from "~/components/admin/form/list-hrefs";
import {
  adminProductsHref,
  CATEGORY_DELETED,
  CATEGORY_NOT_FOUND,
  CATEGORY_RENAMED,
  categoryIdFormSchema,
  categoryRenameSchema,
  PRODUCT_INTENTS,
} from "~/domain/catalog/product.schema";
import {
  deleteCategory,
  getCategoryWithCount,
  listCategoriesWithCounts,
  renameCategory,
} from "~/domain/catalog/product-categories.server";
import type { DB } from "~/utils/db.server";
import { failureResult } from "~/utils/form-reply.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { errorToast, redirectWithToast } from "~/utils/toast.server";
import { reply, type ProductPost } from "./product-actions.server";

export const CATEGORIES_DIALOG = "categories";

/** What the category dialogs show, read only when one of them is open. */
export function loadCategoryDialogs(db: DB, params: URLSearchParams) {
  const renameId = idParam(params.get("renameCategory"));
  const deleteId = idParam(params.get("deleteCategory"));
  const renaming = renameId ? getCategoryWithCount(db, renameId) : null;
  const deleting = deleteId ? getCategoryWithCount(db, deleteId) : null;
  const listOpen = params.get("dialog") === CATEGORIES_DIALOG;
  return {
    list: listOpen ? listCategoriesWithCounts(db) : null,
    renaming,
    deleting,
    missing: (renameId !== null && !renaming) || (deleteId !== null && !deleting),
  };
}
export type CategoryDialogsData = ReturnType<typeof loadCategoryDialogs>;

export async function renameCategoryPost({ request, db, admin, formData, query }: ProductPost) {
  const intent = PRODUCT_INTENTS.renameCategory;
  const listHref = adminProductsHref(query, { dialog: CATEGORIES_DIALOG });
  const target = parseWithZod(formData, { schema: categoryIdFormSchema });
  if (target.status !== "success") return redirectWithToast(request, listHref, errorToast(CATEGORY_NOT_FOUND));
  const submission = parseWithZod(formData, { schema: categoryRenameSchema });
  if (submission.status !== "success") return reply({ intent, result: submission.reply() });
  const result = renameCategory(db, admin, target.value.id, submission.value, { idempotencyKey: idempotencyKeyFrom(formData) });
  if (!result.ok) {
    if (result.status === 404) return redirectWithToast(request, listHref, errorToast(result.message));
    return reply({ intent, result: failureResult(submission, result, ["name"]) }, result.status);
  }
  return redirectWithToast(request, listHref, {
    title: CATEGORY_RENAMED,
    description: `${result.value.name} is at /category/${result.value.slug}.`,
  });
}

export async function deleteCategoryPost({ request, db, admin, formData, query }: ProductPost) {
  const listHref = adminProductsHref(query, { dialog: CATEGORIES_DIALOG });
  const target = parseWithZod(formData, { schema: categoryIdFormSchema });
  const result =
    target.status === "success" ? deleteCategory(db, admin, target.value.id, { idempotencyKey: idempotencyKeyFrom(formData) }) : null;
  if (!result || !result.ok) return redirectWithToast(request, listHref, errorToast(result?.message ?? CATEGORY_NOT_FOUND));
  return redirectWithToast(request, listHref, { title: CATEGORY_DELETED, description: `${result.value.name} was deleted.` });
}
