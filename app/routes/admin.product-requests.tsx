import { parseWithZod } from "@conform-to/zod";
import { adminPageTitle } from "~/utils/company-brand";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { Badge, type BadgeTone } from "~/components/admin/badge";
import { StatusFilterLinks } from "~/components/admin/admin-list-filters";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { errorToast, redirectWithToast } from "~/utils/toast.server";
import {
  HiddenFields,
  IDEMPOTENCY_INPUT,
} from "~/components/admin/form/form-bits";
import { listHref, safeReturnHref, type ListState } from "~/components/admin/form/list-hrefs";
import { ScoreBadge } from "~/components/admin/score-badge";
import { formatOrderDate } from "~/components/orders/format";
import { Button } from "~/components/ui/button";
import {
  needsScores,
  NO_PRODUCT_REQUESTS,
  productRequestListQuerySchema,
  REQUEST_APPROVED,
  REQUEST_REJECTED,
  REQUEST_SCORED,
  requestReviewFormSchema,
  type ProductRequestStatus,
} from "~/domain/requests/request-review.schema";
import {
  adminProductRequestJson,
  countPendingProductRequests,
  decideProductRequest,
  listAdminProductRequests,
  REQUEST_NOT_FOUND,
  scoreProductRequest,
} from "~/domain/requests/request-review.server";
import { requireStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Product Requests") }];

const PATH = "/admin/product-requests";

const parseList = (params: URLSearchParams): ListState => productRequestListQuerySchema.parse(Object.fromEntries(params));

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "productRequests");
  const db = getDb();
  const query = productRequestListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const page = listAdminProductRequests(db, query);
  return json(
    {
      list: { status: query.status, page: page.page },
      requests: page.items.map(adminProductRequestJson),
      total: page.total,
      pageCount: page.pageCount,
      pendingCount: countPendingProductRequests(db),
      idempotencyKey: issueIdempotencyKey(),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireStaff(request, "productRequests");
  const formData = await request.formData();
  const back = safeReturnHref(PATH, formData.get("returnTo"), parseList);
  const submission = parseWithZod(formData, { schema: requestReviewFormSchema });
  if (submission.status !== "success") {
    return redirectWithToast(request, back, errorToast(submission.error?.id ? REQUEST_NOT_FOUND : "Unknown action"));
  }
  const { intent, id } = submission.value;
  if (intent === "score") {
    const scored = await scoreProductRequest(getDb(), admin, id);
    if (!scored.ok) return redirectWithToast(request, back, errorToast(scored.message));
    const { feasibilityScore, clarityScore, relevanceScore } = scored.value;
    return redirectWithToast(request, back, {
      title: REQUEST_SCORED,
      description: `Feasibility ${feasibilityScore}/10, clarity ${clarityScore}/10, relevance ${relevanceScore}/10.`,
    });
  }
  const status = intent === "approve" ? "approved" : "rejected";
  const result = decideProductRequest(getDb(), admin, id, status, idempotencyKeyFrom(formData));
  if (!result.ok) return redirectWithToast(request, back, errorToast(result.message));
  const excerpt = result.value.requestText.length > 80 ? `${result.value.requestText.slice(0, 77)}...` : result.value.requestText;
  return redirectWithToast(request, back, {
    title: status === "approved" ? REQUEST_APPROVED : REQUEST_REJECTED,
    description: `“${excerpt}”`,
  });
}

type LoaderData = SerializeFrom<typeof loader>;
type RequestCard = LoaderData["requests"][number];

const STATUS_TONES: Record<ProductRequestStatus, BadgeTone> = {
  pending: "warning",
  approved: "success",
  rejected: "danger",
};

const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

const FILTERS: { label: string; status?: ProductRequestStatus }[] = [
  { label: "All" },
  { label: "Pending", status: "pending" },
  { label: "Approved", status: "approved" },
  { label: "Rejected", status: "rejected" },
];

export default function AdminProductRequests() {
  const data = useLoaderData<typeof loader>();
  const { list } = data;
  const hidden = { returnTo: listHref(PATH, list), [IDEMPOTENCY_INPUT]: data.idempotencyKey };

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Product Requests"
        description="Products customers have asked us to stock, scored for feasibility, clarity and relevance."
      />

      <StatusFilterLinks
        label="Filter requests by status"
        filters={FILTERS}
        current={list.status ?? undefined}
        hrefFor={(status) => listHref(PATH, { status })}
        suffix={(status) => (status === "pending" ? ` (${data.pendingCount})` : "")}
        className="mb-4 flex flex-wrap gap-2"
      />

      {data.requests.length === 0 ? (
        <Panel>
          <div className="px-4 py-12 text-center">
            <p className="text-lg font-semibold text-slate-900">{NO_PRODUCT_REQUESTS}</p>
            <p className="mt-1 text-sm text-slate-500">
              {list.status ? `There are no ${list.status} requests.` : "Requests customers send from the storefront appear here."}
            </p>
          </div>
        </Panel>
      ) : (
        <ul className="space-y-4" aria-label="Product requests">
          {data.requests.map((request) => (
            <RequestItem key={request.id} request={request} hidden={hidden} />
          ))}
        </ul>
      )}

      {data.pageCount > 1 ? (
        <div className="mt-4">
          <AdminPagination
            page={list.page}
            pageCount={data.pageCount}
            total={data.total}
            noun={["request", "requests"]}
            hrefFor={(page) => listHref(PATH, { ...list, page })}
          />
        </div>
      ) : null}
    </div>
  );
}

function RequestItem({ request, hidden }: { request: RequestCard; hidden: Record<string, string> }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("id") === String(request.id)
      ? navigation.formData.get("intent")
      : null;
  const who = request.user
    ? [request.user.firstName, request.user.lastName].filter(Boolean).join(" ") || request.user.email
    : "A deleted user";
  return (
    <li data-testid="product-request" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="whitespace-pre-line text-slate-900">{request.requestText}</p>
          <p className="mt-1 text-xs text-slate-500">
            {who}
            {request.user?.businessName ? `, ${request.user.businessName}` : ""}
            {request.user && who !== request.user.email ? ` (${request.user.email})` : ""} · {formatOrderDate(request.createdAt)}
          </p>
        </div>
        <Badge tone={STATUS_TONES[request.status]}>{statusLabel(request.status)}</Badge>
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        <div className="grid flex-1 grid-cols-3 gap-2 sm:max-w-md">
          <ScoreBadge label="Feasibility" score={request.feasibilityScore} />
          <ScoreBadge label="Clarity" score={request.clarityScore} />
          <ScoreBadge label="Relevance" score={request.relevanceScore} />
        </div>
        {needsScores(request) ? (
          <RequestButton intent="score" id={request.id} hidden={hidden} busy={busy} variant="secondary" label="Score now" pendingLabel="Scoring..." />
        ) : null}
      </div>

      <div className="mt-4">
        <h3 className="text-sm font-semibold text-slate-800">Analysis</h3>
        <p className="mt-1 text-sm text-slate-600">{request.aiReasoning || "No analysis was recorded for this request."}</p>
      </div>

      {request.status === "pending" ? (
        <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
          <RequestButton intent="approve" id={request.id} hidden={hidden} busy={busy} label="Approve" pendingLabel="Approving..." />
          <RequestButton intent="reject" id={request.id} hidden={hidden} busy={busy} variant="danger" label="Reject" pendingLabel="Rejecting..." />
        </div>
      ) : null}
    </li>
  );
}

/** What a screen reader hears for each button, with the request it acts on. */
const ROW_ACTION_NAMES = { score: "Score", approve: "Approve", reject: "Reject" } as const;

/** One of a request's buttons: a post of its intent and id; every button waits while one of them is posting. */
function RequestButton({
  intent,
  id,
  hidden,
  busy,
  variant,
  label,
  pendingLabel,
}: {
  intent: "score" | "approve" | "reject";
  id: number;
  hidden: Record<string, string>;
  busy: FormDataEntryValue | null;
  variant?: "secondary" | "danger";
  label: string;
  pendingLabel: string;
}) {
  return (
    <Form method="post" preventScrollReset>
      <HiddenFields values={{ intent, id: String(id), ...hidden }} />
      <Button
        type="submit"
        variant={variant}
        disabled={busy !== null}
        className="px-3 py-1.5"
        aria-label={`${ROW_ACTION_NAMES[intent]} request #${id}`}
      >
        {busy === intent ? pendingLabel : label}
      </Button>
    </Form>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
