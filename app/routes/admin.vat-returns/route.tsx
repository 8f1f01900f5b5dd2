import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { adminPageTitle } from "~/utils/company-brand";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { IDEMPOTENCY_INPUT, primaryLinkClass } from "~/components/admin/form/form-bits";
import { idParam } from "~/components/admin/form/list-hrefs";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { ActionNotice, MissingNotice } from "~/components/admin/screen-notices";
import { ConnectionLostNotice } from "~/components/ui/toast";
import { VAT_MAX_PAGE, VAT_RETURN_NOT_FOUND } from "~/domain/vat/vat-return.schema";
import { requestedPage } from "~/utils/paging";
import { generateMonthOptions, listVatReturns, vatReturnDetail, vatReturnJson } from "~/domain/vat/vat-returns.server";
import { requireStaff } from "~/utils/auth.server";
import { isConnectionLost, keepPageOnConnectionLoss, useLastAnswer } from "~/utils/connection";
import { getDb } from "~/utils/db.server";
import { readAdminForm } from "~/utils/admin-form.server";
import type { FormActionData } from "~/utils/form-reply.server";
import { issueIdempotencyKey } from "~/utils/idempotency.server";
import { errorToast, redirectWithToast } from "~/utils/toast.server";
import { askAction, changeAction, generateAction, submissionDetailsAction, hmrcPaymentAction } from "./actions.server";
import { AssistantForm, type AssistantReply } from "./assistant-form";
import { ComplianceTips } from "./compliance-tips";
import { GenerateForm } from "./generate-form";
import { ReturnDetail } from "./return-detail";
import { ReturnTable } from "./return-table";
import { viewJson } from "./view-data.server";
import { VAT_RETURNS_PATH as PATH, vatReturnsHref, viewHref } from "./vat-returns-screen";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "VAT Returns") }];

const boxParam = (value: string | null) => (value && /^[1-9]$/.test(value) ? Number(value) : null);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "vat");
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const list = listVatReturns(db, requestedPage(params.get("page"), VAT_MAX_PAGE));
  const viewId = idParam(params.get("view"));
  const box = boxParam(params.get("box"));
  const detail = viewId ? vatReturnDetail(db, viewId, { box, page: requestedPage(params.get("lines"), VAT_MAX_PAGE) }) : null;
  const dialog = detail ? null : params.get("dialog");
  return json(
    {
      list: { page: list.page, pageCount: list.pageCount, total: list.total },
      returns: list.items.map(vatReturnJson),
      view: detail ? viewJson(db, detail, box, params.get("confirm") === "file") : null,
      missing: viewId !== null && detail === null,
      months: dialog === "generate" ? generateMonthOptions(db) : null,
      preselect: params.get("month"),
      asking: dialog === "assistant",
      idempotencyKey: issueIdempotencyKey(),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await readAdminForm(request, "vat");
  const { intent } = ctx;
  if (intent === "generate") return generateAction(ctx);
  if (intent === "regenerate" || intent === "file") return changeAction(intent, ctx);
  if (intent === "ask") return askAction(ctx);
  if (intent === "submission-details") return submissionDetailsAction(ctx);
  if (intent === "hmrc-payment") return hmrcPaymentAction(ctx);
  return redirectWithToast(request, PATH, errorToast("Unknown action"));
}

/** With JavaScript a lost reply keeps the page and what was typed; the page's key makes a second press safe. */
export const clientAction = keepPageOnConnectionLoss((form) => ({
  title: form.get("intent") === "ask" ? "The assistant could not be reached" : "Error",
  intent: String(form.get("intent") ?? ""),
}));

export { shouldRevalidate } from "~/utils/connection";

type Posted = (FormActionData & { intent: "generate" | "ask" | "submission-details" | "hmrc-payment" }) | (AssistantReply & { intent: "ask"; result?: undefined });

export default function AdminVatReturns() {
  const data = useLoaderData<typeof loader>();
  const raw = useActionData<typeof action>();
  const posted = useLastAnswer(raw as Posted | undefined);
  const hidden = { [IDEMPOTENCY_INPUT]: data.idempotencyKey };
  const lost = isConnectionLost(raw) ? raw : null;
  const reply = posted?.intent === "ask" && "answer" in posted ? posted : null;
  const askResult = posted?.intent === "ask" && posted.result ? posted.result : undefined;

  if (data.view) {
    return (
      <div className="mx-auto max-w-5xl">
        <ConnectionLostNotice data={lost} />
        <ActionNotice data={posted?.intent === "submission-details" || posted?.intent === "hmrc-payment" ? (posted as FormActionData) : undefined} />
        <ReturnDetail
          view={data.view}
          hidden={{ ...hidden, returnTo: viewHref(data.view.id) }}
          submissionResult={posted?.intent === "submission-details" ? posted.result : undefined}
          paymentResult={posted?.intent === "hmrc-payment" ? posted.result : undefined}
        />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="VAT Returns"
        description="Monthly VAT returns on the invoice basis: generate one, check the lines behind each box, download it for your Making Tax Digital software and mark it filed."
        actions={
          <>
            <Link to={vatReturnsHref({ dialog: "assistant" })} preventScrollReset className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50">
              AI Assistant
            </Link>
            <Link to={vatReturnsHref({ dialog: "generate" })} preventScrollReset className={primaryLinkClass}>
              Generate Return
            </Link>
          </>
        }
      />
      <ConnectionLostNotice data={lost} />
      <ActionNotice data={posted && "toast" in posted ? (posted as FormActionData) : undefined} />
      {data.missing ? <MissingNotice>{VAT_RETURN_NOT_FOUND}.</MissingNotice> : null}

      <AdminDialog open={data.months !== null} title="Generate VAT Return" closeHref={PATH}>
        {data.months ? (
          <GenerateForm
            months={data.months}
            preselect={data.preselect}
            hidden={hidden}
            cancelHref={PATH}
            lastResult={posted?.intent === "generate" ? posted.result : undefined}
          />
        ) : null}
      </AdminDialog>

      <AdminDialog
        open={data.asking}
        size="lg"
        title="AI Assistant"
        description="Ask about UK VAT rules (each answer cites its gov.uk page) or about your own figures for a month."
        closeHref={PATH}
      >
        {data.asking ? <AssistantForm key={reply?.attempt ?? "empty"} reply={reply} lastResult={askResult} cancelHref={PATH} /> : null}
      </AdminDialog>

      <Panel>
        <ReturnTable data={data} />
      </Panel>
      <ComplianceTips />
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
