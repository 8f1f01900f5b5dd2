import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useNavigation } from "@remix-run/react";
import { describeVariants } from "~/components/cart/cart-line-row";
import { Button } from "~/components/ui/button";
import { ConfirmActions } from "~/components/ui/confirm-actions";
import type { OrderTemplateView } from "~/domain/cart/order-templates.server";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";
import { formatUkDate } from "~/utils/uk-time";

export const TEMPLATES_PATH = "/account/templates";
const PATH = TEMPLATES_PATH;

export function listHref(page: number) {
  return page > 1 ? `${PATH}?page=${page}` : PATH;
}

type TemplateData = SerializeFrom<OrderTemplateView>;

export function ConfirmDeleteForm({ id, page, back, idempotencyKey }: { id: number; page: number; back: string; idempotencyKey: string }) {
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  return (
    <Form method="post" action={PATH} className="flex flex-wrap justify-end gap-3">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="templateId" value={id} />
      <input type="hidden" name="page" value={page} />
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
      <ConfirmActions cancelHref={back} pending={deleting} pendingLabel="Deleting..." />
    </Form>
  );
}

export function TemplateCard({ template, page, idempotencyKey }: { template: TemplateData; page: number; idempotencyKey: string }) {
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
            <time dateTime={template.createdAt}>{formatUkDate(template.createdAt)}</time>
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Form method="post" action={PATH}>
            <input type="hidden" name="intent" value="load" />
            <input type="hidden" name="templateId" value={template.id} />
            <input type="hidden" name="page" value={page} />
            <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
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
