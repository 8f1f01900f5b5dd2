import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useNavigation } from "@remix-run/react";
import type { FormEvent } from "react";
import type { z, ZodTypeAny } from "zod";

/**
 * A back-office form's Conform setup: validated by `schema` in the browser (first on blur, then as you type;
 * `shouldValidate: "onSubmit"` waits for the submit), the action's `lastResult` shown, and `saving` while this
 * form's `intent` is being posted (`busyUntilIdle` keeps it on until the page has reloaded too).
 */
export function useAdminForm<Schema extends ZodTypeAny>({
  id,
  schema,
  intent,
  lastResult,
  defaultValue,
  shouldValidate = "onBlur",
  busyUntilIdle = false,
  onSubmit,
}: {
  id: string;
  schema: Schema;
  intent: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<z.input<Schema>>;
  shouldValidate?: "onBlur" | "onSubmit";
  busyUntilIdle?: boolean;
  /** called with the valid form data before Remix posts it (preventDefault to post it another way) */
  onSubmit?: (event: FormEvent<HTMLFormElement>, context: { formData: FormData; action: string }) => void;
}) {
  const navigation = useNavigation();
  const busy = busyUntilIdle ? navigation.state !== "idle" : navigation.state === "submitting";
  const saving = busy && navigation.formData?.get("intent") === intent;
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: lastResult ?? undefined,
    shouldValidate,
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    defaultValue,
    onSubmit,
  });
  return { form, fields, saving };
}
