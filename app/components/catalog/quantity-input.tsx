import { useEffect, useState } from "react";
import { inputClass } from "~/components/ui/field";

/**
 * The quantity control: a number input that works on its own without JavaScript; once the page is
 * hydrated, − and + buttons step it (never below 1, nor above `max` when given).
 */
export function QuantityInput({
  id,
  name,
  value,
  max,
  min = 1,
  stepBy = 1,
  disabled = false,
  onChange,
  onBlur,
}: {
  id: string;
  name: string;
  value: string;
  max?: number;
  /** a pack rule's minimum and multiple: the input's min and step, and what − and + move by */
  min?: number;
  stepBy?: number;
  disabled?: boolean;
  onChange: (value: string) => void;
  onBlur?: () => void;
}) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const current = Number(value);
  const whole = Number.isInteger(current) && current >= 1 ? current : min;
  const step = (delta: number) => {
    let next = Math.max(min, whole + delta * stepBy);
    if (max !== undefined && max >= 1) next = Math.min(next, max);
    onChange(String(next));
  };
  const stepButton =
    "grid h-10 w-10 place-items-center rounded-md border border-slate-300 bg-white text-lg font-semibold text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-300";

  return (
    <div className="flex items-center gap-2">
      {hydrated ? (
        <button
          type="button"
          className={stepButton}
          aria-label="Decrease quantity"
          onClick={() => step(-1)}
          disabled={disabled || whole <= min}
        >
          −
        </button>
      ) : null}
      <div className="w-24">
        <input
          id={id}
          name={name}
          type="number"
          inputMode="numeric"
          min={min}
          max={max !== undefined && max >= 1 ? max : undefined}
          step={stepBy}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          className={`${inputClass} text-center`}
        />
      </div>
      {hydrated ? (
        <button
          type="button"
          className={stepButton}
          aria-label="Increase quantity"
          onClick={() => step(1)}
          disabled={disabled || (max !== undefined && whole >= max)}
        >
          +
        </button>
      ) : null}
    </div>
  );
}
