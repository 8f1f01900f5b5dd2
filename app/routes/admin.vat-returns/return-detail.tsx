import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { DataTable, tdClass, thClass } from "~/components/admin/data-table";
import { HiddenFields } from "~/components/admin/form/form-bits";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { MissingNotice } from "~/components/admin/screen-notices";
import { formatCalendarDate, formatOrderDate } from "~/components/orders/format";
import { Button } from "~/components/ui/button";
import { formatMoney } from "~/utils/money";
import { BoxLines } from "./box-lines";
import { countedText } from "./counted-text";
import { MtdPanel } from "./mtd-panel";
import { HmrcPaymentPanel } from "./hmrc-payment-panel";
import { NetVatBadge, ReturnStatusBadge } from "./return-table";
import { VAT_RETURNS_PATH, viewHref, type VatReturnView } from "./vat-returns-screen";

const linkClass = "inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50";

function boxValue(box: VatReturnView["boxes"][number]) {
  return box.wholePounds ? `£${(box.pence / 100).toLocaleString("en-GB")}` : formatMoney(box.pence);
}

function RegenerateButton({ view, hidden }: { view: VatReturnView; hidden: Record<string, string> }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "regenerate";
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="regenerate" />
      <input type="hidden" name="id" value={view.id} />
      <HiddenFields values={hidden} />
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? "Regenerating..." : "Regenerate"}
      </Button>
    </Form>
  );
}

/**
 * One return: its nine boxes (each opening the lines behind it), what it counted, what can be done with it, and
 * its Making Tax Digital details and files.
 */
export function ReturnDetail({
  view,
  hidden,
  submissionResult,
  paymentResult,
}: {
  view: VatReturnView;
  hidden: Record<string, string>;
  submissionResult?: SubmissionResult<string[]>;
  paymentResult?: SubmissionResult<string[]>;
}) {
  const net = Math.abs(view.boxes[4].pence);
  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={VAT_RETURNS_PATH} className="font-medium text-brand-700 hover:underline">
          ← All VAT returns
        </Link>
      </p>
      <PageHeader
        title={`VAT return ${view.periodLabel}`}
        description={`${formatCalendarDate(view.startDate)} to ${formatCalendarDate(view.endDate)}, on the invoice basis. Return and payment due by ${formatCalendarDate(view.dueDate)}.`}
        actions={
          <>
            <a href={`${VAT_RETURNS_PATH}/${view.id}.csv`} download className={linkClass}>
              Download CSV
            </a>
            {view.isFiled ? null : <RegenerateButton view={view} hidden={hidden} />}
            {view.isFiled ? null : view.periodOver ? (
              <Link to={viewHref(view.id, { confirm: "file" })} preventScrollReset className="inline-flex items-center justify-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800">
                Mark as filed
              </Link>
            ) : null}
          </>
        }
      />

      <div className="mb-4 flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="return-status">
        <ReturnStatusBadge status={view.status} />
        {view.isFiled && view.filedAt ? <span>Filed on {formatOrderDate(view.filedAt)}: this return can no longer change.</span> : <span>Not filed yet.</span>}
        {view.hmrc ? (
          <span data-testid="hmrc-settlement">
            {view.hmrc.remaining > 0
              ? `${formatMoney(view.hmrc.remaining)} still to ${view.hmrc.direction === "payable" ? "pay to" : "come from"} HMRC.`
              : `Settled with HMRC (${formatMoney(view.hmrc.owed)}).`}
          </span>
        ) : null}
        {!view.isFiled && !view.periodOver ? <span>{view.periodLabel} is not over: the return can be filed from {formatCalendarDate(view.fileableFrom)}.</span> : null}
      </div>
      {view.outOfDate ? (
        <MissingNotice>The records for {view.periodLabel} have changed since this return was generated. Regenerate it to bring the figures up to date before filing.</MissingNotice>
      ) : null}

      <ConfirmStep
        open={view.confirmingFile}
        title={`File the VAT return for ${view.periodLabel}?`}
        message={
          <p>
            Net VAT of {formatMoney(net)} {view.netVatDirection === "payable" ? "payable to HMRC" : "refundable by HMRC"}. Once marked as filed the
            return can never be regenerated or changed; anything entered later for {view.periodLabel} is counted in the next return as a late entry.
          </p>
        }
        confirmLabel="Mark as filed"
        pendingLabel="Filing..."
        intent="file"
        id={view.id}
        cancelHref={viewHref(view.id)}
        hidden={hidden}
      />

      <Panel title="The nine boxes">
        <DataTable caption={`The nine boxes of the VAT return for ${view.periodLabel}`} minWidth="36rem">
          <thead>
            <tr>
              <th className={thClass}>Box</th>
              <th className={thClass}>Description</th>
              <th className={`${thClass} text-right`}>Value</th>
              <th className={thClass}>
                <span className="sr-only">Lines</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {view.boxes.map((box) => (
              <tr key={box.number} data-testid={`box-${box.number}`} className={view.box === box.number ? "bg-brand-50" : undefined}>
                <td className={`${tdClass} font-semibold`}>{box.number}</td>
                <td className={tdClass}>
                  {box.label}
                  {box.number === 5 ? (
                    <span className="ml-2">
                      <NetVatBadge direction={view.netVatDirection} />
                    </span>
                  ) : null}
                </td>
                <td className={`${tdClass} text-right tabular-nums`} data-testid="box-value">
                  {boxValue(box)}
                </td>
                <td className={`${tdClass} text-right`}>
                  {box.lines ? (
                    <Link to={viewHref(view.id, { box: box.number })} preventScrollReset className="whitespace-nowrap font-medium text-brand-700 hover:underline">
                      Show lines<span className="sr-only"> behind box {box.number}</span>
                    </Link>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
        <p className="border-t border-slate-100 px-4 py-3 text-xs text-slate-500" data-testid="vat-return-counted">
          {countedText(view.counted)} Boxes 6 to 9 are whole pounds, pence dropped. No acquisitions from or dispatches to the EU are recorded, so boxes 2, 8 and 9 are 0.
        </p>
      </Panel>

      <BoxLines view={view} />

      {view.hmrc ? <HmrcPaymentPanel key={view.hmrc.payments.length} view={view} hmrc={view.hmrc} hidden={hidden} lastResult={paymentResult} /> : null}

      {/* keyed by what is stored, so the form starts again from the saved details after a save */}
      <MtdPanel key={`${view.mtd.vatRegistrationNumber}-${view.mtd.periodKey}`} view={view} hidden={hidden} lastResult={submissionResult} />
    </>
  );
}
