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
                ? `A refund of ${completion.refundAmount} (inc VAT) is recorded.`
                : "This is an exchange: no refund is recorded."}
            </li>
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
    />
  );
}
