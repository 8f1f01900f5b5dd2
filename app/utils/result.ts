/**
 * What a use-case returns: a value, or a typed failure that both doors know how to answer
 * (the form shows the message on the field; the API answers {message, field} with the status).
 */
export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429;

export type Failure = {
  ok: false;
  status: FailureStatus;
  message: string;
  field?: string;
  /** seconds before trying again makes sense (429): answered as Retry-After */
  retryAfter?: number;
  /** more that the API answers beside message and field (a refused offline order's price and stock changes) */
  details?: { readonly [name: string]: unknown };
};
export type Success<T> = { ok: true; value: T };
export type Result<T> = Success<T> | Failure;

export function ok<T>(value: T): Success<T> {
  return { ok: true, value };
}

export function fail(status: FailureStatus, message: string, field?: string): Failure {
  return field ? { ok: false, status, message, field } : { ok: false, status, message };
}
