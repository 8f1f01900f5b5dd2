import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type TypedResponse } from "@remix-run/node";
import type { TemplateNotice } from "~/components/cart/save-template-form";
import {
  saveTemplateSchema,
  TEMPLATE_NAME_REQUIRED,
  TEMPLATE_NAME_REQUIRED_DESCRIPTION,
  TEMPLATE_SAVE_FAILED,
} from "~/domain/cart/order-template.schema";
import { saveCartAsTemplate } from "~/domain/cart/order-templates.server";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import type { DB } from "~/utils/db.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import type { Toast } from "~/utils/session.server";

export type SaveTemplateActionData = {
  result: SubmissionResult<string[]>;
  notice: TemplateNotice;
};

/**
 * Save as Template: the dialog's form (name, description) with the cart's lines. Saved: the notice for the
 * cart page. Refused: the form again with its errors and a notice ("Name required" for a blank name).
 */
export function saveTemplate(
  db: DB,
  user: SessionUser,
  formData: FormData,
): { toast: Toast } | TypedResponse<SaveTemplateActionData> {
  const submission = parseWithZod(formData, { schema: saveTemplateSchema });
  if (submission.status !== "success") {
    const nameError = submission.error?.name?.[0];
    const notice: TemplateNotice =
      nameError === TEMPLATE_NAME_REQUIRED
        ? { title: TEMPLATE_NAME_REQUIRED, description: TEMPLATE_NAME_REQUIRED_DESCRIPTION }
        : { title: TEMPLATE_SAVE_FAILED, description: nameError ?? submission.error?.description?.[0] };
    return json<SaveTemplateActionData>({ result: submission.reply(), notice }, { status: 400 });
  }
  try {
    const result = saveCartAsTemplate(db, user, submission.value, idempotencyKeyFrom(formData));
    if (!result.ok) {
      return json<SaveTemplateActionData>(
        {
          result: submission.reply({ formErrors: [result.message] }),
          notice: { title: TEMPLATE_SAVE_FAILED, description: result.message },
        },
        { status: result.status },
      );
    }
    return { toast: { title: "Template saved", description: `"${result.value.name}" is in your order templates.` } };
  } catch (error) {
    console.error("Saving an order template failed", error);
    return json<SaveTemplateActionData>(
      { result: submission.reply({ formErrors: [TEMPLATE_SAVE_FAILED] }), notice: { title: TEMPLATE_SAVE_FAILED } },
      { status: 500 },
    );
  }
}
