import { addedMessage, SOME_ITEMS_FAILED } from "~/domain/cart/quick-order.schema";

export type QuickOrderResultData = {
  added: number;
  /** the first failure messages (at most three) */
  errors: string[];
  /** how many more failures there were */
  more: number;
};

/**
 * The notice after a quick order with failures: what was added (when anything was) and the first three
 * failures under "Some Items Failed", with a count of the rest. It stays on the page, unlike a toast, so
 * the buyer can fix the lines it names.
 */
export function QuickOrderResult({ result }: { result: QuickOrderResultData }) {
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
      </div>
    </div>
  );
}
