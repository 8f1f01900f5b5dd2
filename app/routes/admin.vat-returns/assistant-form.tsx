import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { TextareaField } from "~/components/admin/form/form-bits";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { Button } from "~/components/ui/button";
import { QUESTION_MAX, vatAssistantSchema } from "~/domain/vat/vat-return.schema";
import { VAT_RETURNS_PATH } from "./vat-returns-screen";

export type AssistantReply = {
  question: string;
  answer: string;
  sources: { title: string; url: string }[];
  topic: string | null;
  attempt: string;
};

const EXAMPLES = ["How much VAT do I owe for last month?", "What is the VAT registration threshold?", "When is my VAT return due?"];

/** The AI Assistant dialog: a question box, and the answer below it with the pages it comes from. */
export function AssistantForm({ reply, lastResult, cancelHref }: { reply: AssistantReply | null; lastResult?: SubmissionResult<string[]>; cancelHref: string }) {
  const { form, fields, saving } = useAdminForm({
    id: "vat-assistant",
    schema: vatAssistantSchema,
    intent: "ask",
    lastResult,
    shouldValidate: "onSubmit",
    defaultValue: { question: reply?.question ?? "" },
  });
  return (
    <div className="space-y-4">
      <Form method="post" action={`${VAT_RETURNS_PATH}?dialog=assistant`} preventScrollReset {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value="ask" />
        <TextareaField
          label="Your question"
          errors={fields.question.errors}
          errorId={fields.question.errorId}
          textareaProps={{ ...getTextareaProps(fields.question), maxLength: QUESTION_MAX, placeholder: EXAMPLES.join("  ·  ") }}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={cancelHref} replace preventScrollReset className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50">
            Close
          </Link>
          <Button type="submit" disabled={saving}>
            {saving ? "Thinking..." : "Ask"}
          </Button>
        </div>
      </Form>
      {reply ? (
        <section aria-label="Answer" data-testid="assistant-answer" className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
          {reply.topic ? <h3 className="mb-1 font-semibold text-slate-900">{reply.topic}</h3> : null}
          <p className="whitespace-pre-line">{reply.answer}</p>
          {reply.sources.length > 0 ? (
            <div className="mt-3">
              <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Sources</h4>
              <ul className="mt-1 list-disc space-y-1 pl-5" data-testid="assistant-sources">
                {reply.sources.map((source) => (
                  <li key={source.url}>
                    {source.url.startsWith("/") ? (
                      <Link to={source.url} className="text-brand-700 hover:underline">
                        {source.title}
                      </Link>
                    ) : (
                      <a href={source.url} target="_blank" rel="noopener noreferrer" className="text-brand-700 hover:underline">
                        {source.title} ({new URL(source.url).hostname.replace(/^www\./, "")})
                      </a>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <p className="mt-3 text-xs text-slate-500">Guidance, not advice: check the cited page or your accountant before acting on it.</p>
        </section>
      ) : null}
    </div>
  );
}
