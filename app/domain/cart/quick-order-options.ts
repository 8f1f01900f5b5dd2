/**
 * Option values in a quick order, pure and browser-safe: reading "Size=L; Colour=Yellow" as typed on a
 * Quick Entry line or in a CSV cell, and picking a product's variant options from what was named.
 */

/** Long pasted lines are cut in messages, so one bad line cannot flood the notice. */
const MAX_QUOTED_LENGTH = 80;

export function quoteForMessage(text: string): string {
  return text.length > MAX_QUOTED_LENGTH ? `${text.slice(0, MAX_QUOTED_LENGTH - 1)}…` : text;
}

/** "Size=L": an option value named on a line, as typed. */
export type OptionChoice = { name: string; value: string };

/**
 * Option values named on a line or in an Options cell: "Size=L, Colour=Yellow", "Size=L; Colour=Yellow",
 * "Size=L Colour=Yellow", "Colour = Bottle Green". Pieces are split at commas, semicolons and tabs; a piece
 * with one "=" is one option (its name and value may hold spaces); in a piece with several, each word with
 * an "=" starts an option and a word without one carries on the value before it. Null when it cannot be
 * read: a piece without "=", a blank name or value, or the same name twice.
 */
export function parseOptionText(text: string): OptionChoice[] | null {
  const choices: OptionChoice[] = [];
  const pieces = text
    .replace(/\s*=\s*/g, "=")
    .split(/[,;\t]+/)
    .map((piece) => piece.trim())
    .filter((piece) => piece !== "");
  for (const piece of pieces) {
    const equals = piece.split("=").length - 1;
    if (equals === 0) return null;
    if (equals === 1) {
      const [name, value] = piece.split("=");
      choices.push({ name: name.trim(), value: value.trim() });
      continue;
    }
    for (const word of piece.split(/\s+/)) {
      const at = word.indexOf("=");
      if (at === -1) {
        const last = choices[choices.length - 1];
        if (!last) return null;
        last.value = `${last.value} ${word}`;
      } else {
        choices.push({ name: word.slice(0, at), value: word.slice(at + 1) });
      }
    }
  }
  const names = new Set<string>();
  for (const choice of choices) {
    const key = choice.name.toLowerCase();
    if (choice.name === "" || choice.value === "" || choice.value.includes("=") || names.has(key)) return null;
    names.add(key);
  }
  return choices;
}

export type VariantGroup = { name: string; options: readonly string[] };
export type OptionsChosen = { ok: true; selectedVariants: Record<string, string> } | { ok: false; problem: string };

const listed = (options: readonly string[]) => `(${options.join(", ")})`;
const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Picks the product's variant options from what a line named, names and values without regard to case,
 * in the product's own spelling. Every variant with options needs one: what is missing, unknown or not
 * offered comes back as the message's tail, naming the product as the buyer typed it:
 * '"HIVIS-VEST" needs Size (S, M, L, XL)', 'Size "XXL" is not an option of HIVIS-VEST (S, M, L, XL)'.
 * A CSV's other columns (`columns`) count only where the product has an option of that name.
 */
export function chooseOptions(
  typed: string,
  groups: readonly VariantGroup[],
  options: readonly OptionChoice[] = [],
  columns: readonly OptionChoice[] = [],
): OptionsChosen {
  const shown = quoteForMessage(typed);
  const offered = groups.filter((group) => group.options.length > 0);
  const named = [...options, ...columns.filter((column) => offered.some((group) => sameText(group.name, column.name)))];
  for (const choice of options) {
    if (!offered.some((group) => sameText(group.name, choice.name))) {
      const choose = offered.length > 0 ? `: choose ${offered.map((group) => group.name).join(" and ")}` : "";
      return { ok: false, problem: `"${shown}" has no option "${quoteForMessage(choice.name)}"${choose}` };
    }
  }
  const selectedVariants: Record<string, string> = {};
  const missing: VariantGroup[] = [];
  for (const group of offered) {
    const choice = named.find((candidate) => sameText(candidate.name, group.name));
    if (!choice) {
      missing.push(group);
      continue;
    }
    const option = group.options.find((candidate) => sameText(candidate, choice.value));
    if (option === undefined) {
      const value = quoteForMessage(choice.value);
      return { ok: false, problem: `${group.name} "${value}" is not an option of ${shown} ${listed(group.options)}` };
    }
    selectedVariants[group.name] = option;
  }
  if (missing.length > 0) {
    const needed = missing.map((group) => `${group.name} ${listed(group.options)}`).join(" and ");
    return { ok: false, problem: `"${shown}" needs ${needed}` };
  }
  return { ok: true, selectedVariants };
}
