import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { createUserSchema, userListQuerySchema } from "~/domain/users/user.schema";
import { createUser } from "~/domain/users/user-changes.server";
import { adminUserJson, listUsers } from "~/domain/users/users.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { apiRoute, failureResponse, methodNotAllowed, pagedJsonResponse, parseJsonBody } from "~/utils/http.server";

export const API_USERS_PAGE_SIZE_MAX = 100;
const pageSizeSchema = z.coerce.number().int().min(1).max(API_USERS_PAGE_SIZE_MAX).catch(API_USERS_PAGE_SIZE_MAX);

/**
 * GET /api/admin/users: a JSON array of users (never a password hash), newest first. Filters `q` (email,
 * name, business) and `role`; paging by `page` (from 1) and `pageSize` (1 to 100, default 100), with
 * X-Total-Count, X-Page, X-Page-Size and X-Page-Count headers.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "customers");
  const params = new URL(request.url).searchParams;
  const query = userListQuerySchema.parse(Object.fromEntries(params));
  const pageSize = pageSizeSchema.parse(params.get("pageSize") ?? undefined);
  return pagedJsonResponse(listUsers(getDb(), query, pageSize), adminUserJson);
});

/**
 * POST /api/admin/users {email, password, firstName, lastName, businessName, role, phone, address,
 * vatNumber, priceTierId, isActive, requiresApproval} → 201 user. The user is approved at once.
 * 400 invalid (first issue and its field), 409 field email when the email is taken.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "customers");
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = await parseJsonBody(request, createUserSchema);
  const result = await createUser(getDb(), admin, input, idempotencyKeyFrom(request));
  if (!result.ok) return failureResponse(result);
  return json(adminUserJson(result.value), { status: 201 });
});
