import { Form, useNavigation } from "@remix-run/react";
import { HiddenFields } from "~/components/admin/form/form-bits";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";

/**
 * Release a credit hold, with the note accounts must write: the same form on the Orders screen's detail and on
 * Credit control (intent "release-hold", the order's `id`, and the screen's hidden fields).
 */
export function ReleaseHoldForm({ orderId, orderNumber, hidden, error }: { orderId: number; orderNumber: string; hidden: Record<string, string>; error?: string | null }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "release-hold" && navigation.formData?.get("id") === String(orderId);
  const noteId = `release-note-${orderId}`;
  return (
    <Form method="post" preventScrollReset className="mt-2 space-y-2" aria-label={`Release ${orderNumber} from credit hold`}>
      <input type="hidden" name="intent" value="release-hold" />
      <input type="hidden" name="id" value={orderId} />
      <HiddenFields values={hidden} />
      <label htmlFor={noteId} className="block text-sm font-medium text-slate-800">
        Note (why it is released)
      </label>
      <textarea
        id={noteId}
        name="note"
        rows={2}
        maxLength={500}
        required
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${noteId}-error` : undefined}
      />
      {error ? (
        <p id={`${noteId}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={saving}>
        {saving ? "Releasing..." : "Release hold"}
      </Button>
    </Form>
  );
}
