/**
 * The approval queue: orders of customers whose orders need an admin's approval, approved or rejected one
 * by one on the Order Approvals screen or through the API.
 */
import { z } from "zod";
import { orderIdField } from "./order-list.schema";

export const NO_PENDING_ORDERS = "No Pending Orders";

/** GET ?page= of the approvals queue. */
export const approvalListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
});

/** The queue's Approve button and the Reject confirmation: which order, and what to do with it. */
export const approvalDecisionSchema = z.object({
  intent: z.enum(["approve", "reject"]),
  id: orderIdField,
});
