/** The back office's pricing form for a requested or draft quote, and the read-only lines of any other. */
import { Form } from "@remix-run/react";
import { DataTable, tdClass, thClass } from "~/components/admin/data-table";
import { FieldErrors, pounds } from "~/components/quotes/quote-parts";
import { LineProduct } from "~/components/orders/line-product";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { MAX_PACK_OVERRIDE_REASON } from "~/domain/pos/pos.schema";
import { ADD_LINE_CODE_FIELD, DELIVERY_TERMS_MAX_LENGTH, QUOTE_NOTES_MAX_LENGTH } from "~/domain/quotes/quote.schema";
import type { StaffQuoteJson } from "~/domain/quotes/quote-read.server";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";

const smallInput = `${inputClass} w-24 text-right`;

function MarginCell({ margin, percent }: { margin: string | null; percent: string | null }) {
  if (margin === null) return <span className="text-slate-400">—</span>;
  const negative = margin.startsWith("-");
  return (
    <span className={negative ? "font-semibold text-red-700" : ""} data-testid="quote-margin">
      {pounds(margin)}
      {percent !== null ? <span className="block text-xs text-slate-500">{percent}%</span> : null}
    </span>
  );
}

export function StaffTotals({ quote }: { quote: StaffQuoteJson }) {
  return (
    <dl className="mt-4 grid max-w-sm grid-cols-2 gap-y-1 text-sm sm:ml-auto">
      <dt className="text-slate-600">Subtotal ex VAT</dt>
      <dd className="text-right tabular-nums">{pounds(quote.subtotal)}</dd>
      <dt className="text-slate-600">VAT</dt>
      <dd className="text-right tabular-nums">{pounds(quote.vatAmount)}</dd>
      <dt className="font-semibold">Total inc VAT</dt>
      <dd className="text-right font-semibold tabular-nums" data-testid="quote-total">
        {pounds(quote.total)}
      </dd>
      <dt className="text-slate-600">Margin ex VAT</dt>
      <dd className="text-right tabular-nums" data-testid="quote-total-margin">
        {quote.margin === null ? "—" : `${pounds(quote.margin)}${quote.marginPercent ? ` (${quote.marginPercent}%)` : ""}`}
      </dd>
    </dl>
  );
}

/** Every line with the buyer's own price, the cost and the margin (ex VAT), as sent. */
export function StaffLinesTable({ quote }: { quote: StaffQuoteJson }) {
  return (
    <DataTable caption="Lines with their margins" minWidth="48rem">
      <thead>
        <tr>
          <th scope="col" className={thClass}>Product</th>
          <th scope="col" className={`${thClass} text-right`}>Qty</th>
          <th scope="col" className={`${thClass} text-right`}>Buyer&apos;s price ex VAT</th>
          <th scope="col" className={`${thClass} text-right`}>Cost ex VAT</th>
          <th scope="col" className={`${thClass} text-right`}>Quoted ex VAT</th>
          <th scope="col" className={`${thClass} text-right`}>Line ex VAT</th>
          <th scope="col" className={`${thClass} text-right`}>Margin ex VAT</th>
        </tr>
      </thead>
      <tbody>
        {quote.lines.map((line) => (
          <tr key={line.id}>
            <td className={tdClass}>
              <QuoteLineProduct line={line} />
            </td>
            <td className={`${tdClass} text-right tabular-nums`}>{line.quantity}</td>
            <td className={`${tdClass} text-right tabular-nums`}>{pounds(line.buyerPrice)}</td>
            <td className={`${tdClass} text-right tabular-nums`}>{pounds(line.costPrice)}</td>
            <td className={`${tdClass} text-right tabular-nums`}>
              {pounds(line.unitPrice)}
              {line.discountPercent && line.discountPercent !== "0.00" ? <span className="block text-xs text-slate-500">{line.discountPercent}% off</span> : null}
            </td>
            <td className={`${tdClass} text-right tabular-nums`}>{pounds(line.lineTotal)}</td>
            <td className={`${tdClass} text-right tabular-nums`}>
              <MarginCell margin={line.margin} percent={line.marginPercent} />
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/**
 * Each line's quantity, and its price ex VAT or a discount % off the buyer's own price (a discount typed in wins);
 * Remove; a new line by SKU or barcode (as quick order reads one); valid until, delivery terms and notes. Save
 * keeps it as a draft; Send saves and sends it.
 */
export function QuotePricingForm({
  quote,
  idempotencyKey,
  today,
  busy,
  addLine,
  fieldErrors,
}: {
  quote: StaffQuoteJson;
  idempotencyKey: string;
  today: string;
  busy: string | null;
  /** the last post's new line, when its SKU or barcode was not found */
  addLine: { errors: string[] | null; code: string };
  /** the last post's refusals on the pack rules: a quantity outside one, an override without a reason */
  fieldErrors: { quantity: string[] | null; packOverrideReason: string[] | null };
}) {
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
      <DataTable caption="Price each line" minWidth="60rem">
        <thead>
          <tr>
            <th scope="col" className={thClass}>Product</th>
            <th scope="col" className={`${thClass} text-right`}>Qty</th>
            <th scope="col" className={`${thClass} text-right`}>Buyer&apos;s price ex VAT</th>
            <th scope="col" className={`${thClass} text-right`}>Cost ex VAT</th>
            <th scope="col" className={`${thClass} text-right`}>Price ex VAT (£)</th>
            <th scope="col" className={`${thClass} text-right`}>or % off</th>
            <th scope="col" className={`${thClass} text-right`}>Margin ex VAT</th>
            <th scope="col" className={thClass}>Remove</th>
          </tr>
        </thead>
        <tbody>
          {quote.lines.map((line, index) => (
            <tr key={line.id} data-testid="quote-price-row">
              <td className={tdClass}>
                <input type="hidden" name={`line.${index}.productId`} value={line.productId ?? ""} />
                <input type="hidden" name={`line.${index}.variants`} value={JSON.stringify(line.selectedVariants)} />
                <QuoteLineProduct line={line} />
              </td>
              <td className={`${tdClass} text-right`}>
                <input name={`line.${index}.quantity`} aria-label={`Quantity of ${line.productName}`} defaultValue={line.quantity} inputMode="numeric" className={smallInput} />
              </td>
              <td className={`${tdClass} text-right tabular-nums`}>{pounds(line.buyerPrice)}</td>
              <td className={`${tdClass} text-right tabular-nums`}>{pounds(line.costPrice)}</td>
              <td className={`${tdClass} text-right`}>
                <input
                  name={`line.${index}.unitPrice`}
                  aria-label={`Price ex VAT of ${line.productName}`}
                  defaultValue={line.unitPrice ?? ""}
                  placeholder={line.buyerPrice}
                  inputMode="decimal"
                  className={smallInput}
                />
              </td>
              <td className={`${tdClass} text-right`}>
                <input name={`line.${index}.discountPercent`} aria-label={`Discount % of ${line.productName}`} inputMode="decimal" className={smallInput} />
              </td>
              <td className={`${tdClass} text-right tabular-nums`}>
                <MarginCell margin={line.margin} percent={line.marginPercent} />
              </td>
              <td className={tdClass}>
                <input type="checkbox" name={`line.${index}.remove`} value="1" aria-label={`Remove ${line.productName}`} />
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <fieldset className="flex flex-wrap items-start gap-3 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium text-slate-800">Add a line</legend>
        <div className="text-sm">
          <label htmlFor="add-code">SKU or barcode</label>
          <input
            id="add-code"
            name={ADD_LINE_CODE_FIELD}
            defaultValue={addLine.code}
            autoComplete="off"
            aria-invalid={addLine.errors ? true : undefined}
            aria-describedby="add-code-help"
            className={`${inputClass} w-56`}
          />
          <p id="add-code-help" className="mt-1 text-xs text-slate-500">
            Options after a comma: HIVIS-VEST, Size=L
          </p>
          <FieldErrors errors={addLine.errors} />
        </div>
        <label className="text-sm">
          Quantity
          <input name="add.quantity" inputMode="numeric" defaultValue="1" className={`${inputClass} w-24`} />
        </label>
        <label className="text-sm">
          Price ex VAT (£), blank for the buyer&apos;s price
          <input name="add.unitPrice" inputMode="decimal" className={`${inputClass} w-32`} />
        </label>
      </fieldset>
      <fieldset className="rounded-lg border border-slate-200 p-3 text-sm">
        <legend className="px-1 font-medium text-slate-800">Pack rules</legend>
        <p className="text-slate-600">Each quantity must keep its product&apos;s minimum and multiple, as in the cart. To quote outside them, tick and say why (it is logged).</p>
        <label className="mt-2 flex items-center gap-2">
          <input type="checkbox" name="overridePackRules" value="on" />
          Quote outside the pack rules
        </label>
        <label htmlFor="pack-override-reason" className="mt-2 block">
          Reason
        </label>
        <input id="pack-override-reason" name="packOverrideReason" maxLength={MAX_PACK_OVERRIDE_REASON} className={`${inputClass} max-w-xl`} />
        <FieldErrors errors={fieldErrors.packOverrideReason} />
        <FieldErrors errors={fieldErrors.quantity} />
      </fieldset>
      <div className="grid gap-4 md:grid-cols-3">
        <label className="block text-sm font-medium text-slate-800">
          Valid until (end of the day, UK time)
          <input name="validUntil" type="date" min={today} required defaultValue={quote.validUntil ?? ""} className={inputClass} />
        </label>
        <label className="block text-sm font-medium text-slate-800">
          Delivery terms
          <textarea name="deliveryTerms" rows={2} maxLength={DELIVERY_TERMS_MAX_LENGTH} defaultValue={quote.deliveryTerms ?? ""} className={inputClass} />
        </label>
        <label className="block text-sm font-medium text-slate-800">
          Notes on the quote
          <textarea name="notes" rows={2} maxLength={QUOTE_NOTES_MAX_LENGTH} defaultValue={quote.notes ?? ""} className={inputClass} />
        </label>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="save" variant="secondary" disabled={busy !== null}>
          {busy === "save" ? "Saving..." : "Save"}
        </Button>
        <Button type="submit" name="intent" value="send" disabled={busy !== null}>
          {busy === "send" ? "Sending..." : "Save and send to the buyer"}
        </Button>
      </div>
    </Form>
  );
}

/** A quote line's product in the back office: name, SKU and options, and the pack rule staff price within. */
function QuoteLineProduct({ line }: { line: StaffQuoteJson["lines"][number] }) {
  return (
    <LineProduct name={line.productName} sku={line.sku} selectedVariants={line.selectedVariants} strong={false}>
      {line.packRule ? (
        <div className="text-xs text-amber-800" data-testid="quote-pack-rule">
          Sold: {line.packRule}
        </div>
      ) : null}
    </LineProduct>
  );
}
