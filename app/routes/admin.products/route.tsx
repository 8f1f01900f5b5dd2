import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { adminPageTitle } from "~/utils/company-brand";
import { Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useState, type MouseEvent } from "react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { ImportResult } from "~/components/admin/products/import-result";
import { ProductFilters } from "~/components/admin/products/product-filters";
import { ProductTable } from "~/components/admin/products/product-table";
import { ToastNotice } from "~/components/ui/toast";
import {
  adminProductsHref,
  EXPORT_SUCCESSFUL,
  NO_DATA_TO_EXPORT,
  NO_PRODUCTS_TO_EXPORT,
  parseAdminProductsQuery,
  PRODUCT_CSV_MAX_BYTES,
  PRODUCT_EXPORT_PATH,
  PRODUCT_INTENTS,
} from "~/domain/catalog/product.schema";
import { requireStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { readBodyText, readMultipartWithin } from "~/utils/http.server";
import { IMPORT_BODY_LIMIT, isProductImportPost, UPLOAD_BODY_LIMIT } from "~/utils/request-guard";
import { uploadsDir } from "~/utils/uploads.server";
import { PRODUCT_IMAGE_MAX_BYTES } from "~/domain/catalog/product-images";
import { issueIdempotencyKey } from "~/utils/idempotency.server";
import type { Toast } from "~/utils/session.server";
import { errorToast, redirectWithToast } from "~/utils/toast.server";
import { readImportResult } from "./import-result.server";
import {
  addVariantPost,
  createCategoryPost,
  deleteProductPost,
  deleteVariantPost,
  generateDescriptionPost,
  importProductsPost,
  saveProductPost,
  type ProductActionData,
  type ProductPost,
} from "./product-actions.server";
import { ProductDialogs } from "./product-dialogs";
import { CategoryDialogs } from "./category-dialogs";
import { deleteCategoryPost, loadCategoryDialogs, renameCategoryPost } from "./category-actions.server";
import { adjustStockPost, loadStockDialog } from "./stock-actions.server";
import { StockDialog } from "./stock-dialog";
import { ADJUST_STOCK_INTENT } from "~/domain/catalog/stock-movement.schema";
import { loadProductsPage } from "./products-page.server";
import { variantBarcodesPost } from "./barcode-actions.server";
import { VARIANT_BARCODES_INTENT } from "~/domain/catalog/barcode.schema";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Products") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireStaff(request, "catalogue");
  const params = new URL(request.url).searchParams;
  return json(
    {
      ...loadProductsPage(getDb(), params),
      categoryDialogs: loadCategoryDialogs(getDb(), params),
      stockDialog: loadStockDialog(getDb(), params),
      importResult: readImportResult(getDb(), admin.id, params.get("importResult")),
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

const FORM_LIMIT_BYTES = 256 * 1024;

/**
 * The product form and the CSV import post multipart: an image of at most 5 MB within the 6 MB the edge
 * lets through, or (from the Import CSV dialog's address) a CSV within the import's own limit. The other
 * forms post urlencoded. Null when the body is too large or unreadable.
 */
async function readProductsPageBody(request: Request) {
  if ((request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    const url = new URL(request.url);
    // the import's CSV waits on disk until the post is answered; an image is small enough for memory
    const limits = isProductImportPost(url.pathname, url.search)
      ? { maxPartBytes: PRODUCT_CSV_MAX_BYTES, maxTotalBytes: IMPORT_BODY_LIMIT, filesTo: uploadsDir() }
      : { maxPartBytes: PRODUCT_IMAGE_MAX_BYTES, maxTotalBytes: UPLOAD_BODY_LIMIT };
    const body = await readMultipartWithin(request, limits);
    return body.ok ? body : null;
  }
  const formData = new FormData();
  try {
    for (const [name, value] of new URLSearchParams(await readBodyText(request, FORM_LIMIT_BYTES))) formData.append(name, value);
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    return null;
  }
  return { formData, oversized: new Set<string>(), discard: async () => {} };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireStaff(request, "catalogue");
  const db = getDb();
  const query = parseAdminProductsQuery(new URL(request.url).searchParams);
  const body = await readProductsPageBody(request);
  if (!body) return redirectWithToast(request, adminProductsHref(query), errorToast("The form is too large to save."));

  try {
    return await productsPagePost({ request, db, admin, query, formData: body.formData, oversized: body.oversized });
  } finally {
    await body.discard();
  }
}

async function productsPagePost(post: ProductPost) {
  const { request, query } = post;
  const intent = String(post.formData.get("intent") ?? "");
  switch (intent) {
    case PRODUCT_INTENTS.import:
      return importProductsPost(post);
    case PRODUCT_INTENTS.generate:
      return generateDescriptionPost(post);
    case PRODUCT_INTENTS.create:
    case PRODUCT_INTENTS.update:
      return saveProductPost(post, intent);
    case PRODUCT_INTENTS.delete:
      return deleteProductPost(post);
    case PRODUCT_INTENTS.createCategory:
      return createCategoryPost(post);
    case PRODUCT_INTENTS.renameCategory:
      return renameCategoryPost(post);
    case PRODUCT_INTENTS.deleteCategory:
      return deleteCategoryPost(post);
    case ADJUST_STOCK_INTENT:
      return adjustStockPost(post, {
        doneHref: (productId) => adminProductsHref(query, { stockOf: productId }),
        goneHref: adminProductsHref(query),
      });
    case PRODUCT_INTENTS.addVariant:
      return addVariantPost(post);
    case PRODUCT_INTENTS.deleteVariant:
      return deleteVariantPost(post);
    case VARIANT_BARCODES_INTENT:
      return variantBarcodesPost(post);
    default:
      return redirectWithToast(request, adminProductsHref(query), errorToast("Unknown action. Reload the page and try again."));
  }
}

const addLinkClass =
  "inline-flex items-center justify-center rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800";
const buttonLink =
  "inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50";

export default function AdminProductsPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ProductActionData | undefined;
  const { query } = data;
  const [localNotice, setLocalNotice] = useState<{ toast: Toast; nonce: number } | null>(null);

  const listHref = adminProductsHref(query);
  const withParams = (extra: Record<string, string | number>) => adminProductsHref(query, extra);
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

  return (
    <div className="mx-auto max-w-7xl">
      {actionData?.notice ? <ToastNotice key={actionData.nonce} toast={actionData.notice} /> : null}
      {localNotice ? <ToastNotice key={localNotice.nonce} toast={localNotice.toast} /> : null}

      <PageHeader
        title="Products"
        description={`${data.catalogueSize} ${data.catalogueSize === 1 ? "product" : "products"} in the catalogue`}
        actions={
          <>
            <Link to={withParams({ dialog: "categories" })} preventScrollReset className={buttonLink}>
              Categories
            </Link>
            <Link to={withParams({ dialog: "new-category" })} preventScrollReset className={buttonLink}>
              New category
            </Link>
            <Link to={withParams({ dialog: "import" })} preventScrollReset className={buttonLink}>
              Import CSV
            </Link>
            <a href={PRODUCT_EXPORT_PATH} onClick={onExport} className={buttonLink}>
              Export CSV
            </a>
            <Link to={withParams({ dialog: "new" })} preventScrollReset className={addLinkClass}>
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

      <ProductDialogs data={data} listHref={listHref} withParams={withParams} lastResultFor={lastResultFor} />
      <CategoryDialogs
        data={data.categoryDialogs}
        listHref={listHref}
        withParams={withParams}
        idempotencyKey={data.idempotencyKey}
        lastResult={lastResultFor(PRODUCT_INTENTS.renameCategory)}
      />
      <StockDialog
        data={data.stockDialog}
        listHref={listHref}
        withParams={withParams}
        idempotencyKey={data.idempotencyKey}
        lastResult={lastResultFor(ADJUST_STOCK_INTENT)}
      />

      <Panel>
        <ProductFilters query={query} categories={data.categories} facets={data.facets} />
        <ProductTable
          rows={data.rows}
          editHref={(id) => withParams({ edit: id })}
          deleteHref={(id) => withParams({ delete: id })}
          stockHref={(id) => withParams({ stockOf: id })}
        />
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

export const ErrorBoundary = AdminErrorBoundary;
