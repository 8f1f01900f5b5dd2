import { AdminDialog } from "~/components/admin/admin-dialog";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { NothingToDo } from "~/components/admin/screen-notices";
import { customerName, type ReturnRowData, type ReturnsLoaderData } from "./returns-screen";

/**
 * Complete Return (`?complete=12`): what completing does (stock back, the refund, the points taken back)
 * before the admin confirms, or why a return that is not approved cannot be completed.
 */
export function CompleteStep({
  item,
  completion,
  hidden,
  listPath,
}: {
  item: ReturnRowData;
  completion: ReturnsLoaderData["completion"];
  hidden: Record<string, string>;
  listPath: string;
}) {
  if (item.status !== "approved" || !completion) {
    return (
      <AdminDialog open title="Complete Return" closeHref={listPath}>
        <NothingToDo backHref={listPath} backLabel="Back to returns">
          Only approved returns can be completed; return {item.returnNumber} is {item.status}.
        </NothingToDo>
      </AdminDialog>
    );
  }
  return (
    <ConfirmStep
      open
      title="Complete Return"
      message={
        <>
          <p>
            Mark return <strong>#{item.id}</strong> ({item.orderNumber}, {customerName(item)}) as completed?
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>
              {completion.units} {completion.units === 1 ? "unit goes" : "units go"} back into stock.
            </li>
            <li>
              {item.returnType === "refund"
                ? `A refund of ${completion.refundAmount} (inc VAT) is recorded as a credit note.`
                : "This is an exchange: no refund is recorded."}
            </li>
            {item.returnType === "refund" && completion.credit.invoiceNumber && completion.credit.applied !== "£0.00" ? (
              <li>
                {completion.credit.applied} is set against invoice {completion.credit.invoiceNumber}, which still owes {completion.credit.owed}.
              </li>
            ) : null}
            {item.returnType === "refund" && completion.credit.refundsMoney ? (
              <li>{completion.credit.refunded} goes back to the customer: say which account pays it below.</li>
            ) : null}
            <li>
              {completion.points > 0
                ? `${completion.points.toLocaleString("en-GB")} loyalty points are taken back from the customer.`
                : "No loyalty points are taken back."}
            </li>
          </ul>
          <p className="mt-2">This cannot be undone.</p>
        </>
      }
      confirmLabel="Complete"
      pendingLabel="Completing..."
      intent="complete"
      id={item.id}
      cancelHref={listPath}
      hidden={hidden}
      fields={
        item.returnType === "refund" && completion.credit.refundsMoney ? (
          <label className="block text-sm font-medium text-slate-800">
            Refund paid from
            <select
              name="financialAccountId"
              defaultValue={completion.accounts[0]?.id ?? ""}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
            >
              {completion.accounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.name}
                </option>
              ))}
              <option value="">No account (posted to Suspense until someone says where it went)</option>
            </select>
          </label>
        ) : null
      }
    />
  );
}
