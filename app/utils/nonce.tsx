/**
 * The per-request CSP nonce (made in server.ts, passed through Remix's load context): Remix's own inline
 * scripts carry it, so the Content-Security-Policy needs no 'unsafe-inline' for scripts. In the browser the
 * nonce is hidden from the DOM and not needed after hydration, so the context is empty there.
 */
import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
