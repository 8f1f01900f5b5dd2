import { useFetchers, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

/** A quick answer shows no bar; one that takes longer than this does. */
export const PROGRESS_DELAY_MS = 300;

/**
 * A slim bar across the top of the page while a navigation or a form submission (a page's or a
 * fetcher's) has been pending for more than 300 ms. It only exists with JavaScript: without it the
 * browser shows its own progress.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const pending = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state === "submitting");
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!pending) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), PROGRESS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pending]);

  if (!shown) return null;
  return (
    <div
      role="progressbar"
      aria-label={navigation.state === "submitting" || navigation.state === "idle" ? "Sending" : "Loading page"}
      aria-busy="true"
      data-testid="navigation-progress"
      className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-brand-100"
    >
      <div className="h-full w-1/3 animate-progress bg-brand-600 motion-reduce:w-full motion-reduce:animate-pulse" />
    </div>
  );
}
