import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and in the hydrating render; true once React has hydrated the page, and from the
 * first render of anything mounted after that (no banner-then-toast flash on client navigations).
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
