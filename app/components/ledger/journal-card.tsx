import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Badge } from "~/components/admin/badge";
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";
import type { JournalJson } from "~/domain/ledger/journal-list.server";
import { JOURNAL_SOURCE_LABELS, journalNumber } from "~/domain/ledger/journal-rules";
import { accountLedgerHref, journalHref, monthStart } from "~/domain/ledger/ledger-hrefs";
import { LedgerTable, ledgerTd, ledgerTh, Money, moneyTd, moneyTh } from "./ledger-table";

const linkClass = "font-medium text-brand-700 hover:underline";

/** What a journal is about, linked to its document (a journal that is its own document is not linked to itself). */
export function JournalDescription({ journal, self }: { journal: Pick<JournalJson, "id" | "description" | "documentHref">; self?: boolean }) {
  if (self && journal.documentHref === journalHref(journal.id)) return <>{journal.description}</>;
  return (
    <Link to={journal.documentHref} className={linkClass}>
      {journal.description}
    </Link>
  );
}

/** Reverses / reversed-by marks, each a link to the other journal. */
export function ReversalMarks({ journal }: { journal: Pick<JournalJson, "reversesId" | "reversedById"> }) {
  return (
    <>
      {journal.reversesId ? (
        <Badge tone="info">
          Reverses{" "}
          <Link to={journalHref(journal.reversesId)} className="ml-1 underline">
            {journalNumber(journal.reversesId)}
          </Link>
        </Badge>
      ) : null}
      {journal.reversedById ? (
        <Badge tone="warning">
          Reversed by{" "}
          <Link to={journalHref(journal.reversedById)} className="ml-1 underline">
            {journalNumber(journal.reversedById)}
          </Link>
        </Badge>
      ) : null}
    </>
  );
}

/** A journal's lines: each account (linked to its ledger for the journal's month), debit and credit, and the totals. */
export function JournalLines({ journal }: { journal: JournalJson }) {
  const range = { from: monthStart(journal.date), to: journal.date };
  return (
    <LedgerTable caption={`Lines of ${journal.number}`} minWidth="20rem">
      <thead>
        <tr>
          <th scope="col" className={`${ledgerTh} w-16 sm:w-20`}>Code</th>
          <th scope="col" className={ledgerTh}>Account</th>
          <th scope="col" className={`${moneyTh} sm:w-32`}>Debit</th>
          <th scope="col" className={`${moneyTh} sm:w-32`}>Credit</th>
        </tr>
      </thead>
      <tbody>
        {journal.lines.map((line, index) => (
          <tr key={`${line.code}-${index}`}>
            <td className={`${ledgerTd} tabular-nums`}>
              <Link to={accountLedgerHref(line.code, range)} className={linkClass}>
                {line.code}
              </Link>
            </td>
            <td className={ledgerTd}>{line.name}</td>
            <td className={moneyTd}>
              <Money value={line.debit} />
            </td>
            <td className={moneyTd}>
              <Money value={line.credit} />
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="font-semibold text-slate-900">
          <th scope="row" colSpan={2} className={`${ledgerTd} text-right`}>
            Total
          </th>
          <td className={moneyTd}>
            <Money value={journal.total} showZero />
          </td>
          <td className={moneyTd}>
            <Money value={journal.total} showZero />
          </td>
        </tr>
      </tfoot>
    </LedgerTable>
  );
}

/** One journal in a list: its number, day, kind and description above its lines. */
export function JournalCard({ journal, actions }: { journal: JournalJson; actions?: ReactNode }) {
  return (
    <article className="rounded-lg border border-slate-200 bg-white shadow-sm" data-testid="journal-card" aria-labelledby={`journal-${journal.id}`}>
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 px-3 py-2 text-sm">
        <h3 id={`journal-${journal.id}`} className="font-semibold tabular-nums">
          <Link to={journalHref(journal.id)} className={linkClass}>
            {journal.number}
          </Link>
        </h3>
        <span className="whitespace-nowrap text-slate-600">{formatInvoiceDate(journal.date)}</span>
        <Badge>{JOURNAL_SOURCE_LABELS[journal.sourceType]}</Badge>
        {/* on a phone the description takes its own line rather than a sliver beside the number */}
        <span className="w-full min-w-0 text-slate-800 sm:w-auto sm:flex-1">
          <JournalDescription journal={journal} />
        </span>
        <ReversalMarks journal={journal} />
        {actions}
      </header>
      <JournalLines journal={journal} />
    </article>
  );
}
