import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs, orders, priceTiers, sessions, users } from "~db/schema";
import * as root from "~/root";
import * as usersPage from "~/routes/admin.users/route";
import * as apiApprove from "~/routes/api.admin.approve-user.$id";
import * as apiCustomers from "~/routes/api.admin.customers";
import * as apiOrdersRecent from "~/routes/api.admin.orders.recent";
import * as apiPendingUsers from "~/routes/api.admin.pending-users";
import * as apiPriceTiers from "~/routes/api.admin.price-tiers";
import * as apiReject from "~/routes/api.admin.reject-user.$id";
import * as apiStats from "~/routes/api.admin.stats";
import * as apiUser from "~/routes/api.admin.users.$id";
import * as apiUsers from "~/routes/api.admin.users";
import * as apiAuthUser from "~/routes/api.auth.user";
import { selectAdminUsers } from "~/domain/users/users.server";
import { getDb } from "~/utils/db.server";
import { createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation, type RouteHandler } from "./http";
import { postLogin, signIn } from "./sign-in";

let adminId: string;
let adminCookie: string;
let buyerCookie: string;
let silverTierId: number;

beforeAll(async () => {
  adminId = (await createUser({ email: "admin@example.com", role: "admin", firstName: "Claire" })).id;
  await createUser({ email: "buyer@example.com", businessName: "Hartley's Café" });
  silverTierId = getDb().insert(priceTiers).values({ name: "Silver", discountPercentage: 1000 }).returning().get().id;
  adminCookie = await signIn("admin@example.com", { via: "api" });
  buyerCookie = await signIn("buyer@example.com", { via: "api" });
});

const db = () => getDb();
const userCount = () => db().select({ n: sql<number>`count(*)` }).from(users).get()!.n;
/** A user's row with the account fields as the back office reads them (a customer's are their company's). */
const userByEmail = (email: string) => {
  const row = db().select().from(users).where(eq(users.email, email)).get();
  const view = selectAdminUsers(db()).where(eq(users.email, email)).get();
  return row && view ? { ...row, ...view } : undefined;
};
const auditFor = (action: string, entityId: string) =>
  db()
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.entityId, entityId)))
    .all();

function api(
  handler: RouteHandler,
  path: string,
  method: string,
  { body, cookie = adminCookie, params = {} }: { body?: unknown; cookie?: string; params?: Record<string, string> } = {},
) {
  return callRoute(handler, buildRequest(path, { method, json: body, cookie }), params);
}

function pagePost(path: string, form: Record<string, string | undefined>, cookie = adminCookie) {
  return callRoute(usersPage.action, buildRequest(path, { form: { idempotencyKey: crypto.randomUUID(), ...form }, cookie }));
}

function pageLoad(query = "", cookie = adminCookie) {
  return callRoute(usersPage.loader, buildRequest(`/admin/users${query}`, { cookie }));
}

/** After a redirect: where it went, the toast the next page shows and the page's data. */
async function follow(response: Response, cookie = adminCookie) {
  const location = redirectLocation(response);
  const next = cookieFrom(response, cookie);
  const rootData = await readJson(await callRoute(root.loader, buildRequest(location, { cookie: next })));
  const page = await readJson(await callRoute(usersPage.loader, buildRequest(location, { cookie: next })));
  return { location, toast: rootData.toast, page };
}

function insertOrderFor(userId: string, overrides: Partial<typeof orders.$inferInsert> = {}) {
  return db()
    .insert(orders)
    .values({
      orderNumber: `ORD-${Math.floor(Math.random() * 1e9)}`,
      userId,
      status: "delivered",
      subtotal: 1000,
      vatAmount: 200,
      total: 1200,
      shippingName: "Test",
      shippingEmail: "ship@example.com",
      shippingAddress: "1 High Street",
      shippingCity: "Leeds",
      shippingPostcode: "LS1 1AA",
      ...overrides,
    })
    .returning()
    .get();
}

const newUserForm = (overrides: Record<string, string | undefined> = {}) => ({
  intent: "create",
  email: "form.user@example.com",
  password: "form-secret",
  firstName: "Fiona",
  lastName: "Form",
  businessName: "Form Works Ltd",
  role: "customer",
  phone: "0113 496 0000",
  address: "2 Mill Lane, Leeds",
  vatNumber: "GB123456789",
  priceTierId: String(silverTierId),
  isActive: "on",
  returnTo: "/admin/users",
  ...overrides,
});

describe("guards on every admin API", () => {
  const calls: [string, RouteHandler, string, string, Record<string, string>?][] = [
    ["GET /api/admin/users", apiUsers.loader, "/api/admin/users", "GET"],
    ["POST /api/admin/users", apiUsers.action, "/api/admin/users", "POST"],
    ["GET /api/admin/users/{id}", apiUser.loader, "/api/admin/users/x", "GET", { id: "x" }],
    ["PATCH /api/admin/users/{id}", apiUser.action, "/api/admin/users/x", "PATCH", { id: "x" }],
    ["DELETE /api/admin/users/{id}", apiUser.action, "/api/admin/users/x", "DELETE", { id: "x" }],
    ["GET /api/admin/pending-users", apiPendingUsers.loader, "/api/admin/pending-users", "GET"],
    ["GET /api/admin/customers", apiCustomers.loader, "/api/admin/customers", "GET"],
    ["GET /api/admin/price-tiers", apiPriceTiers.loader, "/api/admin/price-tiers", "GET"],
    ["POST /api/admin/approve-user/{id}", apiApprove.action, "/api/admin/approve-user/x", "POST", { id: "x" }],
    ["DELETE /api/admin/reject-user/{id}", apiReject.action, "/api/admin/reject-user/x", "DELETE", { id: "x" }],
    ["GET /api/admin/stats", apiStats.loader, "/api/admin/stats", "GET"],
    ["GET /api/admin/orders/recent", apiOrdersRecent.loader, "/api/admin/orders/recent", "GET"],
  ];

  it.each(calls)("%s: 401 signed out, 403 for a customer", async (_name, handler, path, method, params = {}) => {
    const body = method === "GET" || method === "DELETE" ? undefined : {};
    const signedOut = await callRoute(handler, buildRequest(path, { method, json: body }), params);
    expect(signedOut.status).toBe(401);
    expect(await readJson(signedOut)).toEqual({ message: "Unauthorized" });
    const customer = await callRoute(handler, buildRequest(path, { method, json: body, cookie: buyerCookie }), params);
    expect(customer.status).toBe(403);
    expect((await readJson(customer)).message).toBe("You do not have admin privileges.");
  });

  it("sends a customer on the Users page home with 'Access Denied', and a visitor to sign in", async () => {
    const customer = await pageLoad("", buyerCookie);
    expect(redirectLocation(customer)).toBe("/");
    const rootData = await readJson(
      await callRoute(root.loader, buildRequest("/", { cookie: cookieFrom(customer, buyerCookie) })),
    );
    expect(rootData.toast).toMatchObject({ title: "Access Denied", description: "You do not have admin privileges." });

    const visitor = await callRoute(usersPage.loader, buildRequest("/admin/users"));
    expect(redirectLocation(visitor)).toBe("/login?redirectTo=%2Fadmin%2Fusers");

    const post = await pagePost("/admin/users", newUserForm({ email: "sneaky@example.com" }), buyerCookie);
    expect(redirectLocation(post)).toBe("/");
    expect(userByEmail("sneaky@example.com")).toBeUndefined();
  });
});

describe("creating users", () => {
  it("API: requires a password for new users and writes nothing on a 400", async () => {
    const before = userCount();
    const missing = await api(apiUsers.action, "/api/admin/users", "POST", { body: { email: "nopass@example.com" } });
    expect(missing.status).toBe(400);
    expect(await readJson(missing)).toEqual({ message: "Password is required for new users", field: "password" });

    const short = await api(apiUsers.action, "/api/admin/users", "POST", {
      body: { email: "short@example.com", password: "12345" },
    });
    expect(short.status).toBe(400);
    expect(await readJson(short)).toEqual({ message: "Password must be at least 6 characters", field: "password" });

    const badEmail = await api(apiUsers.action, "/api/admin/users", "POST", {
      body: { email: "not-an-email", password: "secret1" },
    });
    expect(badEmail.status).toBe(400);
    expect(await readJson(badEmail)).toEqual({ message: "Invalid email address", field: "email" });

    const badRole = await api(apiUsers.action, "/api/admin/users", "POST", {
      body: { email: "role@example.com", password: "secret1", role: "owner" },
    });
    expect(badRole.status).toBe(400);
    expect((await readJson(badRole)).field).toBe("role");

    const badTier = await api(apiUsers.action, "/api/admin/users", "POST", {
      body: { email: "tier@example.com", password: "secret1", priceTierId: 9999 },
    });
    expect(badTier.status).toBe(400);
    expect(await readJson(badTier)).toEqual({ message: "Price tier not found", field: "priceTierId" });

    expect(userCount()).toBe(before);
  });

  it("API: creates an approved user who can sign in; the JSON never carries the password", async () => {
    const response = await api(apiUsers.action, "/api/admin/users", "POST", {
      body: {
        email: "New.Supplier@Example.com",
        password: "supplier-pass",
        firstName: "Sam",
        lastName: "Supply",
        businessName: "Supply Co",
        role: "supplier",
        phone: "0161 496 0000",
        address: "Unit 4, Trafford Park",
        vatNumber: "GB987654321",
        priceTierId: null,
        isActive: true,
      },
    });
    expect(response.status).toBe(201);
    const body = await readJson(response);
    expect(body).toMatchObject({
      email: "new.supplier@example.com",
      role: "supplier",
      firstName: "Sam",
      businessName: "Supply Co",
      priceTierId: null,
      isActive: true,
      requiresApproval: false,
    });
    expect(typeof body.approvedAt).toBe("string");
    expect(Number.isNaN(Date.parse(body.approvedAt))).toBe(false);
    expect(JSON.stringify(body)).not.toMatch(/password|scrypt/i);

    expect(auditFor("user.created", body.id)).toHaveLength(1);
    expect(auditFor("user.created", body.id)[0].userId).toBe(adminId);
    expect((await postLogin("new.supplier@example.com", { via: "api", password: "supplier-pass" })).status).toBe(200);
  });

  it("API: a taken email is a 409 on the email field, whatever its case", async () => {
    const before = userCount();
    const response = await api(apiUsers.action, "/api/admin/users", "POST", {
      body: { email: "BUYER@example.com", password: "secret1" },
    });
    expect(response.status).toBe(409);
    expect(await readJson(response)).toEqual({ message: "A user with this email already exists", field: "email" });
    expect(userCount()).toBe(before);
  });

  it("form: shows the spec's messages on the fields and writes nothing", async () => {
    const before = userCount();
    const noPassword = await pagePost("/admin/users?dialog=new", newUserForm({ password: "" }));
    expect(noPassword.status).toBe(400);
    expect((await readJson(noPassword)).result.error.password).toEqual(["Password is required for new users"]);

    const short = await pagePost("/admin/users?dialog=new", newUserForm({ password: "abc" }));
    expect((await readJson(short)).result.error.password).toEqual(["Password must be at least 6 characters"]);

    const badEmail = await pagePost("/admin/users?dialog=new", newUserForm({ email: "nope" }));
    expect(badEmail.status).toBe(400);
    expect((await readJson(badEmail)).result.error.email).toEqual(["Please enter a valid email address"]);

    const duplicate = await pagePost("/admin/users?dialog=new", newUserForm({ email: "buyer@example.com" }));
    expect(duplicate.status).toBe(409);
    const duplicateBody = await readJson(duplicate);
    expect(duplicateBody.result.error.email).toEqual(["A user with this email already exists"]);
    expect(duplicateBody.toast).toMatchObject({ title: "Error", description: "A user with this email already exists" });
    expect(userCount()).toBe(before);
  });

  it("form: creates the user, says 'User created' and a repeated submission adds nothing", async () => {
    const key = crypto.randomUUID();
    const before = userCount();
    const response = await pagePost("/admin/users?dialog=new", newUserForm({ idempotencyKey: key }));
    const next = await follow(response);
    expect(next.location).toBe("/admin/users");
    expect(next.toast).toMatchObject({ title: "User created" });

    const created = userByEmail("form.user@example.com")!;
    expect(created).toMatchObject({
      firstName: "Fiona",
      businessName: "Form Works Ltd",
      role: "customer",
      priceTierId: silverTierId,
      isActive: true,
      requiresApproval: false,
      vatNumber: "GB123456789",
    });
    expect(created.approvedAt).toBeInstanceOf(Date);

    const again = await pagePost("/admin/users?dialog=new", newUserForm({ idempotencyKey: key }));
    expect(redirectLocation(again)).toBe("/admin/users");
    expect(userCount()).toBe(before + 1);
    expect(next.page.users.some((user: { email: string }) => user.email === "form.user@example.com")).toBe(true);
  });
});

describe("editing users", () => {
  it("form: saves the fields and keeps the password when none is given", async () => {
    const user = await createUser({ email: "edit.me@example.com", firstName: "Eddie", phone: "01" });
    const page = await readJson(await pageLoad(`?edit=${user.id}`));
    expect(page.editing).toMatchObject({ id: user.id, email: "edit.me@example.com" });
    expect(JSON.stringify(page)).not.toMatch(/passwordHash|scrypt/);

    const response = await pagePost(`/admin/users?edit=${user.id}`, {
      intent: "update",
      id: user.id,
      email: "edit.me@example.com",
      firstName: "Edward",
      lastName: "",
      businessName: "Edward & Sons",
      role: "customer",
      phone: "",
      address: "",
      vatNumber: "",
      priceTierId: String(silverTierId),
      isActive: "on",
      requiresApproval: "on",
      returnTo: "/admin/users?q=edit",
    });
    const next = await follow(response);
    expect(next.location).toBe("/admin/users?q=edit");
    expect(next.toast).toMatchObject({ title: "User updated" });
    expect(userByEmail("edit.me@example.com")).toMatchObject({
      firstName: "Edward",
      lastName: null,
      businessName: "Edward & Sons",
      phone: null,
      priceTierId: silverTierId,
      requiresApproval: true,
      isActive: true,
      passwordHash: user.passwordHash,
    });
    expect((await postLogin("edit.me@example.com", { via: "api" })).status).toBe(200);
    expect(auditFor("user.updated", user.id)).toHaveLength(1);
  });

  it("deactivating a user ends their sessions: their cookie stops working and sign-in is refused", async () => {
    const user = await createUser({ email: "leaver@example.com" });
    const cookie = await signIn("leaver@example.com", { via: "api" });
    const me = await callRoute(apiAuthUser.loader, buildRequest("/api/auth/user", { cookie }));
    expect(me.status).toBe(200);

    const response = await pagePost(`/admin/users?edit=${user.id}`, {
      intent: "update",
      id: user.id,
      email: "leaver@example.com",
      role: "customer",
      // isActive unticked
    });
    expect((await follow(response)).toast).toMatchObject({ title: "User updated" });
    expect(userByEmail("leaver@example.com")!.isActive).toBe(false);
    expect(db().select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(0);

    const after = await callRoute(apiAuthUser.loader, buildRequest("/api/auth/user", { cookie }));
    expect(after.status).toBe(401);
    expect((await postLogin("leaver@example.com", { via: "api" })).status).toBe(403);
  });

  it("API: PATCH changes only what is given; a new password replaces the old one", async () => {
    const user = await createUser({ email: "patch.me@example.com", firstName: "Pat", businessName: "Patch Ltd" });
    const response = await api(apiUser.action, `/api/admin/users/${user.id}`, "PATCH", {
      body: { lastName: "Patterson", password: "brand-new-pass" },
      params: { id: user.id },
    });
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body).toMatchObject({ firstName: "Pat", lastName: "Patterson", businessName: "Patch Ltd" });
    expect(JSON.stringify(body)).not.toMatch(/password|scrypt/i);
    expect((await postLogin("patch.me@example.com", { via: "api" })).status).toBe(401);
    expect((await postLogin("patch.me@example.com", { via: "api", password: "brand-new-pass" })).status).toBe(200);

    const noChange = await api(apiUser.action, `/api/admin/users/${user.id}`, "PATCH", {
      body: { firstName: "Patricia" },
      params: { id: user.id },
    });
    expect(noChange.status).toBe(200);
    expect((await postLogin("patch.me@example.com", { via: "api", password: "brand-new-pass" })).status).toBe(200);
  });

  it("API: PATCH refuses a taken email (409 field email), bad input (400) and unknown users (404)", async () => {
    const user = await createUser({ email: "clash@example.com" });
    const taken = await api(apiUser.action, `/api/admin/users/${user.id}`, "PATCH", {
      body: { email: "buyer@example.com" },
      params: { id: user.id },
    });
    expect(taken.status).toBe(409);
    expect(await readJson(taken)).toEqual({ message: "A user with this email already exists", field: "email" });

    const short = await api(apiUser.action, `/api/admin/users/${user.id}`, "PATCH", {
      body: { password: "123" },
      params: { id: user.id },
    });
    expect(short.status).toBe(400);
    expect(await readJson(short)).toEqual({ message: "Password must be at least 6 characters", field: "password" });

    const active = await api(apiUser.action, `/api/admin/users/${user.id}`, "PATCH", {
      body: { isActive: "no" },
      params: { id: user.id },
    });
    expect(active.status).toBe(400);
    expect((await readJson(active)).field).toBe("isActive");

    const unknown = await api(apiUser.action, "/api/admin/users/nobody", "PATCH", {
      body: { firstName: "X" },
      params: { id: "nobody" },
    });
    expect(unknown.status).toBe(404);
    expect(userByEmail("clash@example.com")!.email).toBe("clash@example.com");
  });

  it("an admin cannot deactivate or demote themselves", async () => {
    const deactivate = await api(apiUser.action, `/api/admin/users/${adminId}`, "PATCH", {
      body: { isActive: false },
      params: { id: adminId },
    });
    expect(deactivate.status).toBe(409);
    expect(await readJson(deactivate)).toEqual({ message: "You cannot deactivate your own account", field: "isActive" });
    const demote = await api(apiUser.action, `/api/admin/users/${adminId}`, "PATCH", {
      body: { role: "customer" },
      params: { id: adminId },
    });
    expect(demote.status).toBe(409);
    expect(userByEmail("admin@example.com")).toMatchObject({ role: "admin", isActive: true });
  });
});

describe("deleting users", () => {
  it("refuses the admin's own account", async () => {
    const response = await api(apiUser.action, `/api/admin/users/${adminId}`, "DELETE", { params: { id: adminId } });
    expect(response.status).toBe(409);
    expect(await readJson(response)).toEqual({ message: "You cannot delete your own account" });
    expect(userByEmail("admin@example.com")).toBeDefined();
  });

  it("refuses a user with orders and suggests deactivating them", async () => {
    const user = await createUser({ email: "has.orders@example.com" });
    insertOrderFor(user.id);
    const response = await api(apiUser.action, `/api/admin/users/${user.id}`, "DELETE", { params: { id: user.id } });
    expect(response.status).toBe(409);
    expect((await readJson(response)).message).toMatch(/Deactivate/);
    expect(userByEmail("has.orders@example.com")).toBeDefined();

    const viaForm = await pagePost(`/admin/users?delete=${user.id}`, { intent: "delete", id: user.id });
    const next = await follow(viaForm);
    expect(next.toast).toMatchObject({ title: "Error", variant: "destructive" });
    expect(next.toast.description).toMatch(/Deactivate/);
    expect(userByEmail("has.orders@example.com")).toBeDefined();
  });

  it("API: deletes a user without history, audited", async () => {
    const user = await createUser({ email: "gone@example.com" });
    const response = await api(apiUser.action, `/api/admin/users/${user.id}`, "DELETE", { params: { id: user.id } });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ message: "User deleted", id: user.id });
    expect(userByEmail("gone@example.com")).toBeUndefined();
    expect(auditFor("user.deleted", user.id)).toHaveLength(1);

    const again = await api(apiUser.action, `/api/admin/users/${user.id}`, "DELETE", { params: { id: user.id } });
    expect(again.status).toBe(404);
  });

  it("form: asks first (?delete=), then deletes and says 'User deleted'", async () => {
    const user = await createUser({ email: "form.gone@example.com" });
    const confirm = await readJson(await pageLoad(`?delete=${user.id}`));
    expect(confirm.deleting).toMatchObject({ id: user.id, email: "form.gone@example.com" });
    expect(userByEmail("form.gone@example.com")).toBeDefined();

    const response = await pagePost(`/admin/users?delete=${user.id}`, { intent: "delete", id: user.id, returnTo: "/admin/users" });
    const next = await follow(response);
    expect(next.toast).toMatchObject({ title: "User deleted" });
    expect(userByEmail("form.gone@example.com")).toBeUndefined();
  });
});

describe("approving and rejecting registrations", () => {
  it("lists pending registrations only", async () => {
    await createUser({ email: "waiting@example.com", approvedAt: null, businessName: "Waiting Ltd" });
    const response = await api(apiPendingUsers.loader, "/api/admin/pending-users", "GET");
    const pending = await readJson(response);
    expect(pending.map((user: { email: string }) => user.email)).toEqual(["waiting@example.com"]);
    expect(pending[0]).toMatchObject({ approvedAt: null, businessName: "Waiting Ltd" });
    const page = await readJson(await pageLoad());
    expect(page.pending.map((user: { email: string }) => user.email)).toEqual(["waiting@example.com"]);
  });

  it("API: approving sets approvedAt and writes the audit trail; a second approval is a 409", async () => {
    const user = await createUser({ email: "approve.me@example.com", approvedAt: null });
    const response = await api(apiApprove.action, `/api/admin/approve-user/${user.id}`, "POST", { params: { id: user.id } });
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body.message).toBe("User approved");
    expect(typeof body.user.approvedAt).toBe("string");
    expect(userByEmail("approve.me@example.com")!.approvedAt).toBeInstanceOf(Date);
    expect(auditFor("user.approved", user.id)).toHaveLength(1);

    const again = await api(apiApprove.action, `/api/admin/approve-user/${user.id}`, "POST", { params: { id: user.id } });
    expect(again.status).toBe(409);
    const missing = await api(apiApprove.action, "/api/admin/approve-user/nobody", "POST", { params: { id: "nobody" } });
    expect(missing.status).toBe(404);
  });

  it("form: approves with 'User approved'; the customer then counts as approved", async () => {
    const user = await createUser({ email: "form.approve@example.com", approvedAt: null });
    const cookie = await signIn("form.approve@example.com", { via: "api" });
    const before = await readJson(await callRoute(apiAuthUser.loader, buildRequest("/api/auth/user", { cookie })));
    expect(before.isApproved).toBe(false);

    const next = await follow(await pagePost("/admin/users", { intent: "approve", id: user.id }));
    expect(next.toast).toMatchObject({ title: "User approved" });
    expect(next.page.pending.some((pending: { id: string }) => pending.id === user.id)).toBe(false);
    const after = await readJson(await callRoute(apiAuthUser.loader, buildRequest("/api/auth/user", { cookie })));
    expect(after.isApproved).toBe(true);
  });

  it("API: rejecting deletes the registration, audited; only pending registrations can be rejected", async () => {
    const pending = await createUser({ email: "reject.me@example.com", approvedAt: null });
    const response = await api(apiReject.action, `/api/admin/reject-user/${pending.id}`, "DELETE", { params: { id: pending.id } });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ message: "User rejected", id: pending.id });
    expect(userByEmail("reject.me@example.com")).toBeUndefined();
    expect(auditFor("user.rejected", pending.id)).toHaveLength(1);

    const approved = await createUser({ email: "keep.me@example.com" });
    const refused = await api(apiReject.action, `/api/admin/reject-user/${approved.id}`, "DELETE", {
      params: { id: approved.id },
    });
    expect(refused.status).toBe(409);
    expect(await readJson(refused)).toEqual({ message: "Only registrations pending approval can be rejected" });
    expect(userByEmail("keep.me@example.com")).toBeDefined();
  });

  it("form: asks first (?reject=), then removes the registration with 'User rejected'", async () => {
    const pending = await createUser({ email: "form.reject@example.com", approvedAt: null });
    const confirm = await readJson(await pageLoad(`?reject=${pending.id}`));
    expect(confirm.rejecting).toMatchObject({ id: pending.id });
    const approved = await createUser({ email: "not.pending@example.com" });
    expect((await readJson(await pageLoad(`?reject=${approved.id}`))).rejecting).toBeNull();

    const next = await follow(await pagePost(`/admin/users?reject=${pending.id}`, { intent: "reject", id: pending.id }));
    expect(next.toast).toMatchObject({ title: "User rejected" });
    expect(userByEmail("form.reject@example.com")).toBeUndefined();

    const wrong = await follow(await pagePost("/admin/users", { intent: "reject", id: approved.id }));
    expect(wrong.toast).toMatchObject({ title: "Error", description: "Only registrations pending approval can be rejected" });
    expect(userByEmail("not.pending@example.com")).toBeDefined();
  });
});

describe("listing users", () => {
  it("searches email, name and business, filters by role and pages 25 at a time", async () => {
    for (let i = 0; i < 27; i += 1) {
      await createUser({ email: `bulk${String(i).padStart(2, "0")}@list.example.com`, businessName: "Bulk Buyers" });
    }
    await createUser({ email: "odd@example.com", firstName: "Zebedee", lastName: "Quill", role: "supplier" });

    const first = await readJson(await pageLoad("?q=list.example"));
    expect(first.total).toBe(27);
    expect(first.users).toHaveLength(25);
    expect(first.pageCount).toBe(2);
    const second = await readJson(await pageLoad("?q=list.example&page=2"));
    expect(second.users).toHaveLength(2);
    expect(second.list.page).toBe(2);

    expect((await readJson(await pageLoad("?q=bulk%20buyers"))).total).toBe(27);
    expect((await readJson(await pageLoad("?q=zebedee%20quill"))).users.map((u: { email: string }) => u.email)).toEqual([
      "odd@example.com",
    ]);
    const suppliers = await readJson(await pageLoad("?role=supplier"));
    expect(suppliers.users.every((user: { role: string }) => user.role === "supplier")).toBe(true);
    expect((await readJson(await pageLoad("?q=%25"))).total).toBe(0);
    expect((await readJson(await pageLoad("?q=nobody-at-all"))).users).toEqual([]);

    const apiPage = await api(apiUsers.loader, "/api/admin/users?q=list.example&pageSize=10&page=3", "GET");
    expect(apiPage.headers.get("X-Total-Count")).toBe("27");
    expect(apiPage.headers.get("X-Page-Count")).toBe("3");
    const apiUsersBody = await readJson(apiPage);
    expect(apiUsersBody).toHaveLength(7);
    expect(JSON.stringify(apiUsersBody)).not.toMatch(/password|scrypt/i);
  });

  it("lists customers for pickers, and the price tiers", async () => {
    const customers = await readJson(await api(apiCustomers.loader, "/api/admin/customers", "GET"));
    expect(customers.length).toBeGreaterThan(0);
    expect(customers.every((c: Record<string, unknown>) => Object.keys(c).sort().join() === "businessName,email,firstName,id,lastName")).toBe(true);
    const emails = customers.map((c: { email: string }) => c.email);
    expect(emails).toContain("buyer@example.com");
    expect(emails).not.toContain("admin@example.com");
    expect(emails).not.toContain("odd@example.com");

    const tiers = await readJson(await api(apiPriceTiers.loader, "/api/admin/price-tiers", "GET"));
    expect(tiers).toEqual([expect.objectContaining({ id: silverTierId, name: "Silver", discountPercentage: "10.00" })]);
  });
});
