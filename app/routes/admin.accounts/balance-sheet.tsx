import { Link } from "@remix-run/react";
import { Panel } from "~/components/admin/page-header";
import { formatDecimalMoney } from "~/components/orders/format";
import type { BalanceSheetJson } from "~/domain/finance/accounts.server";
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";
import { FigureRow, FigureTable } from "./figure-table";

type Line = BalanceSheetJson["parts"]["assets"][number];

const SUSPENSE = "9999";

/** An account's line, linked to its ledger so every figure can be traced to the entries behind it. */
function AccountLine({ line, asAt }: { line: Line; asAt: string }) {
  const label = (
    <Link to={`/admin/ledger/accounts/${line.code}?to=${asAt}`} className="text-slate-800 underline decoration-slate-300 hover:decoration-slate-600">
      <span className="tabular-nums text-slate-500">{line.code}</span> {line.name}
    </Link>
  );
  const note = line.code === SUSPENSE ? "Money moved with no account named: post a journal to the right account" : undefined;
  return <FigureRow label={label} note={note} amount={line.amount} indent />;
}

/**
 * Assets, liabilities and equity at a day, read from the ledger: each account with a balance, linked to its
 * entries; equity as capital + retained earnings + this year's profit, so no line is a balancing figure.
 */
export function BalanceSheetPanel({ sheet }: { sheet: BalanceSheetJson }) {
  const { parts } = sheet;
  const asAt = formatInvoiceDate(sheet.asAt);
  return (
    <Panel title={`Balance Sheet at ${asAt}`}>
      <p className="border-b border-slate-200 bg-slate-50 px-4 py-3 text-sm font-medium text-slate-900" data-testid="balance-check">
        Assets {formatDecimalMoney(sheet.assets)} = Liabilities {formatDecimalMoney(sheet.liabilities)} + Equity{" "}
        {formatDecimalMoney(sheet.equity)}
      </p>
      {parts.suspense !== "0.00" ? (
        <p className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900" role="status">
          Suspense holds {formatDecimalMoney(parts.suspense)}: payments recorded with no account. Post a journal moving it to the
          account the money really went through.
        </p>
      ) : null}
      <div className="grid gap-0 lg:grid-cols-2 lg:divide-x lg:divide-slate-200">
        <section aria-labelledby="assets-heading">
          <h3 id="assets-heading" className="px-4 pt-4 text-sm font-semibold uppercase tracking-wide text-slate-600">
            Assets
          </h3>
          <FigureTable caption={`Assets at ${asAt}`}>
            {parts.assets.map((line) => (
              <AccountLine key={line.code} line={line} asAt={sheet.asAt} />
            ))}
            <FigureRow label="Total assets" amount={sheet.assets} strong total />
          </FigureTable>
        </section>
        <section aria-labelledby="liabilities-heading">
          <h3 id="liabilities-heading" className="px-4 pt-4 text-sm font-semibold uppercase tracking-wide text-slate-600">
            Liabilities
          </h3>
          <FigureTable caption={`Liabilities at ${asAt}`}>
            {parts.liabilities.map((line) => (
              <AccountLine key={line.code} line={line} asAt={sheet.asAt} />
            ))}
            <FigureRow label="Total liabilities" amount={sheet.liabilities} strong total />
          </FigureTable>
          <p className="px-4 py-2 text-xs text-slate-500">
            VAT owed to HMRC, net of what it owes back: {formatDecimalMoney(parts.vat.unpaidNetVat)} (VAT on sales, on purchases, and
            filed returns not yet paid). Below zero, HMRC owes the business.
          </p>
        </section>
      </div>
      <section aria-labelledby="equity-heading" className="border-t border-slate-200">
        <h3 id="equity-heading" className="px-4 pt-4 text-sm font-semibold uppercase tracking-wide text-slate-600">
          Equity
        </h3>
        <FigureTable caption={`Equity at ${asAt}`}>
          {parts.equity.lines.map((line) => (
            <AccountLine key={line.code} line={line} asAt={sheet.asAt} />
          ))}
          <FigureRow label="Capital in all" amount={parts.equity.capital} />
          <FigureRow label="Retained earnings" note="Profit of the years before this one, and 3200" amount={parts.equity.retainedEarnings} />
          <FigureRow label="Profit this year" note={`From 1 January to ${asAt}`} amount={parts.equity.currentYearProfit} />
          <FigureRow label="Total equity" amount={sheet.equity} strong total />
        </FigureTable>
      </section>
    </Panel>
  );
}
