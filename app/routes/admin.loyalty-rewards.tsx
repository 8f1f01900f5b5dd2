import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
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
import { Badge } from "~/components/admin/badge";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { failureReply, invalidReply, type FormActionData } from "~/utils/form-reply.server";
import { errorToast, redirectWithToast } from "~/utils/toast.server";
import {
  DialogActions,
  FieldErrors,
  HiddenFields,
  IDEMPOTENCY_INPUT,
  PickerSearch,
  primaryLinkClass,
  SelectField,
  TextareaField,
} from "~/components/admin/form/form-bits";
import { idParam, listHref } from "~/components/admin/form/list-hrefs";
import { useHydrated } from "~/components/ui/use-hydrated";
import { Field, FormError } from "~/components/ui/field";
import { ToastNotice } from "~/components/ui/toast";
import {
  CONFIRM_DELETE_REWARD,
  DEFAULT_POINTS_COST,
  DEFAULT_REWARD_TYPE,
  formatRewardDate,
  formatRewardValue,
  londonDateInput,
  loyaltyRewardFormSchema,
  NO_REWARDS,
  REWARD_CREATE_FAILED,
  REWARD_CREATED,
  REWARD_DELETE_FAILED,
  REWARD_DELETED,
  REWARD_DESCRIPTION_MAX,
  REWARD_NAME_MAX,
  REWARD_TYPE_LABELS,
  REWARD_TYPES,
  REWARD_UPDATE_FAILED,
  REWARD_UPDATED,
  rewardTypeHasValue,
  type RewardType,
} from "~/domain/loyalty/reward.schema";
import {
  createLoyaltyReward,
  deleteLoyaltyReward,
  getLoyaltyReward,
  listLoyaltyRewards,
  loyaltyRewardJson,
  REWARD_NOT_FOUND,
  updateLoyaltyReward,
} from "~/domain/loyalty/rewards.server";
import { pickerQuerySchema } from "~/domain/pricing/pricing-rules.schema";
import { productOptions } from "~/domain/pricing/pricing-rules.server";
import { requireAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { formatMoney, parseDecimalToHundredths } from "~/utils/money";

export const meta: MetaFunction = () => [{ title: "Loyalty Rewards · INFY Admin" }];

const PATH = "/admin/loyalty-rewards";
const FORM_FIELDS = [
  "name",
  "description",
  "pointsCost",
  "rewardType",
  "rewardValue",
  "productId",
  "isActive",
  "validFrom",
  "validUntil",
] as const;

function pageOf(params: URLSearchParams) {
  const page = Number(params.get("page"));
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

/** Only the rewards list itself may be where a form returns to. */
function returnHref(value: FormDataEntryValue | null) {
  if (typeof value !== "string" || !value.startsWith(PATH)) return PATH;
  const url = new URL(value, "http://localhost");
  return url.pathname === PATH ? listHref(PATH, { page: pageOf(url.searchParams) }) : PATH;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const list = listLoyaltyRewards(db, { page: pageOf(params) });
  const picker = pickerQuerySchema.parse(Object.fromEntries(params));

  const editId = idParam(params.get("edit"));
  const deleteId = idParam(params.get("delete"));
  const editing = editId ? getLoyaltyReward(db, editId) : null;
  const deleting = deleteId ? getLoyaltyReward(db, deleteId) : null;
  const creating = params.get("dialog") === "new";
  const products = creating || editing ? productOptions(db, { q: picker.product, includeId: editing?.productId }) : null;

  return json(
    {
      page: list.page,
      pageCount: list.pageCount,
      total: list.total,
      rewards: list.items.map(loyaltyRewardJson),
      creating,
      editing: editing ? loyaltyRewardJson(editing) : null,
      deleting: deleting ? loyaltyRewardJson(deleting) : null,
      missing: (editId !== null && !editing) || (deleteId !== null && !deleting),
      productSearch: picker.product ?? "",
      products: products?.items ?? [],
      productsTotal: products?.total ?? 0,
      productsLimited: products?.limited ?? false,
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
  const back = returnHref(formData.get("returnTo"));

  if (intent === "create" || intent === "update") {
    const fallback = intent === "create" ? REWARD_CREATE_FAILED : REWARD_UPDATE_FAILED;
    const submission = parseWithZod(formData, { schema: loyaltyRewardFormSchema });
    if (submission.status !== "success") return invalidReply(intent, submission);
    if (intent === "update" && id === null) return redirectWithToast(request, back, errorToast(REWARD_NOT_FOUND));
    const result =
      intent === "create"
        ? createLoyaltyReward(db, admin, submission.value, key)
        : updateLoyaltyReward(db, admin, id!, submission.value, key);
    if (!result.ok) {
      if (result.status === 404) return redirectWithToast(request, back, errorToast(result.message || fallback));
      return failureReply(intent, submission, result, FORM_FIELDS, errorToast(result.message || fallback));
    }
    return redirectWithToast(request, back, {
      title: intent === "create" ? REWARD_CREATED : REWARD_UPDATED,
      description: `${result.value.name} costs ${result.value.pointsCost.toLocaleString("en-GB")} points${
        result.value.isActive ? "" : " (inactive)"
      }.`,
    });
  }

  if (intent === "delete") {
    const result = id === null ? null : deleteLoyaltyReward(db, admin, id, key);
    if (!result || !result.ok) return redirectWithToast(request, back, errorToast(result?.message || REWARD_DELETE_FAILED));
    return redirectWithToast(request, back, {
      title: REWARD_DELETED,
      description: `${result.value.name} is no longer offered. Vouchers already redeemed stay valid.`,
    });
  }
  return redirectWithToast(request, back, errorToast("Unknown action"));
}

type LoaderData = SerializeFrom<typeof loader>;
type Reward = LoaderData["rewards"][number];

function valueText(reward: Reward) {
  const value = reward.rewardValue === null ? null : parseDecimalToHundredths(reward.rewardValue);
  return formatRewardValue(reward.rewardType, value);
}

export default function AdminLoyaltyRewards() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const listPath = listHref(PATH, { page: data.page });
  const hidden = { returnTo: listPath, [IDEMPOTENCY_INPUT]: data.idempotencyKey };
  const createHref = listHref(PATH, { page: data.page }, { dialog: "new" });

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Loyalty Rewards"
        description="What customers can spend their points on. Customers earn 1 point per whole pound spent (ex VAT)."
        actions={
          <Link to={createHref} preventScrollReset className={primaryLinkClass}>
            Add Reward
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
          That reward no longer exists.
        </p>
      ) : null}

      <AdminDialog open={data.creating} size="lg" title="Create Reward" closeHref={listPath}>
        {data.creating ? (
          <RewardForm
            key="new"
            data={data}
            hidden={hidden}
            keep={{ dialog: "new", ...(data.page > 1 ? { page: String(data.page) } : {}) }}
            cancelHref={listPath}
            lastResult={actionData?.intent === "create" ? actionData.result : undefined}
          />
        ) : null}
      </AdminDialog>

      <AdminDialog open={Boolean(data.editing)} size="lg" title="Edit Reward" closeHref={listPath}>
        {data.editing ? (
          <RewardForm
            key={data.editing.id}
            reward={data.editing}
            data={data}
            hidden={hidden}
            keep={{ edit: String(data.editing.id), ...(data.page > 1 ? { page: String(data.page) } : {}) }}
            cancelHref={listPath}
            lastResult={actionData?.intent === "update" ? actionData.result : undefined}
          />
        ) : null}
      </AdminDialog>

      {data.deleting ? (
        <ConfirmStep
          open
          title="Delete Reward"
          message={
            <>
              <p>{CONFIRM_DELETE_REWARD}</p>
              <p className="mt-2">
                <strong>{data.deleting.name}</strong> · {data.deleting.pointsCost.toLocaleString("en-GB")} points. Vouchers
                customers have already redeemed stay valid.
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
        {data.rewards.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-4 py-12 text-center text-sm text-slate-500">
            <p>{NO_REWARDS}</p>
            <Link to={createHref} preventScrollReset className={primaryLinkClass}>
              Create your first reward
            </Link>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Loyalty rewards">
            {data.rewards.map((reward) => (
              <RewardItem key={reward.id} reward={reward} page={data.page} />
            ))}
          </ul>
        )}
        {data.pageCount > 1 ? (
          <AdminPagination
            page={data.page}
            pageCount={data.pageCount}
            total={data.total}
            noun={["reward", "rewards"]}
            hrefFor={(page) => listHref(PATH, { page })}
          />
        ) : null}
      </Panel>
    </div>
  );
}

function RewardItem({ reward, page }: { reward: Reward; page: number }) {
  const value = valueText(reward);
  return (
    <li data-testid="reward-item" className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold text-slate-900">{reward.name}</h3>
          {reward.isActive ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Inactive</Badge>}
        </div>
        {reward.description ? <p className="mt-1 text-sm text-slate-600">{reward.description}</p> : null}
        <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <div>
            <dt className="inline text-slate-500">Points cost: </dt>
            <dd className="inline font-medium tabular-nums text-slate-900">
              {reward.pointsCost.toLocaleString("en-GB")} points
            </dd>
          </div>
          <div>
            <dt className="inline text-slate-500">Type: </dt>
            <dd className="inline text-slate-900">
              {REWARD_TYPE_LABELS[reward.rewardType]}
              {value ? ` · ${value}` : ""}
            </dd>
          </div>
          {reward.productId !== null ? (
            <div>
              <dt className="inline text-slate-500">Product: </dt>
              <dd className="inline text-slate-900">{reward.product?.name ?? `Product #${reward.productId}`}</dd>
            </div>
          ) : null}
          <div>
            <dt className="inline text-slate-500">Valid from: </dt>
            <dd className="inline text-slate-900">{formatRewardDate(reward.validFrom)}</dd>
          </div>
          <div>
            <dt className="inline text-slate-500">Valid until: </dt>
            <dd className="inline text-slate-900">{reward.validUntil ? formatRewardDate(reward.validUntil) : "No end date"}</dd>
          </div>
        </dl>
      </div>
      <div className="flex shrink-0 gap-2">
        <Link
          to={listHref(PATH, { page }, { edit: String(reward.id) })}
          preventScrollReset
          aria-label={`Edit ${reward.name}`}
          className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
        >
          Edit
        </Link>
        <Link
          to={listHref(PATH, { page }, { delete: String(reward.id) })}
          preventScrollReset
          aria-label={`Delete ${reward.name}`}
          className="inline-flex items-center justify-center rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-700 shadow-sm hover:bg-red-50"
        >
          Delete
        </Link>
      </div>
    </li>
  );
}

function RewardForm({
  reward,
  data,
  hidden,
  keep,
  cancelHref,
  lastResult,
}: {
  reward?: Reward;
  data: LoaderData;
  hidden: Record<string, string>;
  keep: Record<string, string>;
  cancelHref: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const hydrated = useHydrated();
  const intent = reward ? "update" : "create";
  const { form, fields, saving } = useAdminForm({
    id: `reward-${reward?.id ?? "new"}`,
    schema: loyaltyRewardFormSchema,
    intent: intent,
    lastResult,
    defaultValue: reward
      ? {
          name: reward.name,
          description: reward.description ?? "",
          pointsCost: String(reward.pointsCost),
          rewardType: reward.rewardType,
          rewardValue: reward.rewardValue ?? "",
          productId: reward.productId === null ? "" : String(reward.productId),
          isActive: reward.isActive ? "on" : undefined,
          validFrom: londonDateInput(reward.validFrom),
          validUntil: londonDateInput(reward.validUntil),
        }
      : {
          name: "",
          description: "",
          pointsCost: String(DEFAULT_POINTS_COST),
          rewardType: DEFAULT_REWARD_TYPE,
          rewardValue: "",
          productId: "",
          isActive: "on",
          validFrom: "",
          validUntil: "",
        },
  });
  const type = (fields.rewardType.value ?? DEFAULT_REWARD_TYPE) as RewardType;
  // Without JavaScript every field shows (with a note on when it applies); with it, only those the type uses.
  const showValue = !hydrated || rewardTypeHasValue(type);
  const showProduct = !hydrated || type === "free_product";
  const valueLabel = !hydrated
    ? "Reward Value"
    : type === "discount_fixed"
      ? "Discount Amount (£)"
      : "Discount Percentage";

  return (
    <>
      {showProduct && (data.productsLimited || data.productSearch) ? (
        <PickerSearch
          name="product"
          label="Find the free product"
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
        {reward ? <input type="hidden" name="id" value={reward.id} /> : null}
        <HiddenFields values={hidden} />
        <FormError errors={form.errors} />
        <Field
          label="Name"
          errors={fields.name.errors}
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), maxLength: REWARD_NAME_MAX, autoComplete: "off" }}
        />
        <TextareaField
          label="Description"
          errors={fields.description.errors}
          errorId={fields.description.errorId}
          textareaProps={{ ...getTextareaProps(fields.description), maxLength: REWARD_DESCRIPTION_MAX, rows: 2 }}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Points Cost"
            errors={fields.pointsCost.errors}
            inputProps={{ ...getInputProps(fields.pointsCost, { type: "number" }), min: 1, step: 1, inputMode: "numeric" }}
          />
          <SelectField
            label="Reward Type"
            errors={fields.rewardType.errors}
            errorId={fields.rewardType.errorId}
            selectProps={getSelectProps(fields.rewardType)}
          >
            {REWARD_TYPES.map((option) => (
              <option key={option} value={option}>
                {REWARD_TYPE_LABELS[option]}
              </option>
            ))}
          </SelectField>
          {showValue ? (
            <Field
              label={valueLabel}
              hint={
                hydrated
                  ? type === "discount_fixed"
                    ? "Pounds off the order's goods, e.g. 5.00."
                    : "Percent off the order's goods, more than 0 and up to 100."
                  : "For a percentage discount: the percent off (e.g. 10). For a fixed amount discount: the pounds off (e.g. 5.00). Leave blank for other types."
              }
              errors={fields.rewardValue.errors}
              inputProps={{
                ...getInputProps(fields.rewardValue, { type: "number" }),
                min: 0.01,
                step: 0.01,
                inputMode: "decimal",
              }}
            />
          ) : null}
          {showProduct ? (
            <SelectField
              label="Product"
              hint={hydrated ? "The product added free to the customer's next order." : "Only for a free product reward."}
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
          ) : null}
          <Field
            label="Valid From"
            hint="Optional. Blank: valid from when the reward is created."
            errors={fields.validFrom.errors}
            inputProps={getInputProps(fields.validFrom, { type: "date" })}
          />
          <Field
            label="Valid Until"
            hint="Optional. Blank: no end date."
            errors={fields.validUntil.errors}
            inputProps={getInputProps(fields.validUntil, { type: "date" })}
          />
        </div>
        <div>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              {...getInputProps(fields.isActive, { type: "checkbox" })}
              className="mt-0.5 h-4 w-4 rounded border-slate-300"
            />
            <span>
              <span className="font-medium">Active</span>
              <span className="block text-xs text-slate-500">Customers can redeem only active rewards.</span>
            </span>
          </label>
          <FieldErrors id={fields.isActive.errorId} errors={fields.isActive.errors} />
        </div>
        <DialogActions cancelHref={cancelHref} submitLabel={reward ? "Update" : "Create"} saving={saving} />
      </Form>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
