import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { COMPANY_SETTINGS_TAB_PATH, SettingsTabs } from "~/components/admin/settings-tabs";
import { Button } from "~/components/ui/button";
import { IMAGE_FIELD } from "~/domain/catalog/product-images";
import { removeCompanyLogo, uploadCompanyLogo } from "~/domain/settings/company-logo.server";
import { companySettingsView, type CompanySettingRow } from "~/domain/settings/company-settings.server";
import { requireAdmin } from "~/utils/auth.server";
import { adminPageTitle } from "~/utils/company-brand";
import { getDb } from "~/utils/db.server";
import { isMultipartRequest, readImageUpload } from "~/utils/image-upload.server";
import { fail, type Failure } from "~/utils/result";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Company") }];

const PATH = COMPANY_SETTINGS_TAB_PATH;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json(companySettingsView(getDb()), { headers: { "Cache-Control": "private, no-store" } });
}

/** The form shows again with the reason (4xx); nothing was changed. */
function refused(failure: Failure) {
  return json({ error: { message: failure.message, field: failure.field ?? null } }, {
    status: failure.status,
    headers: failure.retryAfter ? { "Retry-After": String(failure.retryAfter) } : undefined,
  });
}

/** Upload (multipart, the `image` field) or remove the logo; back to the screen with a notice. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const db = getDb();
  if (isMultipartRequest(request)) {
    const read = await readImageUpload(request);
    if (!read.ok) return refused(read);
    const result = await uploadCompanyLogo(db, admin, read.value.upload);
    if (!result.ok) return refused(result);
    return redirectWithToast(request, PATH, {
      title: "Logo saved",
      description: "It shows in the storefront and back-office headers and on invoices and purchase orders.",
    });
  }
  const form = await request.formData();
  if (form.get("intent") !== "remove-logo") return refused(fail(400, "Unknown action"));
  const result = removeCompanyLogo(db, admin);
  if (!result.ok) return refused(result);
  return redirectWithToast(request, PATH, { title: "Logo removed", description: "The headers show the business name alone again." });
}

export default function CompanySettings() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const posting = navigation.state === "submitting" && navigation.formAction === PATH ? navigation.formData : undefined;
  const uploading = posting?.has(IMAGE_FIELD) ?? false;
  const removing = posting?.get("intent") === "remove-logo";
  const error = actionData && "error" in actionData ? actionData.error : null;
  const missing = data.rows.filter((row) => row.source === "missing");

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Company"
        description="Who the business is on every page, mail, invoice and purchase order. The details come from the server's settings (.env); the logo is uploaded here."
      />
      <SettingsTabs current="company" />

      {data.invoiceProblem ? (
        <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {data.invoiceProblem}
        </p>
      ) : null}

      <Panel title="Logo" className="mb-6">
        <div className="grid gap-4 p-4 md:grid-cols-[minmax(0,18rem)_1fr]">
          <div className="flex min-h-24 items-center justify-center rounded-md border border-dashed border-slate-300 bg-slate-50 p-3">
            {data.logo ? (
              <img
                src={data.logo.url}
                alt={data.name}
                width={data.logo.width}
                height={data.logo.height}
                data-testid="company-logo-preview"
                className="h-auto max-h-20 w-auto max-w-full"
              />
            ) : (
              <p className="text-center text-sm text-slate-600">No logo: the headers show the business name.</p>
            )}
          </div>
          <div className="space-y-4">
            <Form method="post" action={PATH} encType="multipart/form-data" className="space-y-2">
              <label htmlFor="logo-file" className="block text-sm font-medium text-slate-800">
                {data.logo ? "Replace the logo" : "Upload a logo"}
              </label>
              <input
                id="logo-file"
                type="file"
                name={IMAGE_FIELD}
                accept="image/png,image/jpeg,image/webp"
                aria-describedby="logo-help"
                aria-invalid={error ? true : undefined}
                aria-errormessage={error ? "logo-error" : undefined}
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50"
              />
              <p id="logo-help" className="text-xs text-slate-600">
                PNG, JPEG or WebP, up to 5 MB. A wide logo on a clear or white background reads best; it is shown up to 40
                pixels high and printed on PDFs.
              </p>
              {error ? (
                <p id="logo-error" role="alert" className="text-sm font-medium text-red-700">
                  {error.message}
                </p>
              ) : null}
              <Button type="submit" disabled={uploading}>
                {uploading ? "Uploading..." : "Save logo"}
              </Button>
            </Form>
            {data.logo ? (
              <Form method="post" action={PATH}>
                <input type="hidden" name="intent" value="remove-logo" />
                <Button type="submit" variant="secondary" disabled={removing}>
                  {removing ? "Removing..." : "Remove logo"}
                </Button>
              </Form>
            ) : null}
          </div>
        </div>
      </Panel>

      <Panel title="Company details in effect" className="mb-6">
        <p className="border-b border-slate-100 px-4 py-3 text-sm text-slate-600">
          {data.demo
            ? "A demo install: what is not set shows the demo company's sample values."
            : missing.length > 0
              ? `Not set in .env: ${missing.map((row) => row.setting).join(", ")}. Set them in .env and restart the server.`
              : "Everything that matters is set in .env."}
        </p>
        <dl className="divide-y divide-slate-100">
          {data.rows.map((row) => (
            <SettingRow key={row.setting} row={row} />
          ))}
        </dl>
      </Panel>

      <Panel title="Setting up">
        <ul className="divide-y divide-slate-100">
          {data.steps.map((step) => (
            <li key={step.key} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2.5 text-sm" data-testid={`company-step-${step.key}`}>
              <span className={step.done ? "text-slate-700" : "font-medium text-slate-900"}>
                <span aria-hidden className={step.done ? "text-green-700" : "text-slate-400"}>
                  {step.done ? "✓ " : "○ "}
                </span>
                {step.label}
                <span className="text-slate-600">{step.done ? ": done" : ": to do"}</span>
              </span>
              {step.href !== PATH ? (
                <Link to={step.href} className="font-medium text-brand-700 hover:underline">
                  {step.linkText}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}

const SOURCE_TEXT: Record<CompanySettingRow["source"], string> = {
  set: "Set in .env",
  demo: "Not set: demo sample",
  optional: "Not set (optional)",
  missing: "Missing",
};

const SOURCE_TONE: Record<CompanySettingRow["source"], string> = {
  set: "bg-green-50 text-green-800 ring-green-200",
  demo: "bg-slate-100 text-slate-700 ring-slate-200",
  optional: "bg-slate-100 text-slate-700 ring-slate-200",
  missing: "bg-amber-50 text-amber-900 ring-amber-200",
};

function SettingRow({ row }: { row: CompanySettingRow }) {
  return (
    <div className="grid gap-1 px-4 py-2.5 text-sm sm:grid-cols-[15rem_minmax(0,1fr)_auto] sm:items-start sm:gap-4" data-testid={`setting-${row.setting}`}>
      <dt className="font-medium text-slate-700">
        {row.label}
        <span className="block font-mono text-xs font-normal text-slate-500">{row.setting}</span>
      </dt>
      <dd className="min-w-0 break-words text-slate-900">
        {row.value ?? <span className="text-slate-500">—</span>}
        {row.note ? <span className="mt-0.5 block text-xs text-slate-600">{row.note}</span> : null}
      </dd>
      <dd>
        <span className={`inline-flex whitespace-nowrap rounded px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${SOURCE_TONE[row.source]}`}>
          {SOURCE_TEXT[row.source]}
        </span>
      </dd>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
