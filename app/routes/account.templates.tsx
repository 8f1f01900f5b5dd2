import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type SerializeFrom,
} from "@remix-run/node";
import { Form, isRouteErrorResponse, Link, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { describeVariants } from "~/components/cart/cart-line-row";
import { UrlDialog } from "~/components/ui/url-dialog";
import { Button } from "~/components/ui/button";
import { describeSkipped } from "~/domain/cart/cart-bulk.server";
import { cartOwnerOf } from "~/domain/cart/cart.server";
import {
  TEMPLATE_DELETE_FAILED,
  TEMPLATE_LOAD_FAILED,
  templateIdSchema,
} from "~/domain/cart/order-template.schema";
import {
  deleteTemplate,
  getTemplate,
  listTemplatesPage,
  loadTemplateIntoCart,
} from "~/domain/cart/order-templates.server";
import { buyerFor } from "~/domain/pricing/pricing.server";
import { requireUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom, issueIdempotencyKey, runOnce } from "~/utils/idempotency.server";
import { commitSession, getSession, type Toast } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Order Templates · INFY Wholesale" }];

const PATH = "/account/templates";
const PAGE_SIZE = 10;
const TEMPLATE_GONE = "This template no longer exists.";

function pageParam(value: FormDataEntryValue | string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page > 1 ? page : 1;
}

function listHref(page: number) {
  return page > 1 ? `${PATH}?page=${page}` : PATH;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const url = new URL(request.url);
  const templates = listTemplatesPage(db, user.id, { page: pageParam(url.searchParams.get("page")), pageSize: PAGE_SIZE });

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

async function redirectWithToast(request: Request, to: string, toast: Toast) {
  const session = await getSession(request);
  session.flash("toast", toast);
  return redirect(to, { headers: { "Set-Cookie": await commitSession(session) } });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData().catch(() => new FormData());
  const db = getDb();
  const intent = formData.get("intent");
  const back = listHref(pageParam(formData.get("page")));
  const templateId = templateIdSchema.safeParse(formData.get("templateId"));
  const key = idempotencyKeyFrom(formData);

  if (intent === "load") {
    if (!templateId.success) {
      return redirectWithToast(request, back, { title: TEMPLATE_LOAD_FAILED, description: TEMPLATE_GONE, variant: "destructive" });
    }
    const owner = cartOwnerOf(user, await getSession(request));
    const { result } = runOnce(
      db,
      { ownerId: user.id, scope: `order-templates:load:${templateId.data}`, key },
      (tx) => loadTemplateIntoCart(tx, owner, buyerFor(tx, user), user.id, templateId.data),
      (outcome) => outcome.ok,
    );
    if (!result.ok) {
      return redirectWithToast(request, back, { title: TEMPLATE_LOAD_FAILED, description: TEMPLATE_GONE, variant: "destructive" });
    }
    const { added, units, skipped, templateName } = result.value;
    if (skipped.length > 0) {
      const rest = added === 0 ? "Nothing else was added." : `The other ${added} ${added === 1 ? "item was" : "items were"} added to your cart.`;
      return redirectWithToast(request, "/cart", {
        title: TEMPLATE_LOAD_FAILED,
        description: `Skipped: ${describeSkipped(skipped)}. ${rest}`,
        variant: "destructive",
      });
    }
    return redirectWithToast(request, "/cart", {
      title: "Template loaded",
      description: `${units} ${units === 1 ? "item" : "items"} from "${templateName}" added to your cart.`,
    });
  }

  if (intent === "delete") {
    if (!templateId.success) {
      return redirectWithToast(request, back, { title: TEMPLATE_DELETE_FAILED, description: TEMPLATE_GONE, variant: "destructive" });
    }
    try {
      const { result } = runOnce(
        db,
        { ownerId: user.id, scope: `order-templates:delete:${templateId.data}`, key },
        (tx) => deleteTemplate(tx, user.id, templateId.data),
        (outcome) => outcome.ok,
      );
      if (!result.ok) {
        return redirectWithToast(request, back, { title: TEMPLATE_DELETE_FAILED, description: TEMPLATE_GONE, variant: "destructive" });
      }
      return redirectWithToast(request, back, { title: "Template deleted", description: `"${result.value.name}" was deleted.` });
    } catch (error) {
      console.error("Deleting an order template failed", error);
      return redirectWithToast(request, back, { title: TEMPLATE_DELETE_FAILED, variant: "destructive" });
    }
  }

  return redirectWithToast(request, back, { title: "Unknown action", variant: "destructive" });
}

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "short",
  year: "numeric",
  timeZone: "Europe/London",
});

type PageData = SerializeFrom<typeof loader>;
type TemplateData = PageData["templates"]["items"][number];

export default function TemplatesPage() {
  const { templates, confirmDelete, deleteMissing, idempotencyKey } = useLoaderData<typeof loader>();
  const back = listHref(templates.page);

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
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
          {templates.pageCount > 1 ? (
            <nav aria-label="Pages of your templates" className="mt-6 flex items-center justify-between text-sm">
              {templates.page > 1 ? (
                <Link to={listHref(templates.page - 1)} className="font-medium text-brand-700 hover:underline">
                  ← Newer
                </Link>
              ) : (
                <span />
              )}
              <span className="text-slate-600">
                Page {templates.page} of {templates.pageCount}
              </span>
              {templates.page < templates.pageCount ? (
                <Link to={listHref(templates.page + 1)} className="font-medium text-brand-700 hover:underline">
                  Older →
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}

function ConfirmDeleteForm({ id, page, back, idempotencyKey }: { id: number; page: number; back: string; idempotencyKey: string }) {
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  return (
    <Form method="post" action={PATH} className="flex flex-wrap justify-end gap-3">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="templateId" value={id} />
      <input type="hidden" name="page" value={page} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <Link
        to={back}
        replace
        preventScrollReset
        className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
      >
        Cancel
      </Link>
      <Button type="submit" variant="danger" disabled={deleting}>
        {deleting ? "Deleting..." : "Confirm"}
      </Button>
    </Form>
  );
}

function TemplateCard({ template, page, idempotencyKey }: { template: TemplateData; page: number; idempotencyKey: string }) {
  const navigation = useNavigation();
  const loading =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "load" &&
    navigation.formData?.get("templateId") === String(template.id);
  const count = template.items.length;
  const deleteHref = `${PATH}?${new URLSearchParams({ ...(page > 1 ? { page: String(page) } : {}), delete: String(template.id) })}`;

  return (
    <li data-testid="template-card" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="break-words text-lg font-semibold text-slate-900">{template.name}</h2>
          {template.description ? (
            <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-600">{template.description}</p>
          ) : null}
          <p className="mt-1 text-xs text-slate-500">
            {count} {count === 1 ? "item" : "items"} · Created{" "}
            <time dateTime={template.createdAt}>{dateFormat.format(new Date(template.createdAt))}</time>
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Form method="post" action={PATH}>
            <input type="hidden" name="intent" value="load" />
            <input type="hidden" name="templateId" value={template.id} />
            <input type="hidden" name="page" value={page} />
            <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
            <Button type="submit" disabled={loading}>
              {loading ? "Loading..." : "Load into Cart"}
            </Button>
          </Form>
          <Link
            to={deleteHref}
            preventScrollReset
            className="inline-flex items-center justify-center rounded-md border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 shadow-sm hover:bg-red-50"
          >
            Delete
          </Link>
        </div>
      </div>
      <ul aria-label={`Items in ${template.name}`} className="mt-4 divide-y divide-slate-100 border-t border-slate-100 text-sm">
        {template.items.map((item) => {
          const variants = describeVariants(item.selectedVariants);
          return (
            <li key={`${item.productId}|${variants}`} className="flex justify-between gap-4 py-2">
              <span className="text-slate-800">
                {item.productName}
                {variants ? <span className="text-slate-500"> ({variants})</span> : null}
              </span>
              <span className="font-medium text-slate-900">× {item.quantity}</span>
            </li>
          );
        })}
      </ul>
    </li>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Your templates could not be shown</h1>
      <p className="mt-4 text-slate-600">Something went wrong while loading your order templates. Please try again in a moment.</p>
      <Link to="/" className="mt-8 inline-block rounded-md bg-brand-700 px-4 py-2 text-white hover:bg-brand-800">
        Back to the homepage
      </Link>
    </div>
  );
}
