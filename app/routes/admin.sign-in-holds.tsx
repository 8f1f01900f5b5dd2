import { parseWithZod } from "@conform-to/zod";
import { adminPageTitle } from "~/utils/company-brand";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { DataTable, EmptyRow, Identifier, tdClass, thClass } from "~/components/admin/data-table";
import { HiddenFields, IDEMPOTENCY_INPUT, secondaryLinkClass } from "~/components/admin/form/form-bits";
import { mailTime as ukDateTime, pageParam } from "~/components/admin/outbox-links";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { clearHoldFormSchema, NO_SIGN_IN_HOLDS } from "~/domain/users/sign-in-holds.schema";
import { clearAllSignInHolds, clearSignInHold, listSignInHolds } from "~/domain/users/sign-in-holds.server";
import { requireAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { errorToast, redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Sign-in Holds") }];

const PATH = "/admin/sign-in-holds";
const pageHref = (page: number) => (page > 1 ? `${PATH}?page=${page}` : PATH);

/** The accounts, remembered browsers and client addresses held now for failed sign-ins. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = listSignInHolds(getDb(), pageParam(request));
  return json(
    { ...page, idempotencyKey: issueIdempotencyKey() },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** Clear (one hold) or Clear all: back to the list with a notice either way. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: clearHoldFormSchema });
  const back = pageHref(pageParam(request));
  if (submission.status !== "success") return redirectWithToast(request, back, errorToast("Unknown action"));
  const key = idempotencyKeyFrom(formData);
  if (submission.value.intent === "clear") {
    const result = clearSignInHold(getDb(), admin, submission.value.id, key);
    if (!result.ok) return redirectWithToast(request, back, errorToast(result.message));
    return redirectWithToast(request, back, {
      title: "Hold cleared",
      description: `${result.value.label}: the next sign-in is checked again.`,
    });
  }
  const result = clearAllSignInHolds(getDb(), admin, key);
  if (!result.ok) return redirectWithToast(request, PATH, errorToast(result.message));
  const { cleared } = result.value;
  return redirectWithToast(request, PATH, {
    title: cleared === 0 ? "Nothing to clear" : "Holds cleared",
    description: cleared === 0 ? "No sign-in was held." : `${cleared} ${cleared === 1 ? "hold was" : "holds were"} cleared.`,
  });
}

export default function SignInHolds() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const hidden = { [IDEMPOTENCY_INPUT]: data.idempotencyKey };
  const posting = navigation.state === "submitting" ? navigation.formData : undefined;
  const clearingId = posting?.get("intent") === "clear" ? posting.get("id") : null;
  const clearingAll = posting?.get("intent") === "clear-all";

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Sign-in Holds"
        description="Who is held for too many failed sign-ins in the last 15 minutes. A browser that has signed in to an account before is counted on its own, so strangers' guesses never hold it. Clear a hold when the failures were your own people's."
        actions={
          <>
            <Link to="/admin/users" className={secondaryLinkClass}>
              Users
            </Link>
            {data.total > 0 ? (
              <Form method="post" action={PATH}>
                <input type="hidden" name="intent" value="clear-all" />
                <HiddenFields values={hidden} />
                <Button type="submit" variant="danger" disabled={clearingAll}>
                  {clearingAll ? "Clearing..." : "Clear all"}
                </Button>
              </Form>
            ) : null}
          </>
        }
      />
      <Panel>
        <DataTable caption="Sign-in holds in force, the most recently failed first" minWidth="48rem">
          <thead>
            <tr>
              <th scope="col" className={thClass}>Held</th>
              <th scope="col" className={`${thClass} text-right`}>Failures</th>
              <th scope="col" className={thClass}>Last failure</th>
              <th scope="col" className={thClass}>Held until</th>
              <th scope="col" className={`${thClass} text-right`}>Actions</th>
            </tr>
          </thead>
          <tbody>
            {data.items.length === 0 ? (
              <EmptyRow colSpan={5}>{NO_SIGN_IN_HOLDS}</EmptyRow>
            ) : (
              data.items.map((hold) => (
                <tr key={hold.id} data-testid="sign-in-hold" className="hover:bg-slate-50">
                  <td className={tdClass}>
                    <Identifier value={hold.label} />
                  </td>
                  <td className={`${tdClass} text-right tabular-nums`}>
                    {hold.failures} <span className="text-xs text-slate-500">(limit {hold.limit})</span>
                  </td>
                  <td className={`${tdClass} whitespace-nowrap tabular-nums`}>{ukDateTime(hold.lastFailureAt)}</td>
                  <td className={`${tdClass} whitespace-nowrap tabular-nums`}>{ukDateTime(hold.heldUntil)}</td>
                  <td className={`${tdClass} text-right`}>
                    <Form method="post" action={pageHref(data.page)}>
                      <input type="hidden" name="intent" value="clear" />
                      <input type="hidden" name="id" value={hold.id} />
                      <HiddenFields values={hidden} />
                      <Button
                        type="submit"
                        variant="secondary"
                        className="px-3 py-1.5"
                        disabled={clearingId === hold.id}
                        aria-label={`Clear the hold on ${hold.label}`}
                      >
                        {clearingId === hold.id ? "Clearing..." : "Clear"}
                      </Button>
                    </Form>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </DataTable>
        <AdminPagination
          page={data.page}
          pageCount={data.pageCount}
          total={data.total}
          noun={["hold", "holds"]}
          hrefFor={pageHref}
        />
      </Panel>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
