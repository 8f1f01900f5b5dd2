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
  CONFIRM_DELETE_CUSTOM_PRICE,
  CUSTOMER_PRICING_CREATED,
  CUSTOMER_PRICING_DELETED,
  CUSTOMER_PRICING_UPDATED,
  customerPriceSchema,
  customPriceCountLine,
  formatTenthsPercent,
  NO_CUSTOM_PRICES,
  pickerQuerySchema,
  ruleListQuerySchema,
  savingsOf,
} from "~/domain/pricing/pricing-rules.schema";
import {
  createCustomerPrice,
  CUSTOMER_PRICE_NOT_FOUND,
  customerOptions,
  customerPriceJson,
  deleteCustomerPrice,
  getCustomerPrice,
  listCustomerPrices,
  productOptions,
  updateCustomerPrice,
} from "~/domain/pricing/pricing-rules.server";
import { requireAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { formatMoney, parseDecimalToHundredths } from "~/utils/money";

export const meta: MetaFunction = () => [{ title: "Customer Pricing · INFY Admin" }];

const PATH = "/admin/customer-pricing";
const FORM_FIELDS = ["userId", "productId", "customPrice"] as const;

const parseList = (params: URLSearchParams): ListState => ruleListQuerySchema.parse(Object.fromEntries(params));

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const query = ruleListQuerySchema.parse(Object.fromEntries(params));
  const picker = pickerQuerySchema.parse(Object.fromEntries(params));
  const list = listCustomerPrices(db, query);

  const editId = idParam(params.get("edit"));
  const deleteId = idParam(params.get("delete"));
  const editing = editId ? getCustomerPrice(db, editId) : null;
  const deleting = deleteId ? getCustomerPrice(db, deleteId) : null;
  const creating = params.get("dialog") === "new";
  const formOpen = creating || editing !== null;
  const products = formOpen ? productOptions(db, { q: picker.product, includeId: editing?.productId }) : null;
  const customers = formOpen ? customerOptions(db, { q: picker.customer, includeId: editing?.userId }) : null;

  return json(
    {
      list: { q: query.q, page: list.page },
      rows: list.items.map(customerPriceJson),
      total: list.total,
      pageCount: list.pageCount,
      creating,
      editing: editing ? customerPriceJson(editing) : null,
      deleting: deleting ? customerPriceJson(deleting) : null,
      missing: (editId !== null && !editing) || (deleteId !== null && !deleting),
      productSearch: picker.product ?? "",
      customerSearch: picker.customer ?? "",
      products: products?.items ?? [],
      productsTotal: products?.total ?? 0,
      productsLimited: products?.limited ?? false,
      customers: customers?.items ?? [],
      customersTotal: customers?.total ?? 0,
      customersLimited: customers?.limited ?? false,
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
    const submission = parseWithZod(formData, { schema: customerPriceSchema });
    if (submission.status !== "success") return invalidReply(intent, submission);
    if (intent === "update" && id === null) return redirectWithToast(request, back, errorToast(CUSTOMER_PRICE_NOT_FOUND));
    const result =
      intent === "create"
        ? createCustomerPrice(db, admin, submission.value, key)
        : updateCustomerPrice(db, admin, id!, submission.value, key);
    if (!result.ok) {
      if (result.status === 404) return redirectWithToast(request, back, errorToast(result.message));
      return failureReply(intent, submission, result, FORM_FIELDS);
    }
    const row = result.value;
    return redirectWithToast(request, back, {
      title: intent === "create" ? CUSTOMER_PRICING_CREATED : CUSTOMER_PRICING_UPDATED,
      description: `${row.userEmail ?? `User ${row.userId}`} pays ${formatMoney(row.customPrice)} (ex VAT) for ${
        row.productName ?? `Product #${row.productId}`
      }.`,
    });
  }

  if (intent === "delete") {
    const result = id === null ? null : deleteCustomerPrice(db, admin, id, key);
    if (!result || !result.ok) return redirectWithToast(request, back, errorToast(result?.message ?? CUSTOMER_PRICE_NOT_FOUND));
    return redirectWithToast(request, back, {
      title: CUSTOMER_PRICING_DELETED,
      description: `${result.value.userEmail ?? "The customer"} now pays their usual price for ${
        result.value.productName ?? "the product"
      }.`,
    });
  }
  return redirectWithToast(request, back, errorToast("Unknown action"));
}

type LoaderData = SerializeFrom<typeof loader>;
type Row = LoaderData["rows"][number];

function customerLabel(row: Row) {
  return row.user?.email ?? `User ${row.userId}`;
}

function productLabel(row: Row) {
  return row.product?.name ?? `Product #${row.productId}`;
}

function pence(decimal: string | null | undefined) {
  return decimal ? (parseDecimalToHundredths(decimal) ?? 0) : 0;
}

export default function AdminCustomerPricing() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const { list } = data;
  const listPath = listHref(PATH, list);
  const hidden = { returnTo: listPath, [IDEMPOTENCY_INPUT]: data.idempotencyKey };
  const createHref = listHref(PATH, list, { dialog: "new" });

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Customer-Specific Pricing"
        description="Agreed prices for individual customers. A custom price replaces the customer's tier and volume discounts for that product."
        actions={
          <Link to={createHref} preventScrollReset className={primaryLinkClass}>
            Add Custom Price
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
          That custom pricing rule no longer exists.
        </p>
      ) : null}

      <AdminDialog open={data.creating} title="Create Custom Price" closeHref={listPath}>
        {data.creating ? (
          <PriceForm
            key="new"
            data={data}
            hidden={hidden}
            keep={{ ...searchKeep(list), dialog: "new" }}
            lastResult={actionData?.intent === "create" ? actionData.result : undefined}
          />
        ) : null}
      </AdminDialog>

      <AdminDialog open={Boolean(data.editing)} title="Edit Custom Price" closeHref={listPath}>
        {data.editing ? (
          <PriceForm
            key={data.editing.id}
            row={data.editing}
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
          title="Delete Custom Price"
          message={
            <>
              <p>{CONFIRM_DELETE_CUSTOM_PRICE}</p>
              <p className="mt-2">
                <strong>{customerLabel(data.deleting)}</strong> · {productLabel(data.deleting)} at{" "}
                {formatMoney(pence(data.deleting.customPrice))}. The customer will pay their tier and volume prices again.
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
          search={{ id: "-admin-customer-pricing-q", label: "Search custom prices", placeholder: "Customer email or name, or product", value: list.q ?? "" }}
          clearHref={PATH}
        />
        <DataTable caption="Customer-specific prices" minWidth="52rem">
          <thead>
            <tr>
              <th scope="col" className={thClass}>Customer</th>
              <th scope="col" className={thClass}>Product</th>
              <th scope="col" className={`${thClass} text-right`}>Standard Price</th>
              <th scope="col" className={`${thClass} text-right`}>Custom Price</th>
              <th scope="col" className={`${thClass} text-right`}>Savings</th>
              <th scope="col" className={`${thClass} text-right`}>Actions</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.length === 0 ? (
              <EmptyRow colSpan={6}>
                {list.q ? (
                  <>No custom prices match “{list.q}”.</>
                ) : (
                  <span className="flex flex-col items-center gap-3">
                    <span>{NO_CUSTOM_PRICES}</span>
                    <Link to={createHref} preventScrollReset className={primaryLinkClass}>
                      Create your first custom price
                    </Link>
                  </span>
                )}
              </EmptyRow>
            ) : (
              data.rows.map((row) => <PriceRow key={row.id} row={row} list={list} />)
            )}
          </tbody>
        </DataTable>
        <CountLine>{customPriceCountLine(data.total)}</CountLine>
        {data.pageCount > 1 ? (
          <AdminPagination
            page={list.page}
            pageCount={data.pageCount}
            total={data.total}
            noun={["custom price", "custom prices"]}
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

function PriceRow({ row, list }: { row: Row; list: ListState }) {
  const standard = row.product ? pence(row.product.salesPrice) : null;
  const custom = pence(row.customPrice);
  const savings = standard === null ? null : savingsOf(standard, custom);
  const label = `${customerLabel(row)} – ${productLabel(row)}`;
  return (
    <tr data-testid="customer-price-row" className="hover:bg-slate-50">
      <td className={tdClass}>
        <div className="font-medium text-slate-900">{customerLabel(row)}</div>
        {row.user && (row.user.firstName || row.user.lastName) ? (
          <div className="text-xs text-slate-500">{[row.user.firstName, row.user.lastName].filter(Boolean).join(" ")}</div>
        ) : null}
      </td>
      <td className={tdClass}>{productLabel(row)}</td>
      <td className={`${tdClass} text-right tabular-nums`}>{standard === null ? "-" : formatMoney(standard)}</td>
      <td className={`${tdClass} text-right font-semibold tabular-nums`}>{formatMoney(custom)}</td>
      <td className={`${tdClass} text-right tabular-nums`}>
        {savings ? (
          <span className="text-emerald-700">
            {formatMoney(savings.amount)} ({formatTenthsPercent(savings.percentTenths)} off)
          </span>
        ) : (
          <span className="text-slate-400">-</span>
        )}
      </td>
      <td className={`${tdClass} text-right`}>
        <div className="flex justify-end gap-3 whitespace-nowrap">
          <Link
            to={listHref(PATH, list, { edit: String(row.id) })}
            preventScrollReset
            className="font-medium text-brand-700 hover:underline"
            aria-label={`Edit custom price ${label}`}
          >
            Edit
          </Link>
          <Link
            to={listHref(PATH, list, { delete: String(row.id) })}
            preventScrollReset
            className="font-medium text-red-700 hover:underline"
            aria-label={`Delete custom price ${label}`}
          >
            Delete
          </Link>
        </div>
      </td>
    </tr>
  );
}

function PriceForm({
  row,
  data,
  hidden,
  keep,
  lastResult,
}: {
  row?: Row;
  data: LoaderData;
  hidden: Record<string, string>;
  keep: Record<string, string>;
  lastResult?: SubmissionResult<string[]>;
}) {
  const intent = row ? "update" : "create";
  const { form, fields, saving } = useAdminForm({
    id: `customer-price-${row?.id ?? "new"}`,
    schema: customerPriceSchema,
    intent: intent,
    lastResult,
    defaultValue: row
      ? { userId: row.userId, productId: String(row.productId), customPrice: row.customPrice }
      : { userId: "", productId: "", customPrice: "" },
  });
  const customerKeep = { ...keep, ...(data.productSearch ? { product: data.productSearch } : {}) };
  const productKeep = { ...keep, ...(data.customerSearch ? { customer: data.customerSearch } : {}) };

  return (
    <>
      {data.customersLimited || data.customerSearch ? (
        <PickerSearch
          name="customer"
          label="Find a customer"
          placeholder="Email, name or business"
          value={data.customerSearch}
          keep={customerKeep}
          note={
            data.customersLimited
              ? `Showing the first ${data.customers.length} of ${data.customersTotal} customers: search to find others.`
              : `${data.customersTotal} ${data.customersTotal === 1 ? "customer matches" : "customers match"}.`
          }
        />
      ) : null}
      {data.productsLimited || data.productSearch ? (
        <PickerSearch
          name="product"
          label="Find a product"
          placeholder="Product name"
          value={data.productSearch}
          keep={productKeep}
          note={
            data.productsLimited
              ? `Showing the first ${data.products.length} of ${data.productsTotal} products: search to find others.`
              : `${data.productsTotal} ${data.productsTotal === 1 ? "product matches" : "products match"}.`
          }
        />
      ) : null}
      <Form method="post" preventScrollReset {...getFormProps(form)} noValidate className="space-y-4">
        <input type="hidden" name="intent" value={intent} />
        {row ? <input type="hidden" name="id" value={row.id} /> : null}
        <HiddenFields values={hidden} />
        <FormError errors={form.errors} />
        <SelectField
          label="Customer"
          hint="Only users with the customer role."
          errors={fields.userId.errors}
          errorId={fields.userId.errorId}
          selectProps={getSelectProps(fields.userId)}
        >
          <option value="">Select a customer</option>
          {data.customers.map((customer) => {
            const name = [customer.firstName, customer.lastName].filter(Boolean).join(" ");
            return (
              <option key={customer.id} value={customer.id}>
                {`${customer.email}${name ? ` (${name})` : ""}`}
              </option>
            );
          })}
        </SelectField>
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
        <Field
          label="Custom Price"
          hint="In pounds, excluding VAT, e.g. 16.50."
          errors={fields.customPrice.errors}
          inputProps={{ ...getInputProps(fields.customPrice, { type: "number" }), min: 0, step: 0.01, inputMode: "decimal" }}
        />
        <DialogActions cancelHref={listHref(PATH, data.list)} submitLabel={row ? "Update" : "Create"} saving={saving} />
      </Form>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
