import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { adminPageTitle } from "~/utils/company-brand";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { fileSize, mailTime, outboxAttachmentHref, outboxHref } from "~/components/admin/outbox-links";
import { openOutboxMail } from "~/domain/shared/outbox.server";
import { requireAdmin } from "~/utils/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: adminPageTitle(matches, `${data?.subject || "Email"} · Outbox`) }];

/** /admin/outbox/{id}: one mail to read. An id that is not a mail in the outbox is the back office's 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const mail = await openOutboxMail(params.id ?? "");
  if (!mail) throw new Response("Not Found", { status: 404 });
  return json(mail, { headers: { "Cache-Control": "private, no-store" } });
}

export default function OutboxMail() {
  const mail = useLoaderData<typeof loader>();
  const headers: [string, string | null][] = [
    ["From", mail.from],
    ["To", mail.to],
    ["Cc", mail.cc],
    ["Reply-To", mail.replyTo],
    ["Sent", mailTime(mail.sentAt)],
    ["Message-ID", mail.messageId],
  ];
  return (
    <div className="mx-auto max-w-4xl">
      <p className="mb-3 text-sm">
        <Link to={outboxHref()} className="font-semibold text-brand-700 hover:underline">
          ← Outbox
        </Link>
      </p>
      <PageHeader title={mail.subject || "(no subject)"} />
      <Panel className="p-4 sm:p-6">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          {headers
            .filter((entry): entry is [string, string] => Boolean(entry[1]))
            .map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-semibold text-slate-600">{label}</dt>
                <dd className="break-all text-slate-900">{value}</dd>
              </div>
            ))}
        </dl>
        {mail.attachments.length > 0 ? (
          <section aria-labelledby="attachments" className="mt-4 border-t border-slate-100 pt-4">
            <h2 id="attachments" className="text-sm font-semibold text-slate-700">
              Attachments
            </h2>
            <ul className="mt-2 space-y-1 text-sm">
              {mail.attachments.map((attachment) => (
                <li key={attachment.index}>
                  <a href={outboxAttachmentHref(mail.id, attachment.index)} download className="font-medium text-brand-700 hover:underline">
                    Download {attachment.filename}
                  </a>{" "}
                  <span className="text-slate-500">
                    ({attachment.contentType}, {fileSize(attachment.size)})
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="body" className="mt-4 border-t border-slate-100 pt-4">
          <h2 id="body" className="sr-only">
            Message
          </h2>
          <pre data-testid="mail-text" className="whitespace-pre-wrap break-words font-sans text-sm text-slate-900">
            {mail.text ?? mail.htmlAsText ?? "(no text)"}
          </pre>
        </section>
        {mail.text !== null && mail.htmlAsText !== null ? (
          <details className="mt-4 border-t border-slate-100 pt-4 text-sm">
            <summary className="cursor-pointer font-semibold text-slate-700">HTML version (shown as text)</summary>
            <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-slate-800">{mail.htmlAsText}</pre>
          </details>
        ) : null}
      </Panel>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
