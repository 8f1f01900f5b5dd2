import { useState, type MouseEvent, type RefObject } from "react";
import { Button } from "~/components/ui/button";
import { BULK_NO_ORDERS_MESSAGE } from "~/domain/orders/order-list.schema";
import type { Toast } from "~/utils/session.server";

/**
 * Export CSV and Picking List. Without JavaScript the button submits the ticked boxes as a GET to the
 * screen's CSV route (the browser downloads the file). With JavaScript it fetches the API's CSV, saves it
 * and says so with the spec's notice, or shows the server's reason.
 */
export function DownloadButton({
  formRef,
  label,
  pendingLabel,
  pagePath,
  apiPath,
  done,
  onNotice,
}: {
  formRef: RefObject<HTMLFormElement>;
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
    const ids = [...(formRef.current?.querySelectorAll<HTMLInputElement>('input[name="ids"]:checked') ?? [])].map(
      (box) => box.value,
    );
    if (ids.length === 0)
      return notify({ title: "Error", description: BULK_NO_ORDERS_MESSAGE, variant: "destructive" });
    setBusy(true);
    try {
      const response = await fetch(`${apiPath}?ids=${ids.join(",")}`, { credentials: "same-origin" });
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
      notify(done(Number(response.headers.get("X-Export-Count") ?? ids.length)));
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
