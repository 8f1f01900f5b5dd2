import { Link } from "@remix-run/react";
import { useEffect, useRef, type FormEvent } from "react";
import { Panel } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { SCAN_INPUT_MAX } from "~/domain/catalog/barcodes";
import { POS_SCAN_INTENT } from "~/domain/pos/pos-scan.schema";
import { posHref, usePosFetcher, type PosData } from "./pos-screen";

/**
 * The scan box at the top of the sale. A keyboard-wedge scanner types the code and presses Enter, which
 * posts the form: one of the product goes into the sale at the customer's price. Without JavaScript it is
 * a plain post (the page comes back with the box focused); with it the post goes through the screen's
 * fetcher and the box is emptied and focused again at once, ready for the next scan, and scans made
 * before the last one is answered are sent one after another.
 */
export function ScanBox({ data }: { data: PosData }) {
  const fetcher = usePosFetcher();
  const input = useRef<HTMLInputElement>(null);
  // scans made while a post is on its way wait their turn: two posts at once could both read the sale
  // before either saved it, and one scan would be lost
  const waiting = useRef<string[]>([]);
  const scanning = fetcher.state !== "idle" && fetcher.formData?.get("intent") === POS_SCAN_INTENT;
  const send = (code: string) => fetcher.submit({ intent: POS_SCAN_INTENT, code }, { method: "post", preventScrollReset: true });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const box = input.current;
    const code = box?.value.trim() ?? "";
    if (!box || code === "") return;
    // emptied at once, so the scanner's next code goes into an empty box
    box.value = "";
    box.focus();
    if (fetcher.state === "idle" && waiting.current.length === 0) send(code);
    else waiting.current.push(code);
  }

  useEffect(() => {
    if (fetcher.state === "idle" && waiting.current.length > 0) send(waiting.current.shift()!);
    // `send` is made anew each render: the fetcher's state is what this waits on
  }, [fetcher.state]); // eslint-disable-line react-hooks/exhaustive-deps

  // a scan answered from the "which one?" choice brings the focus back to the box for the next scan
  useEffect(() => {
    if (scanning) input.current?.focus();
  }, [scanning]);

  return (
    <div className="space-y-3">
      <fetcher.Form method="post" preventScrollReset className="flex gap-2" aria-label="Scan a barcode" onSubmit={onSubmit}>
        <input type="hidden" name="intent" value={POS_SCAN_INTENT} />
        <label htmlFor="pos-scan" className="sr-only">
          Barcode
        </label>
        <input
          ref={input}
          id="pos-scan"
          name="code"
          type="text"
          // own codes have letters and dashes ("BAY-CUPS-12"): a touch screen's full keyboard, in capitals
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          autoFocus={!data.scanChoice}
          required
          maxLength={SCAN_INPUT_MAX}
          placeholder="Scan or type a barcode"
          className={`${inputClass} font-mono`}
          data-testid="pos-scan"
        />
        <Button type="submit" variant="secondary">
          {scanning ? "Adding..." : "Add"}
        </Button>
      </fetcher.Form>
      {data.scanChoice ? <ScanChoice data={data} choice={data.scanChoice} /> : null}
    </div>
  );
}

/** A code that several products carry: the cashier picks one (its own URL, ?scan=<code>; plain forms). */
function ScanChoice({ data, choice }: { data: PosData; choice: NonNullable<PosData["scanChoice"]> }) {
  const fetcher = usePosFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <Panel title="Which one?" className="border-amber-300">
      <div className="space-y-3 p-4" role="group" aria-label={`Products with barcode ${choice.code}`}>
        <p className="text-sm text-slate-700">
          The barcode <span className="font-mono">{choice.code}</span> is on more than one product. Choose the one in the
          customer&apos;s hands:
        </p>
        <ul className="space-y-2">
          {choice.choices.map((item, index) => (
            <li key={item.productId}>
              <fetcher.Form method="post" preventScrollReset action={posHref(data.query)}>
                <input type="hidden" name="intent" value={POS_SCAN_INTENT} />
                <input type="hidden" name="code" value={choice.code} />
                <input type="hidden" name="productId" value={item.productId} />
                <Button type="submit" variant="secondary" className="w-full justify-between" disabled={busy} autoFocus={index === 0}>
                  <span>{item.label}</span>
                  <span className="text-xs text-slate-500">{item.stockLevel > 0 ? `${item.stockLevel} in stock` : "Out of stock"}</span>
                </Button>
              </fetcher.Form>
            </li>
          ))}
        </ul>
        <Link to={posHref(data.query)} className="text-sm font-semibold text-brand-700 hover:underline" preventScrollReset>
          None of these: back to the sale
        </Link>
      </div>
    </Panel>
  );
}
