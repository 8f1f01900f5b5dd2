import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type SerializeFrom,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { ToastNotice } from "~/components/ui/toast";
import {
  listMyProductRequests,
  productRequestJson,
  submitProductRequest,
  type ProductRequestStatus,
} from "~/domain/requests/product-requests.server";
import { productRequestSchema } from "~/domain/requests/product-request.schema";
import { requireUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import type { Toast } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Request a Product · INFY Wholesale" }];

/** How long the thank-you card stays once a request is in (spec: request confirmation 3 s). */
export const REQUEST_CONFIRMATION_MS = 3000;
const PATH = "/request-product";
const FALLBACK_MESSAGE = "Something went wrong. Please try again.";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const page = Number(url.searchParams.get("page") ?? "1");
  const list = listMyProductRequests(getDb(), user.id, { page: Number.isFinite(page) ? page : 1 });
  return json({
    submitted: url.searchParams.get("submitted") === "1",
    requests: { ...list, items: list.items.map(productRequestJson) },
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
  const user = await requireUser(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: productRequestSchema });
  if (submission.status !== "success") {
    const message = submission.error?.requestText?.[0] ?? FALLBACK_MESSAGE;
    return failed(submission.reply(), 400, message);
  }
  try {
    const result = await submitProductRequest(getDb(), user, submission.value);
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

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "short",
  year: "numeric",
  timeZone: "Europe/London",
});

const STATUS_STYLES: Record<ProductRequestStatus, { label: string; className: string }> = {
  pending: { label: "Pending", className: "bg-amber-100 text-amber-900" },
  approved: { label: "Approved", className: "bg-emerald-100 text-emerald-900" },
  rejected: { label: "Rejected", className: "bg-slate-200 text-slate-800" },
};

export default function RequestProductPage() {
  const { submitted, requests } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
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

      {actionData?.notice ? (
        <div className="mt-6">
          <ToastNotice key={actionData.attempt} toast={actionData.notice} />
        </div>
      ) : null}

      <section className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="suggest-heading">
        <h2 id="suggest-heading" className="text-lg font-semibold text-slate-900">
          Suggest a product
        </h2>
        {submitted ? <ThankYouCard /> : null}
        <RequestForm key={formKey} lastResult={actionData?.result} submitted={submitted} />
      </section>

      <MyRequests requests={requests} />
    </div>
  );
}

function ThankYouCard() {
  return (
    <div role="status" className="mt-4 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-900">
      <p className="font-semibold">Thank you!</p>
      <p className="text-sm">Your request has been submitted. Our team will review it.</p>
    </div>
  );
}

function RequestForm({ lastResult, submitted }: { lastResult?: SubmissionResult<string[]>; submitted: boolean }) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.has("requestText") === true;
  const [form, fields] = useForm({
    id: "product-request-form",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productRequestSchema }),
  });
  const field = fields.requestText;
  const errorId = field.errors?.length ? `${field.id}-error` : undefined;

  return (
    <Form method="post" action={PATH} {...getFormProps(form)} noValidate className="mt-4 space-y-4">
      <div className="space-y-1">
        <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
          Describe the product you&apos;d like us to stock
        </label>
        <textarea
          {...getTextareaProps(field)}
          rows={5}
          maxLength={2000}
          placeholder="e.g. Compostable 12oz soup containers with lids, cases of 500. We use about 3 cases a week in our café."
          className={inputClass}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId ?? `${field.id}-hint`}
        />
        {errorId ? (
          <p id={errorId} className="text-sm text-red-700">
            {field.errors?.[0]}
          </p>
        ) : (
          <p id={`${field.id}-hint`} className="text-xs text-slate-500">
            At least 10 characters. Include the product, size, pack quantity, brand and how much you would order.
          </p>
        )}
      </div>
      <Button type="submit" disabled={submitting}>
        {submitting ? "Submitting..." : submitted ? "Request Submitted!" : "Submit Request"}
      </Button>
    </Form>
  );
}

type RequestsData = SerializeFrom<typeof loader>["requests"];

function MyRequests({ requests }: { requests: RequestsData }) {
  const pageHref = (page: number) => (page <= 1 ? PATH : `${PATH}?page=${page}`);
  return (
    <section className="mt-10" aria-labelledby="my-requests-heading">
      <h2 id="my-requests-heading" className="text-xl font-semibold text-slate-900">
        Your requests
      </h2>
      {requests.total === 0 ? (
        <p className="mt-3 text-sm text-slate-600">You haven&apos;t suggested any products yet.</p>
      ) : (
        <>
          <ul className="mt-4 space-y-3" aria-label="Your product requests">
            {requests.items.map((item) => {
              const status = STATUS_STYLES[item.status] ?? { label: item.status, className: "bg-slate-100 text-slate-800" };
              return (
                <li key={item.id} className="rounded-lg border border-slate-200 bg-white p-4">
                  <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <time dateTime={item.createdAt} className="text-slate-600">
                      {dateFormat.format(new Date(item.createdAt))}
                    </time>
                    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${status.className}`}>
                      {status.label}
                    </span>
                  </div>
                  <p className="mt-2 whitespace-pre-line break-words text-slate-900">{item.requestText}</p>
                </li>
              );
            })}
          </ul>
          {requests.pageCount > 1 ? (
            <nav aria-label="Pages of your requests" className="mt-4 flex items-center justify-between text-sm">
              {requests.page > 1 ? (
                <Link to={pageHref(requests.page - 1)} className="font-medium text-brand-700 hover:underline">
                  ← Newer
                </Link>
              ) : (
                <span />
              )}
              <span className="text-slate-600">
                Page {requests.page} of {requests.pageCount}
              </span>
              {requests.page < requests.pageCount ? (
                <Link to={pageHref(requests.page + 1)} className="font-medium text-brand-700 hover:underline">
                  Older →
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
