import { parseWithZod } from "@conform-to/zod";
import { pageTitle } from "~/utils/company-brand";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { RouteErrorPage } from "~/components/layout/route-error-page";
import { ConnectionLostNotice, ToastNotice } from "~/components/ui/toast";
import { UrlDialog } from "~/components/ui/url-dialog";
import {
  ADDRESS_NOT_FOUND,
  addressCommandSchema,
  addressIdSchema,
  ADDRESSES_PATH as PATH,
  deliveryAddressSchema,
  MAX_ADDRESSES_PER_CUSTOMER,
} from "~/domain/users/delivery-address.schema";
import {
  addDeliveryAddress,
  deleteDeliveryAddress,
  listDeliveryAddresses,
  makeDefaultDeliveryAddress,
  updateDeliveryAddress,
} from "~/domain/users/delivery-addresses.server";
import { requireCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { failureReply, invalidReply, type FormActionData } from "~/utils/form-reply.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { fail } from "~/utils/result";
import { redirectWithToast } from "~/utils/toast.server";
import { CONNECTION_LOST_DESCRIPTION, keepPageOnConnectionLoss, NO_REPLY_TITLE, useLastAnswer, type ConnectionLost } from "~/utils/connection";
import { AddressCard, ConfirmDeleteAddress } from "./address-card";
import { AddressForm } from "./address-form";
import { splitStoredAddress } from "~/domain/users/uk-address";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Delivery Addresses") }];

const ADDRESS_FIELDS = ["label", "name", "businessName", "address", "addressLine2", "city", "county", "postcode", "isDefault"] as const;
const ADDRESS_GONE = "That address is not in your address book.";

/**
 * /account/addresses: the customer's address book. `?edit=ID` opens the edit dialog and `?delete=ID` asks
 * to confirm a delete (URLs, so both work without JavaScript); an id that is not one of the customer's
 * addresses answers 404 with a notice.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCompanyRole(request, "addresses");
  const params = new URL(request.url).searchParams;
  const addresses = listDeliveryAddresses(getDb(), user.id);
  const find = (name: string) => {
    if (!params.has(name)) return { asked: false, found: null };
    const id = addressIdSchema.safeParse(params.get(name));
    return { asked: true, found: id.success ? (addresses.find((entry) => entry.id === id.data) ?? null) : null };
  };
  const editing = find("edit");
  const deleting = find("delete");
  const missing = (editing.asked && !editing.found) || (deleting.asked && !deleting.found);
  return json(
    {
      addresses,
      editing: editing.found,
      // the edit form's UK fields, the customer's own business name recognised at the front of the address
      editingParts: editing.found ? splitStoredAddress(editing.found, [user.businessName]) : null,
      deleting: deleting.found,
      missing,
      idempotencyKey: issueIdempotencyKey(),
    },
    { status: missing ? 404 : 200, headers: { "Cache-Control": "private, no-store" } },
  );
}

/** Add, edit, delete and make default, each once per page key; then back to the list with a notice. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCompanyRole(request, "addresses");
  const formData = await request.formData().catch(() => new FormData());
  const intent = formData.get("intent");
  const key = idempotencyKeyFrom(formData);
  const db = getDb();

  if (intent === "add" || intent === "edit") {
    const submission = parseWithZod(formData, { schema: deliveryAddressSchema });
    if (submission.status !== "success") return invalidReply(intent, submission);
    const id = addressIdSchema.safeParse(formData.get("addressId"));
    const result =
      intent === "add"
        ? addDeliveryAddress(db, user.id, submission.value, key)
        : id.success
          ? updateDeliveryAddress(db, user.id, id.data, submission.value, key)
          : fail(404, ADDRESS_NOT_FOUND);
    if (!result.ok) return failureReply(intent, submission, result, ADDRESS_FIELDS);
    return redirectWithToast(request, PATH, {
      title: "Address saved",
      description:
        intent === "add"
          ? `"${result.value.label}" was added to your address book.`
          : `"${result.value.label}" was updated.`,
    });
  }

  const submission = parseWithZod(formData, { schema: addressCommandSchema });
  if (submission.status !== "success" || submission.value.intent === "add" || submission.value.intent === "edit") {
    return failureReply(String(intent), submission, fail(404, ADDRESS_NOT_FOUND), []);
  }
  const { addressId } = submission.value;
  if (submission.value.intent === "delete") {
    const result = deleteDeliveryAddress(db, user.id, addressId, key);
    if (!result.ok) return failureReply("delete", submission, result, []);
    return redirectWithToast(request, PATH, {
      title: "Address deleted",
      description: `"${result.value.label}" was removed from your address book.`,
    });
  }
  const result = makeDefaultDeliveryAddress(db, user.id, addressId, key);
  if (!result.ok) return failureReply("default", submission, result, []);
  return redirectWithToast(request, PATH, {
    title: "Default address changed",
    description: `"${result.value.label}" is now your default delivery address.`,
  });
}

/** With JavaScript a lost reply keeps the page and what was typed; the form's key makes a retry safe. */
export const clientAction = keepPageOnConnectionLoss({ title: NO_REPLY_TITLE, description: CONNECTION_LOST_DESCRIPTION });

export { shouldRevalidate } from "~/utils/connection";

export default function AddressesPage() {
  const { addresses, editing, editingParts, deleting, missing, idempotencyKey } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as FormActionData | ConnectionLost | undefined;
  const actionData = useLastAnswer(posted) as FormActionData | undefined;
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const full = addresses.length >= MAX_ADDRESSES_PER_CUSTOMER;

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      {actionData?.toast ? <ToastNotice key={actionData.attempt} toast={actionData.toast} /> : null}
      <ConnectionLostNotice data={posted} />
      <h1 className="text-3xl font-bold text-slate-900">Delivery Addresses</h1>
      <p className="mt-2 text-slate-600">
        The sites and yards you order to. Pick one at{" "}
        <Link to="/checkout" className="font-medium text-brand-700 hover:underline">
          checkout
        </Link>{" "}
        and its details fill in for you; your default is picked to start with.
      </p>

      {missing ? (
        <p role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
          {ADDRESS_GONE}
        </p>
      ) : null}

      <UrlDialog open={editing !== null} title={editing ? `Edit ${editing.label}` : ""} closeHref={PATH}>
        {editing ? (
          <AddressForm
            key={editing.id}
            address={editing}
            parts={editingParts}
            action={`${PATH}?edit=${editing.id}`}
            idempotencyKey={idempotencyKey}
            lastResult={resultFor("edit")}
            cancelHref={PATH}
          />
        ) : null}
      </UrlDialog>

      <UrlDialog
        open={deleting !== null}
        title={deleting ? `Delete ${deleting.label}?` : ""}
        description="The address is removed from your address book. Orders already placed keep their address."
        closeHref={PATH}
      >
        {deleting ? <ConfirmDeleteAddress addressId={deleting.id} idempotencyKey={idempotencyKey} /> : null}
      </UrlDialog>

      {addresses.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          No saved addresses yet. Add one below, or tick &quot;Save this address to my address book&quot; at checkout.
        </p>
      ) : (
        <ul aria-label="Your delivery addresses" className="mt-8 space-y-4">
          {addresses.map((address) => (
            <AddressCard key={address.id} address={address} idempotencyKey={idempotencyKey} />
          ))}
        </ul>
      )}

      <section aria-labelledby="add-address-heading" className="mt-10 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="add-address-heading" className="text-lg font-semibold text-slate-900">
          Add an address
        </h2>
        <div className="mt-4">
          {full ? (
            <p className="text-sm text-slate-700">
              Your address book holds at most {MAX_ADDRESSES_PER_CUSTOMER} addresses. Delete one you no longer use to add
              another.
            </p>
          ) : (
            <AddressForm action={PATH} idempotencyKey={idempotencyKey} lastResult={resultFor("add")} />
          )}
        </div>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <RouteErrorPage
      title="Your addresses could not be shown"
      message="Something went wrong while loading your address book. Please try again in a moment."
      links={[{ to: "/account", label: "Back to your account" }]}
      showStatus={false}
    />
  );
}
