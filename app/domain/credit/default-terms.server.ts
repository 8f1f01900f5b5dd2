/** The payment terms new accounts start with: a setting of the wholesaler (install_settings). */
import type { PaymentTerms } from "~db/schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { readSetting, writeSetting } from "~/domain/shared/install-settings.server";
import { writeTransaction, type DB } from "~/utils/db.server";
import { ok, type Result } from "~/utils/result";
import { DEFAULT_PAYMENT_TERMS, isPaymentTerms } from "./payment-terms";

const DEFAULT_TERMS_KEY = "default_payment_terms";

/** The terms a new account starts with: the setting, else net 30 (what every invoice had before terms). */
export function defaultPaymentTerms(db: DB): PaymentTerms {
  const value = readSetting(db, DEFAULT_TERMS_KEY);
  return isPaymentTerms(value) ? value : DEFAULT_PAYMENT_TERMS;
}

export function saveDefaultPaymentTerms(db: DB, actor: { id: string }, terms: PaymentTerms): Result<{ defaultPaymentTerms: PaymentTerms }> {
  return writeTransaction(db, (tx) => {
    const before = defaultPaymentTerms(tx);
    writeSetting(tx, DEFAULT_TERMS_KEY, terms);
    recordAudit(tx, { actorId: actor.id, action: "settings.payment_terms.updated", entityType: "install_settings", entityId: DEFAULT_TERMS_KEY, details: { before, after: terms } });
    return ok({ defaultPaymentTerms: terms });
  });
}

