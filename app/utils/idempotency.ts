/** The hidden form field that carries a server-issued idempotency key (browser-safe; see idempotency.server.ts). */
export const IDEMPOTENCY_FIELD = "idempotencyKey";
