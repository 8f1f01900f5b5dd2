/**
 * The back office's view of password-guessing holds: which accounts, browsers and client addresses are held
 * now, and lifting a hold (one, or all) when an admin knows the failures were their own people's. Lifting
 * is audited and runs once per idempotency key.
 */
import { recordAudit } from "~/domain/shared/audit.server";
import { pageOfRows, type Actor, type Page } from "~/domain/shared/record-store.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import { chunks } from "~/utils/chunks";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { fail, ok, type Result } from "~/utils/result";
import { bucketOfHoldId, describeBucket, holdId, type BucketKind } from "~/utils/sign-in-buckets";
import {
  allHeldBuckets,
  clearBuckets,
  countHeldBuckets,
  heldBucket,
  heldBuckets,
  type HeldBucket,
} from "~/utils/sign-in-limits.server";

export const SIGN_IN_HOLDS_PAGE_SIZE = 50;
export const HOLD_NOT_FOUND_MESSAGE = "That sign-in hold has already ended or been cleared.";

export type SignInHoldJson = {
  /** the hold's id in URLs (DELETE /api/admin/sign-in-holds/{id}) */
  id: string;
  bucket: string;
  kind: BucketKind;
  /** what is held, in words: "Unrecognised browsers for buyer@example.com" */
  label: string;
  /** the account it concerns; null for a client address */
  email: string | null;
  /** failed attempts within the window */
  failures: number;
  limit: number;
  lastFailureAt: string;
  heldUntil: string;
};

export function signInHoldJson(held: HeldBucket): SignInHoldJson {
  const { kind, label, email } = describeBucket(held.bucket);
  return {
    id: holdId(held.bucket),
    bucket: held.bucket,
    kind,
    label,
    email,
    failures: held.failures,
    limit: held.limit,
    lastFailureAt: new Date(held.lastFailureAt).toISOString(),
    heldUntil: new Date(held.heldUntil).toISOString(),
  };
}

/** The holds in force now, the most recently failed first, a page at a time. */
export function listSignInHolds(
  db: DB,
  requestedPage = 1,
  pageSize = SIGN_IN_HOLDS_PAGE_SIZE,
  now = Date.now(),
): Page<SignInHoldJson> {
  return pageOfRows(countHeldBuckets(db, now), requestedPage, pageSize, (limit, offset) =>
    heldBuckets(db, { limit, offset }, now).map(signInHoldJson),
  );
}

const storeSuccess = (result: Result<unknown>) => result.ok;

/** Lifts one hold: its failures are forgotten, so the next attempt is checked again. 404 when it is not held. */
export function clearSignInHold(
  db: DB,
  actor: Actor,
  id: string,
  key: string | null = null,
  now = Date.now(),
): Result<SignInHoldJson> {
  const bucket = bucketOfHoldId(id);
  if (!bucket) return fail(404, HOLD_NOT_FOUND_MESSAGE);
  return runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.signInHoldClear, id), key, command: { id } },
    (tx): Result<SignInHoldJson> => {
      const held = heldBucket(tx, bucket, now);
      if (!held) return fail(404, HOLD_NOT_FOUND_MESSAGE);
      clearBuckets(tx, [bucket]);
      const cleared = signInHoldJson(held);
      recordAudit(tx, {
        actorId: actor.id,
        action: "sign-in-hold.cleared",
        entityType: "sign_in_hold",
        entityId: bucket,
        details: { label: cleared.label, failures: cleared.failures, heldUntil: cleared.heldUntil },
      });
      return ok(cleared);
    },
    storeSuccess,
  ).result;
}

/** How many holds an audit record names one by one; past that it gives only the count. */
const AUDITED_BUCKETS = 50;

/** Lifts every hold in force now (0 when there were none). */
export function clearAllSignInHolds(
  db: DB,
  actor: Actor,
  key: string | null = null,
  now = Date.now(),
): Result<{ cleared: number }> {
  return runOnce(
    db,
    { ownerId: actor.id, scope: REPEAT_SCOPE.signInHoldClearAll, key, command: null },
    (tx): Result<{ cleared: number }> => {
      const buckets = allHeldBuckets(tx, now);
      if (buckets.length === 0) return ok({ cleared: 0 });
      for (const part of chunks(buckets, 500)) clearBuckets(tx, part);
      recordAudit(tx, {
        actorId: actor.id,
        action: "sign-in-hold.cleared-all",
        entityType: "sign_in_hold",
        entityId: null,
        details: { holds: buckets.length, buckets: buckets.slice(0, AUDITED_BUCKETS) },
      });
      return ok({ cleared: buckets.length });
    },
    storeSuccess,
  ).result;
}
