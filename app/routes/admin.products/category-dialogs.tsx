import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { MissingNotice } from "~/components/admin/screen-notices";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { DialogActions, HiddenFields } from "~/components/admin/form/form-bits";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { Field, FormError } from "~/components/ui/field";
import {
  CATEGORY_NAME_MAX,
  categoryInUseMessage,
  categoryRenameSchema,
  PRODUCT_INTENTS,
} from "~/domain/catalog/product.schema";
import type { CategoryDialogsData } from "./category-actions.server";

const linkClass = "font-semibold text-brand-700 hover:underline";

/** The Categories dialog and its rename and delete dialogs, each with its own URL. */
export function CategoryDialogs({
  data,
  listHref,
  withParams,
  idempotencyKey,
  lastResult,
}: {
  data: CategoryDialogsData;
  listHref: string;
  withParams: (extra: Record<string, string | number>) => string;
  idempotencyKey: string;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const categoriesHref = withParams({ dialog: "categories" });
  const { renaming, deleting } = data;
  return (
    <>
      {data.missing ? <MissingNotice>That category no longer exists. It may have been deleted.</MissingNotice> : null}

      <AdminDialog open={data.list !== null} title="Categories" closeHref={listHref} size="lg">
        {data.list && data.list.length > 0 ? (
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="py-2 pr-3">Name</th>
                <th className="py-2 pr-3">Web address</th>
                <th className="py-2 pr-3 text-right">Products</th>
                <th className="py-2 text-right">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((category) => (
                <tr key={category.id} data-testid="category-row" className="border-b border-slate-100">
                  <td className="py-2 pr-3 font-medium text-slate-900">{category.name}</td>
                  <td className="py-2 pr-3 text-slate-600">/category/{category.slug}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">
                    <Link to={withParams({ category: category.id })} className={linkClass}>
                      {category.productCount}
                    </Link>
                  </td>
                  <td className="space-x-3 py-2 text-right whitespace-nowrap">
                    <Link to={withParams({ renameCategory: category.id })} preventScrollReset className={linkClass} aria-label={`Rename ${category.name}`}>
                      Rename
                    </Link>
                    <Link to={withParams({ deleteCategory: category.id })} preventScrollReset className="font-semibold text-red-700 hover:underline" aria-label={`Delete ${category.name}`}>
                      Delete
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-sm text-slate-600">No categories yet.</p>
        )}
        <p className="mt-4 text-sm">
          <Link to={withParams({ dialog: "new-category" })} className={linkClass}>
            New category
          </Link>
        </p>
      </AdminDialog>

      <AdminDialog open={renaming !== null} title={renaming ? `Rename ${renaming.name}` : "Rename category"} closeHref={categoriesHref}>
        {renaming ? (
          <RenameCategoryForm
            key={renaming.id}
            category={renaming}
            action={withParams({ renameCategory: renaming.id })}
            closeHref={categoriesHref}
            idempotencyKey={idempotencyKey}
            lastResult={lastResult}
          />
        ) : null}
      </AdminDialog>

      {deleting && deleting.productCount > 0 ? (
        <AdminDialog open title="Cannot delete this category" closeHref={categoriesHref}>
          <p role="alert" className="text-sm text-slate-700">
            {categoryInUseMessage(deleting.name, deleting.productCount)}
          </p>
          <div className="mt-5 flex flex-wrap justify-end gap-3 text-sm">
            <Link to={categoriesHref} className="px-2 py-2 font-semibold text-slate-700 hover:underline">
              Back to categories
            </Link>
            <Link to={withParams({ category: deleting.id })} className="px-2 py-2 font-semibold text-brand-700 hover:underline">
              Show its products
            </Link>
          </div>
        </AdminDialog>
      ) : deleting ? (
        <ConfirmStep
          open
          title="Delete category?"
          message={
            <p>
              <strong>{deleting.name}</strong> (/category/{deleting.slug}) will be removed. No product uses it. This cannot be
              undone.
            </p>
          }
          confirmLabel="Delete category"
          pendingLabel="Deleting..."
          intent={PRODUCT_INTENTS.deleteCategory}
          id={deleting.id}
          cancelHref={categoriesHref}
          hidden={{ idempotencyKey }}
        />
      ) : null}
    </>
  );
}

/** A new name; the web address follows it by the slug rule. */
function RenameCategoryForm({
  category,
  action,
  closeHref,
  idempotencyKey,
  lastResult,
}: {
  category: { id: number; name: string; slug: string };
  action: string;
  closeHref: string;
  idempotencyKey: string;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const { form, fields, saving } = useAdminForm({
    id: "rename-category-form",
    schema: categoryRenameSchema,
    intent: PRODUCT_INTENTS.renameCategory,
    lastResult,
    defaultValue: { name: category.name },
    shouldValidate: "onSubmit",
    busyUntilIdle: true,
  });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4" noValidate>
      <HiddenFields values={{ intent: PRODUCT_INTENTS.renameCategory, id: String(category.id), idempotencyKey }} />
      <FormError errors={form.errors} />
      <Field
        label="Category name"
        errors={fields.name.errors}
        hint={`Now at /category/${category.slug}; the web address follows the new name.`}
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), maxLength: CATEGORY_NAME_MAX, autoComplete: "off" }}
      />
      <DialogActions cancelHref={closeHref} submitLabel="Rename category" saving={saving} />
    </Form>
  );
}
