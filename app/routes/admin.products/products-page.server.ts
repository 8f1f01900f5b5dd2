/** What the products screen shows: a page of the list, and the product, category or import dialog that is open. */
import type { ProductFormDefaults } from "~/components/admin/products/product-form";
import { idParam } from "~/components/admin/form/list-hrefs";
import { listCategories } from "~/domain/catalog/catalog.server";
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  hasAdminProductFilters,
  parseAdminProductsQuery,
  vatChoiceFor,
  type AdminProductsQuery,
} from "~/domain/catalog/product.schema";
import {
  adminProductFacets,
  countAllProducts,
  countOrderLines,
  getAdminProduct,
  listAdminProducts,
  listSupplierOptions,
} from "~/domain/catalog/products.server";
import { withOptionBarcodes } from "~/domain/catalog/variant-barcodes.server";
import type { DB } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { parseCategoryReturnTo } from "./product-actions.server";

const DIALOGS = ["new", "new-category", "import"] as const;
type DialogName = (typeof DIALOGS)[number];

function formDefaults(product: NonNullable<ReturnType<typeof getAdminProduct>> | null, categoryId: number | null): ProductFormDefaults {
  const vat = vatChoiceFor(product?.vatRate ?? 2000);
  return {
    name: product?.name ?? "",
    slug: product?.slug ?? "",
    sku: product?.sku ?? "",
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
    barcodes: product?.barcodes.join("\n") ?? "",
    minOrderQuantity: String(product?.minOrderQuantity ?? ""),
    orderMultiple: String(product?.orderMultiple ?? ""),
    packLabel: product?.packLabel ?? "",
    unitsPerPack: String(product?.unitsPerPack ?? ""),
  };
}

export function loadProductsPage(db: DB, params: URLSearchParams) {
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
  const editId = idParam(params.get("edit"));
  const edited = editId ? getAdminProduct(db, editId) : null;
  const deleteId = idParam(params.get("delete"));
  const deleted = deleteId ? getAdminProduct(db, deleteId) : null;
  const chosenCategory = idParam(params.get("categoryId"));
  const preselect = chosenCategory && categories.some((category) => category.id === chosenCategory) ? chosenCategory : null;
  const formOpen = dialog === "new" || edited !== null;

  return {
    query,
    rows: list.items.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      sku: row.sku,
      imageUrl: row.imageUrl,
      category: row.category ? { name: row.category.name } : null,
      salesPrice: row.salesPrice,
      costPrice: row.costPrice,
      vatRate: row.vatRate,
      stockLevel: row.stockLevel,
      lowStockThreshold: row.lowStockThreshold,
    })),
    total: list.total,
    facets: adminProductFacets(db, query),
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
          variants: edited.variants.map((variant) => withOptionBarcodes(variant, edited.variantBarcodes)),
          defaults: formDefaults(edited, preselect),
        }
      : null,
    missing: (editId !== null && !edited) || (deleteId !== null && !deleted),
    deleting: deleted
      ? { id: deleted.id, name: deleted.name, slug: deleted.slug, orderLines: countOrderLines(db, deleted.id) }
      : null,
    confirmVariantId: edited ? idParam(params.get("deleteVariant")) : null,
    categoryReturnTo: dialog === "new-category" ? parseCategoryReturnTo(params.get("then")) : null,
    // the list's category filter and the product form's category choice
    categories,
    suppliers: formOpen ? listSupplierOptions(db) : [],
  };
}
