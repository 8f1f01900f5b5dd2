import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { defaultTermsSchema } from "~/domain/credit/credit.schema";
import { defaultPaymentTerms, saveDefaultPaymentTerms } from "~/domain/credit/default-terms.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";

/**
 * GET /api/admin/settings/payment-terms: {defaultPaymentTerms}, the terms a new company starts on.
 * PUT {defaultPaymentTerms: "pro_forma" | "net7" | "net14" | "net30" | "net60" | "eom30"}: sets them (existing
 * companies keep theirs). 400 {message, field}; 401; 403 for anyone but a full admin.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  return json({ defaultPaymentTerms: defaultPaymentTerms(getDb()) });
});

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const admin = await requireApiAdmin(request);
  const input = await parseJsonBody(request, defaultTermsSchema);
  const result = saveDefaultPaymentTerms(getDb(), admin, input.defaultPaymentTerms);
  return result.ok ? json(result.value) : failureResponse(result);
});
