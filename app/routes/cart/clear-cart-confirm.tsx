import { Form, useNavigation } from "@remix-run/react";
import { ConfirmActions } from "~/components/ui/confirm-actions";
import { UrlDialog } from "~/components/ui/url-dialog";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";
import { CART_PATH } from "./order-summary";

/**
 * The question Clear cart asks, at /cart?confirm=clear: in the page without JavaScript, a modal with it.
 * Confirm posts the clear; Cancel goes back to the cart unchanged.
 */
export function ClearCartConfirm({
  open,
  lineCount,
  idempotencyKey,
}: {
  open: boolean;
  lineCount: number;
  idempotencyKey: string;
}) {
  const navigation = useNavigation();
  const clearing = navigation.state !== "idle" && navigation.formData?.get("intent") === "clear";
  return (
    <UrlDialog open={open} title="Clear cart?" closeHref={CART_PATH}>
      <p className="text-sm text-slate-700" data-testid="clear-cart-question">
        Remove all {lineCount} {lineCount === 1 ? "line" : "lines"} from your cart?
      </p>
      <Form method="post" action={CART_PATH} className="mt-4 flex justify-end gap-3">
        <input type="hidden" name="intent" value="clear" />
        <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
        <ConfirmActions cancelHref={CART_PATH} pending={clearing} pendingLabel="Clearing..." />
      </Form>
    </UrlDialog>
  );
}
