/**
 * The answers of a screen's form action when the form must show again: its validation errors (400), or the
 * use-case's refusal (its status) on the field it concerns. A success answers with `redirectWithToast`.
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { json } from "@remix-run/node";
import crypto from "node:crypto";
import type { Failure } from "~/utils/result";
import type { Toast } from "~/utils/session.server";
import { errorToast } from "~/utils/toast.server";

export type FormActionData = {
  intent: string;
  result: SubmissionResult<string[]>;
  toast?: Toast;
  /** changes with every answer, so the same notice shows again */
  attempt: string;
};

/** What a reply must not send back: `hideFields` (passwords) are never filled in again. */
export type ReplyOptions = { hideFields?: string[] };

/** The form's own validation failed: show its errors, change nothing. */
export function invalidReply<Value>(intent: string, submission: Submission<Value>, { hideFields }: ReplyOptions = {}) {
  return json<FormActionData>(
    { intent, result: submission.reply({ hideFields }), attempt: crypto.randomUUID() },
    { status: 400 },
  );
}

/** A use-case's refusal as the form's errors: on its field when the form has that field, else on the form. */
export function failureResult<Value>(
  submission: Submission<Value>,
  failure: Failure,
  fields: readonly string[],
  { hideFields }: ReplyOptions = {},
) {
  const onField = failure.field && fields.includes(failure.field) ? failure.field : null;
  return onField
    ? submission.reply({ fieldErrors: { [onField]: [failure.message] }, hideFields })
    : submission.reply({ formErrors: [failure.message], hideFields });
}

/** The use-case refused: the message on its field when the form has it, else on the form, plus a notice. */
export function failureReply<Value>(
  intent: string,
  submission: Submission<Value>,
  failure: Failure,
  fields: readonly string[],
  toast: Toast = errorToast(failure.message),
  options: ReplyOptions = {},
) {
  const result = failureResult(submission, failure, fields, options);
  const headers = failure.retryAfter !== undefined ? { "Retry-After": String(failure.retryAfter) } : undefined;
  return json<FormActionData>({ intent, result, toast, attempt: crypto.randomUUID() }, { status: failure.status, headers });
}
