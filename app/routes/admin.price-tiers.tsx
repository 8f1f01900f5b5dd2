import { getInputProps, getTextareaProps } from "@conform-to/react";
import { adminPageTitle } from "~/utils/company-brand";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { Badge } from "~/components/admin/badge";
import { tdClass } from "~/components/admin/data-table";
import { TextareaField } from "~/components/admin/form/form-bits";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { RecordForm, RecordScreen, type RecordFormProps } from "~/components/admin/record-screen";
import { DiscountPercentField } from "~/components/admin/rule-form-fields";
import { RecordActions, RuleListTable } from "~/components/admin/rule-list-table";
import { Field } from "~/components/ui/field";
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
import type { FormActionData } from "~/utils/form-reply.server";
import { formatPercent, parseDecimalToHundredths } from "~/utils/money";
import { dialogState, recordScreenAction, screenJson, screenRequest } from "~/utils/record-screen.server";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Price Tiers") }];

const PATH = "/admin/price-tiers";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, params } = await screenRequest(request, "pricing");
  return screenJson({
    tiers: listPriceTiers(db).map(priceTierJson),
    ...dialogState(params, (id) => getPriceTier(db, id), priceTierJson),
  });
}

// a function, not a module-level call: the browser bundle drops `action` but would keep (and run) a call
export async function action(args: ActionFunctionArgs) {
  return recordScreenAction({
    area: "pricing",
    schema: priceTierSchema,
    fields: ["name", "description", "discountPercentage"],
    returnTo: () => PATH,
    notFound: TIER_NOT_FOUND,
    create: createPriceTier,
    update: updatePriceTier,
    remove: deletePriceTier,
    savedToast: (tier, intent) =>
      intent === "create"
        ? {
            title: PRICE_TIER_CREATED,
            description: `${tier.name} gives ${formatPercent(tier.discountPercentage)} off list prices.`,
          }
        : {
            title: PRICE_TIER_UPDATED,
            description: `${tier.name} now gives ${formatPercent(tier.discountPercentage)} off list prices.`,
          },
    deletedToast: ({ name, usersMoved: moved }) => ({
      title: PRICE_TIER_DELETED,
      description:
        moved > 0
          ? `${name} was deleted; ${moved} ${moved === 1 ? "customer is" : "customers are"} now on list prices.`
          : `${name} was deleted.`,
    }),
  })(args);
}

type Tier = SerializeFrom<typeof loader>["tiers"][number];

const percentOf = (decimal: string) => formatPercent(parseDecimalToHundredths(decimal) ?? 0);

export default function AdminPriceTiers() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;

  return (
    <RecordScreen
      path={PATH}
      returnTo={false}
      state={data}
      texts={{
        title: "Price Tiers",
        description: "Discount bands for customers: a customer on a tier gets its percentage off every list price.",
        add: "Add Price Tier",
        createTitle: "Create Price Tier",
        editTitle: "Edit Price Tier",
        deleteTitle: "Delete Price Tier",
        missing: "That price tier no longer exists.",
      }}
      actionData={actionData}
      form={(props) => <TierForm {...props} />}
      confirmDelete={(tier) => (
        <>
          <p>{CONFIRM_DELETE_PRICE_TIER}</p>
          <p className="mt-2">
            <strong>{tier.name}</strong> · {percentOf(tier.discountPercentage)} off
          </p>
          <p className="mt-2">
            {tier.userCount > 0
              ? `${tier.userCount} ${
                  tier.userCount === 1 ? "customer is" : "customers are"
                } on this tier and will be moved to no tier (list prices).`
              : "No customers are on this tier."}
          </p>
        </>
      )}
    >
      <RuleListTable
        caption="Price tiers"
        minWidth="40rem"
        columns={[
          { label: "Name" },
          { label: "Description" },
          { label: "Discount" },
          { label: "Customers" },
          { label: "Actions", align: "right" },
        ]}
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

function TierForm({ record: tier, hidden, cancelHref, lastResult }: RecordFormProps<Tier>) {
  const { form, fields, saving } = useAdminForm({
    id: `price-tier-${tier?.id ?? "new"}`,
    schema: priceTierSchema,
    intent: tier ? "update" : "create",
    lastResult,
    defaultValue: tier
      ? {
          name: tier.name,
          description: tier.description ?? "",
          discountPercentage: tier.discountPercentage,
        }
      : { name: "", description: "", discountPercentage: "" },
  });

  return (
    <RecordForm form={form} id={tier?.id} hidden={hidden} cancelHref={cancelHref} saving={saving}>
      <Field
        label="Name"
        errors={fields.name.errors}
        inputProps={{
          ...getInputProps(fields.name, { type: "text" }),
          maxLength: TIER_NAME_MAX,
          autoComplete: "off",
        }}
      />
      <TextareaField
        label="Description"
        errors={fields.description.errors}
        errorId={fields.description.errorId}
        textareaProps={{
          ...getTextareaProps(fields.description),
          maxLength: TIER_DESCRIPTION_MAX,
          rows: 2,
        }}
      />
      <DiscountPercentField
        field={fields.discountPercentage}
        hint="0 to 100, e.g. 10 or 12.5. Taken off every list price for customers on this tier."
      />
    </RecordForm>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
