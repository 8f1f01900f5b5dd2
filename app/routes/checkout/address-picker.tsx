import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { DeliveryAddressJson } from "~/domain/users/delivery-addresses.server";
import type { UkAddressParts } from "~/domain/users/uk-address";
import { CHECKOUT_PATH } from "./shipping-form";

type SavedAddress = Pick<DeliveryAddressJson, "id" | "label" | "name" | "address" | "city" | "postcode" | "isDefault"> & {
  /** the address in the UK form's fields, to fill them in place */
  parts: UkAddressParts;
};

/**
 * The buyer's address book at checkout: picking one fills the shipping fields. Without JavaScript it is a
 * GET form (`?address=ID`, with the applied voucher kept) that reloads the page with that address in the
 * fields; with JavaScript `onPick` fills them in place, so a PO reference already typed stays.
 */
export function AddressPicker({
  addresses,
  chosenId,
  voucherCode,
  problem,
  onPick,
}: {
  addresses: SavedAddress[];
  chosenId: number | null;
  voucherCode: string | null;
  problem: string | null;
  onPick: (address: SavedAddress) => void;
}) {
  const hydrated = useHydrated();
  return (
    <Form method="get" action={CHECKOUT_PATH} preventScrollReset className="mt-4" data-testid="address-picker">
      {problem ? (
        <p role="alert" className="mb-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Deliver to a saved address</legend>
        <ul className="mt-2 space-y-2">
          {addresses.map((address) => (
            <li key={address.id}>
              <label className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                <input
                  type="radio"
                  name="address"
                  value={address.id}
                  defaultChecked={address.id === chosenId}
                  onChange={() => onPick(address)}
                  className="mt-1"
                />
                <span>
                  <span className="font-semibold text-slate-900">{address.label}</span>
                  {address.isDefault ? <span className="ml-2 text-xs text-slate-500">(default)</span> : null}
                  <span className="block text-slate-700">
                    {[address.name, address.address, address.city, address.postcode].join(", ")}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {voucherCode ? <input type="hidden" name="voucher" value={voucherCode} /> : null}
      {hydrated ? null : (
        <Button type="submit" variant="secondary" className="mt-3">
          Use this address
        </Button>
      )}
    </Form>
  );
}
