/** The outbox screens' addresses and how they show a time and a size (browser-safe). */
import { requestedPage } from "~/utils/paging";
import { formatUkDateTime } from "~/utils/uk-time";
const PATH = "/admin/outbox";

export const outboxHref = (page = 1) => (page > 1 ? `${PATH}?page=${page}` : PATH);
export const outboxMailHref = (id: string) => `${PATH}/${id}`;
export const outboxAttachmentHref = (id: string, index: number) => `${PATH}/${id}/attachments/${index}`;

/** `?page=`: a whole number from 1, else 1. */
export function pageParam(request: Request): number {
  return requestedPage(new URL(request.url).searchParams.get("page"));
}

/** "31 Jan 2026, 17:45" in UK time, the same on the server and in the browser. */
export const mailTime: (iso: string) => string = formatUkDateTime;

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
