import { Link } from "@remix-run/react";
import { useState } from "react";
import { IDEMPOTENCY_INPUT, SelectField } from "~/components/admin/form/form-bits";
import { Panel } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { invoiceStatusLabel } from "~/domain/invoices/invoice-status";
import { CART_EMPTY, POS_PAYMENT_LABELS, POS_PAYMENT_METHODS, SALE_COMPLETED } from "~/domain/pos/pos.schema";
import { formatMoney } from "~/utils/money";
import { stepQuantity } from "~/domain/catalog/pack-rules";
import { CustomerPicker } from "./customer-picker";
import { PackOverrideFields } from "./pack-override";
import { usePendingQuantity, usePosFetcher, type PosData } from "./pos-screen";

type SaleLine = PosData["sale"]["lines"][number];
type PaymentMethod = (typeof POS_PAYMENT_METHODS)[number];

const stepClass =
  "inline-flex h-8 w-8 items-center justify-center rounded-md border border-slate-300 bg-white text-base font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-300";

/** The Current Sale panel: the customer, the lines with − / + / remove, the totals, payment and Complete Sale. */
export function SalePanel({ data }: { data: PosData }) {
  const { sale } = data;
  return (
    <Panel title="Current Sale" className="lg:sticky lg:top-4">
      <div className="space-y-5 p-4">
        {data.lastSale ? <LastSale sale={data.lastSale} /> : null}
        <CustomerPicker data={data} />
        {sale.lines.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{CART_EMPTY}</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Sale lines">
            {sale.lines.map((line) => (
              <SaleLineRow key={line.productId} line={line} />
            ))}
          </ul>
        )}
        <dl className="space-y-1 border-t border-slate-200 pt-3 text-sm" data-testid="pos-totals">
          <div className="flex justify-between">
            <dt className="text-slate-600">Subtotal</dt>
            <dd className="tabular-nums" data-testid="pos-subtotal">{formatMoney(sale.subtotal)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-slate-600">VAT</dt>
            <dd className="tabular-nums" data-testid="pos-vat">{formatMoney(sale.vatAmount)}</dd>
          </div>
          <div className="flex justify-between text-base font-bold text-slate-900">
            <dt>Total</dt>
            <dd className="tabular-nums" data-testid="pos-total">{formatMoney(sale.total)}</dd>
          </div>
        </dl>
        <CompleteSaleForm data={data} />
      </div>
    </Panel>
  );
}

function SaleLineRow({ line }: { line: SaleLine }) {
  const fetcher = usePosFetcher();
  const quantity = usePendingQuantity(line.productId, line.quantity);
  // one change at a time: a second press while one is on its way waits rather than racing it
  const busy = fetcher.state !== "idle";
  if (quantity === 0) return null; // on its way out
  const discounted = line.unitPrice < line.listPrice;
  const step = (to: number, label: string, text: string, disabled = false) => (
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="quantity" />
      <input type="hidden" name="productId" value={line.productId} />
      <input type="hidden" name="quantity" value={to} />
      <button type="submit" className={stepClass} aria-label={label} disabled={disabled || busy}>
        {text}
      </button>
    </fetcher.Form>
  );
  return (
    <li data-testid="pos-line" className="py-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-900">{line.name}</p>
          <p className="text-xs text-slate-600">
            {formatMoney(line.unitPrice)} each ex VAT
            {discounted ? <s className="ml-1 text-slate-500">{formatMoney(line.listPrice)}</s> : null}
            {line.sku ? ` · ${line.sku}` : ""}
          </p>
          {line.packIssue ? (
            <p className="text-xs text-amber-800" data-testid="pos-line-pack-issue">
              {line.packIssue}
            </p>
          ) : null}
        </div>
        <p className="text-sm font-semibold tabular-nums text-slate-900" data-testid="pos-line-total">
          {formatMoney(line.net)}
        </p>
      </div>
      <div className="mt-2 flex items-center gap-2">
        {step(stepQuantity(line.packRule, quantity, -1), `Decrease quantity of ${line.name}`, "−")}
        <span className="w-10 text-center text-sm tabular-nums" data-testid="pos-line-quantity" aria-label={`Quantity of ${line.name}`}>
          {quantity}
        </span>
        {step(stepQuantity(line.packRule, quantity, 1), `Increase quantity of ${line.name}`, "+", quantity >= line.stockLevel)}
        <fetcher.Form method="post" preventScrollReset className="ml-auto">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="productId" value={line.productId} />
          <button
            type="submit"
            className="text-sm font-medium text-red-700 hover:underline disabled:opacity-50"
            aria-label={`Remove ${line.name}`}
            disabled={busy}
          >
            Remove
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}

/** How the customer pays and where the money goes: the account follows the method until the cashier picks one. */
function CompleteSaleForm({ data }: { data: PosData }) {
  const fetcher = usePosFetcher();
  const [method, setMethod] = useState<PaymentMethod>("cash");
  const [accountId, setAccountId] = useState(String(data.defaultAccounts.cash ?? ""));
  const [accountPicked, setAccountPicked] = useState(false);
  const completing = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "complete";
  const empty = data.sale.lines.length === 0;

  return (
    <div className="space-y-3 border-t border-slate-200 pt-3">
      <fetcher.Form method="post" preventScrollReset className="space-y-3">
        <input type="hidden" name="intent" value="complete" />
        <input type="hidden" name={IDEMPOTENCY_INPUT} value={data.idempotencyKey} />
        <SelectField
          label="Payment method"
          errorId="pos-payment-error"
          selectProps={{
            id: "pos-payment-method",
            name: "paymentMethod",
            value: method,
            onChange: (event) => {
              const next = event.target.value as PaymentMethod;
              setMethod(next);
              if (!accountPicked) setAccountId(String(data.defaultAccounts[next] ?? ""));
            },
          }}
        >
          {POS_PAYMENT_METHODS.map((value) => (
            <option key={value} value={value}>
              {POS_PAYMENT_LABELS[value]}
            </option>
          ))}
        </SelectField>
        {data.accounts.length > 0 ? (
          <SelectField
            label="Pay into"
            errorId="pos-account-error"
            selectProps={{
              id: "pos-account",
              name: "financialAccountId",
              value: accountId,
              onChange: (event) => {
                setAccountId(event.target.value);
                setAccountPicked(true);
              },
            }}
          >
            {data.accounts.map((account) => (
              <option key={account.id} value={account.id}>
                {account.name}
              </option>
            ))}
          </SelectField>
        ) : (
          <p className="text-xs text-slate-600">No financial account is set up: the payment is recorded without one.</p>
        )}
        <PackOverrideFields issues={data.sale.lines.flatMap((line) => (line.packIssue ? [line.packIssue] : []))} />
        <Button type="submit" className="w-full py-3 text-base" disabled={empty || completing}>
          {completing ? "Completing..." : "Complete Sale"}
        </Button>
      </fetcher.Form>
      {empty && !data.sale.customer ? null : (
        <fetcher.Form method="post" preventScrollReset className="text-center">
          <input type="hidden" name="intent" value="clear" />
          <button type="submit" className="text-sm font-medium text-slate-600 hover:underline">
            Clear sale
          </button>
        </fetcher.Form>
      )}
    </div>
  );
}

function LastSale({ sale }: { sale: NonNullable<PosData["lastSale"]> }) {
  return (
    <div role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900" data-testid="pos-last-sale">
      <p className="font-semibold">{SALE_COMPLETED}</p>
      <p>
        {sale.orderNumber}: {formatMoney(sale.total)} incl. VAT,{" "}
        {sale.invoiceNumber && sale.invoiceStatus ? (
          <>
            invoice {sale.invoiceNumber} <span data-testid="pos-invoice-status">{invoiceStatusLabel(sale.invoiceStatus).toLowerCase()}</span>.
          </>
        ) : (
          "no invoice."
        )}
      </p>
      <Link to={`/admin/orders?view=${sale.id}`} className="font-medium text-emerald-900 underline">
        View order {sale.orderNumber}
      </Link>
    </div>
  );
}
