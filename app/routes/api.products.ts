import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { filtersOf, parseCatalogQuery } from "~/domain/catalog/catalog.schema";
import { findCategoryById, findCategoryBySlug, listProducts, productJson, withVariants } from "~/domain/catalog/catalog.server";
import { getOptionalUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, jsonError, onlyMethods, pagedJsonResponse } from "~/utils/http.server";

export const API_PAGE_SIZE_MAX = 100;

const pageSizeSchema = z.coerce.number().int().min(1).catch(API_PAGE_SIZE_MAX);

/**
 * GET /api/products: the public product list, with the storefront's filters as query parameters
 * (q, stock, vat, min, max, sort, page), narrowed to a category by `categoryId` or `category` (its slug).
 *
 * The spec's client reads "a list of products", so the body is a plain JSON array of Products. Paging
 * is by `page` (from 1) and `pageSize` (1 to 100, default 100); the headers say how many match in all:
 * X-Total-Count, X-Page, X-Page-Size and X-Page-Count. Filter values that make no sense fall back to
 * their defaults, as on the pages; an unknown category is a 404. The cost price is in the JSON for
 * admins only.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const query = parseCatalogQuery(params);
  const pageSize = Math.min(API_PAGE_SIZE_MAX, pageSizeSchema.parse(params.get("pageSize") ?? undefined));

  let categoryId: number | undefined;
  const idParam = params.get("categoryId")?.trim();
  const slugParam = params.get("category")?.trim();
  if (idParam) {
    categoryId = Number(idParam);
    if (!Number.isSafeInteger(categoryId) || categoryId <= 0) {
      return jsonError(400, "categoryId must be a positive whole number", "categoryId");
    }
    if (!findCategoryById(db, categoryId)) return jsonError(404, "Category not found", "categoryId");
  } else if (slugParam) {
    const category = findCategoryBySlug(db, slugParam);
    if (!category) return jsonError(404, "Category not found", "category");
    categoryId = category.id;
  }

  const user = await getOptionalUser(request);
  const result = listProducts(db, { categoryId, filters: filtersOf(query), page: query.page, pageSize });
  const includeCost = user?.role === "admin";
  // prices and stock change; and an admin's answer (with costs) must not be reused for a guest
  return pagedJsonResponse(
    { ...result, items: withVariants(db, result.items), pageSize },
    (row) => productJson(row, { includeCost }),
    { Vary: "Cookie" },
  );
});

/** Any other method: 405 with the methods this path takes. */
export const action = onlyMethods(["GET"]);
