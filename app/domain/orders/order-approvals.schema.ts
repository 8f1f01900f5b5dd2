/**
 * The approval queue: orders of customers whose orders need an admin's approval, approved or rejected one
 * by one on the Order Approvals screen or through the API.
 */
import { z } from "zod";
import { pageField } from "~/utils/paging.schema";
import { orderIdField } from "./order-list.schema";

export const NO_PENDING_ORDERS = "No Pending Orders";

/** GET ?page= of the approvals queue. */
export const approvalListQuerySchema = z.object({
  page: pageField(1_000_000),
});

/** The queue's Approve button and the Reject confirmation: which order, and what to do with it. */
export const approvalDecisionSchema = z.object({
  intent: z.enum(["approve", "reject"]),
  id: orderIdField,
});
