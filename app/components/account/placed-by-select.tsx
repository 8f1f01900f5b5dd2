import type { SelectHTMLAttributes } from "react";
import { inputClass } from "~/components/ui/field";

/**
 * "Placed by" for a company admin or approver: one person of the company, or anyone. A plain select named
 * `placedBy` inside a GET form, so the filtered list is a URL and works without JavaScript.
 */
export function PlacedBySelect({
  id,
  people,
  value,
  labelClassName = "block text-sm font-medium text-slate-800",
  ...attributes
}: {
  id: string;
  people: { id: string; name: string }[];
  value: string | null;
  labelClassName?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name" | "value" | "defaultValue">) {
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        Placed by
      </label>
      <select {...attributes} id={id} name="placedBy" defaultValue={value ?? ""} className={inputClass}>
        <option value="">Anyone in your company</option>
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
      </select>
    </>
  );
}
