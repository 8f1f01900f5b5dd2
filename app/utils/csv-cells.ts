/**
 * Keeping a spreadsheet from running a CSV cell as a formula (OWASP's CSV injection advice): a text cell that
 * starts with =, +, -, @, a tab or a carriage return is written with a single quote in front, so Excel and
 * LibreOffice show it as text. A plain number ("-12.50") is left alone, so it stays a number. Reading one of
 * our own files back (`restoreCell`) takes that quote off again, so an export imports back unchanged; a cell
 * that already started with quotes before a trigger gets one more on the way out, so nothing is ever lost.
 */
const TRIGGER = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** The cell as it is safe to write. */
export function neutraliseCell(value: string): string {
  if (PLAIN_NUMBER.test(value)) return value;
  return TRIGGER.test(value) ? `'${value}` : value;
}

/** A cell read from a CSV, with the quote `neutraliseCell` put in front taken off. */
export function restoreCell(value: string): string {
  return NEUTRALISED.test(value) ? value.slice(1) : value;
}
