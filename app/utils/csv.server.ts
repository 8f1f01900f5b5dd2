/**
 * Every CSV the app writes goes through `writeCsv`: csv-stringify with each text cell made safe to open in a
 * spreadsheet (`neutraliseCell`). Nothing else imports csv-stringify (a test checks).
 */
import { stringify, type Options } from "csv-stringify/sync";
import { neutraliseCell } from "./csv-cells";

export type CsvCell = string | number | boolean | null | undefined;

export function writeCsv(rows: readonly (readonly CsvCell[])[], options: Pick<Options, "header" | "columns"> = {}): string {
  return stringify(
    rows.map((row) => row.map((cell) => (typeof cell === "string" ? neutraliseCell(cell) : cell))),
    options,
  );
}
