import type { SubmissionResult } from "@conform-to/react";
import {
  json,
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import {
  CSV_FILE_TOO_LARGE,
  CSV_UPLOAD_INTENT,
  MAX_CSV_BYTES,
  QUICK_ENTRY_INTENT,
  QUICK_ENTRY_TOO_LONG,
} from "~/domain/cart/quick-order.schema";
import { readBodyText } from "~/utils/http.server";

export type ActionData = { intent: typeof QUICK_ENTRY_INTENT | typeof CSV_UPLOAD_INTENT; result: SubmissionResult<string[]> };

/** A textarea at the line limit is about 200 KB; a form post larger than this is refused unread. */
const MAX_FORM_BYTES = 1024 * 1024;
/** The file's own limit plus room for the multipart envelope and the other fields. */
const MAX_UPLOAD_BYTES = MAX_CSV_BYTES + 64 * 1024;

type ReadForm = { formData: FormData } | { tooLarge: ActionData["intent"] };

/** Reads the post, never more than its limit: a CSV upload (multipart) or a plain form (urlencoded). */
export async function readForm(request: Request): Promise<ReadForm> {
  const type = request.headers.get("Content-Type") ?? "";
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (type.startsWith("multipart/form-data")) {
    if (declared > MAX_UPLOAD_BYTES) return { tooLarge: CSV_UPLOAD_INTENT };
    try {
      const formData = await unstable_parseMultipartFormData(
        request,
        unstable_createMemoryUploadHandler({ maxPartSize: MAX_CSV_BYTES }),
      );
      return { formData };
    } catch (error) {
      if (error instanceof MaxPartSizeExceededError) return { tooLarge: CSV_UPLOAD_INTENT };
      return { formData: new FormData() };
    }
  }
  try {
    const text = await readBodyText(request, MAX_FORM_BYTES);
    const formData = new FormData();
    for (const [name, value] of new URLSearchParams(text)) formData.append(name, value);
    return { formData };
  } catch (error) {
    if (error instanceof Response && error.status === 413) return { tooLarge: QUICK_ENTRY_INTENT };
    throw error;
  }
}

/** A form the server refused before reading it: the message goes under the field, like any other. */
export function tooLargeReply(intent: ActionData["intent"]) {
  const field = intent === CSV_UPLOAD_INTENT ? "file" : "lines";
  const message = intent === CSV_UPLOAD_INTENT ? CSV_FILE_TOO_LARGE : QUICK_ENTRY_TOO_LONG;
  return json<ActionData>(
    { intent, result: { status: "error", initialValue: null, error: { [field]: [message] } } },
    { status: 400 },
  );
}
