import type { SubmissionResult } from "@conform-to/react";
import { useLocation } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { CategoryForm } from "~/components/admin/products/category-form";
import { ImportForm } from "~/components/admin/products/import-form";
import { ProductForm, type ProductFormDefaults } from "~/components/admin/products/product-form";
import { VariantsSection, type VariantRow } from "~/components/admin/products/variants-section";
import { PRODUCT_INTENTS } from "~/domain/catalog/product.schema";
import { VARIANT_BARCODES_INTENT } from "~/domain/catalog/barcode.schema";

type Choice = { id: number; name: string };

export type ProductDialogsData = {
  dialog: "new" | "new-category" | "import" | null;
  newDefaults: ProductFormDefaults | null;
  editing: { id: number; name: string; slug: string; variants: VariantRow[]; defaults: ProductFormDefaults } | null;
  deleting: { id: number; name: string; slug: string; orderLines: number } | null;
  confirmVariantId: number | null;
  categoryReturnTo: "new" | `edit:${number}` | null;
  categories: Choice[];
  suppliers: { id: string; label: string }[];
  idempotencyKey: string;
};

/** The screen's page states: ?dialog=new|new-category|import, ?edit= (with its variants), ?delete=. */
export function ProductDialogs({
  data,
  listHref,
  withParams,
  lastResultFor,
}: {
  data: ProductDialogsData;
  listHref: string;
  withParams: (extra: Record<string, string | number>) => string;
  lastResultFor: (...intents: string[]) => SubmissionResult<string[]> | null;
}) {
  const location = useLocation();
  const { editing, idempotencyKey } = data;
  const categoryBack =
    data.categoryReturnTo === "new"
      ? withParams({ dialog: "new" })
      : data.categoryReturnTo
        ? withParams({ edit: data.categoryReturnTo.slice("edit:".length) })
        : listHref;
  const formProps = { closeHref: listHref, idempotencyKey, categories: data.categories, suppliers: data.suppliers };

  return (
    <>
      <AdminDialog open={data.dialog === "new"} title="Add product" closeHref={listHref} size="lg">
        {data.newDefaults ? (
          <ProductForm
            {...formProps}
            mode="new"
            action={withParams({ dialog: "new" })}
            newCategoryHref={withParams({ dialog: "new-category", then: "new" })}
            defaults={data.newDefaults}
            lastResult={lastResultFor(PRODUCT_INTENTS.create, PRODUCT_INTENTS.generate)}
          />
        ) : null}
      </AdminDialog>

      <AdminDialog open={editing !== null} title={editing ? `Edit ${editing.name}` : "Edit product"} closeHref={listHref} size="lg">
        {editing ? (
          <>
            <ProductForm
              {...formProps}
              key={editing.id}
              mode="edit"
              productId={editing.id}
              action={withParams({ edit: editing.id })}
              newCategoryHref={withParams({ dialog: "new-category", then: `edit:${editing.id}` })}
              defaults={editing.defaults}
              lastResult={lastResultFor(PRODUCT_INTENTS.update, PRODUCT_INTENTS.generate)}
            />
            <VariantsSection
              productId={editing.id}
              productName={editing.name}
              variants={editing.variants}
              action={withParams({ edit: editing.id })}
              idempotencyKey={idempotencyKey}
              confirmDeleteId={data.confirmVariantId}
              deleteHref={(variantId) => withParams({ edit: editing.id, deleteVariant: variantId })}
              cancelHref={withParams({ edit: editing.id })}
              lastResult={lastResultFor(PRODUCT_INTENTS.addVariant)}
              barcodesResult={lastResultFor(VARIANT_BARCODES_INTENT)}
            />
            <p className="mt-4 text-sm">
              <a href={`/products/${editing.slug}`} className="font-semibold text-brand-700 hover:underline">
                View in the storefront
              </a>
            </p>
          </>
        ) : null}
      </AdminDialog>

      <AdminDialog open={data.dialog === "new-category"} title="New category" closeHref={categoryBack}>
        <CategoryForm
          action={location.pathname + location.search}
          closeHref={categoryBack}
          idempotencyKey={idempotencyKey}
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
          idempotencyKey={idempotencyKey}
          lastResult={lastResultFor(PRODUCT_INTENTS.import)}
          resultHref={(importId) => withParams({ importResult: importId })}
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
          hidden={{ idempotencyKey }}
        />
      ) : null}
    </>
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
