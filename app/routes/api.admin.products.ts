import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { parseAdminProductsQuery, productCreateSchema } from "~/domain/catalog/product.schema";
import { createProduct } from "~/domain/catalog/product-changes.server";
import { adminProductJson, listAdminProducts } from "~/domain/catalog/products.server";
import { loadVariants } from "~/domain/catalog/catalog.server";
import { loadBarcodes, noBarcodes } from "~/domain/catalog/barcodes.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, pagedJsonResponse, parseJsonBody } from "~/utils/http.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";

const PAGE_SIZE_MAX = 100;
const pageSizeSchema = z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).catch(PAGE_SIZE_MAX);

/**
 * GET /api/admin/products: admin only. The products as a JSON array (with cost price and supplierId), by
 * name unless `sort` says otherwise (name-asc, name-desc, price-asc, price-desc, stock-desc, stock-asc),
 * narrowed by `q` (words in the product's name, description, SKU or category name), `category` (an id, or
 * `none`), `stock` (in-stock, low-stock, out-of-stock), `vat` (a rate, e.g. 5) and `min`/`max` (sales
 * price ex VAT in pounds), as the back office's list reads them. Paged by `page`
 * (from 1) and `pageSize` (1 to 100, default 100); X-Total-Count, X-Page, X-Page-Size and X-Page-Count say
 * how many match in all. Each product carries `barcodes` (its own) and each variant `barcodes` per option.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "catalogue");
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const query = parseAdminProductsQuery(params);
  const pageSize = pageSizeSchema.parse(params.get("pageSize") ?? undefined);
  const result = listAdminProducts(db, { ...query, pageSize });
  const ids = result.items.map((item) => item.id);
  const variants = loadVariants(db, ids);
  const barcodes = loadBarcodes(db, ids);
  return pagedJsonResponse(result, (item) =>
    adminProductJson({ ...item, variants: variants.get(item.id) ?? [], ...(barcodes.get(item.id) ?? noBarcodes()) }),
  );
});

/**
 * POST /api/admin/products: creates a product → 201 Product. A blank or absent slug is derived from the
 * name; absent fields take the defaults (VAT 20.00, low-stock threshold 10, stock 0, cost 0). 400 with the
 * field for bad input; 409 (field slug or sku) when the slug or the SKU is taken. Honours an
 * Idempotency-Key header. `barcodes`
 * (a list of codes, at most 20) are checked: a GS1 code with a wrong check digit is 400 naming the digit.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "catalogue");
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = await parseJsonBody(request, productCreateSchema);
  const result = createProduct(getDb(), admin, input, { idempotencyKey: idempotencyKeyFrom(request) });
  if (!result.ok) return failureResponse(result);
  return json(result.value, { status: 201 });
});
