import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";

/** The list's search box: a GET form, so a search is a bookmarkable address and works without JavaScript. */
export function ListSearch({
  path,
  q,
  label,
  placeholder,
}: {
  path: string;
  q?: string;
  label: string;
  placeholder: string;
}) {
  const id = `${path.replace(/\W+/g, "-")}-q`;
  return (
    <Form method="get" className="flex flex-col gap-2 border-b border-slate-200 p-4 sm:flex-row sm:items-end">
      <div className="flex-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <input id={id} type="search" name="q" defaultValue={q ?? ""} placeholder={placeholder} className={inputClass} />
      </div>
      <div className="flex gap-2">
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {q ? (
          <Link
            to={path}
            className="inline-flex items-center rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900"
          >
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
