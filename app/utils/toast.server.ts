/**
 * Post/Redirect/Get with a notice: every screen action that succeeds (or refuses without a form to show the
 * error on) answers with `redirectWithToast`. The notice rides in the flash session, so it shows once, on the
 * page the browser lands on, with or without JavaScript.
 */
import { redirect } from "@remix-run/node";
import { flashToast, type Toast } from "./session.server";

export type { Toast };

export async function redirectWithToast(request: Request, to: string, toast: Toast, init: { headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashToast(request, toast));
  return redirect(to, { headers });
}

/** A refusal notice titled "Error". */
export function errorToast(message: string): Toast {
  return { title: "Error", description: message, variant: "destructive" };
}

/** A refusal notice with a title of its own ("Failed to approve order") and the reason. */
export function failureToast(title: string, description: string): Toast {
  return { title, description, variant: "destructive" };
}
