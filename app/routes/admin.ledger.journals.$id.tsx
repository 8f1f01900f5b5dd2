import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { adminPageTitle } from "~/utils/company-brand";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { Badge } from "~/components/admin/badge";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { IDEMPOTENCY_INPUT } from "~/components/admin/form/form-bits";
import { idParam } from "~/components/admin/form/list-hrefs";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { MissingNotice } from "~/components/admin/screen-notices";
import { JournalCard, JournalDescription, JournalLines, ReversalMarks } from "~/components/ledger/journal-card";
import { LedgerNav } from "~/components/ledger/ledger-nav";
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";
import { ukToday } from "~/domain/invoices/invoices.server";
import { getJournal, journalJson, type JournalJson } from "~/domain/ledger/journal-list.server";
import { JOURNAL_SOURCE_LABELS, journalNumber } from "~/domain/ledger/journal-rules";
import { journalHref, JOURNALS_PATH } from "~/domain/ledger/ledger-hrefs";
import { reverseJournalByHand } from "~/domain/ledger/manual-journal.server";
import { readAdminForm } from "~/utils/admin-form.server";
import { screenJson, screenRequest } from "~/utils/record-screen.server";
import { errorToast, failureToast, redirectWithToast } from "~/utils/toast.server";
import { formatUkDateTime } from "~/utils/uk-time";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: adminPageTitle(matches, `${data?.journal.number ?? "Journal"} · Ledger`) }];

const notFound = () => new Response("Not Found", { status: 404 });

/** /admin/ledger/journals/{id}: one journal, its reversal or what it reverses, and (?confirm=reverse) the Reverse step. */
export async function loader({ request, params: route }: LoaderFunctionArgs) {
  const { db, params } = await screenRequest(request, "ledger");
  const id = idParam(route.id ?? null);
  const journal = id === null ? null : getJournal(db, id);
  if (!journal) throw notFound();
  const related = (relatedId: number | null) => {
    const found = relatedId === null ? null : getJournal(db, relatedId);
    return found ? journalJson(found) : null;
  };
  return screenJson({
    journal: journalJson(journal),
    reversedBy: related(journal.reversedById),
    reverses: related(journal.reversesId),
    confirming: params.get("confirm") === "reverse",
    today: ukToday(),
    // formatted here, so the page reads the same before and after hydration whatever the browser's zone
    postedAt: formatUkDateTime(journal.createdAt),
  });
}

/** Reverse (intent=reverse): posts the reversal dated today and opens it; a refusal comes back here with why. */
export async function action({ request, params: route }: ActionFunctionArgs) {
  const { db, admin, key, intent } = await readAdminForm(request, "ledger");
  const id = idParam(route.id ?? null);
  if (id === null) throw notFound();
  if (intent !== "reverse") return redirectWithToast(request, journalHref(id), errorToast("Unknown action"));
  const result = reverseJournalByHand(db, admin, id, key);
  if (!result.ok) {
    const back = result.status === 404 ? JOURNALS_PATH : journalHref(id);
    return redirectWithToast(request, back, failureToast("Journal not reversed", result.message));
  }
  return redirectWithToast(request, journalHref(result.value.journalId), {
    title: "Journal reversed",
    description: `${result.value.number} reverses ${journalNumber(id)}, dated today.`,
  });
}

export default function JournalScreen() {
  const { journal, reversedBy, reverses, confirming, today, postedAt, idempotencyKey } = useLoaderData<typeof loader>();
  const backHref = journalHref(journal.id);

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={`Journal ${journal.number}`}
        description={journal.description}
        actions={
          journal.reversible ? (
            <Link
              to={journalHref(journal.id, { confirm: "reverse" })}
              preventScrollReset
              className="inline-flex items-center justify-center rounded-md border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 shadow-sm hover:bg-red-50"
            >
              Reverse
            </Link>
          ) : null
        }
      />
      <LedgerNav current="journals" />

      {confirming && !journal.reversible ? <MissingNotice>{journal.whyNotReversible}</MissingNotice> : null}
      <ConfirmStep
        open={confirming && journal.reversible}
        title={`Reverse ${journal.number}`}
        message={
          <p>
            This posts a new journal dated today ({formatInvoiceDate(today)}) with the same lines, debits and credits swapped. {journal.number} stays in
            the books as it is; together they come to nothing.
          </p>
        }
        confirmLabel="Reverse"
        pendingLabel="Reversing..."
        intent="reverse"
        id={journal.id}
        cancelHref={backHref}
        hidden={{ [IDEMPOTENCY_INPUT]: idempotencyKey }}
      />

      <Panel className="mb-4">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1.5 px-4 py-3 text-sm">
          <dt className="font-semibold text-slate-600">Date</dt>
          <dd>{formatInvoiceDate(journal.date)}</dd>
          <dt className="font-semibold text-slate-600">Type</dt>
          <dd>
            <Badge>{JOURNAL_SOURCE_LABELS[journal.sourceType]}</Badge>
          </dd>
          <dt className="font-semibold text-slate-600">Description</dt>
          <dd>
            <JournalDescription journal={journal} self />
          </dd>
          <dt className="font-semibold text-slate-600">Posted</dt>
          <dd>{postedAt}</dd>
          {journal.reversesId || journal.reversedById ? (
            <>
              <dt className="font-semibold text-slate-600">Reversal</dt>
              <dd className="flex flex-wrap gap-2">
                <ReversalMarks journal={journal} />
              </dd>
            </>
          ) : null}
        </dl>
        <JournalLines journal={journal} />
        {journal.reversible ? null : (
          <p className="border-t border-slate-200 px-4 py-2 text-sm text-slate-600" data-testid="not-reversible">
            {journal.whyNotReversible}
          </p>
        )}
      </Panel>

      {reversedBy ? <RelatedJournal title="Reversed by" journal={reversedBy} /> : null}
      {reverses ? <RelatedJournal title="Reverses" journal={reverses} /> : null}
    </div>
  );
}

function RelatedJournal({ title, journal }: { title: string; journal: JournalJson }) {
  return (
    <section aria-label={`${title} ${journal.number}`} className="mb-4">
      <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-600">{title}</h2>
      <JournalCard journal={journal} />
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
