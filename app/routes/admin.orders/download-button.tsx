import { useState, type MouseEvent } from "react";
import { Button } from "~/components/ui/button";
import type { Toast } from "~/utils/session.server";

/**
 * Export CSV and Picking List. Without JavaScript the button submits the bulk form (ticked boxes, `all` and
 * the list's `filter`) as a GET to the screen's CSV route (the browser downloads the file). With JavaScript
 * it fetches the API's CSV for the same selection, saves it and says so with the spec's notice, or shows
 * the server's reason.
 */
export function DownloadButton({
  downloadQuery,
  label,
  pendingLabel,
  pagePath,
  apiPath,
  done,
  onNotice,
}: {
  /** the selection as a query string: `ids=1,2` or the list's filter */
  downloadQuery: () => string;
  label: string;
  pendingLabel: string;
  pagePath: string;
  apiPath: string;
  done: (count: number) => Toast;
  onNotice: (notice: { toast: Toast; attempt: number }) => void;
}) {
  const [busy, setBusy] = useState(false);
  const notify = (toast: Toast) => onNotice({ toast, attempt: Date.now() });

  async function download(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    const query = downloadQuery();
    setBusy(true);
    try {
      const response = await fetch(query ? `${apiPath}?${query}` : apiPath, { credentials: "same-origin" });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null;
        return notify({ title: "Error", description: body?.message ?? `${label} failed`, variant: "destructive" });
      }
      const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "export.csv";
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
      notify(done(Number(response.headers.get("X-Export-Count") ?? 0)));
    } catch {
      notify({
        title: "Error",
        description: `${label} failed. Check your connection and try again.`,
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button type="submit" variant="secondary" formMethod="get" formAction={pagePath} onClick={download} disabled={busy}>
      {busy ? pendingLabel : label}
    </Button>
  );
}
