import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { secondaryLinkClass } from "~/components/admin/form/form-bits";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { StatCard } from "~/components/admin/stat-card";
import { Button } from "~/components/ui/button";
import { readCheckRun, runDataCheck } from "~/domain/system/data-checks.server";
import { systemStatus } from "~/domain/system/system-status.server";
import { requireAdmin } from "~/utils/auth.server";
import { adminPageTitle } from "~/utils/company-brand";
import { getDb } from "~/utils/db.server";
import { CheckResults, RecentErrors, ReplicaNote, StorageFigures, systemAge } from "./parts";
import { formatUkDateTime } from "~/utils/uk-time";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "System") }];

const PATH = "/admin/system";

/** The box's health; `?check=<id>` adds the results of a data check run from this page. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const checkId = new URL(request.url).searchParams.get("check");
  return json(
    { status: await systemStatus(getDb()), check: checkId ? readCheckRun(checkId) : null, checkAsked: Boolean(checkId) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** "Check the data": runs the checks, then shows their results at an address of their own (Post/Redirect/Get). */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const run = runDataCheck(getDb(), admin);
  return redirect(`${PATH}?check=${run.id}#data-check`);
}

export default function SystemPage() {
  const { status, check, checkAsked } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const checking = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST" && navigation.formAction === PATH;
  const pending = status.migrations.pending.length;
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title="System"
        description="Is the box well: the server, the database and its copies, mail, and the latest errors from the log."
        actions={
          <Link to="/admin/outbox" className={secondaryLinkClass}>
            Outbox
          </Link>
        }
      />

      <Panel title="Server">
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="system-server">
          <StatCard label="Version" value={status.version} note="of the code running now" />
          <StatCard
            label="Migrations applied"
            value={`${status.migrations.applied} of ${status.migrations.known}`}
            note={pending > 0 ? `${pending} not applied: ${status.migrations.pending.join(", ")}` : status.migrations.latest ?? "none"}
            tone={pending > 0 ? "warning" : "default"}
          />
          <StatCard label="Up for" value={systemAge(status.startedAt, status.checkedAt)} note={`since ${formatUkDateTime(status.startedAt)}`} />
          <StatCard
            label="Server processes"
            value={status.processes.count}
            note={`this page from process ${status.processes.answeredBy}`}
          />
        </dl>
      </Panel>

      <StorageFigures status={status} />

      <Panel title="Copies of the data">
        <dl className="grid gap-4 sm:grid-cols-2" data-testid="system-copies">
          <ReplicaNote replica={status.replica} />
          <StatCard
            label="Last backup"
            value={status.lastBackup ? systemAge(status.lastBackup.at, status.checkedAt) + " ago" : "None"}
            note={status.lastBackup ? status.lastBackup.file : "No backup in the backups folder yet: run npm run backup."}
            tone={status.lastBackup ? "default" : "warning"}
          />
        </dl>
      </Panel>

      <Panel title="Mail">
        <dl className="grid gap-4 sm:grid-cols-2" data-testid="system-mail">
          <StatCard
            label="Waiting in the outbox"
            value={status.mail.outboxWaiting}
            note={
              status.mail.smtp
                ? "Mail goes to the mail server (SMTP_URL); these were written before it was set."
                : "No mail server is set (SMTP_URL): mail is written to the outbox instead of being sent."
            }
            tone={status.mail.outboxWaiting > 0 && !status.mail.smtp ? "warning" : "default"}
          />
          <StatCard
            label="Mails failed"
            period="7 days"
            value={status.mail.failed}
            note="Could not be sent or written (from the log)."
            tone={status.mail.failed > 0 ? "danger" : "default"}
          />
        </dl>
      </Panel>

      <Panel title="Check the data" className="scroll-mt-4">
        <div id="data-check" className="space-y-4">
          <p className="text-sm text-slate-600">
            Runs SQLite&apos;s integrity check of the file and checks that every product&apos;s stock equals its stock movements, every
            journal balances and the search indexes match the products and the orders. It reads the whole database: on a large one it takes a while.
          </p>
          <Form method="post" action={PATH}>
            <Button type="submit" disabled={checking}>
              {checking ? "Checking..." : "Check the data"}
            </Button>
          </Form>
          {check ? <CheckResults run={check} /> : checkAsked ? <p className="text-sm text-slate-600">Those results are no longer kept: run the check again.</p> : null}
        </div>
      </Panel>

      <RecentErrors errors={status.errors} folder={status.logFolder} />
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
