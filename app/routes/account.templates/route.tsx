import { pageTitle } from "~/utils/company-brand";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/node";
import type { ComponentProps } from "react";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { NewerOlderLinks } from "~/components/ui/page-links";
import { UrlDialog } from "~/components/ui/url-dialog";
import { readLines } from "~/domain/cart/cart-lines.server";
import { TEMPLATE_GONE, templateFailedTitle, templateIdSchema, templateListPage } from "~/domain/cart/order-template.schema";
import { getTemplate, listSharedTemplatesPage, listTemplatesPage, type TemplatePage } from "~/domain/cart/order-templates.server";
import { mayOrder } from "~/domain/cart/template-access";
import { VIEWER_MESSAGE } from "~/domain/companies/companies.server";
import { requireCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { issueIdempotencyKey } from "~/utils/idempotency.server";
import { RouteErrorPage } from "~/components/layout/route-error-page";
import { ConnectionLostNotice } from "~/components/ui/toast";
import { keepPageOnConnectionLoss } from "~/utils/connection";
import { EditTemplateForm } from "./edit-template-form";
import { ConfirmDeleteForm, listHref, TemplateCard, type ListPages } from "./template-card";
import { templatesAction } from "./templates-action.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Order Templates") }];

const PAGE_SIZE = 10;

/** A dialog's template (`?delete=12`, `?edit=12`): one the person may change, else null. */
function dialogTemplate(url: URL, name: string, find: (id: number) => ReturnType<typeof getTemplate>) {
  const param = url.searchParams.get(name);
  if (param === null) return { asked: false, template: null };
  const id = templateIdSchema.safeParse(param);
  const template = id.success ? find(id.data) : null;
  return { asked: true, template: template?.canEdit ? template : null };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCompanyRole(request, "templates");
  const db = getDb();
  const url = new URL(request.url);
  const templates = listTemplatesPage(db, user, { page: templateListPage(url.searchParams.get("page")), pageSize: PAGE_SIZE });
  const shared = listSharedTemplatesPage(db, user, { page: templateListPage(url.searchParams.get("sharedPage")), pageSize: PAGE_SIZE });

  // Delete and Edit are second steps with a URL of their own (so they work without JavaScript)
  const find = (id: number) => getTemplate(db, user, id);
  const confirming = dialogTemplate(url, "delete", find);
  const editing = dialogTemplate(url, "edit", find);

  return json({
    templates,
    shared,
    companyName: user.companyId !== null ? user.businessName : null,
    mayOrder: mayOrder(user),
    // the server's words (the component cannot import a .server module)
    viewerNote: mayOrder(user) ? null : VIEWER_MESSAGE,
    confirmDelete: confirming.template ? { id: confirming.template.id, name: confirming.template.name, shared: confirming.template.shared } : null,
    edit: editing.template
      ? { id: editing.template.id, name: editing.template.name, description: editing.template.description, shared: editing.template.shared }
      : null,
    cartLineCount: editing.template ? readLines(db, { kind: "user", userId: user.id }).length : 0,
    deleteMissing: (confirming.asked && !confirming.template) || (editing.asked && !editing.template),
    idempotencyKey: issueIdempotencyKey(),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCompanyRole(request, "templates");
  return templatesAction(request, user);
}

/** With JavaScript a lost reply keeps the page; the page's key makes a second press safe. */
export const clientAction = keepPageOnConnectionLoss((form) => ({ title: templateFailedTitle(form.get("intent")) }));

export { shouldRevalidate } from "~/utils/connection";

export default function TemplatesPage() {
  const posted = useActionData<typeof action>();
  const data = useLoaderData<typeof loader>();
  const { templates, shared, companyName, confirmDelete, edit, idempotencyKey } = data;
  const pages: ListPages = { page: templates.page, sharedPage: shared.page };
  const back = listHref(pages);
  const editResult = posted && "result" in posted ? posted.result : undefined;

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <ConnectionLostNotice data={posted} />
      <h1 className="text-3xl font-bold text-slate-900">Order Templates</h1>
      <p className="mt-2 text-slate-600">
        The orders you place again and again. Load a template to add its products to your cart, then check out as
        usual.{companyName && data.mayOrder ? " Share a template to make it a list everyone in your company can load." : ""}
      </p>
      {data.viewerNote ? (
        <p role="note" className="mt-4 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {data.viewerNote}
        </p>
      ) : null}

      {data.deleteMissing ? (
        <p role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
          {TEMPLATE_GONE}
        </p>
      ) : null}

      <UrlDialog
        open={confirmDelete !== null}
        title={confirmDelete ? `Delete template ${confirmDelete.name}?` : ""}
        description={
          confirmDelete?.shared
            ? "The list is removed for good, for everyone in your company. Carts and past orders are not affected."
            : "The template is removed for good. Your cart and past orders are not affected."
        }
        closeHref={back}
      >
        {confirmDelete ? <ConfirmDeleteForm id={confirmDelete.id} pages={pages} idempotencyKey={idempotencyKey} /> : null}
      </UrlDialog>

      <UrlDialog open={edit !== null} title={edit ? `Edit ${edit.name}` : ""} closeHref={back}>
        {edit ? (
          <EditTemplateForm template={edit} pages={pages} cartLineCount={data.cartLineCount} idempotencyKey={idempotencyKey} lastResult={editResult} />
        ) : null}
      </UrlDialog>

      <section aria-labelledby="own-templates" className="mt-8">
        <h2 id="own-templates" className="text-xl font-semibold text-slate-900">
          Your templates
        </h2>
        {templates.total === 0 ? (
          <div className="mt-3 rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center">
            <p className="text-lg font-semibold text-slate-900">No saved templates yet.</p>
            {data.mayOrder ? (
              <p className="mt-2 text-sm text-slate-600">
                Fill your{" "}
                <Link to="/cart" className="font-medium text-brand-700 hover:underline">
                  cart
                </Link>{" "}
                with the products you order regularly and choose Save as Template to keep the list here.
              </p>
            ) : null}
          </div>
        ) : (
          <TemplateList
            label="Your order templates"
            list={templates}
            hrefFor={(page) => listHref({ ...pages, page })}
            pagerLabel="Pages of your templates"
            card={{ pages, idempotencyKey, mayOrder: data.mayOrder }}
          />
        )}
      </section>

      {companyName ? (
        <section aria-labelledby="shared-templates" className="mt-10">
          <h2 id="shared-templates" className="text-xl font-semibold text-slate-900">
            Shared with {companyName}
          </h2>
          {shared.total === 0 ? (
            <p className="mt-3 rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
              No colleague has shared a list yet. A template shared with the company shows here for everyone in it.
            </p>
          ) : (
            <TemplateList
              label={`Lists shared with ${companyName}`}
              list={shared}
              hrefFor={(sharedPage) => listHref({ ...pages, sharedPage })}
              pagerLabel="Pages of shared lists"
              card={{ pages, idempotencyKey, mayOrder: data.mayOrder, colleagues: true }}
            />
          )}
        </section>
      ) : null}
    </div>
  );
}

/** One of the page's two lists (a page of it) with its Newer/Older links. */
function TemplateList({
  label,
  list,
  hrefFor,
  pagerLabel,
  card,
}: {
  label: string;
  list: SerializeFrom<TemplatePage>;
  hrefFor: (page: number) => string;
  pagerLabel: string;
  card: Omit<ComponentProps<typeof TemplateCard>, "template">;
}) {
  return (
    <>
      <ul aria-label={label} className="mt-3 space-y-3">
        {list.items.map((template) => (
          <TemplateCard key={template.id} template={template} {...card} />
        ))}
      </ul>
      <NewerOlderLinks page={list.page} pageCount={list.pageCount} hrefFor={hrefFor} label={pagerLabel} className="mt-4" />
    </>
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
