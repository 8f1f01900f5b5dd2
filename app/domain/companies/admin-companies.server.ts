/**
 * The back office's view of companies: list and search (by company name or any member's email), one company's
 * detail (people, roles, tier, addresses, recent orders and invoices), create, edit the terms, and put on hold
 * with a reason or release. Admin only (the routes' requireAdmin / requireApiAdmin); every change is audited.
 */
import { asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { companies, deliveryAddresses, orders, priceTiers, salesInvoices, users } from "~db/schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { containsPattern, likeEscaped, type Page } from "~/domain/shared/record-store.server";
import { writeTransaction, type DB } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import { COMPANIES_PAGE_SIZE, type CompanyListQuery, type CreateCompanyInput, type UpdateCompanyInput } from "./admin-companies.schema";
import { createCompany } from "./companies.server";

export const COMPANY_NOT_FOUND = "Company not found";
const TIER_NOT_FOUND = "Price tier not found";

export type CompanySummaryJson = {
  id: number;
  name: string;
  vatNumber: string | null;
  companyNumber: string | null;
  priceTierId: number | null;
  priceTierName: string | null;
  requiresApproval: boolean;
  onHold: boolean;
  holdReason: string | null;
  peopleCount: number;
  createdAt: string;
};

const summaryColumns = {
  id: companies.id,
  name: companies.name,
  vatNumber: companies.vatNumber,
  companyNumber: companies.companyNumber,
  address: companies.address,
  priceTierId: companies.priceTierId,
  priceTierName: priceTiers.name,
  requiresApproval: companies.requiresApproval,
  deliveryChargePence: companies.deliveryChargePence,
  onHoldAt: companies.onHoldAt,
  holdReason: companies.holdReason,
  peopleCount: sql<number>`(select count(*) from users p where p.company_id = ${companies.id})`,
  createdAt: companies.createdAt,
};

type SummaryRow = {
  id: number;
  name: string;
  vatNumber: string | null;
  companyNumber: string | null;
  priceTierId: number | null;
  priceTierName: string | null;
  requiresApproval: boolean;
  onHoldAt: Date | null;
  holdReason: string | null;
  peopleCount: number;
  createdAt: Date;
};

function summaryJson(row: SummaryRow): CompanySummaryJson {
  return {
    id: row.id,
    name: row.name,
    vatNumber: row.vatNumber,
    companyNumber: row.companyNumber,
    priceTierId: row.priceTierId,
    priceTierName: row.priceTierName,
    requiresApproval: row.requiresApproval,
    onHold: row.onHoldAt !== null,
    holdReason: row.holdReason,
    peopleCount: Number(row.peopleCount),
    createdAt: row.createdAt.toISOString(),
  };
}

function selectCompanies(db: DB) {
  return db.select(summaryColumns).from(companies).leftJoin(priceTiers, eq(priceTiers.id, companies.priceTierId));
}

/** Companies by name, 25 a page; `search` matches the company's name or any of its people's emails. */
export function listCompanies(db: DB, query: CompanyListQuery, pageSize = COMPANIES_PAGE_SIZE): Page<CompanySummaryJson> {
  let where: SQL | undefined;
  if (query.search) {
    const pattern = containsPattern(query.search);
    where = sql`(${likeEscaped(companies.name, pattern)} OR EXISTS (select 1 from users m where m.company_id = ${companies.id} and ${likeEscaped(sql`m.email`, pattern)}))`;
  }
  const total = db.select({ n: count() }).from(companies).where(where).get()?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const items = selectCompanies(db)
    .where(where)
    .orderBy(sql`${companies.name} COLLATE NOCASE`, asc(companies.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all()
    .map(summaryJson);
  return { items, total, page, pageCount, pageSize };
}

export type CompanyDetailJson = CompanySummaryJson & {
  address: string | null;
  deliveryCharge: string | null;
  people: { id: string; email: string; firstName: string | null; lastName: string | null; role: string | null; active: boolean }[];
  addresses: { id: number; label: string; name: string; address: string; city: string; postcode: string; isDefault: boolean }[];
  orders: { id: number; orderNumber: string; status: string; total: string; createdAt: string; placedBy: string | null }[];
  invoices: { id: number; invoiceNumber: string; issueDate: string; total: string; status: string }[];
};

/** One company with its people, addresses and its 20 newest orders and invoices; null when there is none. */
export function getCompanyDetail(db: DB, id: number): CompanyDetailJson | null {
  const row = selectCompanies(db).where(eq(companies.id, id)).get();
  if (!row) return null;
  const people = db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.companyRole, active: users.isActive })
    .from(users)
    .where(eq(users.companyId, id))
    .orderBy(asc(users.email))
    .all();
  const addresses = db
    .select({
      id: deliveryAddresses.id,
      label: deliveryAddresses.label,
      name: deliveryAddresses.name,
      address: deliveryAddresses.address,
      city: deliveryAddresses.city,
      postcode: deliveryAddresses.postcode,
      isDefault: deliveryAddresses.isDefault,
    })
    .from(deliveryAddresses)
    .where(eq(deliveryAddresses.companyId, id))
    .orderBy(desc(deliveryAddresses.isDefault), asc(deliveryAddresses.label))
    .all();
  const recentOrders = db
    .select({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status, total: orders.total, createdAt: orders.createdAt, placedBy: users.email })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.companyId, id))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(20)
    .all()
    .map((o) => ({ ...o, total: toDecimalString(o.total), createdAt: o.createdAt.toISOString() }));
  const invoices = db
    .select({ id: salesInvoices.id, invoiceNumber: salesInvoices.invoiceNumber, issueDate: salesInvoices.issueDate, total: salesInvoices.total, status: salesInvoices.status })
    .from(salesInvoices)
    .where(eq(salesInvoices.companyId, id))
    .orderBy(desc(salesInvoices.issueDate), desc(salesInvoices.id))
    .limit(20)
    .all()
    .map((i) => ({ ...i, total: toDecimalString(i.total) }));
  return {
    ...summaryJson(row),
    address: row.address,
    deliveryCharge: row.deliveryChargePence === null ? null : toDecimalString(row.deliveryChargePence),
    people,
    addresses,
    orders: recentOrders,
    invoices,
  };
}

function tierExists(tx: DB, id: number | null | undefined) {
  return id === null || id === undefined || Boolean(tx.select({ id: priceTiers.id }).from(priceTiers).where(eq(priceTiers.id, id)).get());
}

/** An admin adds a company (a customer account with nobody in it yet). 400 for an unknown tier. */
export function createCompanyByAdmin(db: DB, actor: { id: string }, input: CreateCompanyInput): Result<CompanyDetailJson> {
  return writeTransaction(db, (tx) => {
    if (!tierExists(tx, input.priceTierId)) return fail(400, TIER_NOT_FOUND, "priceTierId");
    const id = createCompany(tx, { ...input, requiresApproval: input.requiresApproval ?? false });
    recordAudit(tx, { actorId: actor.id, action: "company.created", entityType: "company", entityId: String(id), details: { ...input } });
    return ok(getCompanyDetail(tx, id)!);
  });
}

/**
 * An admin changes a company's details or terms, or puts it on hold (with the reason its buyers are shown) or
 * releases it. 404 unknown company; 400 unknown tier. Audited with what changed.
 */
export function updateCompanyByAdmin(db: DB, actor: { id: string }, id: number, input: UpdateCompanyInput): Result<CompanyDetailJson> {
  return writeTransaction(db, (tx) => {
    const existing = tx.select().from(companies).where(eq(companies.id, id)).get();
    if (!existing) return fail(404, COMPANY_NOT_FOUND);
    if (!tierExists(tx, input.priceTierId)) return fail(400, TIER_NOT_FOUND, "priceTierId");
    const { onHold, holdReason, ...fields } = input;
    const changes: Partial<typeof companies.$inferInsert> = {};
    for (const [field, value] of Object.entries(fields)) {
      if (value !== undefined) (changes as Record<string, unknown>)[field] = value;
    }
    if (onHold === true) {
      changes.onHoldAt = existing.onHoldAt ?? new Date();
      changes.holdReason = holdReason ?? null;
    } else if (onHold === false) {
      changes.onHoldAt = null;
      changes.holdReason = null;
    }
    if (Object.keys(changes).length > 0) {
      tx.update(companies).set({ ...changes, updatedAt: new Date() }).where(eq(companies.id, id)).run();
      recordAudit(tx, {
        actorId: actor.id,
        action: onHold === true ? "company.held" : onHold === false ? "company.released" : "company.updated",
        entityType: "company",
        entityId: String(id),
        details: { changes: { ...changes, onHoldAt: changes.onHoldAt?.toISOString?.() ?? changes.onHoldAt } },
      });
    }
    return ok(getCompanyDetail(tx, id)!);
  });
}
