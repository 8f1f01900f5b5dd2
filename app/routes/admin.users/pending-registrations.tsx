import { Form, Link, useNavigation } from "@remix-run/react";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { Badge } from "~/components/admin/badge";
import { HiddenFields } from "~/components/admin/form/form-bits";
import { Panel } from "~/components/admin/page-header";
import { formatOrderDate } from "~/components/orders/format";
import { Button } from "~/components/ui/button";
import type { AdminUserJson } from "~/domain/users/users.server";
import { personName, usersHref, type UsersListState } from "./users-href";

const rejectLinkClass =
  "inline-flex items-center justify-center rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-700 shadow-sm hover:bg-red-50";

export type HeldCounts = { today: number; total: number };

/** Self-registered customers waiting for approval, each with Approve (a post) and Reject (asks first). */
export function PendingApprovals({
  pending,
  held,
  list,
  hidden,
}: {
  pending: AdminUserJson[];
  held: HeldCounts;
  list: UsersListState;
  hidden: Record<string, string>;
}) {
  return (
    <Panel title={<CountedTitle label="Pending Approvals" count={pending.length} noun="pending" />}>
      {pending.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-500">No registrations are waiting for approval.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Registrations awaiting approval">
          {pending.map((user) => (
            <Registration key={user.id} user={user} list={list} hidden={hidden} testId="pending-user" />
          ))}
        </ul>
      )}
      {held.total > 0 ? (
        <p className="border-t border-slate-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="held-sign-ups-line">
          {held.today > 0
            ? `${held.today} further ${held.today === 1 ? "sign-up" : "sign-ups"} today ${held.today === 1 ? "was" : "were"} held back as likely automated${held.total > held.today ? ` (${held.total} in all)` : ""}. `
            : `${held.total} earlier ${held.total === 1 ? "sign-up was" : "sign-ups were"} held back as likely automated. `}
          <Link to={usersHref({ ...list, pending: "held", heldPage: 1 })} className="font-semibold underline">
            Review held-back sign-ups
          </Link>
        </p>
      ) : null}
    </Panel>
  );
}

/**
 * The sign-ups held back from the queue (?pending=held), newest first: Approve one that is real, or reject
 * them all (asks first, ?rejectHeld=1).
 */
export function HeldSignUps({
  held,
  list,
  hidden,
}: {
  held: { items: AdminUserJson[]; total: number; page: number; pageCount: number };
  list: UsersListState;
  hidden: Record<string, string>;
}) {
  const queueHref = usersHref({ ...list, pending: undefined, heldPage: undefined });
  return (
    <Panel
      title={<CountedTitle label="Held-back sign-ups" count={held.total} noun="held back" />}
      actions={
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <Link to={queueHref} className="font-medium text-brand-700 hover:underline">
            Back to the approval queue
          </Link>
          {held.total > 0 ? (
            <Link to={usersHref(list, { rejectHeld: "1" })} preventScrollReset className={rejectLinkClass}>
              Reject all {held.total}
            </Link>
          ) : null}
        </div>
      }
    >
      <p className="px-4 pt-3 text-sm text-slate-600">
        Sign-ups beyond the day&apos;s share of the approval queue, kept apart as likely automated. They can sign in and
        browse at list prices like any pending customer. Approve one that is real; reject the rest together.
      </p>
      {held.items.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-500">No sign-ups are held back.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Sign-ups held back as likely automated">
          {held.items.map((user) => (
            <Registration key={user.id} user={user} list={list} hidden={hidden} testId="held-user" />
          ))}
        </ul>
      )}
      <AdminPagination
        page={held.page}
        pageCount={held.pageCount}
        total={held.total}
        noun={["held sign-up", "held sign-ups"]}
        hrefFor={(heldPage) => usersHref({ ...list, heldPage })}
      />
    </Panel>
  );
}

function CountedTitle({ label, count, noun }: { label: string; count: number; noun: string }) {
  return (
    <span className="flex items-center gap-2">
      {label}
      <Badge tone={count > 0 ? "warning" : "neutral"}>
        <span aria-label={`${count} ${noun}`}>{count}</span>
      </Badge>
    </span>
  );
}

/** One registration: who, their business and contact details, when they signed up, Approve and Reject. */
function Registration({
  user,
  list,
  hidden,
  testId,
}: {
  user: AdminUserJson;
  list: UsersListState;
  hidden: Record<string, string>;
  testId: string;
}) {
  const navigation = useNavigation();
  const approving =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "approve" && navigation.formData.get("id") === user.id;
  return (
    <li data-testid={testId} className="flex flex-col gap-3 px-4 py-4 lg:flex-row lg:items-center lg:justify-between">
      <dl className="grid flex-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2 xl:grid-cols-3">
        <div>
          <dt className="sr-only">Name</dt>
          <dd className="font-semibold text-slate-900">{personName(user) || "-"}</dd>
        </div>
        <div>
          <dt className="sr-only">Business</dt>
          <dd className="text-slate-700">{user.businessName || "-"}</dd>
        </div>
        <div>
          <dt className="sr-only">Email</dt>
          <dd className="break-all text-slate-700">{user.email}</dd>
        </div>
        <div>
          <dt className="inline text-slate-500">Phone: </dt>
          <dd className="inline text-slate-700">{user.phone || "-"}</dd>
        </div>
        <div>
          <dt className="inline text-slate-500">VAT number: </dt>
          <dd className="inline text-slate-700">{user.vatNumber || "-"}</dd>
        </div>
        <div>
          <dt className="inline text-slate-500">Signed up: </dt>
          <dd className="inline text-slate-700">{formatOrderDate(user.createdAt)}</dd>
        </div>
      </dl>
      <div className="flex shrink-0 gap-2">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="approve" />
          <input type="hidden" name="id" value={user.id} />
          <HiddenFields values={hidden} />
          <Button type="submit" className="px-3 py-1.5" disabled={approving} aria-label={`Approve ${user.email}`}>
            {approving ? "Approving..." : "Approve"}
          </Button>
        </Form>
        <Link
          to={usersHref(list, { reject: user.id })}
          preventScrollReset
          aria-label={`Reject ${user.email}`}
          className={rejectLinkClass}
        >
          Reject
        </Link>
      </div>
    </li>
  );
}
