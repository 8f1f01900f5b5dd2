/**
 * What a person typed into a form before the page hydrated, carried into the form that replaces it. A
 * back-office dialog is a section of the page until JavaScript runs, then a modal rendered elsewhere in the
 * document: new inputs, which would start from their defaults and lose what was typed on a slow connection.
 * Only fields changed from their defaults are carried, by name (and position among fields of that name).
 */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
export type Typed = Map<string, { value: string; checked: boolean }>;

const SKIPPED = new Set(["hidden", "file", "submit", "button", "reset", "image"]);

function fieldsIn(root: HTMLElement): [string, Field][] {
  const seen = new Map<string, number>();
  const fields: [string, Field][] = [];
  for (const field of root.querySelectorAll<Field>("input[name], textarea[name], select[name]")) {
    if (field instanceof HTMLInputElement && SKIPPED.has(field.type)) continue;
    const index = seen.get(field.name) ?? 0;
    seen.set(field.name, index + 1);
    fields.push([`${field.name}#${index}`, field]);
  }
  return fields;
}

function changed(field: Field): boolean {
  if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected);
  if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
}

/** The fields under `root` that differ from how the server rendered them. */
export function typedIn(root: HTMLElement): Typed {
  const typed: Typed = new Map();
  for (const [key, field] of fieldsIn(root)) {
    if (changed(field)) typed.set(key, { value: field.value, checked: field instanceof HTMLInputElement ? field.checked : false });
  }
  return typed;
}

/**
 * Puts `typed` into the matching fields under `root`, through the native setters and an input event, so the
 * app's form library sees the change as if it had been typed there.
 */
export function restoreTyped(root: HTMLElement, typed: Typed) {
  if (typed.size === 0) return;
  for (const [key, field] of fieldsIn(root)) {
    const entry = typed.get(key);
    if (!entry) continue;
    if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
      field.checked = entry.checked;
    } else {
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;
      setter ? setter.call(field, entry.value) : (field.value = entry.value);
    }
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
  }
}
