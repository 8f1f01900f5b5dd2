import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { adminPageTitle } from "~/utils/company-brand";
import { useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { FilterBar, FilterInput } from "~/components/ledger/filter-bar";
import { LedgerNav } from "~/components/ledger/ledger-nav";
import { LedgerTable, ledgerTd, ledgerTh, moneyTd, moneyTh } from "~/components/ledger/ledger-table";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";
import { ukToday } from "~/domain/invoices/invoices.server";
import { AGE_BUCKET_LABELS, AGE_BUCKETS, type AgedSide } from "~/domain/ledger/aged-balances";
import { agedBalances, type AgedReport } from "~/domain/ledger/aged-balances.server";
import { JOURNAL_FORMAT_LABELS, JOURNAL_FORMATS } from "~/domain/ledger/exports";
import { agedFileHref, journalFileHref, readAgedDate, readExportPeriod } from "~/domain/ledger/exports-query";
import { EXPORTS_PATH as PATH } from "~/domain/ledger/ledger-hrefs";
import { periodSummary } from "~/domain/ledger/exports.server";
import { requireStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { formatMoney } from "~/utils/money";
import { requestedPage } from "~/utils/paging";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Accountant's Exports") }];

const PARTIES_PER_PAGE = 25;
/** Past this many Xero parts the screen asks for a part number rather than listing a link for each. */
const PART_LINKS_MAX = 24;
const PAGE_PARAM: Record<AgedSide, string> = { debtors: "debtorsPage", creditors: "creditorsPage" };

const pageParam = (params: URLSearchParams, name: string) => requestedPage(params.get(name));

/** One page of a report's parties; the totals stay those of every party. */
function pageOfReport(report: AgedReport, page: number) {
  const pageCount = Math.max(1, Math.ceil(report.parties.length / PARTIES_PER_PAGE));
  const current = Math.min(page, pageCount);
  const parties = report.parties.slice((current - 1) * PARTIES_PER_PAGE, current * PARTIES_PER_PAGE);
  return { ...report, parties, page: current, pageCount, partyCount: report.parties.length };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "ledger");
  const params = new URL(request.url).searchParams;
  const today = ukToday();
  const db = getDb();
  // a period or date that cannot be read is said on the screen, which shows the default instead
  const periodRead = readExportPeriod(params, today);
  const period = periodRead.ok ? periodRead : (readExportPeriod(new URLSearchParams(), today) as { from: string; to: string });
  const dateRead = readAgedDate(params, today);
  const date = dateRead.ok ? dateRead.date : today;
  return json(
    {
      query: Object.fromEntries(params) as Record<string, string>,
      period: { from: period.from, to: period.to },
      periodProblem: periodRead.ok ? null : { message: periodRead.message, field: periodRead.field },
      summary: periodSummary(db, period),
      date,
      dateProblem: dateRead.ok ? null : { message: dateRead.message, field: dateRead.field },
      debtors: pageOfReport(agedBalances(db, "debtors", date), pageParam(params, PAGE_PARAM.debtors)),
      creditors: pageOfReport(agedBalances(db, "creditors", date), pageParam(params, PAGE_PARAM.creditors)),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

/** This screen's address with `changes` over the current query (a page number of 1 is left out). */
function screenHref(query: Record<string, string>, changes: Record<string, string | number>) {
  const params = new URLSearchParams(query);
  for (const [name, value] of Object.entries(changes)) {
    if (value === 1 && name.endsWith("Page")) params.delete(name);
    else params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${PATH}?${search}` : PATH;
}

/** The other form's values, so choosing a period keeps the aged date and the other way round. */
function Kept({ query, names }: { query: Record<string, string>; names: string[] }) {
  return names.filter((name) => query[name]).map((name) => <input key={name} type="hidden" name={name} value={query[name]} />);
}

const linkClass = "font-medium text-brand-700 hover:underline";

function JournalFiles({ data }: { data: LoaderData }) {
  const { period, summary, query } = data;
  const span = `${formatInvoiceDate(period.from)} to ${formatInvoiceDate(period.to)}`;
  return (
    <Panel title={`Journal files · ${span}`} className="mb-6">
      <p className="px-3 pt-3 text-sm text-slate-700" data-testid="period-summary">
        {summary.journals} {summary.journals === 1 ? "journal" : "journals"}, {summary.lines} {summary.lines === 1 ? "line" : "lines"} dated in the
        period.
      </p>
      <ul className="space-y-2 px-3 py-3 text-sm">
        {JOURNAL_FORMATS.map((format) => (
          <li key={format}>
            {/* a plain link, not a client-side navigation: the file downloads with or without JavaScript */}
            <a href={journalFileHref(format, period)} className={linkClass}>
              {JOURNAL_FORMAT_LABELS[format]} (CSV)
            </a>
            {format === "xero" && summary.xeroParts > 1 ? <XeroParts data={data} /> : null}
          </li>
        ))}
      </ul>
      <p className="border-t border-slate-100 px-3 py-2 text-xs text-slate-500">
        Xero imports up to 300 lines a file, so a longer period comes in parts. Accounts go by their nominal codes: the accounting package needs
        accounts with the same codes. No VAT is added on import, as VAT is already on lines of its own. {query.from ? null : "Last month is shown until a period is chosen."}
      </p>
    </Panel>
  );
}

function XeroParts({ data }: { data: LoaderData }) {
  const { period, summary } = data;
  const parts = Array.from({ length: summary.xeroParts }, (_, i) => i + 1);
  if (summary.xeroParts <= PART_LINKS_MAX) {
    return (
      <span className="ml-2 text-slate-600">
        in {summary.xeroParts} parts:{" "}
        {parts.map((part) => (
          <a key={part} href={journalFileHref("xero", period, part)} className={`${linkClass} ml-1`}>
            {`Part ${part}`}
          </a>
        ))}
      </span>
    );
  }
  return (
    <form method="get" action={`${PATH}/journals.csv`} className="mt-2 flex flex-wrap items-end gap-2">
      <input type="hidden" name="format" value="xero" />
      <input type="hidden" name="from" value={period.from} />
      <input type="hidden" name="to" value={period.to} />
      <label className="text-slate-600">
        Part (1 to {summary.xeroParts}){" "}
        <input type="number" name="part" min={1} max={summary.xeroParts} defaultValue={1} required className={`${inputClass} w-24`} />
      </label>
      <Button type="submit" variant="secondary">
        Download part
      </Button>
    </form>
  );
}

const SIDE_TEXT: Record<AgedSide, { title: string; party: string; invoices: string }> = {
  debtors: { title: "Aged debtors", party: "Customer", invoices: "/admin/sales-invoices" },
  creditors: { title: "Aged creditors", party: "Supplier", invoices: "/admin/purchase-invoices" },
};

function AgedTable({ report, query }: { report: LoaderData["debtors"]; query: Record<string, string> }) {
  const text = SIDE_TEXT[report.side];
  const plural = (n: number, word: string) => `${n} ${word.toLowerCase()}${n === 1 ? "" : "s"}`;
  return (
    <Panel
      title={`${text.title} at ${formatInvoiceDate(report.date)}`}
      actions={
        <a href={agedFileHref(report.side, report.date)} className={`${linkClass} text-sm`}>
          Download {text.title.toLowerCase()} CSV
        </a>
      }
      className="mb-6"
    >
      <p className="px-3 pt-2 text-xs text-slate-500">Amounts inc VAT, aged by days past each invoice&apos;s due date at the end of the day.</p>
      <LedgerTable caption={`${text.title} at ${formatInvoiceDate(report.date)}`} minWidth="52rem">
        <thead>
          <tr>
            <th scope="col" className={ledgerTh}>
              {text.party}
            </th>
            {AGE_BUCKETS.map((bucket) => (
              <th key={bucket} scope="col" className={`${moneyTh} w-28`}>
                {AGE_BUCKET_LABELS[bucket]}
              </th>
            ))}
            <th scope="col" className={`${moneyTh} w-28`}>
              Total
            </th>
          </tr>
        </thead>
        {report.parties.length === 0 ? (
          <tbody>
            <tr>
              <td colSpan={7} className="px-3 py-8 text-center text-sm text-slate-500">
                Nothing was outstanding at the end of {formatInvoiceDate(report.date)}.
              </td>
            </tr>
          </tbody>
        ) : (
          report.parties.map((party) => (
            <tbody key={party.key} data-testid={`${report.side}-party`}>
              <tr className="bg-slate-50/60 font-semibold">
                <th scope="row" className={ledgerTd}>
                  {party.name}
                  {party.email ? <span className="block text-xs font-normal text-slate-500">{party.email}</span> : null}
                </th>
                {AGE_BUCKETS.map((bucket) => (
                  <td key={bucket} className={moneyTd}>
                    {formatMoney(party[bucket])}
                  </td>
                ))}
                <td className={moneyTd}>{formatMoney(party.total)}</td>
              </tr>
              {party.invoices.map((invoice) => (
                <tr key={invoice.invoiceId} className="text-xs text-slate-600">
                  <td className={`${ledgerTd} pl-6`}>
                    <a href={`${text.invoices}?view=${invoice.invoiceId}`} className={linkClass}>
                      {invoice.invoiceNumber}
                    </a>{" "}
                    dated {formatInvoiceDate(invoice.date)}, due {invoice.dueDate ? formatInvoiceDate(invoice.dueDate) : "—"}
                    {invoice.daysPastDue > 0 ? ` (${invoice.daysPastDue} days late)` : ""}
                  </td>
                  {AGE_BUCKETS.map((bucket) => (
                    <td key={bucket} className={moneyTd}>
                      {invoice.bucket === bucket ? formatMoney(invoice.outstanding) : ""}
                    </td>
                  ))}
                  <td className={ledgerTd} />
                </tr>
              ))}
            </tbody>
          ))
        )}
        <tfoot>
          <tr className="border-t-2 border-slate-300 font-semibold text-slate-900" data-testid={`${report.side}-totals`}>
            <th scope="row" className={ledgerTd}>
              Total ({plural(report.partyCount, text.party)}, {plural(report.invoiceCount, "invoice")})
            </th>
            {AGE_BUCKETS.map((bucket) => (
              <td key={bucket} className={moneyTd}>
                {formatMoney(report.totals[bucket])}
              </td>
            ))}
            <td className={moneyTd}>{formatMoney(report.totals.total)}</td>
          </tr>
        </tfoot>
      </LedgerTable>
      {report.pageCount > 1 ? (
        <AdminPagination
          page={report.page}
          pageCount={report.pageCount}
          total={report.partyCount}
          noun={[text.party.toLowerCase(), `${text.party.toLowerCase()}s`]}
          hrefFor={(page) => screenHref(query, { [PAGE_PARAM[report.side]]: page })}
        />
      ) : null}
    </Panel>
  );
}

export default function LedgerExports() {
  const data = useLoaderData<typeof loader>();
  const { query } = data;
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Accountant's exports"
        description="A period's journals as files for Xero, Sage 50 or a spreadsheet, and who owed what at the end of a day."
      />
      <LedgerNav current="exports" />
      <FilterBar label="Period" problem={data.periodProblem} fallback="Showing last month instead." submitLabel="Show period">
        <FilterInput name="from" label="From" value={query.from ?? data.period.from} problem={data.periodProblem} />
        <FilterInput name="to" label="To" value={query.to ?? data.period.to} problem={data.periodProblem} />
        <Kept query={query} names={["date"]} />
      </FilterBar>
      <JournalFiles data={data} />
      <FilterBar label="Aged balances date" problem={data.dateProblem} fallback="Showing today instead." submitLabel="Show balances">
        <FilterInput name="date" label="Balances at the end of" value={query.date ?? data.date} problem={data.dateProblem} />
        <Kept query={query} names={["from", "to"]} />
      </FilterBar>
      <AgedTable report={data.debtors} query={query} />
      <AgedTable report={data.creditors} query={query} />
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
