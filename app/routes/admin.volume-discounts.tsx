import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type SerializeFrom,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { DataTable, EmptyRow, tdClass, thClass } from "~/components/admin/data-table";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { failureReply, invalidReply, type FormActionData } from "~/utils/form-reply.server";
import { errorToast, redirectWithToast } from "~/utils/toast.server";
import {
  CountLine,
  DialogActions,
  HiddenFields,
  IDEMPOTENCY_INPUT,
  PickerSearch,
  primaryLinkClass,
  SelectField,
} from "~/components/admin/form/form-bits";
import { idParam, listHref, safeReturnHref, type ListState } from "~/components/admin/form/list-hrefs";
import { AdminListFilters } from "~/components/admin/admin-list-filters";
import { Field, FormError } from "~/components/ui/field";
import { ToastNotice } from "~/components/ui/toast";
import {
  CONFIRM_DELETE_VOLUME_DISCOUNT,
  NO_VOLUME_DISCOUNTS,
  pickerQuerySchema,
  ruleListQuerySchema,
  VOLUME_DISCOUNT_CREATED,
  VOLUME_DISCOUNT_DELETED,
  VOLUME_DISCOUNT_UPDATED,
  volumeDiscountCountLine,
  volumeDiscountSchema,
} from "~/domain/pricing/pricing-rules.schema";
import {
  createVolumeDiscount,
  deleteVolumeDiscount,
  getVolumeDiscount,
  listVolumeDiscounts,
  productOptions,
  updateVolumeDiscount,
  volumeDiscountJson,
  VOLUME_DISCOUNT_NOT_FOUND,
} from "~/domain/pricing/pricing-rules.server";
import { requireAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { formatMoney, formatPercent, parseDecimalToHundredths } from "~/utils/money";

export const meta: MetaFunction = () => [{ title: "Volume Discounts · INFY Admin" }];

const PATH = "/admin/volume-discounts";
const FORM_FIELDS = ["productId", "minQuantity", "discountPercentage"] as const;

const parseList = (params: URLSearchParams): ListState => ruleListQuerySchema.parse(Object.fromEntries(params));

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const query = ruleListQuerySchema.parse(Object.fromEntries(params));
  const picker = pickerQuerySchema.parse(Object.fromEntries(params));
  const list = listVolumeDiscounts(db, query);

  const editId = idParam(params.get("edit"));
  const deleteId = idParam(params.get("delete"));
  const editing = editId ? getVolumeDiscount(db, editId) : null;
  const deleting = deleteId ? getVolumeDiscount(db, deleteId) : null;
  const creating = params.get("dialog") === "new";
  const chosenProduct = idParam(params.get("productId"));
  const options = creating || editing ? productOptions(db, { q: picker.product, includeId: editing?.productId ?? chosenProduct }) : null;

  return json(
    {
      list: { q: query.q, page: list.page },
      rules: list.items.map(volumeDiscountJson),
      total: list.total,
      pageCount: list.pageCount,
      creating,
      editing: editing ? volumeDiscountJson(editing) : null,
      deleting: deleting ? volumeDiscountJson(deleting) : null,
      missing: (editId !== null && !editing) || (deleteId !== null && !deleting),
      productSearch: picker.product ?? "",
      products: options?.items ?? [],
      productsTotal: options?.total ?? 0,
      productsLimited: options?.limited ?? false,
      chosenProduct: chosenProduct && options?.items.some((p) => p.id === chosenProduct) ? chosenProduct : null,
      idempotencyKey: issueIdempotencyKey(),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const db = getDb();
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const key = idempotencyKeyFrom(formData);
  const id = idParam(String(formData.get("id") ?? ""));
  const back = safeReturnHref(PATH, formData.get("returnTo"), parseList);

  if (intent === "create" || intent === "update") {
    const submission = parseWithZod(formData, { schema: volumeDiscountSchema });
    if (submission.status !== "success") return invalidReply(intent, submission);
    if (intent === "update" && id === null) return redirectWithToast(request, back, errorToast(VOLUME_DISCOUNT_NOT_FOUND));
    const result =
      intent === "create"
        ? createVolumeDiscount(db, admin, submission.value, key)
        : updateVolumeDiscount(db, admin, id!, submission.value, key);
    if (!result.ok) {
      if (result.status === 404) return redirectWithToast(request, back, errorToast(result.message));
      return failureReply(intent, submission, result, FORM_FIELDS);
    }
    const rule = result.value;
    const summary = `${rule.productName ?? `Product #${rule.productId}`}: ${rule.minQuantity}+ units, ${formatPercent(rule.discountPercentage)} off.`;
    return redirectWithToast(request, back, {
      title: intent === "create" ? VOLUME_DISCOUNT_CREATED : VOLUME_DISCOUNT_UPDATED,
      description: summary,
    });
  }

  if (intent === "delete") {
    const result = id === null ? null : deleteVolumeDiscount(db, admin, id, key);
    if (!result || !result.ok) return redirectWithToast(request, back, errorToast(result?.message ?? VOLUME_DISCOUNT_NOT_FOUND));
    return redirectWithToast(request, back, {
      title: VOLUME_DISCOUNT_DELETED,
      description: `The ${result.value.minQuantity}+ units discount on ${result.value.productName ?? "the product"} was removed.`,
    });
  }
  return redirectWithToast(request, back, errorToast("Unknown action"));
}

type LoaderData = SerializeFrom<typeof loader>;
type Rule = LoaderData["rules"][number];

export default function AdminVolumeDiscounts() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const { list } = data;
  const listPath = listHref(PATH, list);
  const hidden = { returnTo: listPath, [IDEMPOTENCY_INPUT]: data.idempotencyKey };
  const createHref = listHref(PATH, list, { dialog: "new" });

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Volume Discounts"
        description="Quantity-based discounts: a customer buying at least the minimum quantity of a product gets a percentage off its price."
        actions={
          <Link to={createHref} preventScrollReset className={primaryLinkClass}>
            Add Volume Discount
          </Link>
        }
      />

      {actionData?.toast ? (
        <div className="mb-4">
          <ToastNotice key={actionData.attempt} toast={actionData.toast} />
        </div>
      ) : null}
      {data.missing ? (
        <p role="alert" className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          That volume discount no longer exists.
        </p>
      ) : null}

      <AdminDialog open={data.creating} title="Create Volume Discount" closeHref={listPath}>
        {data.creating ? (
          <RuleForm
            key="new"
            data={data}
            hidden={hidden}
            keep={{ ...searchKeep(list), dialog: "new" }}
            lastResult={actionData?.intent === "create" ? actionData.result : undefined}
          />
        ) : null}
      </AdminDialog>

      <AdminDialog open={Boolean(data.editing)} title="Edit Volume Discount" closeHref={listPath}>
        {data.editing ? (
          <RuleForm
            key={data.editing.id}
            rule={data.editing}
            data={data}
            hidden={hidden}
            keep={{ ...searchKeep(list), edit: String(data.editing.id) }}
            lastResult={actionData?.intent === "update" ? actionData.result : undefined}
          />
        ) : null}
      </AdminDialog>

      {data.deleting ? (
        <ConfirmStep
          open
          title="Delete Volume Discount"
          message={
            <>
              <p>{CONFIRM_DELETE_VOLUME_DISCOUNT}</p>
              <p className="mt-2">
                <strong>{data.deleting.product?.name ?? `Product #${data.deleting.productId}`}</strong>:{" "}
                {data.deleting.minQuantity}+ units, {percentText(data.deleting.discountPercentage)} off
              </p>
            </>
          }
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          intent="delete"
          id={data.deleting.id}
          cancelHref={listPath}
          hidden={hidden}
        />
      ) : null}

      <Panel>
        <AdminListFilters
          search={{ id: "-admin-volume-discounts-q", label: "Search by product", placeholder: "Product name", value: list.q ?? "" }}
          clearHref={PATH}
        />
        <DataTable caption="Volume discounts" minWidth="36rem">
          <thead>
            <tr>
              <th scope="col" className={thClass}>Product</th>
              <th scope="col" className={thClass}>Min Quantity</th>
              <th scope="col" className={thClass}>Discount</th>
              <th scope="col" className={`${thClass} text-right`}>Actions</th>
            </tr>
          </thead>
          <tbody>
            {data.rules.length === 0 ? (
              <EmptyRow colSpan={4}>
                {list.q ? (
                  <>No volume discounts match “{list.q}”.</>
                ) : (
                  <span className="flex flex-col items-center gap-3">
                    <span>{NO_VOLUME_DISCOUNTS}</span>
                    <Link to={createHref} preventScrollReset className={primaryLinkClass}>
                      Create your first volume discount
                    </Link>
                  </span>
                )}
              </EmptyRow>
            ) : (
              data.rules.map((rule) => <RuleRow key={rule.id} rule={rule} list={list} />)
            )}
          </tbody>
        </DataTable>
        <CountLine>{volumeDiscountCountLine(data.total)}</CountLine>
        {data.pageCount > 1 ? (
          <AdminPagination
            page={list.page}
            pageCount={data.pageCount}
            total={data.total}
            noun={["rule", "rules"]}
            hrefFor={(page) => listHref(PATH, { ...list, page })}
          />
        ) : null}
      </Panel>
    </div>
  );
}

function searchKeep(list: ListState): Record<string, string> {
  const keep: Record<string, string> = {};
  if (list.q) keep.q = list.q;
  if (list.page && list.page > 1) keep.page = String(list.page);
  return keep;
}

function percentText(decimal: string) {
  return formatPercent(parseDecimalToHundredths(decimal) ?? 0);
}

function RuleRow({ rule, list }: { rule: Rule; list: ListState }) {
  const name = rule.product?.name ?? `Product #${rule.productId}`;
  return (
    <tr data-testid="volume-discount-row" className="hover:bg-slate-50">
      <td className={`${tdClass} font-medium text-slate-900`}>{name}</td>
      <td className={`${tdClass} tabular-nums`}>{rule.minQuantity}+ units</td>
      <td className={`${tdClass} tabular-nums`}>{percentText(rule.discountPercentage)} off</td>
      <td className={`${tdClass} text-right`}>
        <div className="flex justify-end gap-3 whitespace-nowrap">
          <Link
            to={listHref(PATH, list, { edit: String(rule.id) })}
            preventScrollReset
            className="font-medium text-brand-700 hover:underline"
            aria-label={`Edit ${rule.minQuantity}+ units discount on ${name}`}
          >
            Edit
          </Link>
          <Link
            to={listHref(PATH, list, { delete: String(rule.id) })}
            preventScrollReset
            className="font-medium text-red-700 hover:underline"
            aria-label={`Delete ${rule.minQuantity}+ units discount on ${name}`}
          >
            Delete
          </Link>
        </div>
      </td>
    </tr>
  );
}

function RuleForm({
  rule,
  data,
  hidden,
  keep,
  lastResult,
}: {
  rule?: Rule;
  data: LoaderData;
  hidden: Record<string, string>;
  keep: Record<string, string>;
  lastResult?: SubmissionResult<string[]>;
}) {
  const intent = rule ? "update" : "create";
  const { form, fields, saving } = useAdminForm({
    id: `volume-discount-${rule?.id ?? "new"}`,
    schema: volumeDiscountSchema,
    intent: intent,
    lastResult,
    defaultValue: rule
      ? { productId: String(rule.productId), minQuantity: String(rule.minQuantity), discountPercentage: rule.discountPercentage }
      : { productId: data.chosenProduct ? String(data.chosenProduct) : "", minQuantity: "", discountPercentage: "" },
  });

  return (
    <>
      {data.productsLimited || data.productSearch ? (
        <PickerSearch
          name="product"
          label="Find a product"
          placeholder="Product name"
          value={data.productSearch}
          keep={keep}
          note={
            data.productsLimited
              ? `Showing the first ${data.products.length} of ${data.productsTotal} products: search to find others.`
              : `${data.productsTotal} ${data.productsTotal === 1 ? "product matches" : "products match"}.`
          }
        />
      ) : null}
      <Form method="post" preventScrollReset {...getFormProps(form)} noValidate className="space-y-4">
        <input type="hidden" name="intent" value={intent} />
        {rule ? <input type="hidden" name="id" value={rule.id} /> : null}
        <HiddenFields values={hidden} />
        <FormError errors={form.errors} />
        <SelectField
          label="Product"
          errors={fields.productId.errors}
          errorId={fields.productId.errorId}
          selectProps={getSelectProps(fields.productId)}
        >
          <option value="">Select a product</option>
          {data.products.map((product) => (
            <option key={product.id} value={String(product.id)}>
              {`${product.name} (${formatMoney(product.salesPrice)})`}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Minimum Quantity"
            hint="Units of the product in the cart, all variants together."
            errors={fields.minQuantity.errors}
            inputProps={{ ...getInputProps(fields.minQuantity, { type: "number" }), min: 1, step: 1, inputMode: "numeric" }}
          />
          <Field
            label="Discount Percentage"
            hint="0 to 100, e.g. 10 or 12.5."
            errors={fields.discountPercentage.errors}
            inputProps={{
              ...getInputProps(fields.discountPercentage, { type: "number" }),
              min: 0,
              max: 100,
              step: 0.01,
              inputMode: "decimal",
            }}
          />
        </div>
        <DialogActions cancelHref={listHref(PATH, data.list)} submitLabel={rule ? "Update" : "Create"} saving={saving} />
      </Form>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
