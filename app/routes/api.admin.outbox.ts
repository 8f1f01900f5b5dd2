import type { LoaderFunctionArgs } from "@remix-run/node";
import { listOutboxMail, type OutboxListItem } from "~/domain/shared/outbox.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { apiRoute, onlyMethods, pagedJsonResponse } from "~/utils/http.server";
import { outboxAttachmentHref, pageParam } from "~/components/admin/outbox-links";

/**
 * GET /api/admin/outbox?page=N: the mails written to the outbox (no SMTP server set), newest first, 25 a page,
 * as [{id, to, cc, subject, sentAt, size, attachments: [{index, filename, contentType, size, url}]}] with
 * X-Total-Count, X-Page, X-Page-Size and X-Page-Count. A page past the end answers the last. 401 signed out,
 * 403 not an admin.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  return pagedJsonResponse(await listOutboxMail(pageParam(request)), outboxJson);
});

function outboxJson(mail: OutboxListItem) {
  return {
    ...mail,
    attachments: mail.attachments.map((attachment) => ({ ...attachment, url: outboxAttachmentHref(mail.id, attachment.index) })),
  };
}

export const action = onlyMethods(["GET"]);
