import type { LoaderFunctionArgs } from "@remix-run/node";
import { listVatReturns, vatReturnJson } from "~/domain/vat/vat-returns.server";
import { VAT_MAX_PAGE } from "~/domain/vat/vat-return.schema";
import { requestedPage } from "~/utils/paging";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, onlyMethods, pagedJsonResponse } from "~/utils/http.server";

/**
 * GET /api/admin/vat-returns?page=: the VAT returns, newest period first, 24 a page (paging in the X-Total-Count,
 * X-Page, X-Page-Size and X-Page-Count headers). Each: id, quarter ("2026-11"), periodLabel, startDate, endDate,
 * box1VatDue … box9TotalAcquisitions as "12.50" (boxes 6 to 9 whole pounds, "1234.00"), netVatDirection
 * ("payable" | "refundable"), status ("paid" when filed, else "pending"), isFiled, filedAt, dueDate, createdAt.
 * 401 signed out, 403 for non-admins.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "vat");
  const page = requestedPage(new URL(request.url).searchParams.get("page"), VAT_MAX_PAGE);
  return pagedJsonResponse(listVatReturns(getDb(), page), vatReturnJson);
});

export const action = onlyMethods(["GET"]);
