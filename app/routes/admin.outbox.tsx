import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { adminPageTitle } from "~/utils/company-brand";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { DataTable, EmptyRow, Identifier, tdClass, thClass } from "~/components/admin/data-table";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { listOutboxMail } from "~/domain/shared/outbox.server";
import { requireAdmin } from "~/utils/auth.server";
import { fileSize, mailTime, outboxAttachmentHref, outboxHref, outboxMailHref, pageParam } from "~/components/admin/outbox-links";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Outbox") }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json(await listOutboxMail(pageParam(request)), { headers: { "Cache-Control": "private, no-store" } });
}

export default function Outbox() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Outbox"
        description="Every email the shop has sent while no mail server is set up (SMTP_URL), newest first, with its attachments."
      />
      <Panel>
        <DataTable caption="Emails in the outbox, newest first" minWidth="44rem">
          <thead>
            <tr>
              <th scope="col" className={thClass}>Sent</th>
              <th scope="col" className={thClass}>To</th>
              <th scope="col" className={thClass}>Subject</th>
              <th scope="col" className={thClass}>Attachments</th>
            </tr>
          </thead>
          <tbody>
            {data.items.length === 0 ? (
              <EmptyRow colSpan={4}>No emails have been written to the outbox yet.</EmptyRow>
            ) : (
              data.items.map((mail) => (
                <tr key={mail.id} data-testid="outbox-mail" className="hover:bg-slate-50">
                  <td className={`${tdClass} whitespace-nowrap tabular-nums`}>{mailTime(mail.sentAt)}</td>
                  <td className={tdClass}>
                    <Identifier value={mail.to} />
                    {mail.cc ? <Identifier prefix="Cc" value={mail.cc} className="text-xs text-slate-500" /> : null}
                  </td>
                  <td className={tdClass}>
                    <Link to={outboxMailHref(mail.id)} className="font-medium text-brand-700 hover:underline">
                      {mail.subject || "(no subject)"}
                    </Link>
                  </td>
                  <td className={tdClass}>
                    {mail.attachments.length === 0 ? (
                      <span className="text-slate-500">None</span>
                    ) : (
                      <ul className="space-y-0.5">
                        {mail.attachments.map((attachment) => (
                          <li key={attachment.index}>
                            <a href={outboxAttachmentHref(mail.id, attachment.index)} className="text-brand-700 hover:underline" download>
                              {attachment.filename}
                            </a>{" "}
                            <span className="text-xs text-slate-500">({fileSize(attachment.size)})</span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </DataTable>
        <AdminPagination page={data.page} pageCount={data.pageCount} total={data.total} noun={["email", "emails"]} hrefFor={outboxHref} />
      </Panel>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
