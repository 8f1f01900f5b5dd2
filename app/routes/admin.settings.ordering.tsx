import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { defaultTermsSchema } from "~/domain/credit/credit.schema";
import { defaultPaymentTerms, saveDefaultPaymentTerms } from "~/domain/credit/default-terms.server";
import { PAYMENT_TERMS, PAYMENT_TERMS_LABELS } from "~/domain/credit/payment-terms";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { ORDERING_SETTINGS_TAB_PATH, SettingsTabs } from "~/components/admin/settings-tabs";
import { Button } from "~/components/ui/button";
import { Field, FormError, inputClass } from "~/components/ui/field";
import { ORDERING_SETTINGS_SAVED, orderingSettingsSchema } from "~/domain/ordering/ordering-settings.schema";
import { orderingSettings, orderingSettingsJson, saveOrderingSettings, type OrderingSettings } from "~/domain/ordering/ordering-settings.server";
import { requireAdmin } from "~/utils/auth.server";
import { adminPageTitle } from "~/utils/company-brand";
import { getDb } from "~/utils/db.server";
import { failureReply, invalidReply, type FormActionData } from "~/utils/form-reply.server";
import { formatMoney } from "~/utils/money";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Delivery & ordering") }];

const PATH = ORDERING_SETTINGS_TAB_PATH;
const INTENT = "save-ordering";
const FIELDS = ["deliveryCharge", "freeDeliveryOver", "minimumOrder", "cutOffTime"] as const;
const TERMS_INTENT = "save-payment-terms";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const db = getDb();
  const settings = orderingSettings(db);
  return json(
    { settings: orderingSettingsJson(settings), summary: settingsSummary(settings), defaultPaymentTerms: defaultPaymentTerms(db) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** What the settings mean for a buyer, in a sentence or three (the screen's summary and the saved notice). */
function settingsSummary(settings: OrderingSettings): string[] {
  const lines: string[] = [];
  if (settings.deliveryChargePence === 0) {
    lines.push("Delivery is free on every order, unless a customer has a charge of their own.");
  } else {
    lines.push(
      `Each order pays ${formatMoney(settings.deliveryChargePence)} ex VAT for delivery (plus VAT at 20%)` +
        (settings.freeDeliveryOverPence === null
          ? ", whatever its value."
          : `; orders with goods of ${formatMoney(settings.freeDeliveryOverPence)} ex VAT or more go free.`),
    );
  }
  lines.push(
    settings.minimumOrderPence === null
      ? "There is no minimum order."
      : `Orders with goods under ${formatMoney(settings.minimumOrderPence)} ex VAT are refused, with a message saying how much more to add.`,
  );
  lines.push(`Orders placed before ${settings.cutOffTime} (UK time) go out the next working day.`);
  return lines;
}

/** Saves the settings (the same use case as PUT /api/admin/settings/ordering) and comes back with a notice. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  if (formData.get("intent") === TERMS_INTENT) {
    const terms = parseWithZod(formData, { schema: defaultTermsSchema });
    if (terms.status !== "success") return invalidReply(TERMS_INTENT, terms);
    const saved = saveDefaultPaymentTerms(getDb(), admin, terms.value.defaultPaymentTerms);
    if (!saved.ok) return failureReply(TERMS_INTENT, terms, saved, ["defaultPaymentTerms"]);
    return redirectWithToast(request, PATH, {
      title: "Payment terms saved",
      description: `New accounts start on ${PAYMENT_TERMS_LABELS[saved.value.defaultPaymentTerms]}. Existing companies keep their own terms.`,
    });
  }
  const submission = parseWithZod(formData, { schema: orderingSettingsSchema });
  if (submission.status !== "success") return invalidReply(INTENT, submission);
  const result = saveOrderingSettings(getDb(), admin, submission.value);
  if (!result.ok) return failureReply(INTENT, submission, result, FIELDS);
  return redirectWithToast(request, PATH, { title: ORDERING_SETTINGS_SAVED, description: settingsSummary(result.value).join(" ") });
}

export default function OrderingSettingsScreen() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const { form, fields, saving } = useAdminForm({
    id: "ordering-settings",
    schema: orderingSettingsSchema,
    intent: INTENT,
    lastResult: actionData?.result,
    defaultValue: {
      deliveryCharge: data.settings.deliveryCharge,
      freeDeliveryOver: data.settings.freeDeliveryOver ?? "",
      minimumOrder: data.settings.minimumOrder ?? "",
      cutOffTime: data.settings.cutOffTime,
    },
  });
  const money = { type: "text" as const };
  const navigation = useNavigation();
  const savingTerms = navigation.state === "submitting" && navigation.formData?.get("intent") === TERMS_INTENT;

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Delivery & ordering"
        description="What every order pays for delivery, the smallest order you take and the daily cut-off for next-day dispatch. Amounts are ex VAT; delivery is charged VAT at the standard rate."
      />
      <SettingsTabs current="ordering" />

      <Panel title="In effect now" className="mb-6">
        <ul className="list-disc space-y-1 py-3 pl-9 pr-4 text-sm text-slate-700" data-testid="ordering-summary">
          {data.summary.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </Panel>

      <Form method="post" action={PATH} {...getFormProps(form)} noValidate className="space-y-6">
        <input type="hidden" name="intent" value={INTENT} />
        <FormError errors={form.errors} />
        <Panel title="Delivery charges">
          <div className="grid gap-4 p-4 sm:grid-cols-2">
            <Field
              label="Delivery charge per order (£, ex VAT)"
              hint="0.00 for free delivery. A customer's own charge (Users) replaces it for them."
              errors={fields.deliveryCharge.errors}
              inputProps={{ ...getInputProps(fields.deliveryCharge, money), inputMode: "decimal", autoComplete: "off" }}
            />
            <Field
              label="Free delivery from (£ goods, ex VAT)"
              hint="Orders whose goods come to this or more go free. Blank: never."
              errors={fields.freeDeliveryOver.errors}
              inputProps={{ ...getInputProps(fields.freeDeliveryOver, money), inputMode: "decimal", autoComplete: "off", placeholder: "Never" }}
            />
          </div>
        </Panel>
        <Panel title="Minimum order and cut-off">
          <div className="grid gap-4 p-4 sm:grid-cols-2">
            <Field
              label="Minimum order (£ goods, ex VAT)"
              hint="Smaller orders are refused at checkout, through the API too. Blank: no minimum."
              errors={fields.minimumOrder.errors}
              inputProps={{ ...getInputProps(fields.minimumOrder, money), inputMode: "decimal", autoComplete: "off", placeholder: "None" }}
            />
            <Field
              label="Cut-off time (UK time)"
              hint="Orders placed before it go out the next working day."
              errors={fields.cutOffTime.errors}
              inputProps={{ ...getInputProps(fields.cutOffTime, { type: "time" }) }}
            />
          </div>
        </Panel>
        <div className="flex justify-end">
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save settings"}
          </Button>
        </div>
      </Form>

      <Panel title="Payment terms for new accounts" className="mt-6">
        <Form method="post" action={PATH} className="flex flex-wrap items-end gap-3 p-4">
          <input type="hidden" name="intent" value={TERMS_INTENT} />
          <div className="space-y-1">
            <label htmlFor="defaultPaymentTerms" className="block text-sm font-medium text-slate-800">
              A new company starts on
            </label>
            <select id="defaultPaymentTerms" name="defaultPaymentTerms" defaultValue={data.defaultPaymentTerms} className={inputClass}>
              {PAYMENT_TERMS.map((terms) => (
                <option key={terms} value={terms}>
                  {PAYMENT_TERMS_LABELS[terms]}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary" disabled={savingTerms}>
            {savingTerms ? "Saving..." : "Save payment terms"}
          </Button>
          <p className="w-full text-xs text-slate-500">Each company&apos;s own terms and credit limit are set on its Company screen or in Aged Debtors.</p>
        </Form>
      </Panel>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
