import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { Badge } from "~/components/admin/badge";
import { tdClass } from "~/components/admin/data-table";
import { DialogActions, HiddenFields, IDEMPOTENCY_INPUT, TextareaField } from "~/components/admin/form/form-bits";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { RecordScreen } from "~/components/admin/record-screen";
import { RecordActions, RuleListTable } from "~/components/admin/rule-list-table";
import { Field, FormError } from "~/components/ui/field";
import {
  deletePriceTier,
  getPriceTier,
  listPriceTiers,
  priceTierJson,
  TIER_NOT_FOUND,
  createPriceTier,
  updatePriceTier,
} from "~/domain/pricing/price-tiers.server";
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
import { requireAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import type { FormActionData } from "~/utils/form-reply.server";
import { formatPercent, parseDecimalToHundredths } from "~/utils/money";
import { dialogState, recordScreenAction, screenJson } from "~/utils/record-screen.server";

export const meta: MetaFunction = () => [{ title: "Price Tiers · INFY Admin" }];

const PATH = "/admin/price-tiers";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const db = getDb();
  const params = new URL(request.url).searchParams;
  return screenJson({
    tiers: listPriceTiers(db).map(priceTierJson),
    ...dialogState(params, (id) => getPriceTier(db, id), priceTierJson),
  });
}

export const action = recordScreenAction({
  schema: priceTierSchema,
  fields: ["name", "description", "discountPercentage"],
  returnTo: () => PATH,
  notFound: TIER_NOT_FOUND,
  create: createPriceTier,
  update: updatePriceTier,
  remove: deletePriceTier,
  savedToast: (tier, intent) =>
    intent === "create"
      ? { title: PRICE_TIER_CREATED, description: `${tier.name} gives ${formatPercent(tier.discountPercentage)} off list prices.` }
      : { title: PRICE_TIER_UPDATED, description: `${tier.name} now gives ${formatPercent(tier.discountPercentage)} off list prices.` },
  deletedToast: ({ name, usersMoved: moved }) => ({
    title: PRICE_TIER_DELETED,
    description:
      moved > 0
        ? `${name} was deleted; ${moved} ${moved === 1 ? "customer is" : "customers are"} now on list prices.`
        : `${name} was deleted.`,
  }),
});

type Tier = SerializeFrom<typeof loader>["tiers"][number];

const percentOf = (decimal: string) => formatPercent(parseDecimalToHundredths(decimal) ?? 0);

export default function AdminPriceTiers() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const hidden = { [IDEMPOTENCY_INPUT]: data.idempotencyKey };
  const { editing, deleting } = data;

  return (
    <RecordScreen
      title="Price Tiers"
      description="Discount bands for customers: a customer on a tier gets its percentage off every list price."
      addLabel="Add Price Tier"
      addHref={`${PATH}?dialog=new`}
      actionData={actionData}
      missing={data.missing}
      missingText="That price tier no longer exists."
      closeHref={PATH}
      hidden={hidden}
      createTitle="Create Price Tier"
      createForm={data.creating ? (lastResult) => <TierForm key="new" hidden={hidden} lastResult={lastResult} /> : null}
      editTitle="Edit Price Tier"
      editForm={
        editing ? (lastResult) => <TierForm key={editing.id} tier={editing} hidden={hidden} lastResult={lastResult} /> : null
      }
      deleting={
        deleting
          ? {
              id: deleting.id,
              title: "Delete Price Tier",
              message: (
                <>
                  <p>{CONFIRM_DELETE_PRICE_TIER}</p>
                  <p className="mt-2">
                    <strong>{deleting.name}</strong> · {percentOf(deleting.discountPercentage)} off
                  </p>
                  <p className="mt-2">
                    {deleting.userCount > 0
                      ? `${deleting.userCount} ${deleting.userCount === 1 ? "customer is" : "customers are"} on this tier and will be moved to no tier (list prices).`
                      : "No customers are on this tier."}
                  </p>
                </>
              ),
            }
          : null
      }
    >
      <RuleListTable
        caption="Price tiers"
        minWidth="40rem"
        columns={[{ label: "Name" }, { label: "Description" }, { label: "Discount" }, { label: "Customers" }, { label: "Actions", align: "right" }]}
        rows={data.tiers}
        row={(tier) => <TierRow key={tier.id} tier={tier} />}
        empty={{ text: NO_PRICE_TIERS }}
      />
    </RecordScreen>
  );
}

function TierRow({ tier }: { tier: Tier }) {
  return (
    <tr data-testid="price-tier-row" className="hover:bg-slate-50">
      <td className={`${tdClass} font-medium text-slate-900`}>{tier.name}</td>
      <td className={`${tdClass} text-slate-600`}>{tier.description || "-"}</td>
      <td className={tdClass}>
        <Badge tone="info">{percentOf(tier.discountPercentage)} off</Badge>
      </td>
      <td className={`${tdClass} tabular-nums`}>{tier.userCount}</td>
      <RecordActions
        editHref={`${PATH}?edit=${tier.id}`}
        deleteHref={`${PATH}?delete=${tier.id}`}
        editLabel={`Edit ${tier.name}`}
        deleteLabel={`Delete ${tier.name}`}
      />
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
