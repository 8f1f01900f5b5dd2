/**
 * The products screen's form posts, one function per intent: each parses its form with the command's schema,
 * calls one use case and answers with a redirect and a notice, or with the form's errors.
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import crypto from "node:crypto";
import { describeProductDraft } from "~/domain/catalog/description-generator.server";
import { importProductCsv } from "~/domain/catalog/product-csv.server";
import { imageUploadFrom } from "~/domain/catalog/product-images.server";
import { IMAGE_FIELD } from "~/domain/catalog/product-images";
import {
  adminProductsHref,
  CATEGORY_CREATED,
  categoryCreateSchema,
  CSV_FILE_TOO_LARGE,
  DESCRIPTION_GENERATED,
  ENTER_PRODUCT_NAME_FIRST,
  generateDescriptionFormSchema,
  IMPORT_COMPLETE,
  IMPORT_FAILED,
  importSummary,
  MISSING_PRODUCT_NAME,
  PRODUCT_CREATED,
  PRODUCT_DELETED,
  PRODUCT_INTENTS,
  PRODUCT_NOT_FOUND,
  PRODUCT_UPDATED,
  productDeleteFormSchema,
  productFormSchema,
  productIdFormSchema,
  productImportFormSchema,
  VARIANT_ADDED,
  VARIANT_DELETED,
  variantCreateSchema,
  variantDeleteFormSchema,
  type AdminProductsQuery,
} from "~/domain/catalog/product.schema";
import { createCategory } from "~/domain/catalog/product-categories.server";
import { createProductWithImage, deleteProduct, updateProductWithImage } from "~/domain/catalog/product-changes.server";
import { addVariant, deleteVariant } from "~/domain/catalog/product-variants.server";
import type { Actor } from "~/domain/catalog/products.server";
import type { DB } from "~/utils/db.server";
import { failureResult } from "~/utils/form-reply.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import type { Failure } from "~/utils/result";
import { errorToast, redirectWithToast, type Toast } from "~/utils/toast.server";

/** What the products screen's action answers when the page shows again (the form's errors, a notice). */
export type ProductActionData = {
  intent: string;
  result?: SubmissionResult<string[]>;
  notice?: Toast;
  /** the generated text (read by the fetcher) */
  description?: string;
  /** changes with every answer, so the same notice shows again */
  nonce: string;
};

export type ProductPost = {
  request: Request;
  db: DB;
  admin: Actor;
  formData: FormData;
  /** multipart parts left out for being over their limit (the image, the CSV file) */
  oversized: ReadonlySet<string>;
  query: AdminProductsQuery;
};

export function reply(data: Omit<ProductActionData, "nonce">, status = 400) {
  return json<ProductActionData>({ ...data, nonce: crypto.randomUUID() }, { status });
}

/** The product form names the custom VAT rate's input `vatRateCustom`; the use case calls it `vatRate`. */
function productFailureResult(submission: Submission<unknown>, failure: Failure, fields: string[]) {
  const onField = failure.field === "vatRate" ? { ...failure, field: "vatRateCustom" } : failure;
  // a file is never sent back to the page (the browser cannot refill a file input)
  return failureResult(submission, onField, fields, { hideFields: [IMAGE_FIELD] });
}

const PRODUCT_FORM_FIELDS = [IMAGE_FIELD, "name", "slug", "sku", "description", "categoryId", "supplierId", "costPrice", "salesPrice", "vatRateCustom", "stockLevel", "lowStockThreshold", "imageUrl", "barcodes", "minOrderQuantity", "orderMultiple", "packLabel", "unitsPerPack"];

/** Add product or Save changes: a product that has gone meanwhile goes back to the list with a notice. */
export async function saveProductPost({ request, db, admin, formData, oversized, query }: ProductPost, intent: string) {
  const listHref = adminProductsHref(query);
  const idempotencyKey = idempotencyKeyFrom(formData);
  const submission = parseWithZod(formData, { schema: productFormSchema });
  if (submission.status !== "success") return reply({ intent, result: submission.reply({ hideFields: [IMAGE_FIELD] }) });
  const image = await imageUploadFrom(formData, oversized);
  let result;
  if (intent === PRODUCT_INTENTS.create) {
    result = await createProductWithImage(db, admin, submission.value, image, { idempotencyKey });
  } else {
    const id = parseWithZod(formData, { schema: productIdFormSchema });
    if (id.status !== "success") return redirectWithToast(request, listHref, errorToast(PRODUCT_NOT_FOUND));
    result = await updateProductWithImage(db, admin, id.value.productId, submission.value, image, { idempotencyKey });
  }
  if (!result.ok) {
    if (result.status === 404) return redirectWithToast(request, listHref, errorToast(result.message));
    return reply({ intent, result: productFailureResult(submission, result, PRODUCT_FORM_FIELDS) }, result.status);
  }
  const product = result.value;
  return redirectWithToast(
    request,
    listHref,
    intent === PRODUCT_INTENTS.create
      ? { title: PRODUCT_CREATED, description: `${product.name} is in the catalogue at /products/${product.slug}.` }
      : { title: PRODUCT_UPDATED, description: `${product.name} was saved.` },
  );
}

export async function deleteProductPost({ request, db, admin, formData, query }: ProductPost) {
  const listHref = adminProductsHref(query);
  const target = parseWithZod(formData, { schema: productDeleteFormSchema });
  const result =
    target.status === "success" ? deleteProduct(db, admin, target.value.id, { idempotencyKey: idempotencyKeyFrom(formData) }) : null;
  if (!result || !result.ok) return redirectWithToast(request, listHref, errorToast(result?.message ?? PRODUCT_NOT_FOUND));
  return redirectWithToast(request, listHref, { title: PRODUCT_DELETED, description: `${result.value.name} was deleted.` });
}

/** Where the category dialog goes back to: the new-product form, or the form of the product being edited. */
export function parseCategoryReturnTo(value: unknown): "new" | `edit:${number}` | null {
  if (value === "new") return "new";
  if (typeof value === "string" && /^edit:\d{1,15}$/.test(value)) return value as `edit:${number}`;
  return null;
}

export async function createCategoryPost({ request, db, admin, formData, query }: ProductPost) {
  const intent = PRODUCT_INTENTS.createCategory;
  const submission = parseWithZod(formData, { schema: categoryCreateSchema });
  if (submission.status !== "success") return reply({ intent, result: submission.reply() });
  const result = createCategory(db, admin, submission.value, { idempotencyKey: idempotencyKeyFrom(formData) });
  if (!result.ok) return reply({ intent, result: failureResult(submission, result, ["name"]) }, result.status);
  const back = parseCategoryReturnTo(formData.get("returnTo"));
  const to =
    back === "new"
      ? adminProductsHref(query, { dialog: "new", categoryId: result.value.id })
      : back
        ? adminProductsHref(query, { edit: back.slice("edit:".length), categoryId: result.value.id })
        : adminProductsHref(query);
  return redirectWithToast(request, to, { title: CATEGORY_CREATED, description: `${result.value.name} is ready to use.` });
}

export async function addVariantPost({ request, db, admin, formData, query }: ProductPost) {
  const intent = PRODUCT_INTENTS.addVariant;
  const listHref = adminProductsHref(query);
  const id = parseWithZod(formData, { schema: productIdFormSchema });
  if (id.status !== "success") return redirectWithToast(request, listHref, errorToast(PRODUCT_NOT_FOUND));
  const submission = parseWithZod(formData, { schema: variantCreateSchema });
  if (submission.status !== "success") return reply({ intent, result: submission.reply() });
  const productId = id.value.productId;
  const result = addVariant(db, admin, productId, submission.value, { idempotencyKey: idempotencyKeyFrom(formData) });
  if (!result.ok) {
    if (result.status === 404) return redirectWithToast(request, listHref, errorToast(result.message));
    return reply({ intent, result: failureResult(submission, result, ["name", "options"]) }, result.status);
  }
  return redirectWithToast(request, adminProductsHref(query, { edit: productId }), {
    title: VARIANT_ADDED,
    description: `${result.value.name}: ${result.value.options.join(", ")}`,
  });
}

export async function deleteVariantPost({ request, db, admin, formData, query }: ProductPost) {
  const listHref = adminProductsHref(query);
  const ids = parseWithZod(formData, { schema: variantDeleteFormSchema });
  const result =
    ids.status === "success"
      ? deleteVariant(db, admin, ids.value.productId, ids.value.variantId, { idempotencyKey: idempotencyKeyFrom(formData) })
      : null;
  const back = ids.status === "success" ? adminProductsHref(query, { edit: ids.value.productId }) : listHref;
  if (!result || !result.ok) {
    const to = result?.status === 404 && result.message === PRODUCT_NOT_FOUND ? listHref : back;
    return redirectWithToast(request, to, errorToast(result?.message ?? "Variant not found"));
  }
  return redirectWithToast(request, back, { title: VARIANT_DELETED, description: `${result.value.name} was removed.` });
}

/**
 * Generate description: the product form's values come back with the description filled in (without
 * JavaScript the page shows them again; with it a fetcher reads `description`). Nothing is saved.
 */
export async function generateDescriptionPost({ db, formData }: ProductPost) {
  const intent = PRODUCT_INTENTS.generate;
  const submission = parseWithZod(formData, { schema: generateDescriptionFormSchema });
  const payload: Record<string, string> = {};
  for (const [name, value] of formData) {
    if (typeof value === "string" && name !== "intent" && name !== "idempotencyKey") payload[name] = value;
  }
  if (submission.status !== "success") {
    return reply({
      intent,
      result: { status: "error", initialValue: payload, error: { name: [ENTER_PRODUCT_NAME_FIRST] } },
      notice: { title: MISSING_PRODUCT_NAME, description: ENTER_PRODUCT_NAME_FIRST, variant: "destructive" },
    });
  }
  const { description } = await describeProductDraft(db, submission.value);
  return reply(
    {
      intent,
      description,
      result: { status: "error", initialValue: { ...payload, description }, error: {} },
      notice: { title: DESCRIPTION_GENERATED, description: "Check it, edit it if you like, then save the product." },
    },
    200,
  );
}

/** Import CSV (multipart, read by the route within the import's limit): the file is imported and the result shown. */
export async function importProductsPost({ request, db, admin, formData, oversized, query }: ProductPost) {
  const intent = PRODUCT_INTENTS.import;
  const failed = (message: string, status: number) =>
    reply(
      {
        intent,
        result: { status: "error", initialValue: null, error: { file: [message] } },
        notice: { title: IMPORT_FAILED, description: message, variant: "destructive" },
      },
      status,
    );

  if (oversized.has("file")) return failed(CSV_FILE_TOO_LARGE, 413);
  const submission = parseWithZod(formData, { schema: productImportFormSchema });
  if (submission.status !== "success") return failed(submission.error?.file?.[0] ?? IMPORT_FAILED, 400);
  const file = submission.value.file;
  // the key is also where the result is kept, so a post without one (a hand-made form) gets one here
  const key = idempotencyKeyFrom(formData) ?? issueIdempotencyKey();
  const result = await importProductCsv(db, admin, file, { idempotencyKey: key, fileName: file.name });
  if (!result.ok) return failed(result.message, result.status);
  return redirectWithToast(request, adminProductsHref(query, { importResult: key }), {
    title: IMPORT_COMPLETE,
    description: importSummary(result.value.created, result.value.updated),
  });
}
