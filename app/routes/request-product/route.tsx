import type { SubmissionResult } from "@conform-to/react";
import { pageTitle } from "~/utils/company-brand";
import { parseWithZod } from "@conform-to/zod";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ConnectionLostNotice, ToastNotice } from "~/components/ui/toast";
import {
  listMyProductRequests,
  productRequestJson,
  submitProductRequest,
} from "~/domain/requests/product-requests.server";
import { productRequestSchema } from "~/domain/requests/product-request.schema";
import { requireCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { keepPageOnConnectionLoss, lostWith, useLastAnswer, type ConnectionLost } from "~/utils/connection";
import type { Toast } from "~/utils/session.server";
import { MyRequests } from "./my-requests";
import { REQUEST_PRODUCT_PATH as PATH, RequestForm, ThankYouCard } from "./request-form";
import { requestedPage } from "~/utils/paging";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Request a Product") }];

/** How long the thank-you card stays once a request is in (spec: request confirmation 3 s). */
export const REQUEST_CONFIRMATION_MS = 3000;
const FALLBACK_MESSAGE = "Something went wrong. Please try again.";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCompanyRole(request, "productRequests");
  const url = new URL(request.url);
  const list = listMyProductRequests(getDb(), user.id, { page: requestedPage(url.searchParams.get("page")) });
  return json({
    submitted: url.searchParams.get("submitted") === "1",
    requests: { ...list, items: list.items.map(productRequestJson) },
    idempotencyKey: issueIdempotencyKey(),
  });
}

type ActionData = {
  result: SubmissionResult<string[]>;
  notice: Toast;
  /** changes on every failed attempt, so the same notice shows again */
  attempt: string;
};

function failed(result: SubmissionResult<string[]>, status: number, message: string) {
  return json<ActionData>(
    {
      result,
      notice: { title: "Submission failed", description: message || FALLBACK_MESSAGE, variant: "destructive" },
      attempt: crypto.randomUUID(),
    },
    { status },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCompanyRole(request, "productRequests");
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: productRequestSchema });
  if (submission.status !== "success") {
    const message = submission.error?.requestText?.[0] ?? FALLBACK_MESSAGE;
    return failed(submission.reply(), 400, message);
  }
  try {
    const result = await submitProductRequest(getDb(), user, submission.value, idempotencyKeyFrom(formData));
    if (!result.ok) {
      const reply = submission.reply({
        fieldErrors: result.field ? { [result.field]: [result.message] } : undefined,
        formErrors: result.field ? undefined : [result.message],
      });
      return failed(reply, result.status, result.message);
    }
  } catch (error) {
    console.error("Saving a product request failed", error);
    return failed(submission.reply({ formErrors: [FALLBACK_MESSAGE] }), 500, FALLBACK_MESSAGE);
  }
  // Post/Redirect/Get: the confirmation belongs to this URL, so it shows with or without JavaScript
  return redirect(`${PATH}?submitted=1`);
}

/** With JavaScript a lost reply keeps the text typed; the form's key means a second press sends it once. */
export const clientAction = keepPageOnConnectionLoss({ title: "Submission failed", description: lostWith(FALLBACK_MESSAGE) });

export { shouldRevalidate } from "~/utils/connection";

export default function RequestProductPage() {
  const { submitted, requests, idempotencyKey } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as ActionData | ConnectionLost | undefined;
  const actionData = useLastAnswer(posted);
  const location = useLocation();
  const navigate = useNavigate();

  // A fresh, empty form after each successful submission (each arrival at ?submitted=1 is a new location).
  const [formKey, setFormKey] = useState(location.key);
  if (submitted && formKey !== location.key) setFormKey(location.key);

  // With JavaScript the confirmation lasts 3 seconds, then the page is ready for the next idea.
  useEffect(() => {
    if (!submitted) return;
    const timer = window.setTimeout(() => {
      navigate(PATH, { replace: true, preventScrollReset: true });
    }, REQUEST_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [submitted, location.key, navigate]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Request a Product</h1>
      <p className="mt-2 text-slate-600">
        Can&apos;t find something your business needs? Tell us about it and our buying team will look at sourcing it.
        The more detail you give (sizes, pack quantities, brands and how much you use), the faster we can act.
      </p>

      {posted === actionData && actionData?.notice ? (
        <div className="mt-6">
          <ToastNotice key={actionData.attempt} toast={actionData.notice} />
        </div>
      ) : null}
      <ConnectionLostNotice data={posted} />

      <section className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="suggest-heading">
        <h2 id="suggest-heading" className="text-lg font-semibold text-slate-900">
          Suggest a product
        </h2>
        {submitted ? <ThankYouCard /> : null}
        <RequestForm key={formKey} idempotencyKey={idempotencyKey} lastResult={actionData?.result} submitted={submitted} />
      </section>

      <MyRequests requests={requests} />
    </div>
  );
}
