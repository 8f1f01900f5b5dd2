import type { LoaderFunctionArgs } from "@remix-run/node";
import { outboxAttachment } from "~/domain/shared/outbox.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * /admin/outbox/{id}/attachments/{index}: one attachment of a mail as a download, with its own media type
 * (application/pdf for an invoice) and file name. 404 when there is no such mail or attachment.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const index = Number(params.index);
  const attachment = Number.isSafeInteger(index) && index >= 0 ? await outboxAttachment(params.id ?? "", index) : null;
  if (!attachment) throw new Response("Not Found", { status: 404 });
  return new Response(new Uint8Array(attachment.content), {
    headers: {
      // a mail's attachment is never run as a page of this site, whatever its type says
      "Content-Type": /^[\w.+-]+\/[\w.+-]+$/.test(attachment.contentType) ? attachment.contentType : "application/octet-stream",
      "Content-Disposition": contentDisposition(attachment.filename),
      "Content-Length": String(attachment.size),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox",
      "Cache-Control": "private, no-store",
    },
  });
}

/** `attachment; filename="INV-2026-00001.pdf"`, with the UTF-8 name as well when it is not plain ASCII. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const utf8 = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return ascii === filename ? `attachment; filename="${ascii}"` : `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
