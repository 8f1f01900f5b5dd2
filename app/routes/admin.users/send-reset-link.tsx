import { Form, useNavigation } from "@remix-run/react";
import { HiddenFields } from "~/components/admin/form/form-bits";
import { Button } from "~/components/ui/button";
import type { AdminUserJson } from "~/domain/users/users.server";

export const SEND_RESET_LINK_INTENT = "send-password-reset";

/**
 * Under the Edit User form (a form of its own, not inside it): emails the user a link to choose a new
 * password. Their password stays as it is until they use the link, so nothing is shared by hand.
 */
export function SendResetLink({ user, hidden }: { user: AdminUserJson; hidden: Record<string, string> }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === SEND_RESET_LINK_INTENT;
  return (
    <Form method="post" preventScrollReset className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
      <input type="hidden" name="intent" value={SEND_RESET_LINK_INTENT} />
      <input type="hidden" name="id" value={user.id} />
      <HiddenFields values={hidden} />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium text-slate-800">Password</p>
        <p className="text-xs text-slate-500">
          {user.isActive
            ? "Email them a link to choose a new one, valid for one hour. Their password is unchanged until they use it."
            : "A deactivated account cannot be sent a reset link."}
        </p>
      </div>
      <Button type="submit" variant="secondary" disabled={sending || !user.isActive}>
        {sending ? "Sending..." : "Send password reset link"}
      </Button>
    </Form>
  );
}
