import { json, type ActionFunctionArgs } from "@remix-run/node";
import { generateDescriptionSchema } from "~/domain/catalog/product.schema";
import { generateDescription } from "~/domain/catalog/description-generator.server";
import { requireApiStaff } from "~/utils/auth.server";
import { apiRoute, methodNotAllowed, onlyMethods, parseJsonBody } from "~/utils/http.server";

/**
 * POST /api/admin/generate-description {productName, categoryName?} → 200 {description}. Without a product
 * name: 400 {message: "Please enter a product name first.", field: "productName"}. Uses the configured
 * model when LLM_API_URL is set, the local generator otherwise (or when the model fails). Writes nothing.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  await requireApiStaff(request, "catalogue");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await parseJsonBody(request, generateDescriptionSchema);
  const { description } = await generateDescription(input);
  return json({ description });
});

/** GET and any other method: 405 with the method this path takes. */
export const loader = onlyMethods(["POST"]);
