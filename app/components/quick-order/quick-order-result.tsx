import { Form } from "@remix-run/react";
import { addedMessage, QUICK_ENTRY_INTENT, QUICK_ORDER_PATH, SOME_ITEMS_FAILED } from "~/domain/cart/quick-order.schema";

export type QuickOrderResultData = {
  added: number;
  /** the first failure messages (at most three) */
  errors: string[];
  /** how many more failures there were */
  more: number;
  /** lines a pack rule refused, with the valid quantity to use instead */
  fixes?: { lineNumber: number; quantity: number; entry: string }[];
};

/**
 * The notice after a quick order with failures: what was added (when anything was) and the first three
 * failures under "Some Items Failed", with a count of the rest. It stays on the page, unlike a toast, so
 * the buyer can fix the lines it names.
 */
export function QuickOrderResult({ result, idempotencyKey }: { result: QuickOrderResultData; idempotencyKey: string }) {
  return (
    <div className="space-y-3" data-testid="quick-order-result">
      {result.added > 0 ? (
        <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 px-4 py-3 font-semibold text-emerald-900">
          {addedMessage(result.added)}
        </p>
      ) : null}
      <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-900">
        <p className="font-semibold">{SOME_ITEMS_FAILED}</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
          {result.errors.map((message, index) => (
            <li key={index} className="break-words">
              {message}
            </li>
          ))}
        </ul>
        {result.more > 0 ? <p className="mt-1 text-sm">and {result.more.toLocaleString("en-GB")} more</p> : null}
        {result.fixes && result.fixes.length > 0 ? <PackFixes fixes={result.fixes} idempotencyKey={idempotencyKey} /> : null}
      </div>
    </div>
  );
}

/**
 * "Use 12": one small form per line a pack rule refused, posting that line again as Quick Entry with the
 * nearest valid quantity (a plain form post, so it works without JavaScript).
 */
function PackFixes({ fixes, idempotencyKey }: { fixes: NonNullable<QuickOrderResultData["fixes"]>; idempotencyKey: string }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label="Quantities the pack rules allow">
      {fixes.map((fix) => (
        <li key={fix.lineNumber}>
          <Form method="post" action={QUICK_ORDER_PATH}>
            <input type="hidden" name="intent" value={QUICK_ENTRY_INTENT} />
            <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
            <input type="hidden" name="lines" value={fix.entry} />
            <button
              type="submit"
              className="rounded-md border border-red-300 bg-white px-3 py-1 text-sm font-semibold text-red-900 hover:bg-red-100"
            >
              Use {fix.quantity} for line {fix.lineNumber}
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
