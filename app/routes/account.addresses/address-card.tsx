import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { ADDRESSES_PATH as PATH } from "~/domain/users/delivery-address.schema";
import type { DeliveryAddressJson } from "~/domain/users/delivery-addresses.server";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";

const secondaryLinkClass =
  "inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50";

/** A post about one address (make default, confirmed delete), with the page's key. */
function AddressPost({
  intent,
  addressId,
  idempotencyKey,
  children,
}: {
  intent: "default" | "delete";
  addressId: number;
  idempotencyKey: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={PATH} preventScrollReset className="flex flex-wrap justify-end gap-3">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="addressId" value={addressId} />
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
      {children}
    </Form>
  );
}

function usePosting(intent: string, addressId: number) {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData?.get("addressId") === String(addressId)
  );
}

/** One saved address with Edit and Delete (each a URL: `?edit=ID`, `?delete=ID`) and Make default. */
export function AddressCard({ address, idempotencyKey }: { address: DeliveryAddressJson; idempotencyKey: string }) {
  const makingDefault = usePosting("default", address.id);
  return (
    <li data-testid="address-card" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="break-words text-lg font-semibold text-slate-900">
            {address.label}
            {address.isDefault ? (
              <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-inset ring-brand-100">
                Default
              </span>
            ) : null}
          </h2>
          <address className="mt-1 text-sm not-italic leading-6 text-slate-700">
            {address.name}
            <br />
            {address.address}
            <br />
            {address.city}
            <br />
            {address.postcode}
          </address>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {address.isDefault ? null : (
            <AddressPost intent="default" addressId={address.id} idempotencyKey={idempotencyKey}>
              <Button type="submit" variant="secondary" disabled={makingDefault}>
                {makingDefault ? "Saving..." : "Make default"}
                <span className="sr-only"> {address.label}</span>
              </Button>
            </AddressPost>
          )}
          <Link to={`${PATH}?edit=${address.id}`} preventScrollReset className={secondaryLinkClass}>
            Edit<span className="sr-only"> {address.label}</span>
          </Link>
          <Link
            to={`${PATH}?delete=${address.id}`}
            preventScrollReset
            className="inline-flex items-center justify-center rounded-md border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 shadow-sm hover:bg-red-50"
          >
            Delete<span className="sr-only"> {address.label}</span>
          </Link>
        </div>
      </div>
    </li>
  );
}

/** The second step of Delete, in the `?delete=ID` dialog. */
export function ConfirmDeleteAddress({ addressId, idempotencyKey }: { addressId: number; idempotencyKey: string }) {
  const deleting = usePosting("delete", addressId);
  return (
    <AddressPost intent="delete" addressId={addressId} idempotencyKey={idempotencyKey}>
      <Link to={PATH} replace preventScrollReset className={secondaryLinkClass}>
        Cancel
      </Link>
      <Button type="submit" variant="danger" disabled={deleting}>
        {deleting ? "Deleting..." : "Delete address"}
      </Button>
    </AddressPost>
  );
}
