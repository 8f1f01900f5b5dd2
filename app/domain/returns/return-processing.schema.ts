/**
 * The back office's returns: the Update Status command, the list's filter, and the screen's texts.
 * Browser-safe: no server imports.
 */
import { z } from "zod";
import { pageField } from "~/utils/paging.schema";

export const ADMIN_RETURN_STATUSES = ["requested", "approved", "rejected", "completed"] as const;
export type AdminReturnStatus = (typeof ADMIN_RETURN_STATUSES)[number];

/** What the Update Status dialog may set: completed is reached only through Complete. */
export const SETTABLE_RETURN_STATUSES = ["requested", "approved", "rejected"] as const;

export const RETURN_STATUS_LABELS: Record<AdminReturnStatus, string> = {
  requested: "Requested",
  approved: "Approved",
  rejected: "Rejected",
  completed: "Completed",
};

export const ADMIN_RETURNS_PAGE_SIZE = 20;
export const MAX_ADMIN_NOTES = 2000;

export const NO_RETURNS = "No returns found";
export const RETURN_NOT_FOUND = "Return not found";
export const RETURN_UPDATED = "Return updated";
export const RETURN_UPDATED_DESCRIPTION = "Return status has been updated successfully";
export const RETURN_COMPLETED = "Return completed";
export const RETURN_COMPLETED_DESCRIPTION = "Return has been marked as completed";
export const RETURN_UPDATE_FAILED = "Failed to update return status";
export const RETURN_COMPLETE_FAILED = "Failed to complete return";
export const STATUS_INVALID = "Status must be requested, approved or rejected (use Complete to complete an approved return)";

/** 409 for a return that can no longer be moved. */
export function finalStatusMessage(status: "completed" | "rejected") {
  return `This return has been ${status} and can no longer be changed`;
}

/** 409 for Complete on a return that is not approved. */
export function completeRefusedMessage(status: AdminReturnStatus) {
  return status === "completed"
    ? "This return has already been completed"
    : `Only approved returns can be completed; this return is ${status}`;
}

/**
 * PATCH /api/admin/returns/{id}/status {status, adminNotes} and the Update Status form. adminNotes replaces
 * the notes; null or blank clears them; leaving it out of an API call keeps them.
 */
export const returnStatusUpdateSchema = z.object({
  status: z.enum(SETTABLE_RETURN_STATUSES, { errorMap: () => ({ message: STATUS_INVALID }) }),
  adminNotes: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() || null : value),
    z
      .string({ invalid_type_error: "Admin notes must be text" })
      .max(MAX_ADMIN_NOTES, `Admin notes must be at most ${MAX_ADMIN_NOTES} characters`)
      .nullable()
      .optional(),
  ),
});
export type ReturnStatusUpdate = z.infer<typeof returnStatusUpdateSchema>;

/** GET ?status=&page= (no status, or an unknown one: every return). */
export const adminReturnListQuerySchema = z.object({
  status: z.enum(ADMIN_RETURN_STATUSES).optional().catch(undefined),
  /** one order's returns (the order view links here) */
  order: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
  page: pageField(100_000),
});
export type AdminReturnListQuery = z.infer<typeof adminReturnListQuerySchema>;

/** The Complete step's confirmation: which return to complete. */
export const completeReturnSchema = z.object({
  id: z.coerce.number({ invalid_type_error: RETURN_NOT_FOUND }).int(RETURN_NOT_FOUND).positive(RETURN_NOT_FOUND),
  ...refundAccountFields(),
});

/**
 * The account a refund is paid back from, for the part its invoice no longer owed. Blank or left out: none
 * named, and the money is posted to Suspense until someone says where it went.
 */
function refundAccountFields() {
  return {
    financialAccountId: z.preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      z.coerce
        .number({ invalid_type_error: "Choose the account the refund is paid from" })
        .int("Choose the account the refund is paid from")
        .positive("Choose the account the refund is paid from")
        .optional(),
    ),
  };
}

/** POST /api/admin/returns/{id}/complete: an optional JSON body naming the refund's account. */
export const completeReturnApiSchema = z.object(refundAccountFields());
export type CompleteReturnInput = z.infer<typeof completeReturnApiSchema>;
