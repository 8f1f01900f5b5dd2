import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";

export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-1 focus:ring-brand-600 aria-[invalid=true]:border-red-500";

/** A labelled input with its error message; the message is announced and linked to the input. */
export function Field({
  label,
  errors,
  inputProps,
  hint,
}: {
  label: ReactNode;
  errors?: string[];
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; key?: string };
  hint?: ReactNode;
}) {
  const { key, ...props } = inputProps;
  const errorId = errors?.length ? `${props.id}-error` : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        key={key}
        {...props}
        className={inputClass}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      />
      {hint && !errorId ? <p className="text-xs text-slate-500">{hint}</p> : null}
      {errorId ? (
        <p id={errorId} className="text-sm text-red-700">
          {errors?.[0]}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled textarea with its error message, like Field. */
export function TextareaField({
  label,
  errors,
  textareaProps,
  hint,
}: {
  label: ReactNode;
  errors?: string[];
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; key?: string };
  hint?: ReactNode;
}) {
  const { key, ...props } = textareaProps;
  const errorId = errors?.length ? `${props.id}-error` : undefined;
  const hintId = hint && !errorId ? `${props.id}-hint` : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        key={key}
        {...props}
        className={inputClass}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId ?? hintId}
      />
      {hintId ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
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
