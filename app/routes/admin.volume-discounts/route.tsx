import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { adminPageTitle } from "~/utils/company-brand";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { tdClass } from "~/components/admin/data-table";
import { idParam, listHref, safeReturnHref, type ListState } from "~/components/admin/form/list-hrefs";
import { RecordScreen } from "~/components/admin/record-screen";
import { RecordActions, RuleListTable } from "~/components/admin/rule-list-table";
import {
  CONFIRM_DELETE_VOLUME_DISCOUNT,
  NO_VOLUME_DISCOUNTS,
  ruleListState,
  ruleScreenQuerySchema,
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
  updateVolumeDiscount,
  VOLUME_DISCOUNT_NOT_FOUND,
  volumeDiscountJson,
} from "~/domain/pricing/volume-discounts.server";
import { productPicker } from "~/domain/shared/pickers.server";
import type { FormActionData } from "~/utils/form-reply.server";
import { formatPercent, parseDecimalToHundredths } from "~/utils/money";
import { dialogState, recordScreenAction, screenJson, screenRequest } from "~/utils/record-screen.server";
import { RuleForm } from "./rule-form";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Volume Discounts") }];

const PATH = "/admin/volume-discounts";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, params } = await screenRequest(request, "pricing");
  const query = ruleScreenQuerySchema.parse(Object.fromEntries(params));
  const list = listVolumeDiscounts(db, query);
  const dialogs = dialogState(params, (id) => getVolumeDiscount(db, id), volumeDiscountJson);
  const chosenProduct = idParam(params.get("productId"));
  const products = productPicker(db, {
    open: dialogs.creating || dialogs.editing !== null,
    q: query.product,
    includeId: dialogs.editing?.productId ?? chosenProduct,
  });

  return screenJson({
    list: { q: query.q, page: list.page },
    rules: list.items.map(volumeDiscountJson),
    total: list.total,
    pageCount: list.pageCount,
    ...dialogs,
    ...products,
    chosenProduct: chosenProduct && products.products.some((p) => p.id === chosenProduct) ? chosenProduct : null,
  });
}

// a function, not a module-level call: the browser bundle drops `action` but would keep (and run) a call
export async function action(args: ActionFunctionArgs) {
  return recordScreenAction({
    area: "pricing",
    schema: volumeDiscountSchema,
    fields: ["productId", "minQuantity", "discountPercentage"],
    returnTo: (formData) => safeReturnHref(PATH, formData.get("returnTo"), ruleListState),
    notFound: VOLUME_DISCOUNT_NOT_FOUND,
    create: createVolumeDiscount,
    update: updateVolumeDiscount,
    remove: deleteVolumeDiscount,
    savedToast: (rule, intent) => ({
      title: intent === "create" ? VOLUME_DISCOUNT_CREATED : VOLUME_DISCOUNT_UPDATED,
      description: `${rule.productName ?? `Product #${rule.productId}`}: ${rule.minQuantity}+ units, ${formatPercent(
        rule.discountPercentage
      )} off.`,
    }),
    deletedToast: (deleted) => ({
      title: VOLUME_DISCOUNT_DELETED,
      description: `The ${deleted.minQuantity}+ units discount on ${deleted.productName ?? "the product"} was removed.`,
    }),
  })(args);
}

type Rule = SerializeFrom<typeof loader>["rules"][number];

export default function AdminVolumeDiscounts() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const { list } = data;

  return (
    <RecordScreen
      path={PATH}
      list={list}
      state={data}
      texts={{
        title: "Volume Discounts",
        description:
          "Quantity-based discounts: a customer buying at least the minimum quantity of a product gets a percentage off its price.",
        add: "Add Volume Discount",
        createTitle: "Create Volume Discount",
        editTitle: "Edit Volume Discount",
        deleteTitle: "Delete Volume Discount",
        missing: "That volume discount no longer exists.",
      }}
      actionData={actionData}
      form={(props) => <RuleForm {...props} data={data} />}
      confirmDelete={(rule) => (
        <>
          <p>{CONFIRM_DELETE_VOLUME_DISCOUNT}</p>
          <p className="mt-2">
            <strong>{productName(rule)}</strong>: {rule.minQuantity}+ units, {percentText(rule.discountPercentage)} off
          </p>
        </>
      )}
    >
      <RuleListTable
        caption="Volume discounts"
        minWidth="36rem"
        search={{
          id: "-admin-volume-discounts-q",
          label: "Search by product",
          placeholder: "Product name",
          value: list.q ?? "",
          clearHref: PATH,
        }}
        columns={[
          { label: "Product" },
          { label: "Min Quantity" },
          { label: "Discount" },
          { label: "Actions", align: "right" },
        ]}
        rows={data.rules}
        row={(rule) => <RuleRow key={rule.id} rule={rule} list={list} />}
        empty={{
          text: NO_VOLUME_DISCOUNTS,
          noMatch: list.q ? <>No volume discounts match “{list.q}”.</> : undefined,
          create: {
            label: "Create your first volume discount",
            href: listHref(PATH, list, { dialog: "new" }),
          },
        }}
        countLine={volumeDiscountCountLine(data.total)}
        pagination={{
          page: list.page,
          pageCount: data.pageCount,
          total: data.total,
          noun: ["rule", "rules"],
          hrefFor: (page) => listHref(PATH, { ...list, page }),
        }}
      />
    </RecordScreen>
  );
}

function percentText(decimal: string) {
  return formatPercent(parseDecimalToHundredths(decimal) ?? 0);
}

function productName(rule: Rule) {
  return rule.product?.name ?? `Product #${rule.productId}`;
}

function RuleRow({ rule, list }: { rule: Rule; list: ListState }) {
  const name = productName(rule);
  return (
    <tr data-testid="volume-discount-row" className="hover:bg-slate-50">
      <td className={`${tdClass} font-medium text-slate-900`}>{name}</td>
      <td className={`${tdClass} tabular-nums`}>{rule.minQuantity}+ units</td>
      <td className={`${tdClass} tabular-nums`}>{percentText(rule.discountPercentage)} off</td>
      <RecordActions
        editHref={listHref(PATH, list, { edit: String(rule.id) })}
        deleteHref={listHref(PATH, list, { delete: String(rule.id) })}
        editLabel={`Edit ${rule.minQuantity}+ units discount on ${name}`}
        deleteLabel={`Delete ${rule.minQuantity}+ units discount on ${name}`}
      />
    </tr>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
