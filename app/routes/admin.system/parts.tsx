import { Badge } from "~/components/admin/badge";
import { DataTable, EmptyRow, tdClass, thClass } from "~/components/admin/data-table";
import { fileSize, mailTime } from "~/components/admin/outbox-links";
import { Panel } from "~/components/admin/page-header";
import { StatCard } from "~/components/admin/stat-card";
import type { DataCheckRun } from "~/domain/system/data-checks.server";
import type { LoggedError } from "~/domain/system/log-reader.server";
import type { ReplicaStatus } from "~/utils/replica.server";
import type { SystemStatus } from "~/domain/system/system-status.server";

/** "3 days 4 h", "2 h 5 min", "40 s": how long from one moment to another. */
export function systemAge(fromIso: string, toIso: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 1000));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days} ${days === 1 ? "day" : "days"} ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min`;
  return `${seconds} s`;
}

/** The database, its WAL and the disk under them; a warning when the disk is nearly full. */
export function StorageFigures({ status }: { status: SystemStatus }) {
  const disk = status.disk;
  return (
    <Panel title="Storage">
      {disk?.low ? (
        <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="disk-warning">
          <strong>The disk is nearly full:</strong> {disk.freePercent}% free ({fileSize(disk.freeBytes)}). When it fills, orders cannot be
          saved. Free some space or move the data folder ({disk.folder}) to a larger disk.
        </p>
      ) : null}
      <dl className="grid gap-4 sm:grid-cols-3" data-testid="system-storage">
        <StatCard label="Database" value={fileSize(status.database.bytes)} note={status.database.file} />
        <StatCard label="Write-ahead log (WAL)" value={fileSize(status.database.walBytes)} note="Changes not yet folded into the database file." />
        <StatCard
          label="Free disk space"
          value={disk ? `${disk.freePercent}%` : "Unknown"}
          note={disk ? `${fileSize(disk.freeBytes)} free of ${fileSize(disk.totalBytes)} (${disk.folder})` : "The disk could not be read."}
          tone={disk?.low ? "danger" : "default"}
        />
      </dl>
    </Panel>
  );
}

/** The continuous replica (server/replica-status.ts): where, how far behind, the last good snapshot. */
export function ReplicaNote({ replica }: { replica: ReplicaStatus }) {
  if (!replica.configured) {
    return (
      <StatCard
        label="Copy off this disk"
        value={<span className="text-base">{replica.message}</span>}
        note="Set REPLICA_URL in .env to a folder on a second disk, a NAS share or an s3:// bucket, and restart: every change is then copied there within a second."
        tone="warning"
      />
    );
  }
  const lag = replica.lagSeconds === null ? "Lag not known" : replica.lagSeconds === 0 ? "Up to date" : `${replica.lagSeconds} s behind`;
  const snapshot = replica.lastSnapshotAt ? `last good snapshot ${mailTime(replica.lastSnapshotAt)}` : "no snapshot yet";
  const images = replica.imagesWaiting ? `; ${replica.imagesWaiting} product ${replica.imagesWaiting === 1 ? "image" : "images"} still to copy` : "";
  return (
    <StatCard
      label="Copy off this disk (replica)"
      value={lag}
      note={`${replica.target}: ${snapshot}${images}.${replica.problem ? ` ${replica.problem}` : ""}`}
      tone={replica.problem ? "danger" : "default"}
    />
  );
}

export function CheckResults({ run }: { run: DataCheckRun }) {
  return (
    <div data-testid="check-results">
      <p className="mb-2 text-sm text-slate-700">
        {run.ok ? <Badge tone="success">All checks passed</Badge> : <Badge tone="danger">Problems found</Badge>}{" "}
        Checked {mailTime(run.ranAt)}.
      </p>
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
        {run.checks.map((check) => (
          <li key={check.key} className="px-3 py-2 text-sm" data-testid={`check-${check.key}`}>
            <div className="flex flex-wrap items-baseline gap-2">
              <Badge tone={check.ok ? "success" : "danger"}>{check.ok ? "OK" : "Failed"}</Badge>
              <span className="font-medium text-slate-900">{check.label}</span>
              <span className="text-slate-600">{check.summary}</span>
              <span className="text-xs text-slate-500">{check.durationMs} ms</span>
            </div>
            {check.problems.length > 0 ? (
              <ul className="mt-1 list-disc pl-6 text-slate-700">
                {check.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
                {check.problemCount > check.problems.length ? <li>and {check.problemCount - check.problems.length} more</li> : null}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function RecentErrors({ errors, folder }: { errors: LoggedError[]; folder: string }) {
  return (
    <Panel title="Latest errors">
      <p className="mb-3 text-sm text-slate-600">
        The last 50 errors at most, from the log in {folder}, newest first. The reference a customer quotes from an error page is
        here.
      </p>
      <DataTable caption="The latest errors in the log, newest first" minWidth="44rem">
        <thead>
          <tr>
            <th scope="col" className={thClass}>When</th>
            <th scope="col" className={thClass}>Reference</th>
            <th scope="col" className={thClass}>What failed</th>
          </tr>
        </thead>
        <tbody>
          {errors.length === 0 ? (
            <EmptyRow colSpan={3}>No errors in the log.</EmptyRow>
          ) : (
            errors.map((error, index) => (
              <tr key={`${error.time}-${index}`} data-testid="log-error" className="hover:bg-slate-50">
                <td className={`${tdClass} whitespace-nowrap tabular-nums`}>{error.time ? mailTime(error.time) : "Unknown"}</td>
                <td className={`${tdClass} font-mono text-xs`}>{error.reqId ?? "—"}</td>
                <td className={tdClass}>
                  <span className="font-medium">{error.message}</span>
                  {error.error?.message && error.error.message !== error.message ? (
                    <span className="block text-slate-600">{error.error.message}</span>
                  ) : null}
                  {error.error?.stack ? (
                    <details className="mt-1">
                      <summary className="cursor-pointer text-xs text-brand-700">Stack</summary>
                      <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-all text-xs text-slate-700">{error.error.stack}</pre>
                    </details>
                  ) : null}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </DataTable>
    </Panel>
  );
}
