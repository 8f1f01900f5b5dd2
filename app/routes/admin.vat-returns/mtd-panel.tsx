import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { HiddenFields, secondaryLinkClass } from "~/components/admin/form/form-bits";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { Panel } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { MTD_OFFLINE_NOTICE, vatReturnSubmissionDetailsSchema } from "~/domain/vat/mtd.schema";
import { VAT_RETURNS_PATH, type VatReturnView } from "./vat-returns-screen";

const INTENT = "submission-details";

/**
 * The Making Tax Digital panel of one return: its VAT registration number and period key (a real post, so it
 * works without JavaScript), and the two files for bridging software. Nothing is sent to HMRC from here.
 */
export function MtdPanel({
  view,
  hidden,
  lastResult,
}: {
  view: VatReturnView;
  hidden: Record<string, string>;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { mtd } = view;
  const { form, fields, saving } = useAdminForm({
    id: `mtd-details-${view.id}`,
    schema: vatReturnSubmissionDetailsSchema,
    intent: INTENT,
    lastResult,
    defaultValue: { vatRegistrationNumber: mtd.defaultVrn, periodKey: mtd.periodKey ?? "" },
  });
  const missing = [mtd.vatRegistrationNumber ? null : "the VAT registration number", mtd.periodKey ? null : "the period key"].filter(Boolean);
  return (
    <Panel title="Making Tax Digital" className="mt-6">
      <div className="space-y-4 px-4 py-4" data-testid="mtd-panel">
        <p role="note" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {MTD_OFFLINE_NOTICE}
        </p>
        <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
          <input type="hidden" name="intent" value={INTENT} />
          <input type="hidden" name="id" value={view.id} />
          <HiddenFields values={hidden} />
          <FormError errors={form.errors} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="VAT registration number"
              hint={mtd.vatRegistrationNumber ? "9 digits, as HMRC knows the business." : "9 digits. The company's VAT number from settings is filled in: check it and save."}
              errors={fields.vatRegistrationNumber.errors}
              inputProps={{ ...getInputProps(fields.vatRegistrationNumber, { type: "text" }), inputMode: "numeric", autoComplete: "off" }}
            />
            <Field
              label="Period key"
              hint="The 4-character key of this period in HMRC's obligations, e.g. 26K1 or #001."
              errors={fields.periodKey.errors}
              inputProps={{ ...getInputProps(fields.periodKey, { type: "text" }), autoComplete: "off" }}
            />
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={saving}>
              {saving ? "Saving..." : "Save details"}
            </Button>
          </div>
        </Form>
        <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-4" data-testid="mtd-downloads">
          {mtd.ready ? (
            <a href={`${VAT_RETURNS_PATH}/${view.id}/mtd.json`} download className={secondaryLinkClass}>
              Download MTD JSON
            </a>
          ) : (
            <span className="text-sm text-slate-600">The MTD JSON can be downloaded once {missing.join(" and ")} {missing.length > 1 ? "are" : "is"} saved.</span>
          )}
          <a href={`${VAT_RETURNS_PATH}/${view.id}/bridging.csv`} download className={secondaryLinkClass}>
            Download bridging CSV
          </a>
        </div>
        <p className="text-xs text-slate-500">
          The JSON is the body of HMRC&apos;s &ldquo;Submit VAT return for period&rdquo;; the CSV has one row per box. Boxes 1 to 5 are to the penny and
          box 5 is never negative (HMRC works out from boxes 3 and 4 whether it is owed or due back); boxes 6 to 9 are whole pounds.
        </p>
      </div>
    </Panel>
  );
}
