import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";

export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-1 focus:ring-brand-600 aria-[invalid=true]:border-red-500";

type InputProps = InputHTMLAttributes<HTMLInputElement> & { id: string; key?: string };
type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; key?: string };

/**
 * A labelled input (or, given `textareaProps`, a textarea) with its error message; the message is announced
 * and linked to the control.
 */
export function Field({
  label,
  errors,
  inputProps,
  textareaProps,
  hint,
}: {
  label: ReactNode;
  errors?: string[];
  hint?: ReactNode;
} & ({ inputProps: InputProps; textareaProps?: never } | { inputProps?: never; textareaProps: TextareaProps })) {
  const { key, ...props } = (inputProps ?? textareaProps)!;
  const errorId = errors?.length ? `${props.id}-error` : undefined;
  const control = { className: inputClass, "aria-invalid": errorId ? true : undefined, "aria-describedby": errorId };
  return (
    <div className="space-y-1">
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {textareaProps ? (
        <textarea key={key} {...(props as TextareaProps)} {...control} />
      ) : (
        <input key={key} {...(props as InputProps)} {...control} />
      )}
      {hint && !errorId ? <p className="text-xs text-slate-500">{hint}</p> : null}
      {errorId ? (
        <p id={errorId} className="text-sm text-red-700">
          {errors?.[0]}
        </p>
      ) : null}
    </div>
  );
}

export function FormError({ errors }: { errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {errors[0]}
    </p>
  );
}
