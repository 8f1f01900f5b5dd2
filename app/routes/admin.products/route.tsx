import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type Session,
} from "@remix-run/node";
import {
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import crypto from "node:crypto";
import { useState, type MouseEvent } from "react";
import { z } from "zod";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { CategoryForm } from "~/components/admin/products/category-form";
import { ImportForm } from "~/components/admin/products/import-form";
import { ImportResult, type ImportResultView } from "~/components/admin/products/import-result";
import { ProductFilters } from "~/components/admin/products/product-filters";
import { ProductForm, type ProductFormDefaults } from "~/components/admin/products/product-form";
import { ProductTable } from "~/components/admin/products/product-table";
import { VariantsSection } from "~/components/admin/products/variants-section";
import { ToastNotice } from "~/components/ui/toast";
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  CATEGORY_CREATED,
  DESCRIPTION_GENERATED,
  ENTER_PRODUCT_NAME_FIRST,
  EXPORT_SUCCESSFUL,
  IMPORT_COMPLETE,
  IMPORT_FAILED,
  MISSING_PRODUCT_NAME,
  NO_DATA_TO_EXPORT,
  NO_PRODUCTS_TO_EXPORT,
  PRODUCT_CREATED,
  PRODUCT_DELETED,
  PRODUCT_EXPORT_PATH,
  PRODUCT_INTENTS,
  PRODUCT_NOT_FOUND,
  PRODUCT_UPDATED,
  VARIANT_ADDED,
  VARIANT_DELETED,
  adminProductsHref,
  categoryCreateSchema,
  hasAdminProductFilters,
  importSummary,
  parseAdminProductsQuery,
  productFormSchema,
  productIdFormSchema,
  productImportFormSchema,
  variantCreateSchema,
  variantDeleteFormSchema,
  vatChoiceFor,
  type AdminProductsQuery,
} from "~/domain/catalog/product.schema";
import {
  addVariant,
  countAllProducts,
  countOrderLines,
  createCategory,
  createProduct,
  deleteProduct,
  deleteVariant,
  generateDescription,
  getAdminProduct,
  listAdminProducts,
  listSupplierOptions,
  updateProduct,
  type Actor,
} from "~/domain/catalog/products.server";
import { findCategoryById, listCategories } from "~/domain/catalog/catalog.server";
import { importProductCsv, readProductCsvUpload } from "~/domain/catalog/product-csv.server";
import { requireAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { readBodyText } from "~/utils/http.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { toDecimalString } from "~/utils/money";
import type { Failure } from "~/utils/result";
import {
  commitSession,
  getSession,
  type AppSession,
  type SessionData,
  type SessionFlashData,
  type Toast,
} from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Products · INFY Admin" }];

const DIALOGS = ["new", "new-category", "import"] as const;
type DialogName = (typeof DIALOGS)[number];

function positiveId(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** Where the category dialog goes back to: the new-product form, or the form of the product being edited. */
function parseReturnTo(value: unknown): "new" | `edit:${number}` | null {
  if (value === "new") return "new";
  if (typeof value === "string" && /^edit:\d{1,15}$/.test(value)) return value as `edit:${number}`;
  return null;
}

// ─── The last import's result, kept in the session ──────────────────────────
//
// After an import the page redirects (Post/Redirect/Get) to ?importResult={id}; the rows that could not be
// imported are kept in the server-side session under that id, so the page lists them with or without
// JavaScript for as long as that URL is open. The next import replaces them.

const IMPORT_RESULT_KEY = "adminProductImport";
const IMPORT_ERRORS_SHOWN = 100;

const storedImportSchema = z.object({
  id: z.string(),
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
  more: z.number().int().nonnegative(),
});
type StoredImport = z.infer<typeof storedImportSchema>;
type ImportSession = Session<SessionData & { [IMPORT_RESULT_KEY]?: StoredImport }, SessionFlashData>;
const importStore = (session: AppSession) => session as unknown as ImportSession;

function readStoredImport(session: AppSession, id: string | null): ImportResultView | null {
  if (!id) return null;
  const parsed = storedImportSchema.safeParse(importStore(session).get(IMPORT_RESULT_KEY));
  if (!parsed.success || parsed.data.id !== id) return null;
  const { created, updated, errors, more } = parsed.data;
  return { created, updated, errors, more };
}

// ─── Loader ─────────────────────────────────────────────────────────────────

function formDefaults(product: NonNullable<ReturnType<typeof getAdminProduct>> | null, categoryId: number | null): ProductFormDefaults {
  const vat = vatChoiceFor(product?.vatRate ?? 2000);
  return {
    name: product?.name ?? "",
    slug: product?.slug ?? "",
    description: product?.description ?? "",
    categoryId: String(categoryId ?? product?.categoryId ?? ""),
    costPrice: product ? toDecimalString(product.costPrice) : "",
    salesPrice: product ? toDecimalString(product.salesPrice) : "",
    vatRateChoice: vat.choice,
    vatRateCustom: vat.custom,
    stockLevel: String(product?.stockLevel ?? 0),
    lowStockThreshold: String(product?.lowStockThreshold ?? 10),
    imageUrl: product?.imageUrl ?? "",
    supplierId: product?.supplierId ?? "",
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const categories = listCategories(db).map(({ id, name }) => ({ id, name }));
  const parsed = parseAdminProductsQuery(params);
  // a category that does not exist (deleted, or a mistyped link) means every category
  const query: AdminProductsQuery =
    typeof parsed.category === "number" && !categories.some((category) => category.id === parsed.category)
      ? { ...parsed, category: null }
      : parsed;
  const list = listAdminProducts(db, { ...query, pageSize: ADMIN_PRODUCTS_PAGE_SIZE });

  const dialogParam = params.get("dialog");
  const dialog = (DIALOGS as readonly string[]).includes(dialogParam ?? "") ? (dialogParam as DialogName) : null;
  const editId = positiveId(params.get("edit"));
  const edited = editId ? getAdminProduct(db, editId) : null;
  const deleteId = positiveId(params.get("delete"));
  const deleted = deleteId ? getAdminProduct(db, deleteId) : null;
  const chosenCategory = positiveId(params.get("categoryId"));
  const preselect = chosenCategory && categories.some((category) => category.id === chosenCategory) ? chosenCategory : null;
  const formOpen = dialog === "new" || edited !== null;

  return json(
    {
      query,
      rows: list.items.map((row) => ({
        id: row.id,
        name: row.name,
        slug: row.slug,
        imageUrl: row.imageUrl,
        category: row.category ? { name: row.category.name } : null,
        salesPrice: row.salesPrice,
        costPrice: row.costPrice,
        vatRate: row.vatRate,
        stockLevel: row.stockLevel,
        lowStockThreshold: row.lowStockThreshold,
      })),
      total: list.total,
      page: list.page,
      pageCount: list.pageCount,
      catalogueSize: hasAdminProductFilters(query) ? countAllProducts(db) : list.total,
      dialog,
      newDefaults: dialog === "new" ? formDefaults(null, preselect) : null,
      editing: edited
        ? {
            id: edited.id,
            name: edited.name,
            slug: edited.slug,
            variants: edited.variants,
            defaults: formDefaults(edited, preselect),
          }
        : null,
      missing: (editId !== null && !edited) || (deleteId !== null && !deleted),
      deleting: deleted
        ? { id: deleted.id, name: deleted.name, slug: deleted.slug, orderLines: countOrderLines(db, deleted.id) }
        : null,
      confirmVariantId: edited ? positiveId(params.get("deleteVariant")) : null,
      categoryReturnTo: dialog === "new-category" ? parseReturnTo(params.get("then")) : null,
      // the list's category filter and the product form's category choice
      categories,
      suppliers: formOpen ? listSupplierOptions(db) : [],
      importResult: readStoredImport(await getSession(request), params.get("importResult")),
      idempotencyKey: issueIdempotencyKey(),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** Generating a description changes nothing on the server: the list need not be read again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => {
  if (formData?.get("intent") === PRODUCT_INTENTS.generate) return false;
  return defaultShouldRevalidate;
};

// ─── Action ─────────────────────────────────────────────────────────────────

type ActionData = {
  intent: string;
  result?: SubmissionResult<string[]>;
  notice?: Toast;
  /** the generated text (read by the fetcher) */
  description?: string;
  /** changes with every answer, so the same notice shows again */
  nonce: string;
};

const FORM_LIMIT_BYTES = 256 * 1024;

function reply(data: Omit<ActionData, "nonce">, status = 400) {
  return json<ActionData>({ ...data, nonce: crypto.randomUUID() }, { status });
}

async function redirectWithToast(request: Request, to: string, toast: Toast, session?: AppSession) {
  const current = session ?? (await getSession(request));
  current.flash("toast", toast);
  return redirect(to, { headers: { "Set-Cookie": await commitSession(current) } });
}

/** A use-case's failure as the form's errors: on its field when it names one the form has. */
function failureReply(
  submission: { reply: (options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => SubmissionResult<string[]> },
  failure: Failure,
  fields: string[],
) {
  const field = failure.field === "vatRate" ? "vatRateCustom" : failure.field;
  return field && fields.includes(field)
    ? submission.reply({ fieldErrors: { [field]: [failure.message] } })
    : submission.reply({ formErrors: [failure.message] });
}

const PRODUCT_FORM_FIELDS = ["name", "slug", "description", "categoryId", "supplierId", "costPrice", "salesPrice", "vatRateCustom", "stockLevel", "lowStockThreshold", "imageUrl"];

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const query = parseAdminProductsQuery(new URL(request.url).searchParams);
  const type = request.headers.get("Content-Type") ?? "";
  if (type.toLowerCase().startsWith("multipart/form-data")) return importAction(request, admin, query);

  let formData: FormData;
  try {
    formData = new FormData();
    for (const [name, value] of new URLSearchParams(await readBodyText(request, FORM_LIMIT_BYTES))) formData.append(name, value);
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    return redirectWithToast(request, adminProductsHref(query), {
      title: "Error",
      description: "The form is too large to save.",
      variant: "destructive",
    });
  }

  const db = getDb();
  const idempotencyKey = idempotencyKeyFrom(formData);
  const listHref = adminProductsHref(query);
  const intent = String(formData.get("intent") ?? "");

  switch (intent) {
    case PRODUCT_INTENTS.generate:
      return generateAction(formData);

    case PRODUCT_INTENTS.create:
    case PRODUCT_INTENTS.update: {
      const submission = parseWithZod(formData, { schema: productFormSchema });
      if (submission.status !== "success") return reply({ intent, result: submission.reply() });
      let result;
      if (intent === PRODUCT_INTENTS.create) {
        result = createProduct(db, admin, submission.value, { idempotencyKey });
      } else {
        const id = productIdFormSchema.safeParse({ productId: formData.get("productId") });
        if (!id.success) return redirectWithToast(request, listHref, { title: "Error", description: PRODUCT_NOT_FOUND, variant: "destructive" });
        result = updateProduct(db, admin, id.data.productId, submission.value, { idempotencyKey });
      }
      if (!result.ok) {
        if (result.status === 404) {
          return redirectWithToast(request, listHref, { title: "Error", description: result.message, variant: "destructive" });
        }
        return reply({ intent, result: failureReply(submission, result, PRODUCT_FORM_FIELDS) }, result.status);
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

    case PRODUCT_INTENTS.delete: {
      // the confirmation step posts the product's id as `id`
      const id = productIdFormSchema.safeParse({ productId: formData.get("id") });
      const result = id.success ? deleteProduct(db, admin, id.data.productId, { idempotencyKey }) : null;
      if (!result || !result.ok) {
        return redirectWithToast(request, listHref, {
          title: "Error",
          description: result?.message ?? PRODUCT_NOT_FOUND,
          variant: "destructive",
        });
      }
      return redirectWithToast(request, listHref, { title: PRODUCT_DELETED, description: `${result.value.name} was deleted.` });
    }

    case PRODUCT_INTENTS.createCategory: {
      const submission = parseWithZod(formData, { schema: categoryCreateSchema });
      if (submission.status !== "success") return reply({ intent, result: submission.reply() });
      const result = createCategory(db, admin, submission.value, { idempotencyKey });
      if (!result.ok) return reply({ intent, result: failureReply(submission, result, ["name"]) }, result.status);
      const back = parseReturnTo(formData.get("returnTo"));
      const to =
        back === "new"
          ? adminProductsHref(query, { dialog: "new", categoryId: result.value.id })
          : back
            ? adminProductsHref(query, { edit: back.slice("edit:".length), categoryId: result.value.id })
            : listHref;
      return redirectWithToast(request, to, { title: CATEGORY_CREATED, description: `${result.value.name} is ready to use.` });
    }

    case PRODUCT_INTENTS.addVariant: {
      const id = productIdFormSchema.safeParse({ productId: formData.get("productId") });
      if (!id.success) return redirectWithToast(request, listHref, { title: "Error", description: PRODUCT_NOT_FOUND, variant: "destructive" });
      const submission = parseWithZod(formData, { schema: variantCreateSchema });
      if (submission.status !== "success") return reply({ intent, result: submission.reply() });
      const result = addVariant(db, admin, id.data.productId, submission.value, { idempotencyKey });
      if (!result.ok) {
        if (result.status === 404) {
          return redirectWithToast(request, listHref, { title: "Error", description: result.message, variant: "destructive" });
        }
        return reply({ intent, result: failureReply(submission, result, ["name", "options"]) }, result.status);
      }
      return redirectWithToast(request, adminProductsHref(query, { edit: id.data.productId }), {
        title: VARIANT_ADDED,
        description: `${result.value.name}: ${result.value.options.join(", ")}`,
      });
    }

    case PRODUCT_INTENTS.deleteVariant: {
      const ids = variantDeleteFormSchema.safeParse({ productId: formData.get("productId"), variantId: formData.get("variantId") });
      const result = ids.success
        ? deleteVariant(db, admin, ids.data.productId, ids.data.variantId, { idempotencyKey })
        : null;
      const back = ids.success ? adminProductsHref(query, { edit: ids.data.productId }) : listHref;
      if (!result || !result.ok) {
        return redirectWithToast(request, result?.status === 404 && result.message === PRODUCT_NOT_FOUND ? listHref : back, {
          title: "Error",
          description: result?.message ?? "Variant not found",
          variant: "destructive",
        });
      }
      return redirectWithToast(request, back, { title: VARIANT_DELETED, description: `${result.value.name} was removed.` });
    }

    default:
      return redirectWithToast(request, listHref, {
        title: "Error",
        description: "Unknown action. Reload the page and try again.",
        variant: "destructive",
      });
  }
}

/**
 * Generate description: the product form's values come back with the description filled in (without
 * JavaScript the page shows them again; with it a fetcher reads `description`). Nothing is saved.
 */
async function generateAction(formData: FormData) {
  const intent = PRODUCT_INTENTS.generate;
  const payload: Record<string, string> = {};
  for (const [name, value] of formData) {
    if (typeof value === "string" && name !== "intent" && name !== "idempotencyKey") payload[name] = value;
  }
  const productName = (payload.name ?? "").replace(/\s+/g, " ").trim();
  if (!productName) {
    return reply({
      intent,
      result: { status: "error", initialValue: payload, error: { name: [ENTER_PRODUCT_NAME_FIRST] } },
      notice: { title: MISSING_PRODUCT_NAME, description: ENTER_PRODUCT_NAME_FIRST, variant: "destructive" },
    });
  }
  const categoryId = positiveId(payload.categoryId ?? null);
  const categoryName = categoryId ? (findCategoryById(getDb(), categoryId)?.name ?? null) : null;
  const { description } = await generateDescription({ productName: productName.slice(0, 200), categoryName });
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

/** Import CSV (multipart): the file is read within its 5 MB limit, imported, and the result shown. */
async function importAction(request: Request, admin: Actor, query: AdminProductsQuery) {
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

  const upload = await readProductCsvUpload(request);
  if (!upload.ok) return failed(upload.message, upload.status);
  const submission = parseWithZod(upload.formData, { schema: productImportFormSchema });
  if (submission.status !== "success") {
    const message = submission.error?.file?.[0] ?? IMPORT_FAILED;
    return failed(message, 400);
  }
  const file = submission.value.file;
  const result = importProductCsv(getDb(), admin, await file.text(), {
    idempotencyKey: idempotencyKeyFrom(upload.formData),
    fileName: file.name,
  });
  if (!result.ok) return failed(result.message, result.status);

  const { created, updated, errors } = result.value;
  const session = await getSession(request);
  const id = crypto.randomBytes(6).toString("base64url");
  importStore(session).set(IMPORT_RESULT_KEY, {
    id,
    created,
    updated,
    errors: errors.slice(0, IMPORT_ERRORS_SHOWN),
    more: Math.max(0, errors.length - IMPORT_ERRORS_SHOWN),
  });
  return redirectWithToast(
    request,
    adminProductsHref(query, { importResult: id }),
    { title: IMPORT_COMPLETE, description: importSummary(created, updated) },
    session,
  );
}

// ─── Page ───────────────────────────────────────────────────────────────────

const buttonLink =
  "inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50";

export default function AdminProductsPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const location = useLocation();
  const { query } = data;
  const [localNotice, setLocalNotice] = useState<{ toast: Toast; nonce: number } | null>(null);

  const listHref = adminProductsHref(query);
  const withParams = (extra: Record<string, string | number>) => adminProductsHref(query, extra);
  const here = location.pathname + location.search;
  const lastResultFor = (...intents: string[]) =>
    actionData && intents.includes(actionData.intent) ? (actionData.result ?? null) : null;

  function onExport(event: MouseEvent<HTMLAnchorElement>) {
    // With JavaScript the notice shows at once; without it the link does the same on the server.
    if (data.catalogueSize === 0) {
      event.preventDefault();
      setLocalNotice({ toast: { title: NO_DATA_TO_EXPORT, description: NO_PRODUCTS_TO_EXPORT, variant: "destructive" }, nonce: Date.now() });
    } else {
      setLocalNotice({ toast: { title: EXPORT_SUCCESSFUL, description: "Your download has started." }, nonce: Date.now() });
    }
  }

  const editing = data.editing;

  return (
    <div className="mx-auto max-w-7xl">
      {actionData?.notice ? <ToastNotice key={actionData.nonce} toast={actionData.notice} /> : null}
      {localNotice ? <ToastNotice key={localNotice.nonce} toast={localNotice.toast} /> : null}

      <PageHeader
        title="Products"
        description={`${data.catalogueSize} ${data.catalogueSize === 1 ? "product" : "products"} in the catalogue`}
        actions={
          <>
            <Link to={withParams({ dialog: "new-category" })} preventScrollReset className={buttonLink}>
              New category
            </Link>
            <Link to={withParams({ dialog: "import" })} preventScrollReset className={buttonLink}>
              Import CSV
            </Link>
            <a href={PRODUCT_EXPORT_PATH} onClick={onExport} className={buttonLink}>
              Export CSV
            </a>
            <Link
              to={withParams({ dialog: "new" })}
              preventScrollReset
              className="inline-flex items-center justify-center rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
            >
              Add product
            </Link>
          </>
        }
      />

      {data.missing ? (
        <p role="alert" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          That product no longer exists. It may have been deleted.
        </p>
      ) : null}

      {data.importResult ? <ImportResult result={data.importResult} closeHref={listHref} /> : null}

      <AdminDialog open={data.dialog === "new"} title="Add product" closeHref={listHref} size="lg">
        {data.newDefaults ? (
          <ProductForm
            mode="new"
            action={withParams({ dialog: "new" })}
            closeHref={listHref}
            newCategoryHref={withParams({ dialog: "new-category", then: "new" })}
            idempotencyKey={data.idempotencyKey}
            defaults={data.newDefaults}
            categories={data.categories}
            suppliers={data.suppliers}
            lastResult={lastResultFor(PRODUCT_INTENTS.create, PRODUCT_INTENTS.generate)}
          />
        ) : null}
      </AdminDialog>

      <AdminDialog open={editing !== null} title={editing ? `Edit ${editing.name}` : "Edit product"} closeHref={listHref} size="lg">
        {editing ? (
          <>
            <ProductForm
              key={editing.id}
              mode="edit"
              productId={editing.id}
              action={withParams({ edit: editing.id })}
              closeHref={listHref}
              newCategoryHref={withParams({ dialog: "new-category", then: `edit:${editing.id}` })}
              idempotencyKey={data.idempotencyKey}
              defaults={editing.defaults}
              categories={data.categories}
              suppliers={data.suppliers}
              lastResult={lastResultFor(PRODUCT_INTENTS.update, PRODUCT_INTENTS.generate)}
            />
            <VariantsSection
              productId={editing.id}
              productName={editing.name}
              variants={editing.variants}
              action={withParams({ edit: editing.id })}
              idempotencyKey={data.idempotencyKey}
              confirmDeleteId={data.confirmVariantId}
              deleteHref={(variantId) => withParams({ edit: editing.id, deleteVariant: variantId })}
              cancelHref={withParams({ edit: editing.id })}
              lastResult={lastResultFor(PRODUCT_INTENTS.addVariant)}
            />
            <p className="mt-4 text-sm">
              <a href={`/products/${editing.slug}`} className="font-semibold text-brand-700 hover:underline">
                View in the storefront
              </a>
            </p>
          </>
        ) : null}
      </AdminDialog>

      <AdminDialog
        open={data.dialog === "new-category"}
        title="New category"
        closeHref={
          data.categoryReturnTo === "new"
            ? withParams({ dialog: "new" })
            : data.categoryReturnTo
              ? withParams({ edit: data.categoryReturnTo.slice("edit:".length) })
              : listHref
        }
      >
        <CategoryForm
          action={here}
          closeHref={
            data.categoryReturnTo === "new"
              ? withParams({ dialog: "new" })
              : data.categoryReturnTo
                ? withParams({ edit: data.categoryReturnTo.slice("edit:".length) })
                : listHref
          }
          idempotencyKey={data.idempotencyKey}
          returnTo={data.categoryReturnTo}
          lastResult={lastResultFor(PRODUCT_INTENTS.createCategory)}
        />
      </AdminDialog>

      <AdminDialog
        open={data.dialog === "import"}
        title="Import CSV"
        description="Add or update products from a spreadsheet."
        closeHref={listHref}
      >
        <ImportForm
          action={withParams({ dialog: "import" })}
          closeHref={listHref}
          idempotencyKey={data.idempotencyKey}
          lastResult={lastResultFor(PRODUCT_INTENTS.import)}
        />
      </AdminDialog>

      {data.deleting ? (
        <ConfirmStep
          open
          title="Delete product?"
          message={<DeleteMessage product={data.deleting} />}
          confirmLabel="Delete product"
          pendingLabel="Deleting..."
          intent={PRODUCT_INTENTS.delete}
          id={data.deleting.id}
          cancelHref={listHref}
          hidden={{ idempotencyKey: data.idempotencyKey }}
        />
      ) : null}

      <Panel>
        <ProductFilters query={query} categories={data.categories} />
        <ProductTable rows={data.rows} editHref={(id) => withParams({ edit: id })} deleteHref={(id) => withParams({ delete: id })} />
        <AdminPagination
          page={data.page}
          pageCount={data.pageCount}
          total={data.total}
          noun={["product", "products"]}
          hrefFor={(page) => adminProductsHref({ ...query, page })}
        />
      </Panel>
    </div>
  );
}

/** What deleting a product takes with it, and what it leaves: past orders keep their lines. */
function DeleteMessage({ product }: { product: { name: string; slug: string; orderLines: number } }) {
  return (
    <div className="space-y-3">
      <p>
        <strong>{product.name}</strong> ({product.slug}) will be removed from the catalogue with its variants, volume
        discounts and customer prices. This cannot be undone.
      </p>
      <p>
        {product.orderLines > 0
          ? `It appears on ${product.orderLines} order line${product.orderLines === 1 ? "" : "s"}. `
          : ""}
        Past orders, invoices and returns keep their lines and history: they hold the product&apos;s name and prices,
        and only stop linking to it.
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
