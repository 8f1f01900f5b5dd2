import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { systemStatus } from "~/domain/system/system-status.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, onlyMethods } from "~/utils/http.server";

/**
 * GET /api/admin/system: the System page's figures as JSON: version, migrations {applied, known, latest,
 * pending}, startedAt, uptimeSeconds, processes {count, answeredBy}, database {file, bytes, walBytes}, disk
 * {folder, totalBytes, freeBytes, freePercent, low} (low below 10 %), replica ({configured: false, message} or
 * {configured: true, kind, target, lagSeconds, lastSnapshotAt, lastReplicatedAt, imagesWaiting, problem}), lastBackup {file, at, bytes} or null,
 * mail {outboxWaiting, smtp, failed, failedSince}, errors (the last 50 from the log, newest first). 401 signed
 * out, 403 not an admin. POST /api/admin/system/check runs the data checks.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  return json(await systemStatus(getDb()), { headers: { "Cache-Control": "private, no-store" } });
});

export const action = onlyMethods(["GET"]);
