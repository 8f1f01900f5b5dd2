import { json, type ActionFunctionArgs } from "@remix-run/node";
import { askVatAssistant } from "~/domain/vat/vat-assistant.server";
import { vatAssistantSchema } from "~/domain/vat/vat-return.schema";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, methodNotAllowed, onlyMethods, parseJsonBody } from "~/utils/http.server";

/**
 * POST /api/admin/vat-assistant {question} → 200 {answer, sources: [{title, url}], kind ("figures" | "topic" |
 * "unknown"), topic, answeredBy ("local" | "model")}. A question about the business's own figures for a month is
 * answered from the books; a rule question from the bundled knowledge base with its gov.uk pages. A blank question
 * (after trimming): 400 {message: "Please enter a question", field: "question"}. Writes nothing; 401/403.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  await requireApiStaff(request, "vat");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await parseJsonBody(request, vatAssistantSchema);
  return json(await askVatAssistant(getDb(), input), { headers: { "Cache-Control": "private, no-store" } });
});

export const loader = onlyMethods(["POST"]);
