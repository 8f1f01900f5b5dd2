import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useOffline } from "~/utils/offline-price-list";
import { OfflinePriceCheck } from "./offline-price-check";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import {
  MAX_QUICK_ENTRY_CHARACTERS,
  MAX_QUICK_ORDER_LINES,
  QUICK_ENTRY_INTENT,
  QUICK_ORDER_PATH,
  quickEntrySchema,
} from "~/domain/cart/quick-order.schema";

import type { QuickOrderExample } from "~/domain/cart/quick-order";

/** "HIVIS-VEST, Size=S, Colour=Yellow, 4": a line as the buyer types it. */
function exampleLine(example: QuickOrderExample, quantity: number) {
  return [example.code, ...example.options.map((option) => `${option.name}=${option.value}`), quantity].join(", ");
}

/** Example lines with real SKUs (one with options when there is one), so the placeholder shows what to type. */
export function entryPlaceholder(examples: QuickOrderExample[]) {
  if (examples.length === 0) return ["PRODUCT-CODE, 10", "ANOTHER-CODE, Size=L, 4"].join("\n");
  return examples.map((example, index) => exampleLine(example, index === 0 ? 10 : 4)).join("\n");
}

/**
 * Quick Entry: one "SKU, quantity" per line. `defaultText` brings back the lines that failed last time, so the
 * buyer can correct them and post again; `formKey` changes with each result, so the box takes the new text.
 */
export function QuickEntryForm({
  idempotencyKey,
  examples,
  defaultText,
  lastResult,
}: {
  idempotencyKey: string;
  examples: QuickOrderExample[];
  defaultText: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const adding = navigation.state !== "idle" && navigation.formData?.get("intent") === QUICK_ENTRY_INTENT;
  const [form, fields] = useForm({
    id: "quick-entry-form",
    lastResult: lastResult ?? undefined,
    defaultValue: { lines: defaultText },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: quickEntrySchema }),
  });
  const lines = fields.lines;
  const errorId = lines.errors?.length ? `${lines.id}-error` : undefined;
  const [first] = examples;
  const withOptions = examples.find((example) => example.options.length > 0);
  // offline, the lines typed are checked against the price list kept on the device (docs/decisions/0077)
  const offline = useOffline();
  const [typed, setTyped] = useState(defaultText);

  return (
    <Form method="post" action={QUICK_ORDER_PATH} {...getFormProps(form)} noValidate className="space-y-4">
      <input type="hidden" name="intent" value={QUICK_ENTRY_INTENT} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <div className="space-y-1">
        <label htmlFor={lines.id} className="block text-sm font-medium text-slate-800">
          Items: one per line, SKU then quantity
        </label>
        <textarea
          {...getTextareaProps(lines)}
          rows={12}
          maxLength={MAX_QUICK_ENTRY_CHARACTERS}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          placeholder={entryPlaceholder(examples)}
          onInput={(event) => setTyped(event.currentTarget.value)}
          className={`${inputClass} font-mono`}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId ? `${errorId} ${lines.id}-hint` : `${lines.id}-hint`}
        />
        {errorId ? (
          <p id={errorId} className="text-sm text-red-700">
            {lines.errors?.[0]}
          </p>
        ) : null}
        <p id={`${lines.id}-hint`} className="text-xs text-slate-500">
          Separate the SKU and the quantity with a comma, a tab or a space; the quantity is a whole number of at
          least 1. The SKU is the product code shown under its name
          {first ? (
            <>
              {" "}
              (<span className="font-mono">{first.code}</span> for {first.name})
            </>
          ) : null}
          , the end of its web address, its full name, or a barcode on the pack (scanned or typed). For a product with options such as size or colour, name
          each option between the two
          {withOptions ? (
            <>
              {" "}
              (<span className="font-mono">{exampleLine(withOptions, 4)}</span>)
            </>
          ) : (
            <> (Size=L)</>
          )}
          . Up to {MAX_QUICK_ORDER_LINES.toLocaleString("en-GB")} lines at a time.
        </p>
      </div>
      <OfflinePriceCheck text={typed} offline={offline} />
      <Button type="submit" disabled={adding}>
        {adding ? "Adding..." : "Add to Cart"}
      </Button>
    </Form>
  );
}
