import { parseWithZod } from "@conform-to/zod";
import { pageTitle } from "~/utils/company-brand";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { NewerOlderLinks } from "~/components/ui/page-links";
import { UrlDialog } from "~/components/ui/url-dialog";
import { leftOutLines } from "~/domain/cart/cart-bulk.server";
import { bulkAddNotice } from "~/domain/cart/cart-words";
import {
  TEMPLATE_DELETE_FAILED,
  TEMPLATE_LOAD_FAILED,
  templateCommandSchema,
  templateIdSchema,
  templateListPage,
} from "~/domain/cart/order-template.schema";
import {
  deleteTemplateOnce,
  getTemplate,
  listTemplatesPage,
  loadTemplateIntoCartOnce,
  type LoadedTemplate,
} from "~/domain/cart/order-templates.server";
import { requireCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import type { Toast } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { ConfirmDeleteForm, listHref, TemplateCard } from "./template-card";
import { RouteErrorPage } from "~/components/layout/route-error-page";
import { ConnectionLostNotice } from "~/components/ui/toast";
import { keepPageOnConnectionLoss } from "~/utils/connection";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Order Templates") }];

const PAGE_SIZE = 10;
const TEMPLATE_GONE = "This template no longer exists.";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCompanyRole(request, "templates");
  const db = getDb();
  const url = new URL(request.url);
  const templates = listTemplatesPage(db, user.id, { page: templateListPage(url.searchParams.get("page")), pageSize: PAGE_SIZE });

  // the second step of Delete: ?delete={id} asks for confirmation (a URL, so it works without JavaScript)
  const deleteParam = url.searchParams.get("delete");
  const deleteId = deleteParam === null ? null : templateIdSchema.safeParse(deleteParam);
  const confirming = deleteId?.success ? getTemplate(db, user.id, deleteId.data) : null;

  return json({
    templates,
    confirmDelete: confirming ? { id: confirming.id, name: confirming.name } : null,
    deleteMissing: deleteParam !== null && !confirming,
    idempotencyKey: issueIdempotencyKey(),
  });
}

const gone = (title: string): Toast => ({ title, description: TEMPLATE_GONE, variant: "destructive" });

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

/** Load into Cart (then the cart) and Delete (back to the list page), each once per page key. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCompanyRole(request, "templates");
  const formData = await request.formData().catch(() => new FormData());
  const submission = parseWithZod(formData, { schema: templateCommandSchema });
  const back = listHref(templateListPage(submission.payload.page));
  const intent = submission.payload.intent;
  if (intent !== "load" && intent !== "delete") {
    return redirectWithToast(request, back, { title: "Unknown action", variant: "destructive" });
  }
  const failed = intent === "load" ? TEMPLATE_LOAD_FAILED : TEMPLATE_DELETE_FAILED;
  if (submission.status !== "success") return redirectWithToast(request, back, gone(failed));
  const { templateId } = submission.value;
  const key = idempotencyKeyFrom(formData);

  if (intent === "load") {
    const result = loadTemplateIntoCartOnce(getDb(), user, templateId, key);
    if (!result.ok) return redirectWithToast(request, back, gone(failed));
    return redirectWithToast(request, "/cart", loadedToast(result.value));
  }

  try {
    const result = deleteTemplateOnce(getDb(), user.id, templateId, key);
    if (!result.ok) return redirectWithToast(request, back, gone(failed));
    return redirectWithToast(request, back, { title: "Template deleted", description: `"${result.value.name}" was deleted.` });
  } catch (error) {
    console.error("Deleting an order template failed", error);
    return redirectWithToast(request, back, { title: failed, variant: "destructive" });
  }
}

/** With JavaScript a lost Load or Delete reply keeps the page; the page's key makes a second press safe. */
export const clientAction = keepPageOnConnectionLoss((form) => ({
  title: form.get("intent") === "delete" ? TEMPLATE_DELETE_FAILED : TEMPLATE_LOAD_FAILED,
}));

export { shouldRevalidate } from "~/utils/connection";

export default function TemplatesPage() {
  const posted = useActionData<typeof clientAction>();
  const { templates, confirmDelete, deleteMissing, idempotencyKey } = useLoaderData<typeof loader>();
  const back = listHref(templates.page);

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <ConnectionLostNotice data={posted} />
      <h1 className="text-3xl font-bold text-slate-900">Order Templates</h1>
      <p className="mt-2 text-slate-600">
        The orders you place again and again. Load a template to add its products to your cart, then check out as
        usual.
      </p>

      {deleteMissing ? (
        <p role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
          {TEMPLATE_GONE}
        </p>
      ) : null}

      <UrlDialog
        open={confirmDelete !== null}
        title={confirmDelete ? `Delete template ${confirmDelete.name}?` : ""}
        description="The template is removed for good. Your cart and past orders are not affected."
        closeHref={back}
      >
        {confirmDelete ? <ConfirmDeleteForm id={confirmDelete.id} page={templates.page} back={back} idempotencyKey={idempotencyKey} /> : null}
      </UrlDialog>

      {templates.total === 0 ? (
        <div className="mt-10 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-lg font-semibold text-slate-900">No saved templates yet.</p>
          <p className="mt-2 text-sm text-slate-600">
            Fill your{" "}
            <Link to="/cart" className="font-medium text-brand-700 hover:underline">
              cart
            </Link>{" "}
            with the products you order regularly and choose Save as Template to keep the list here.
          </p>
        </div>
      ) : (
        <>
          <ul aria-label="Your order templates" className="mt-8 space-y-4">
            {templates.items.map((template) => (
              <TemplateCard key={template.id} template={template} page={templates.page} idempotencyKey={idempotencyKey} />
            ))}
          </ul>
          <NewerOlderLinks
            page={templates.page}
            pageCount={templates.pageCount}
            hrefFor={listHref}
            label="Pages of your templates"
            className="mt-6"
          />
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <RouteErrorPage
      title="Your templates could not be shown"
      message="Something went wrong while loading your order templates. Please try again in a moment."
      links={[{ to: "/", label: "Back to the homepage" }]}
      showStatus={false}
    />
  );
}
