import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type PointerEvent,
  type ReactNode,
} from "react";
import { isConnectionLost } from "~/utils/connection";
import type { Toast } from "~/utils/session.server";
import { useHydrated } from "./use-hydrated";
import { isToastHotkey, swipeDismisses, swipeOffset, TOAST_DURATION_MS, TOAST_REGION_LABEL } from "./toast-rules";

export { TOAST_DURATION_MS };

type Show = (toast: Toast) => void;
const ShowToast = createContext<Show | null>(null);

/**
 * The page's notifications: one toast at a time (a new one replaces the one showing), each for 5 s (held
 * while the pointer or focus is on it), dismissed with its × button or a swipe of 50 px to the right. The
 * region is a labelled landmark, always there once the page is hydrated, and F8 moves focus to it.
 * Without JavaScript there is no region: each `ToastNotice` is a banner where it stands.
 */
export function ToastRegion({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const [current, setCurrent] = useState<{ toast: Toast; id: number } | null>(null);
  const region = useRef<HTMLElement>(null);
  const counter = useRef(0);
  const show = useCallback<Show>((toast) => setCurrent({ toast, id: ++counter.current }), []);
  const dismiss = useCallback(() => setCurrent(null), []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isToastHotkey(event)) return;
      event.preventDefault();
      region.current?.focus();
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <ShowToast.Provider value={hydrated ? show : null}>
      {children}
      {hydrated ? (
        <section
          ref={region}
          aria-label={TOAST_REGION_LABEL}
          tabIndex={-1}
          className="pointer-events-none fixed bottom-0 right-0 z-50 w-full p-4 outline-none md:max-w-[420px]"
        >
          {current ? (
            <ToastCard key={current.id} toast={current.toast} onDismiss={dismiss} />
          ) : null}
        </section>
      ) : null}
    </ShowToast.Provider>
  );
}

function toneOf(toast: Toast) {
  return toast.variant === "destructive"
    ? "border-red-300 bg-red-50 text-red-900"
    : "border-emerald-300 bg-emerald-50 text-emerald-900";
}

function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const [held, setHeld] = useState(false);
  const [offset, setOffset] = useState(0);
  const startX = useRef<number | null>(null);

  useEffect(() => {
    if (held) return;
    const timer = window.setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [held, onDismiss]);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0 || (event.target as HTMLElement).closest("button")) return;
    startX.current = event.clientX;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (startX.current !== null) setOffset(swipeOffset(startX.current, event.clientX));
  }
  function onPointerEnd(event: PointerEvent<HTMLDivElement>) {
    if (startX.current === null) return;
    const dismissed = event.type === "pointerup" && swipeDismisses(startX.current, event.clientX);
    startX.current = null;
    if (dismissed) onDismiss();
    else setOffset(0);
  }

  return (
    <div
      role={toast.variant === "destructive" ? "alert" : "status"}
      data-testid="toast"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.3, 1 - offset / 200) } : undefined}
      className={`pointer-events-auto flex touch-pan-y select-none items-start gap-3 rounded-md border px-4 py-3 shadow-lg ${toneOf(toast)}`}
    >
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="text-sm">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        className="rounded px-1 text-lg leading-none opacity-70 hover:opacity-100"
        aria-label="Dismiss notification"
      >
        ×
      </button>
    </div>
  );
}

/**
 * A notice to show. Once hydrated it goes to the page's one toast region (replacing any toast showing);
 * without JavaScript, and in the first render, it is a banner where it stands.
 */
export function ToastNotice({ toast }: { toast: Toast | null | undefined }) {
  const show = useContext(ShowToast);
  useEffect(() => {
    if (toast && show) show(toast);
  }, [toast, show]);

  if (!toast || show) return null;
  return (
    <div
      role={toast.variant === "destructive" ? "alert" : "status"}
      data-testid="toast"
      className={`mx-auto mt-4 flex max-w-7xl items-start gap-3 rounded-md border px-4 py-3 ${toneOf(toast)}`}
    >
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="text-sm">{toast.description}</p> : null}
      </div>
    </div>
  );
}

/** The notice of a form whose request was lost (`ConnectionLost` action or fetcher data), if it was. */
export function ConnectionLostNotice({ data }: { data: unknown }) {
  return isConnectionLost(data) ? <ToastNotice key={data.attempt} toast={data.notice} /> : null;
}
