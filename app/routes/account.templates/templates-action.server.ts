/**
 * The templates page's action: Load into Cart (then the cart), and Delete, Share, Stop sharing, Save a copy
 * and Edit (back to the list pages the form came from), each once per page key. Every refusal is a toast:
 * "no longer exists" for a template the person may not see, the use case's own message for one they may
 * only load; Edit's refused form comes back with its messages.
 */
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { leftOutLines } from "~/domain/cart/cart-bulk.server";
import { bulkAddNotice } from "~/domain/cart/cart-words";
import {
  editTemplateFormSchema,
  isTemplateIntent,
  TEMPLATE_GONE,
  TEMPLATE_LOAD_FAILED,
  templateCommandSchema,
  templateFailedTitle,
  templateListPage,
} from "~/domain/cart/order-template.schema";
import { deleteTemplateOnce, loadTemplateIntoCartOnce, type LoadedTemplate } from "~/domain/cart/order-templates.server";
import { copyTemplateOnce, editTemplate, setTemplateShared } from "~/domain/cart/template-changes.server";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import type { Failure } from "~/utils/result";
import type { Toast } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { listHref } from "./template-card";

/** A refusal as a toast: a template not theirs to see "no longer exists"; anything else says why. */
function refusal(title: string, failure: Failure): Toast {
  return { title, description: failure.status === 404 ? TEMPLATE_GONE : failure.message, variant: "destructive" };
}

/**
 * What Load into Cart says: how much went in ("Added 3 products (12 units) to your cart."), which items
 * were short of stock, and which were skipped and why. Skipped products take the spec's failure title.
 */
function loadedToast(result: LoadedTemplate): Toast {
  const { title, details } = bulkAddNotice({ ...result, leftOut: leftOutLines(result.skipped), from: result.templateName });
  const description = [title ? `${title}.` : "Nothing was added to your cart.", details].filter(Boolean).join(" ");
  if (result.skipped.length > 0 || title === null) return { title: TEMPLATE_LOAD_FAILED, description, variant: "destructive" };
  return { title: "Template loaded", description };
}

export async function templatesAction(request: Request, user: SessionUser) {
  const db = getDb();
  const formData = await request.formData().catch(() => new FormData());
  const payload = Object.fromEntries(formData);
  const back = listHref({ page: templateListPage(payload.page), sharedPage: templateListPage(payload.sharedPage) });
  const intent = String(payload.intent ?? "");
  const failed = templateFailedTitle(intent);
  const key = idempotencyKeyFrom(formData);

  try {
    if (intent === "edit") {
      const submission = parseWithZod(formData, { schema: editTemplateFormSchema });
      if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
      const { templateId, replaceLines, name, description } = submission.value;
      const result = editTemplate(db, user, templateId, { name, description, replaceLines });
      if (result.ok) return redirectWithToast(request, back, { title: "Template updated", description: `"${result.value.name}" was saved.` });
      if (result.status === 400) return json({ result: submission.reply({ formErrors: [result.message] }) }, { status: 400 });
      return redirectWithToast(request, back, refusal(failed, result));
    }

    const submission = parseWithZod(formData, { schema: templateCommandSchema });
    if (submission.status !== "success") {
      if (!isTemplateIntent(intent)) return redirectWithToast(request, back, { title: "Unknown action", variant: "destructive" });
      return redirectWithToast(request, back, { title: failed, description: TEMPLATE_GONE, variant: "destructive" });
    }
    const { templateId } = submission.value;

    switch (submission.value.intent) {
      case "load": {
        const result = loadTemplateIntoCartOnce(db, user, templateId, key);
        if (!result.ok) return redirectWithToast(request, back, refusal(failed, result));
        return redirectWithToast(request, "/cart", loadedToast(result.value));
      }
      case "delete": {
        const result = deleteTemplateOnce(db, user, templateId, key);
        if (!result.ok) return redirectWithToast(request, back, refusal(failed, result));
        return redirectWithToast(request, back, { title: "Template deleted", description: `"${result.value.name}" was deleted.` });
      }
      case "share":
      case "unshare": {
        const sharing = submission.value.intent === "share";
        const result = setTemplateShared(db, user, templateId, sharing);
        if (!result.ok) return redirectWithToast(request, back, refusal(failed, result));
        const company = user.businessName ?? "your company";
        return redirectWithToast(request, back, {
          title: sharing ? "Template shared" : "Template no longer shared",
          description: sharing
            ? `"${result.value.name}" is now a list everyone in ${company} can load.`
            : `"${result.value.name}" is no longer shared with ${company}.`,
        });
      }
      case "copy": {
        const result = copyTemplateOnce(db, user, templateId, {}, key);
        if (!result.ok) return redirectWithToast(request, back, refusal(failed, result));
        return redirectWithToast(request, back, { title: "Copy saved", description: `"${result.value.name}" is now among your own templates.` });
      }
    }
  } catch (error) {
    console.error(`Order template ${intent} failed`, error);
    return redirectWithToast(request, back, { title: failed, variant: "destructive" });
  }
}
