/**
 * HMRC's published JSON schema of the "Submit VAT return for period" body (app/domain/vat/hmrc/), compiled with
 * Ajv for tests (decision 0039). The schema is draft-04, hence ajv-draft-04.
 */
import fs from "node:fs";
import Ajv from "ajv-draft-04";

const SCHEMA_FILE = new URL("../../app/domain/vat/hmrc/submit-vat-return-request.schema.json", import.meta.url);

export const hmrcSubmitVatReturnSchema = JSON.parse(fs.readFileSync(SCHEMA_FILE, "utf8")) as Record<string, unknown>;

const ajv = new Ajv({
  allErrors: true,
  strict: true,
  // JavaScript numbers cannot hold most pence exactly (77.53 / 0.01 is 7752.999999999999), so "a multiple of
  // 0.01" is checked to a millionth of a penny, which holds for boxes up to £100 million; 77.535 still fails.
  multipleOfPrecision: 6,
});
// HMRC's schema annotates fields with `example` (not a draft-04 keyword): an annotation, nothing to check
ajv.addKeyword({ keyword: "example", schemaType: ["string", "number", "boolean"] });

const validate = ajv.compile(hmrcSubmitVatReturnSchema);

/** What HMRC's schema finds wrong with a body: an empty list when it is valid. */
export function hmrcSchemaErrors(body: unknown): string[] {
  if (validate(body)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || "(body)"} ${error.message ?? error.keyword}`);
}
