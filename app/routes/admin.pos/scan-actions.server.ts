/** The scan box's post: one more of the product the code names, or the "which one?" choice, or why not. */
import { parseWithZod } from "@conform-to/zod";
import { redirect } from "@remix-run/node";
import { resolvePosScan, scanIntoBasket } from "~/domain/pos/pos-scan.server";
import { POS_SCAN_PARAM, posScanFormSchema } from "~/domain/pos/pos-scan.schema";
import type { DB } from "~/utils/db.server";
import { commitSession, refreshSessionValue, type AppSession } from "~/utils/session.server";
import { errorToast, redirectWithToast } from "~/utils/toast.server";

/** The "which one?" of `?scan=<code>`: the products that carry it, when there are several; else null. */
export function loadScanChoice(db: DB, params: URLSearchParams) {
  const code = params.get(POS_SCAN_PARAM);
  if (!code) return null;
  const resolved = resolvePosScan(db, code.slice(0, 64));
  return resolved.ok && resolved.value.kind === "choose" ? resolved.value : null;
}

export async function scanPost(db: DB, request: Request, session: AppSession, formData: FormData, back: string, headers: HeadersInit) {
  const submission = parseWithZod(formData, { schema: posScanFormSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat().find(Boolean) ?? "Scan or type a barcode";
    return redirectWithToast(request, back, errorToast(message), { headers });
  }
  refreshSessionValue(session, "posBasket");
  const result = scanIntoBasket(db, session, submission.value);
  if (!result.ok) return redirectWithToast(request, back, errorToast(result.message), { headers });
  if (result.value.kind === "choose") {
    const url = new URL(back, "http://localhost");
    url.searchParams.set(POS_SCAN_PARAM, result.value.code);
    return redirect(url.pathname + url.search, { headers });
  }
  return redirect(back, { headers: { ...headers, "Set-Cookie": await commitSession(session) } });
}
