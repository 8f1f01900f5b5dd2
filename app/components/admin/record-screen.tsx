import { getFormProps, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormError } from "~/components/ui/field";
import { ActionNotice, MissingNotice } from "./screen-notices";
import type { FormActionData } from "~/utils/form-reply.server";
import { AdminDialog } from "./admin-dialog";
import { ConfirmStep } from "./confirm-step";
import { DialogActions, HiddenFields, IDEMPOTENCY_INPUT, primaryLinkClass } from "./form/form-bits";
import { listHref, listKeep, type ListState } from "./form/list-hrefs";
import { PageHeader } from "./page-header";

/** What a record's create / edit form is given: the record when editing, and the page state it keeps. */
export type RecordFormProps<Item> = {
  record?: Item;
  /** hidden fields every post carries (return address, idempotency key) */
  hidden: Record<string, string>;
  /** the page's state a picker's search keeps (the list's search and page, the open dialog) */
  keep: Record<string, string>;
  cancelHref: string;
  lastResult?: SubmissionResult<string[]>;
};

/**
 * The frame of a back-office list screen whose records open in dialogs with their own address (?dialog=new,
 * ?edit=12, ?delete=12): the header with its Add link, the notice of a refused post, "that record no longer
 * exists", the create and edit dialogs (the form gets the action's last answer for its own intent) and the
 * delete confirmation. `list` is the list's search and page, which every link and post keeps; `returnTo`
 * posts it with the forms so the action comes back to it. The list itself is the children.
 */
export function RecordScreen<Item extends { id: number }>({
  path,
  list = {},
  returnTo = true,
  state,
  width = "max-w-6xl",
  dialogSize,
  texts,
  actionData,
  form,
  confirmDelete,
  children,
}: {
  path: string;
  list?: ListState;
  returnTo?: boolean;
  /** the loader's page state: which dialog is open (with its record), whether ?edit= / ?delete= named none */
  state: { creating: boolean; editing: Item | null; deleting: Item | null; missing: boolean; idempotencyKey: string };
  width?: "max-w-6xl" | "max-w-7xl";
  dialogSize?: "md" | "lg";
  texts: {
    title: string;
    description: string;
    add: string;
    createTitle: string;
    editTitle: string;
    deleteTitle: string;
    /** "That price tier no longer exists." */
    missing: string;
  };
  actionData: FormActionData | undefined;
  form: (props: RecordFormProps<Item>) => ReactNode;
  confirmDelete: (record: Item) => ReactNode;
  children: ReactNode;
}) {
  const { creating, editing, deleting, missing, idempotencyKey } = state;
  const listPath = listHref(path, list);
  const hidden: Record<string, string> = returnTo
    ? { returnTo: listPath, [IDEMPOTENCY_INPUT]: idempotencyKey }
    : { [IDEMPOTENCY_INPUT]: idempotencyKey };
  const lastResult = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const formProps = { hidden, cancelHref: listPath };

  return (
    <div className={`mx-auto ${width}`}>
      <PageHeader
        title={texts.title}
        description={texts.description}
        actions={
          <Link to={listHref(path, list, { dialog: "new" })} preventScrollReset className={primaryLinkClass}>
            {texts.add}
          </Link>
        }
      />

      <ActionNotice data={actionData} />
      {missing ? <MissingNotice>{texts.missing}</MissingNotice> : null}

      <AdminDialog open={creating} size={dialogSize} title={texts.createTitle} closeHref={listPath}>
        {creating ? (
          <RecordFormSlot key="new" render={form} props={{ ...formProps, keep: { ...listKeep(list), dialog: "new" }, lastResult: lastResult("create") }} />
        ) : null}
      </AdminDialog>

      <AdminDialog open={Boolean(editing)} size={dialogSize} title={texts.editTitle} closeHref={listPath}>
        {editing ? (
          <RecordFormSlot
            key={editing.id}
            render={form}
            props={{ ...formProps, record: editing, keep: { ...listKeep(list), edit: String(editing.id) }, lastResult: lastResult("update") }}
          />
        ) : null}
      </AdminDialog>

      {deleting ? (
        <ConfirmStep
          open
          title={texts.deleteTitle}
          message={confirmDelete(deleting)}
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          intent="delete"
          id={deleting.id}
          cancelHref={listPath}
          hidden={hidden}
        />
      ) : null}

      {children}
    </div>
  );
}

/** The form as its own element, so a new record (key) starts a fresh form. */
function RecordFormSlot<Item>({ render, props }: { render: (props: RecordFormProps<Item>) => ReactNode; props: RecordFormProps<Item> }) {
  return <>{render(props)}</>;
}

/**
 * A record's create / edit form: posts `intent` (update when there is a record) and `id` with the page's
 * hidden fields, shows the form-level error above its fields and Cancel / Create or Update below them.
 */
export function RecordForm({
  form,
  id,
  hidden,
  cancelHref,
  saving,
  children,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any record form's Conform metadata
  form: FormMetadata<any, string[]>;
  /** the record's id when editing */
  id?: number;
  hidden: Record<string, string>;
  cancelHref: string;
  saving: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} noValidate className="space-y-4">
      <input type="hidden" name="intent" value={id === undefined ? "create" : "update"} />
      {id === undefined ? null : <input type="hidden" name="id" value={id} />}
      <HiddenFields values={hidden} />
      <FormError errors={form.errors} />
      {children}
      <DialogActions cancelHref={cancelHref} submitLabel={id === undefined ? "Create" : "Update"} saving={saving} />
    </Form>
  );
}
