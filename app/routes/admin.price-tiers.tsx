import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
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
import { Badge } from "~/components/admin/badge";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { DataTable, EmptyRow, tdClass, thClass } from "~/components/admin/data-table";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import {
  DialogActions,
  HiddenFields,
  IDEMPOTENCY_INPUT,
  primaryLinkClass,
  TextareaField,
} from "~/components/admin/form/form-bits";
import { failureReply, invalidReply, type FormActionData } from "~/utils/form-reply.server";
import { errorToast, redirectWithToast } from "~/utils/toast.server";
import { idParam } from "~/components/admin/form/list-hrefs";
import { Field, FormError } from "~/components/ui/field";
import { ToastNotice } from "~/components/ui/toast";
import {
  CONFIRM_DELETE_PRICE_TIER,
  NO_PRICE_TIERS,
  PRICE_TIER_CREATED,
  PRICE_TIER_DELETED,
  PRICE_TIER_UPDATED,
  priceTierSchema,
  TIER_DESCRIPTION_MAX,
  TIER_NAME_MAX,
} from "~/domain/pricing/pricing-rules.schema";
import {
  createPriceTier,
  deletePriceTier,
  getPriceTier,
  listPriceTiers,
  priceTierJson,
  updatePriceTier,
} from "~/domain/pricing/pricing-rules.server";
import { requireAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { formatPercent, parseDecimalToHundredths } from "~/utils/money";

export const meta: MetaFunction = () => [{ title: "Price Tiers · INFY Admin" }];

const PATH = "/admin/price-tiers";
const FORM_FIELDS = ["name", "description", "discountPercentage"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const editId = idParam(params.get("edit"));
  const deleteId = idParam(params.get("delete"));
  const editing = editId ? getPriceTier(db, editId) : null;
  const deleting = deleteId ? getPriceTier(db, deleteId) : null;
  return json(
    {
      tiers: listPriceTiers(db).map(priceTierJson),
      creating: params.get("dialog") === "new",
      editing: editing ? priceTierJson(editing) : null,
      deleting: deleting ? priceTierJson(deleting) : null,
      missing: (editId !== null && !editing) || (deleteId !== null && !deleting),
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

  if (intent === "create" || intent === "update") {
    const submission = parseWithZod(formData, { schema: priceTierSchema });
    if (submission.status !== "success") return invalidReply(intent, submission);
    if (intent === "update" && id === null) return redirectWithToast(request, PATH, errorToast("Price tier not found"));
    const result =
      intent === "create"
        ? createPriceTier(db, admin, submission.value, key)
        : updatePriceTier(db, admin, id!, submission.value, key);
    if (!result.ok) {
      if (result.status === 404) return redirectWithToast(request, PATH, errorToast(result.message));
      return failureReply(intent, submission, result, FORM_FIELDS);
    }
    const tier = result.value;
    return redirectWithToast(
      request,
      PATH,
      intent === "create"
        ? { title: PRICE_TIER_CREATED, description: `${tier.name} gives ${formatPercent(tier.discountPercentage)} off list prices.` }
        : { title: PRICE_TIER_UPDATED, description: `${tier.name} now gives ${formatPercent(tier.discountPercentage)} off list prices.` },
    );
  }

  if (intent === "delete") {
    const result = id === null ? null : deletePriceTier(db, admin, id, key);
    if (!result || !result.ok) return redirectWithToast(request, PATH, errorToast(result?.message ?? "Price tier not found"));
    const moved = result.value.usersMoved;
    return redirectWithToast(request, PATH, {
      title: PRICE_TIER_DELETED,
      description:
        moved > 0
          ? `${result.value.name} was deleted; ${moved} ${moved === 1 ? "customer is" : "customers are"} now on list prices.`
          : `${result.value.name} was deleted.`,
    });
  }
  return redirectWithToast(request, PATH, errorToast("Unknown action"));
}

type Tier = SerializeFrom<typeof loader>["tiers"][number];

export default function AdminPriceTiers() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const hidden = { [IDEMPOTENCY_INPUT]: data.idempotencyKey };

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Price Tiers"
        description="Discount bands for customers: a customer on a tier gets its percentage off every list price."
        actions={
          <Link to={`${PATH}?dialog=new`} preventScrollReset className={primaryLinkClass}>
            Add Price Tier
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
          That price tier no longer exists.
        </p>
      ) : null}

      <AdminDialog open={data.creating} title="Create Price Tier" closeHref={PATH}>
        {data.creating ? (
          <TierForm
            key="new"
            hidden={hidden}
            lastResult={actionData?.intent === "create" ? actionData.result : undefined}
          />
        ) : null}
      </AdminDialog>

      <AdminDialog open={Boolean(data.editing)} title="Edit Price Tier" closeHref={PATH}>
        {data.editing ? (
          <TierForm
            key={data.editing.id}
            tier={data.editing}
            hidden={hidden}
            lastResult={actionData?.intent === "update" ? actionData.result : undefined}
          />
        ) : null}
      </AdminDialog>

      {data.deleting ? (
        <ConfirmStep
          open
          title="Delete Price Tier"
          message={
            <>
              <p>{CONFIRM_DELETE_PRICE_TIER}</p>
              <p className="mt-2">
                <strong>{data.deleting.name}</strong> ·{" "}
                {formatPercent(parseDecimalToHundredths(data.deleting.discountPercentage) ?? 0)} off
              </p>
              <p className="mt-2">
                {data.deleting.userCount > 0
                  ? `${data.deleting.userCount} ${data.deleting.userCount === 1 ? "customer is" : "customers are"} on this tier and will be moved to no tier (list prices).`
                  : "No customers are on this tier."}
              </p>
            </>
          }
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          intent="delete"
          id={data.deleting.id}
          cancelHref={PATH}
          hidden={hidden}
        />
      ) : null}

      <Panel>
        <DataTable caption="Price tiers" minWidth="40rem">
          <thead>
            <tr>
              <th scope="col" className={thClass}>Name</th>
              <th scope="col" className={thClass}>Description</th>
              <th scope="col" className={thClass}>Discount</th>
              <th scope="col" className={thClass}>Customers</th>
              <th scope="col" className={`${thClass} text-right`}>Actions</th>
            </tr>
          </thead>
          <tbody>
            {data.tiers.length === 0 ? (
              <EmptyRow colSpan={5}>{NO_PRICE_TIERS}</EmptyRow>
            ) : (
              data.tiers.map((tier) => <TierRow key={tier.id} tier={tier} />)
            )}
          </tbody>
        </DataTable>
      </Panel>
    </div>
  );
}

function TierRow({ tier }: { tier: Tier }) {
  const discount = parseDecimalToHundredths(tier.discountPercentage) ?? 0;
  return (
    <tr data-testid="price-tier-row" className="hover:bg-slate-50">
      <td className={`${tdClass} font-medium text-slate-900`}>{tier.name}</td>
      <td className={`${tdClass} text-slate-600`}>{tier.description || "-"}</td>
      <td className={tdClass}>
        <Badge tone="info">{formatPercent(discount)} off</Badge>
      </td>
      <td className={`${tdClass} tabular-nums`}>{tier.userCount}</td>
      <td className={`${tdClass} text-right`}>
        <div className="flex justify-end gap-3 whitespace-nowrap">
          <Link
            to={`${PATH}?edit=${tier.id}`}
            preventScrollReset
            className="font-medium text-brand-700 hover:underline"
            aria-label={`Edit ${tier.name}`}
          >
            Edit
          </Link>
          <Link
            to={`${PATH}?delete=${tier.id}`}
            preventScrollReset
            className="font-medium text-red-700 hover:underline"
            aria-label={`Delete ${tier.name}`}
          >
            Delete
          </Link>
        </div>
      </td>
    </tr>
  );
}

function TierForm({
  tier,
  hidden,
  lastResult,
}: {
  tier?: Tier;
  hidden: Record<string, string>;
  lastResult?: SubmissionResult<string[]>;
}) {
  const intent = tier ? "update" : "create";
  const { form, fields, saving } = useAdminForm({
    id: `price-tier-${tier?.id ?? "new"}`,
    schema: priceTierSchema,
    intent: intent,
    lastResult,
    defaultValue: tier
      ? { name: tier.name, description: tier.description ?? "", discountPercentage: tier.discountPercentage }
      : { name: "", description: "", discountPercentage: "" },
  });

  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} noValidate className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {tier ? <input type="hidden" name="id" value={tier.id} /> : null}
      <HiddenFields values={hidden} />
      <FormError errors={form.errors} />
      <Field
        label="Name"
        errors={fields.name.errors}
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), maxLength: TIER_NAME_MAX, autoComplete: "off" }}
      />
      <TextareaField
        label="Description"
        errors={fields.description.errors}
        errorId={fields.description.errorId}
        textareaProps={{ ...getTextareaProps(fields.description), maxLength: TIER_DESCRIPTION_MAX, rows: 2 }}
      />
      <Field
        label="Discount Percentage"
        hint="0 to 100, e.g. 10 or 12.5. Taken off every list price for customers on this tier."
        errors={fields.discountPercentage.errors}
        inputProps={{
          ...getInputProps(fields.discountPercentage, { type: "number" }),
          min: 0,
          max: 100,
          step: 0.01,
          inputMode: "decimal",
        }}
      />
      <DialogActions cancelHref={PATH} submitLabel={tier ? "Update" : "Create"} saving={saving} />
    </Form>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
