import type { StaffArea } from "~/domain/users/staff-roles";
import { requireStaff } from "./auth.server";
import { getDb, type DB } from "./db.server";
import { idempotencyKeyFrom } from "./idempotency.server";

/**
 * What a back-office screen's form action works with once the admin is checked: the posted form, its
 * repeat-safety key and the button's `intent`, for screens whose one action serves several buttons.
 */
export type AdminForm = { request: Request; db: DB; admin: { id: string }; formData: FormData; key: string | null; intent: string };

/** `area`: the part of the back office the screen belongs to, whose staff may post this form. */
export async function readAdminForm(request: Request, area: StaffArea): Promise<AdminForm> {
  const admin = await requireStaff(request, area);
  const formData = await request.formData();
  return { request, db: getDb(), admin, formData, key: idempotencyKeyFrom(formData), intent: String(formData.get("intent") ?? "") };
}
