import { useMatches, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { importProgressPath, type ImportProgress, type ImportStage } from "~/domain/catalog/import-progress";
import { IMPORT_FAILED } from "~/domain/catalog/product.schema";

/** What the products action answers when it refuses the file (the form's errors and a notice). */
export type ImportReply = {
  result?: { status?: "error" | "success"; error?: Record<string, string[] | null> | null };
  notice?: { title: string; description?: string; variant?: "default" | "destructive" };
};

type Notice = { title: string; description: string; variant: "destructive" };

export type UploadState = { stage: "idle" } | ImportStage | { stage: "failed"; message: string; notice: Notice; reply?: ImportReply };

/** The failed state, with its notice made once (a notice shows again whenever it is a new object). */
const failed = (message: string, reply?: ImportReply): UploadState => ({
  stage: "failed",
  message,
  reply,
  notice: { title: IMPORT_FAILED, description: message, variant: "destructive" },
});

const POLL_MS = 700;
/** After the post lost its answer: how many polls may find nothing before the dialog says so. */
const UNANSWERED_POLLS_MAX = 25;

export const UPLOAD_INTERRUPTED =
  "The connection dropped while the file was being sent, so nothing was imported. Check your connection and press Import again.";
export const NO_ANSWER =
  "The file was sent but the server's answer did not arrive. Check your connection and press Import again: nothing is imported twice.";

/**
 * Posts the Import CSV form with XMLHttpRequest (fetch cannot report upload progress) to the page's own
 * action, as Remix's form would (`?_data=` the route), then polls the import's progress by its id (the
 * form's idempotency key) until the action answers. The action's redirect is followed with Remix's
 * navigate, so its notice and the result show as after a plain post. When the answer is lost (a flaky
 * connection) but the file got there, polling carries on and the page goes to the result when the
 * import is done; the key makes pressing Import again safe in every case.
 */
export function useImportUpload(resultHref: (importId: string) => string) {
  const navigate = useNavigate();
  // the products page renders this form: its route is the last match, and its action takes the post
  const routeId = useMatches().at(-1)?.id ?? "";
  const [state, setState] = useState<UploadState>({ stage: "idle" });
  const live = useRef({ active: false, poll: 0 as ReturnType<typeof setTimeout> | 0 });

  const stop = useCallback(() => {
    live.current.active = false;
    if (live.current.poll) clearTimeout(live.current.poll);
  }, []);
  useEffect(() => stop, [stop]);

  const start = useCallback(
    (formData: FormData, action: string) => {
      stop();
      const importId = String(formData.get("idempotencyKey") ?? "");
      const file = formData.get("file");
      const size = file instanceof File ? file.size : 0;
      const session = { active: true, poll: 0 as ReturnType<typeof setTimeout> | 0 };
      live.current = session;
      let uploaded = false;
      let answerLost = false;
      let unanswered = 0;
      const finish = (next: UploadState) => {
        session.active = false;
        if (session.poll) clearTimeout(session.poll);
        setState(next);
      };

      const poll = async () => {
        if (!session.active || !importId) return;
        let progress: ImportProgress | null = null;
        try {
          const response = await fetch(importProgressPath(importId), { headers: { Accept: "application/json" } });
          if (response.ok) progress = (await response.json()) as ImportProgress;
        } catch {
          // offline for a moment: ask again
        }
        if (!session.active) return;
        if (progress) {
          uploaded = true;
          unanswered = 0;
          setState({ stage: "server", progress });
          if (answerLost && progress.phase === "done") {
            finish({ stage: "server", progress });
            navigate(resultHref(importId));
            return;
          }
          if (answerLost && progress.phase === "failed") return finish(failed(progress.message ?? NO_ANSWER));
        } else if (answerLost && ++unanswered >= UNANSWERED_POLLS_MAX) {
          return finish(failed(NO_ANSWER));
        }
        session.poll = setTimeout(poll, POLL_MS);
      };

      const url = new URL(action, window.location.href);
      url.searchParams.set("_data", routeId);
      const xhr = new XMLHttpRequest();
      xhr.open("POST", url.pathname + url.search);
      xhr.upload.onprogress = (event) => {
        if (session.active) setState({ stage: "uploading", sent: event.loaded, size: event.lengthComputable ? event.total : size });
      };
      xhr.upload.onload = () => {
        if (!session.active) return;
        uploaded = true;
        setState((current) => (current.stage === "server" ? current : { stage: "server", progress: null }));
      };
      xhr.onload = () => {
        if (!session.active) return;
        const redirect = xhr.getResponseHeader("X-Remix-Redirect");
        if (redirect) {
          finish({ stage: "server", progress: { phase: "done", done: 1, total: 1, created: 0, updated: 0, rowErrors: 0 } });
          navigate(redirect);
          return;
        }
        let reply: ImportReply & { message?: string } = {};
        try {
          reply = JSON.parse(xhr.responseText);
        } catch {
          // not JSON: a proxy's page
        }
        const message = reply.notice?.description ?? reply.message ?? `The server answered ${xhr.status}. Try again.`;
        finish(failed(message, reply));
      };
      xhr.onerror = () => {
        if (!session.active) return;
        if (uploaded) {
          // the file got there: the import may well be running, so keep asking how it goes
          answerLost = true;
          return;
        }
        finish(failed(UPLOAD_INTERRUPTED));
      };
      setState({ stage: "uploading", sent: 0, size });
      xhr.send(formData);
      // polled from the start: some browsers (and proxies that take the whole body first) never report the upload's end
      session.poll = setTimeout(poll, POLL_MS);
    },
    [navigate, resultHref, routeId, stop],
  );

  return { state, start };
}
