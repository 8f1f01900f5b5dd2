import { PickerSearch, SelectField } from "~/components/admin/form/form-bits";
import { formatMoney } from "~/utils/money";
import { PAYMENT_TERMS_LABELS } from "~/domain/credit/payment-terms";
import { Button } from "~/components/ui/button";
import { CUSTOMER_PRICING_APPLIED, WALK_IN_CUSTOMER } from "~/domain/pos/pos.schema";
import { usePosFetcher, type PosData } from "./pos-screen";

type CustomerOption = PosData["customers"]["items"][number];

function optionLabel(customer: CustomerOption) {
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(" ");
  return name ? `${name} (${customer.email})` : customer.email;
}

/** The chosen customer's account: owed, overdue, its terms and credit left (a counter sale is paid now and uses none of it). */
function AccountPosition({ account }: { account: NonNullable<PosData["account"]> }) {
  return (
    <dl data-testid="pos-account" className="mt-2 grid grid-cols-2 gap-x-3 gap-y-0.5 rounded-md border border-slate-200 px-2 py-1.5 text-xs">
      <dt className="text-slate-600">Account balance</dt>
      <dd className="text-right tabular-nums text-slate-900">{formatMoney(account.balance)} inc VAT</dd>
      <dt className="text-slate-600">Overdue</dt>
      <dd className={`text-right tabular-nums ${account.overdue > 0 ? "font-semibold text-red-700" : "text-slate-900"}`}>
        {formatMoney(account.overdue)} inc VAT
      </dd>
      <dt className="text-slate-600">Terms</dt>
      <dd className="text-right text-slate-900">{PAYMENT_TERMS_LABELS[account.paymentTerms]}</dd>
      <dt className="text-slate-600">Available credit</dt>
      <dd className="text-right tabular-nums text-slate-900" data-testid="pos-available-credit">
        {account.availableCredit === null ? "No limit set" : `${formatMoney(Math.max(0, account.availableCredit))} inc VAT`}
      </dd>
    </dl>
  );
}

/**
 * Who the sale is for: the walk-in customer (list prices) or an approved customer, whose own prices then
 * apply to every line. A search box narrows the options (GET, so it works without JavaScript).
 */
export function CustomerPicker({ data }: { data: PosData }) {
  const fetcher = usePosFetcher();
  const chosen = data.sale.customer;
  const { query, catalog, customers } = data;
  const keep: Record<string, string> = {};
  if (query.q) keep.q = query.q;
  if (catalog.category) keep.category = catalog.category;
  if (catalog.page > 1) keep.page = String(catalog.page);
  const choosing = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "customer";

  return (
    <section aria-labelledby="pos-customer-heading" className="space-y-3">
      <div>
        <h3 id="pos-customer-heading" className="text-sm font-semibold text-slate-900">
          Customer
        </h3>
        <p data-testid="pos-customer" className="text-sm text-slate-700">
          {chosen ? `${chosen.displayName} (${chosen.email})` : WALK_IN_CUSTOMER}
        </p>
        {chosen ? (
          <p role="note" className="mt-1 rounded-md bg-emerald-50 px-2 py-1 text-sm font-medium text-emerald-800">
            {CUSTOMER_PRICING_APPLIED}
          </p>
        ) : null}
        {data.account ? <AccountPosition account={data.account} /> : null}
      </div>
      <PickerSearch
        name="customerSearch"
        label="Find a customer"
        placeholder="Email, name or business"
        value={query.customerSearch ?? ""}
        keep={keep}
        note={
          customers.limited
            ? `Showing ${customers.items.length} of ${customers.total} customers: search to narrow the list.`
            : undefined
        }
      />
      <fetcher.Form method="post" preventScrollReset className="flex items-end gap-2">
        <input type="hidden" name="intent" value="customer" />
        <div className="min-w-0 flex-1">
          <SelectField
            label="Sell to"
            errorId="pos-customer-error"
            selectProps={{ id: "pos-customer-select", name: "customerId", defaultValue: chosen?.id ?? "", key: chosen?.id ?? "walk-in" }}
          >
            <option value="">{WALK_IN_CUSTOMER}</option>
            {customers.items.map((customer) => (
              <option key={customer.id} value={customer.id}>
                {optionLabel(customer)}
              </option>
            ))}
          </SelectField>
        </div>
        <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"}>
          {choosing ? "Choosing..." : "Choose customer"}
        </Button>
      </fetcher.Form>
      {query.customerSearch && customers.items.length === 0 ? (
        <p className="text-sm text-slate-600">No approved customer matches “{query.customerSearch}”.</p>
      ) : null}
    </section>
  );
}
