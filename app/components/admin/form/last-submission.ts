import type { SubmissionResult } from "@conform-to/react";

/**
 * What a form without client state (it must work without JavaScript) needs from the action's last reply:
 * the values as they were sent, each field's errors, and a field's sent text (or `fallback`).
 */
export function lastSubmission(lastResult?: SubmissionResult<string[]>) {
  const submitted = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  const errors = (lastResult?.error ?? {}) as Record<string, string[] | null>;
  return {
    submitted,
    errorOf: (name: string) => errors[name] ?? undefined,
    value: (name: string, fallback = "") => (typeof submitted[name] === "string" ? (submitted[name] as string) : fallback),
  };
}
