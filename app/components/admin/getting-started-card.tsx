import { Form, Link, useNavigation } from "@remix-run/react";
import type { SetupStep } from "~/domain/settings/getting-started.server";
import { Button } from "~/components/ui/button";

export const HIDE_GETTING_STARTED_PATH = "/admin/getting-started";

/**
 * A real install's first steps on the dashboard, each ticked when the settings or the data say it is done,
 * each with a link to where it is done. "Hide this list" posts (it works without JavaScript).
 */
export function GettingStartedCard({ steps }: { steps: SetupStep[] }) {
  const navigation = useNavigation();
  const hiding = navigation.state === "submitting" && navigation.formAction === HIDE_GETTING_STARTED_PATH;
  const done = steps.filter((step) => step.done).length;
  return (
    <section aria-labelledby="getting-started-heading" data-testid="getting-started" className="mb-6 rounded-lg border border-brand-100 bg-white shadow-sm ring-1 ring-brand-100">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <div>
          <h2 id="getting-started-heading" className="text-base font-semibold text-slate-900">
            Getting started
          </h2>
          <p className="text-sm text-slate-600">
            {done} of {steps.length} done. Each step ticks itself once it is done.
          </p>
        </div>
        <Form method="post" action={HIDE_GETTING_STARTED_PATH}>
          <Button type="submit" variant="secondary" className="px-3 py-1.5" disabled={hiding}>
            {hiding ? "Hiding..." : "Hide this list"}
          </Button>
        </Form>
      </div>
      <ol className="divide-y divide-slate-100">
        {steps.map((step) => (
          <li
            key={step.key}
            data-testid={`setup-step-${step.key}`}
            data-done={step.done}
            className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 px-4 py-3 sm:grid-cols-[auto_minmax(0,1fr)_auto]"
          >
            <StepMark done={step.done} />
            <div>
              <p className={`text-sm font-semibold ${step.done ? "text-slate-600" : "text-slate-900"}`}>
                {step.label}
                <span className="sr-only">{step.done ? " (done)" : " (to do)"}</span>
              </p>
              <p className="break-words text-sm text-slate-600">{step.detail}</p>
            </div>
            {/* under the text on a phone, beside it from 640 px */}
            <div className="col-start-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm sm:col-start-3 sm:justify-end">
              <Link to={step.href} className="font-medium text-brand-700 hover:underline">
                {step.linkText}
              </Link>
              {step.alternative && !step.done ? (
                <Link to={step.alternative.href} className="font-medium text-brand-700 hover:underline">
                  {step.alternative.linkText}
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function StepMark({ done }: { done: boolean }) {
  return done ? (
    <span aria-hidden className="mt-0.5 grid h-5 w-5 flex-none place-items-center rounded-full bg-green-600 text-white">
      <svg viewBox="0 0 20 20" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="3">
        <path d="M5 10.5l3 3 7-7" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  ) : (
    <span aria-hidden className="mt-0.5 h-5 w-5 flex-none rounded-full border-2 border-slate-300" />
  );
}
