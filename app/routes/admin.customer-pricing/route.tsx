import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { adminPageTitle } from "~/utils/company-brand";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { tdClass } from "~/components/admin/data-table";
import { listHref, safeReturnHref, type ListState } from "~/components/admin/form/list-hrefs";
import { RecordScreen } from "~/components/admin/record-screen";
import { RecordActions, RuleListTable } from "~/components/admin/rule-list-table";
import {
  createCustomerPrice,
  CUSTOMER_PRICE_NOT_FOUND,
  customerPriceJson,
  deleteCustomerPrice,
  getCustomerPrice,
  listCustomerPrices,
  updateCustomerPrice,
} from "~/domain/pricing/customer-prices.server";
import {
  CONFIRM_DELETE_CUSTOM_PRICE,
  CUSTOMER_PRICING_CREATED,
  CUSTOMER_PRICING_DELETED,
  CUSTOMER_PRICING_UPDATED,
  customerPriceSchema,
  customPriceCountLine,
  formatTenthsPercent,
  NO_CUSTOM_PRICES,
  ruleListState,
  ruleScreenQuerySchema,
  savingsOf,
} from "~/domain/pricing/pricing-rules.schema";
import { customerPicker, productPicker } from "~/domain/shared/pickers.server";
import type { FormActionData } from "~/utils/form-reply.server";
import { formatMoney, parseDecimalToHundredths } from "~/utils/money";
import { dialogState, recordScreenAction, screenJson, screenRequest } from "~/utils/record-screen.server";
import { PriceForm } from "./price-form";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Customer Pricing") }];

const PATH = "/admin/customer-pricing";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, params } = await screenRequest(request, "pricing");
  const query = ruleScreenQuerySchema.parse(Object.fromEntries(params));
  const list = listCustomerPrices(db, query);
  const dialogs = dialogState(params, (id) => getCustomerPrice(db, id), customerPriceJson);
  const open = dialogs.creating || dialogs.editing !== null;

  return screenJson({
    list: { q: query.q, page: list.page },
    rows: list.items.map(customerPriceJson),
    total: list.total,
    pageCount: list.pageCount,
    ...dialogs,
    ...productPicker(db, {
      open,
      q: query.product,
      includeId: dialogs.editing?.productId,
    }),
    ...customerPicker(db, {
      open,
      q: query.customer,
      includeId: dialogs.editing?.userId,
    }),
  });
}

// a function, not a module-level call: the browser bundle drops `action` but would keep (and run) a call
export async function action(args: ActionFunctionArgs) {
  return recordScreenAction({
    area: "pricing",
    schema: customerPriceSchema,
    fields: ["userId", "productId", "customPrice"],
    returnTo: (formData) => safeReturnHref(PATH, formData.get("returnTo"), ruleListState),
    notFound: CUSTOMER_PRICE_NOT_FOUND,
    create: createCustomerPrice,
    update: updateCustomerPrice,
    remove: deleteCustomerPrice,
    savedToast: (row, intent) => ({
      title: intent === "create" ? CUSTOMER_PRICING_CREATED : CUSTOMER_PRICING_UPDATED,
      description: `${row.userEmail ?? `User ${row.userId}`} pays ${formatMoney(row.customPrice)} (ex VAT) for ${
        row.productName ?? `Product #${row.productId}`
      }.`,
    }),
    deletedToast: (deleted) => ({
      title: CUSTOMER_PRICING_DELETED,
      description: `${deleted.userEmail ?? "The customer"} now pays their usual price for ${
        deleted.productName ?? "the product"
      }.`,
    }),
  })(args);
}

type Row = SerializeFrom<typeof loader>["rows"][number];

function customerLabel(row: Row) {
  return row.user?.email ?? `User ${row.userId}`;
}

function productLabel(row: Row) {
  return row.product?.name ?? `Product #${row.productId}`;
}

function pence(decimal: string | null | undefined) {
  return decimal ? parseDecimalToHundredths(decimal) ?? 0 : 0;
}

export default function AdminCustomerPricing() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const { list } = data;

  return (
    <RecordScreen
      path={PATH}
      list={list}
      state={data}
      width="max-w-7xl"
      texts={{
        title: "Customer-Specific Pricing",
        description:
          "Agreed prices for individual customers. A custom price replaces the customer's tier and volume discounts for that product.",
        add: "Add Custom Price",
        createTitle: "Create Custom Price",
        editTitle: "Edit Custom Price",
        deleteTitle: "Delete Custom Price",
        missing: "That custom pricing rule no longer exists.",
      }}
      actionData={actionData}
      form={(props) => <PriceForm {...props} data={data} />}
      confirmDelete={(row) => (
        <>
          <p>{CONFIRM_DELETE_CUSTOM_PRICE}</p>
          <p className="mt-2">
            <strong>{customerLabel(row)}</strong> · {productLabel(row)} at {formatMoney(pence(row.customPrice))}. The
            customer will pay their tier and volume prices again.
          </p>
        </>
      )}
    >
      <RuleListTable
        caption="Customer-specific prices"
        minWidth="52rem"
        search={{
          id: "-admin-customer-pricing-q",
          label: "Search custom prices",
          placeholder: "Customer email or name, or product",
          value: list.q ?? "",
          clearHref: PATH,
        }}
        columns={[
          { label: "Customer" },
          { label: "Product" },
          { label: "Standard Price", align: "right" },
          { label: "Custom Price", align: "right" },
          { label: "Savings", align: "right" },
          { label: "Actions", align: "right" },
        ]}
        rows={data.rows}
        row={(row) => <PriceRow key={row.id} row={row} list={list} />}
        empty={{
          text: NO_CUSTOM_PRICES,
          noMatch: list.q ? <>No custom prices match “{list.q}”.</> : undefined,
          create: {
            label: "Create your first custom price",
            href: listHref(PATH, list, { dialog: "new" }),
          },
        }}
        countLine={customPriceCountLine(data.total)}
        pagination={{
          page: list.page,
          pageCount: data.pageCount,
          total: data.total,
          noun: ["custom price", "custom prices"],
          hrefFor: (page) => listHref(PATH, { ...list, page }),
        }}
      />
    </RecordScreen>
  );
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
          <div className="text-xs text-slate-500">
            {[row.user.firstName, row.user.lastName].filter(Boolean).join(" ")}
          </div>
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
          <span className="text-slate-500">-</span>
        )}
      </td>
      <RecordActions
        editHref={listHref(PATH, list, { edit: String(row.id) })}
        deleteHref={listHref(PATH, list, { delete: String(row.id) })}
        editLabel={`Edit custom price ${label}`}
        deleteLabel={`Delete custom price ${label}`}
      />
    </tr>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
