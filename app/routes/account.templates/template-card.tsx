import type { SerializeFrom } from "@remix-run/node";
import { OfflineLinesOrder } from "~/components/offline/offline-lines-order";
import { Form, Link, useNavigation } from "@remix-run/react";
import { describeVariants } from "~/components/cart/cart-line-row";
import { Button } from "~/components/ui/button";
import { ConfirmActions } from "~/components/ui/confirm-actions";
import type { TemplateIntent } from "~/domain/cart/order-template.schema";
import type { OrderTemplateView } from "~/domain/cart/order-templates.server";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";
import { formatUkDate } from "~/utils/uk-time";

export const TEMPLATES_PATH = "/account/templates";
const PATH = TEMPLATES_PATH;

/** Where the page is in each of its two lists: the person's own templates and the lists shared with them. */
export type ListPages = { page: number; sharedPage: number };

/** The templates page at these list pages, with any dialog parameter (`delete`, `edit`) added. */
export function listHref(pages: ListPages, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  if (pages.page > 1) params.set("page", String(pages.page));
  if (pages.sharedPage > 1) params.set("sharedPage", String(pages.sharedPage));
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const query = params.toString();
  return query ? `${PATH}?${query}` : PATH;
}

type TemplateData = SerializeFrom<OrderTemplateView>;

/** The hidden fields every form of a template posts: what to do, to which template, and where to come back. */
function CommandFields({ intent, id, pages, idempotencyKey }: { intent: TemplateIntent; id: number; pages: ListPages; idempotencyKey: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="templateId" value={id} />
      <input type="hidden" name="page" value={pages.page} />
      <input type="hidden" name="sharedPage" value={pages.sharedPage} />
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
    </>
  );
}

export function ConfirmDeleteForm({ id, pages, idempotencyKey }: { id: number; pages: ListPages; idempotencyKey: string }) {
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  return (
    <Form method="post" action={PATH} className="flex flex-wrap justify-end gap-3">
      <CommandFields intent="delete" id={id} pages={pages} idempotencyKey={idempotencyKey} />
      <ConfirmActions cancelHref={listHref(pages)} pending={deleting} pendingLabel="Deleting..." />
    </Form>
  );
}

/** One button that posts a command for a template, showing its pending label while that command is on its way. */
function CommandButton({
  intent,
  template,
  pages,
  idempotencyKey,
  label,
  pendingLabel,
  variant = "secondary",
}: {
  intent: TemplateIntent;
  template: TemplateData;
  pages: ListPages;
  idempotencyKey: string;
  label: string;
  pendingLabel: string;
  variant?: "primary" | "secondary";
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData?.get("templateId") === String(template.id);
  return (
    <Form method="post" action={PATH}>
      <CommandFields intent={intent} id={template.id} pages={pages} idempotencyKey={idempotencyKey} />
      <Button type="submit" variant={variant} disabled={pending} className="px-3 py-1.5">
        {pending ? pendingLabel : label}
      </Button>
    </Form>
  );
}

const linkButton =
  "inline-flex items-center justify-center rounded-md border px-3 py-1.5 text-sm font-semibold shadow-sm bg-white";

/**
 * A template and what the person may do with it: load it (anyone who may order), save a copy (of a
 * colleague's shared list), and, for its maker or a company admin, edit, share or stop sharing, and delete.
 * `colleagues` marks the shared section, where the maker's name is shown.
 */
export function TemplateCard({
  template,
  pages,
  idempotencyKey,
  mayOrder,
  colleagues = false,
}: {
  template: TemplateData;
  pages: ListPages;
  idempotencyKey: string;
  mayOrder: boolean;
  colleagues?: boolean;
}) {
  const count = template.items.length;
  const changed = template.updatedAt !== template.createdAt;
  const command = { template, pages, idempotencyKey };

  return (
    <li data-testid="template-card" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-60">
          <h3 className="flex flex-wrap items-center gap-2 break-words text-base font-semibold text-slate-900">
            {template.name}
            {template.shared && !colleagues ? (
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-100">
                Shared with company
              </span>
            ) : null}
          </h3>
          {template.description ? (
            <p className="mt-0.5 whitespace-pre-line break-words text-sm text-slate-600">{template.description}</p>
          ) : null}
          <p className="mt-1 text-xs text-slate-600">
            {count} {count === 1 ? "item" : "items"}
            {colleagues ? <> · Made by {template.createdBy.name}</> : null} · Created{" "}
            <time dateTime={template.createdAt}>{formatUkDate(template.createdAt)}</time>
            {changed || colleagues ? (
              <>
                {" "}
                · Last changed <time dateTime={template.updatedAt}>{formatUkDate(template.updatedAt)}</time>
              </>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {mayOrder ? (
            <CommandButton intent="load" {...command} label="Load into Cart" pendingLabel="Loading..." variant="primary" />
          ) : null}
          {mayOrder && colleagues ? <CommandButton intent="copy" {...command} label="Save a copy" pendingLabel="Saving..." /> : null}
          {template.canEdit ? (
            <>
              <Link to={listHref(pages, { edit: String(template.id) })} preventScrollReset className={`${linkButton} border-slate-300 text-slate-800 hover:bg-slate-50`}>
                Edit
              </Link>
              {template.shared ? (
                <CommandButton intent="unshare" {...command} label="Stop sharing" pendingLabel="Saving..." />
              ) : (
                <CommandButton intent="share" {...command} label="Share with company" pendingLabel="Sharing..." />
              )}
              <Link to={listHref(pages, { delete: String(template.id) })} preventScrollReset className={`${linkButton} border-red-300 text-red-700 hover:bg-red-50`}>
                Delete
              </Link>
            </>
          ) : null}
        </div>
      </div>
      <ul aria-label={`Items in ${template.name}`} className="mt-3 divide-y divide-slate-100 border-t border-slate-100 text-sm">
        {template.items.map((item) => {
          const variants = describeVariants(item.selectedVariants);
          return (
            <li key={`${item.productId}|${variants}`} className="flex justify-between gap-4 py-1.5">
              <span className="text-slate-800">
                {item.productName}
                {variants ? <span className="text-slate-500"> ({variants})</span> : null}
              </span>
              <span className="font-medium text-slate-900">× {item.quantity}</span>
            </li>
          );
        })}
      </ul>
      {mayOrder ? (
        <div className="mt-3">
          <OfflineLinesOrder lines={template.items} what="template" label={`Order ${template.name} offline`} startClosed />
        </div>
      ) : null}
    </li>
  );
}
