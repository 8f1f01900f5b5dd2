/** The demo's price tiers and people: the admin, the suppliers and the customers. */
import crypto from "node:crypto";
import type { DB } from "~/utils/db.server";
import * as s from "~db/schema";
import { DAY, HOUR } from "./calendar";
import { PRICE_TIERS, type SupplierKey, type TierName } from "./catalog-data";
import { ADMIN, COLLEAGUES, CUSTOMERS, STAFF, SUPPLIERS, type PersonSeed } from "./people-data";
import type { Random } from "./random";
import type { RowWriters, UserRow } from "./rows";

export type Hashes = { adminHash: string; staffHash: string; buyerHashes: string[]; supplierHash: string; sharedHash: string };

export function writePeople(db: DB, rows: RowWriters, hashes: Hashes, now: number, random: Random) {
  const tiers = new Map<TierName, { id: number; discount: number }>();
  for (const tier of PRICE_TIERS) {
    const row = db
      .insert(s.priceTiers)
      .values({ ...tier, createdAt: new Date(now - 400 * DAY) })
      .returning({ id: s.priceTiers.id })
      .get();
    tiers.set(tier.name, { id: row.id, discount: tier.discountPercentage });
  }

  type Person = Omit<UserRow, "approvedAt" | "createdAt" | "updatedAt" | "companyId" | "companyRole"> &
    Partial<Pick<UserRow, "companyId" | "companyRole">>;
  const insertUser = (user: Person, created: number, approvedAt: number | null) => {
    rows.user({
      companyId: null,
      companyRole: null,
      ...user,
      approvedAt,
      createdAt: created,
      updatedAt: approvedAt ?? created,
    });
  };

  const adminId = random.uuid();
  const adminCreated = now - 420 * DAY;
  insertUser(
    {
      id: adminId,
      email: ADMIN.email,
      passwordHash: hashes.adminHash,
      firstName: ADMIN.firstName,
      lastName: ADMIN.lastName,
      businessName: ADMIN.businessName,
      phone: ADMIN.phone,
      address: null,
      vatNumber: null,
      role: "admin",
    },
    adminCreated,
    adminCreated,
  );

  const contact = (p: PersonSeed) => ({
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
    businessName: p.businessName,
    phone: p.phone,
    address: `${p.street}, ${p.city}, ${p.postcode}`,
    vatNumber: p.vatNumber,
  });

  const supplierIds = new Map<SupplierKey, string>();
  for (const supplier of SUPPLIERS) {
    const id = random.uuid();
    const created = now - 380 * DAY;
    supplierIds.set(supplier.key, id);
    const passwordHash = supplier.password ? hashes.supplierHash : hashes.sharedHash;
    insertUser({ id, ...contact(supplier), passwordHash, role: "supplier" }, created, created);
  }

  // each customer is the admin of their own company, which holds the business details and the terms
  const customerIds = new Map<string, string>();
  const companyIds = new Map<string, number>();
  let buyerHashIndex = 0;
  for (const customer of CUSTOMERS) {
    const id = random.uuid();
    const created = now - customer.createdDaysAgo * DAY - random.int(1, 8) * HOUR;
    customerIds.set(customer.key, id);
    const { businessName, address, vatNumber, ...person } = contact(customer);
    const companyId = db
      .insert(s.companies)
      .values({
        name: businessName,
        vatNumber,
        address,
        priceTierId: customer.tier ? tiers.get(customer.tier)!.id : null,
        requiresApproval: customer.requiresApproval ?? false,
        createdAt: new Date(created),
        updatedAt: new Date(created),
      })
      .returning({ id: s.companies.id })
      .get().id;
    companyIds.set(customer.key, companyId);
    insertUser(
      {
        id,
        ...person,
        businessName: null,
        address: null,
        vatNumber: null,
        passwordHash: customer.password ? hashes.buyerHashes[buyerHashIndex++] : hashes.sharedHash,
        role: "customer",
        companyId,
        companyRole: "company_admin",
      },
      created,
      customer.approved ? created + 20 * HOUR : null,
    );
  }
  for (const colleague of COLLEAGUES) {
    const id = colleague.outsideSeed ? crypto.randomUUID() : random.uuid();
    const created = now - colleague.createdDaysAgo * DAY - (colleague.outsideSeed ? 3 : random.int(1, 8)) * HOUR;
    customerIds.set(colleague.key, id);
    insertUser(
      {
        id,
        email: colleague.email,
        firstName: colleague.firstName,
        lastName: colleague.lastName,
        phone: colleague.phone,
        businessName: null,
        address: null,
        vatNumber: null,
        passwordHash: colleague.password ? hashes.buyerHashes[buyerHashIndex++] : hashes.sharedHash,
        role: "customer",
        companyId: companyIds.get(colleague.companyOf)!,
        companyRole: colleague.companyRole,
      },
      created,
      created,
    );
  }

  // the other staff, one per staff role; their ids come from outside the demo's seeded random numbers, so
  // every other row of the demo is what it was before they joined
  for (const [index, person] of STAFF.entries()) {
    const created = adminCreated + (index + 1) * DAY;
    insertUser(
      {
        id: crypto.randomUUID(),
        email: person.email,
        passwordHash: hashes.staffHash,
        firstName: person.firstName,
        lastName: person.lastName,
        businessName: ADMIN.businessName,
        phone: person.phone,
        address: null,
        vatNumber: null,
        role: "admin",
        staffRole: person.staffRole,
      },
      created,
      created,
    );
  }
  return { adminId, tiers, supplierIds, customerIds };
}
