import { Panel } from "~/components/admin/page-header";
import { formatDecimalMoney } from "~/components/orders/format";
import type { BalanceSheetJson } from "~/domain/finance/accounts.server";
import { ACCOUNT_TYPE_LABELS, type AccountType } from "~/domain/finance/financial-account.schema";
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";
import { FigureRow, FigureTable } from "./figure-table";

const typeLabel = (type: string) => ACCOUNT_TYPE_LABELS[type as AccountType] ?? type;

/** Assets, liabilities and equity at a day, each part listed so a reader can check the sums. */
export function BalanceSheetPanel({ sheet }: { sheet: BalanceSheetJson }) {
  const { parts } = sheet;
  const asAt = formatInvoiceDate(sheet.asAt);
  return (
    <Panel title={`Balance Sheet at ${asAt}`}>
      <p className="border-b border-slate-200 bg-slate-50 px-4 py-3 text-sm font-medium text-slate-900" data-testid="balance-check">
        Assets {formatDecimalMoney(sheet.assets)} = Liabilities {formatDecimalMoney(sheet.liabilities)} + Equity{" "}
        {formatDecimalMoney(sheet.equity)}
      </p>
      <div className="grid gap-0 lg:grid-cols-2 lg:divide-x lg:divide-slate-200">
        <section aria-labelledby="assets-heading">
          <h3 id="assets-heading" className="px-4 pt-4 text-sm font-semibold uppercase tracking-wide text-slate-600">
            Assets
          </h3>
          <FigureTable caption={`Assets at ${asAt}`}>
            {parts.accounts.map((account) => (
              <FigureRow key={account.id} label={account.name} note={typeLabel(account.type)} amount={account.balance} indent />
            ))}
            <FigureRow label="Money in accounts" note="Every account except credit cards" amount={parts.accountsTotal} />
            <FigureRow label="Receivables" note="Still owed on sales invoices (void ones left out)" amount={parts.receivables} />
            <FigureRow label="Total assets" amount={sheet.assets} strong total />
          </FigureTable>
        </section>
        <section aria-labelledby="liabilities-heading">
          <h3 id="liabilities-heading" className="px-4 pt-4 text-sm font-semibold uppercase tracking-wide text-slate-600">
            Liabilities
          </h3>
          <FigureTable caption={`Liabilities at ${asAt}`}>
            <FigureRow label="Payables" note="Still owed on purchase invoices (void ones left out)" amount={parts.payables} />
            {parts.creditCards.map((card) => (
              <FigureRow key={card.id} label={card.name} note="Credit card: the balance owed" amount={card.balance} indent />
            ))}
            <FigureRow label="Credit cards" amount={parts.creditCardsTotal} />
            <FigureRow
              label="Unpaid net VAT"
              note={
                <>
                  Output VAT {formatDecimalMoney(parts.vat.outputVat)} − input VAT {formatDecimalMoney(parts.vat.inputVat)} − refund VAT{" "}
                  {formatDecimalMoney(parts.vat.refundVat)} − filed returns {formatDecimalMoney(parts.vat.filedReturns)}. Below zero, HMRC owes the
                  business.
                </>
              }
              amount={parts.vat.unpaidNetVat}
            />
            <FigureRow label="Total liabilities" amount={sheet.liabilities} strong total />
          </FigureTable>
        </section>
      </div>
      <FigureTable caption={`Equity at ${asAt}`}>
        <FigureRow label="Equity" note="Total assets less total liabilities" amount={sheet.equity} strong total />
      </FigureTable>
    </Panel>
  );
}
