import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { adminPageTitle } from "~/utils/company-brand";
import { useLoaderData, type ClientActionFunctionArgs, type ShouldRevalidateFunction } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { idParam } from "~/components/admin/form/list-hrefs";
import { PageHeader } from "~/components/admin/page-header";
import { ActionNotice } from "~/components/admin/screen-notices";
import { listFinancialAccountOptions } from "~/domain/invoices/sales-invoice-list.server";
import { defaultAccountFor } from "~/domain/pos/pos-basket";
import { pricedBasket, readBasket } from "~/domain/pos/pos-basket.server";
import { loadPosCatalog } from "~/domain/pos/pos-catalog.server";
import { findPosSale } from "~/domain/pos/pos-sale.server";
import { POS_PAYMENT_METHODS, posQuerySchema } from "~/domain/pos/pos.schema";
import { creditAtCheckout } from "~/domain/credit/credit-holds.server";
import { customerOptions } from "~/domain/shared/pickers.server";
import { requireStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { issueIdempotencyKey } from "~/utils/idempotency.server";
import { getSession } from "~/utils/session.server";
import { posAction } from "./pos-actions.server";
import { CatalogFilters, ProductGrid } from "./product-grid";
import { usePosFetcher, type PosActionData } from "./pos-screen";
import { SalePanel } from "./sale-panel";
import { ScanBox } from "./scan-box";
import { loadScanChoice } from "./scan-actions.server";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Point of Sale") }];

const CONNECTION_LOST =
  "We could not reach the server, so nothing changed here. The sale is kept: try again. A sale that did go through is never completed twice.";

/**
 * /admin/pos: the product grid (?q=&category=&page=), and the sale in progress from the admin's session,
 * priced now for its customer (?customerSearch= narrows the customer picker). `?sold=` shows the sale just
 * completed.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "pos");
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const query = posQuerySchema.parse(Object.fromEntries(params));
  const basket = readBasket(await getSession(request));
  const sale = pricedBasket(db, basket);
  // money taken at the counter is not put on a credit card
  const accounts = listFinancialAccountOptions(db).filter((account) => account.type !== "credit_card");
  const soldId = idParam(params.get("sold"));
  return json(
    {
      query,
      catalog: loadPosCatalog(db, query),
      inBasket: Object.fromEntries(basket.lines.map((line) => [line.productId, line.quantity])) as Record<number, number>,
      sale,
      // the account customer's position, so the counter sees what they owe before selling (paid at the till, it adds nothing)
      // paid at the till, so the sale itself uses no credit (total 0)
      account: sale.customer?.companyId ? creditAtCheckout(db, sale.customer.companyId, 0) : null,
      customers: customerOptions(db, { q: query.customerSearch, includeId: sale.customer?.id, orderable: true }),
      accounts,
      defaultAccounts: Object.fromEntries(POS_PAYMENT_METHODS.map((method) => [method, defaultAccountFor(method, accounts)])) as Record<
        (typeof POS_PAYMENT_METHODS)[number],
        number | null
      >,
      lastSale: soldId ? findPosSale(db, soldId) : null,
      idempotencyKey: issueIdempotencyKey(),
      // ?scan=<code>: a scanned code several products carry, and which they are
      scanChoice: loadScanChoice(db, params),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** Add, +, −, remove, choose customer, clear and Complete Sale: see pos-actions.server.ts. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireStaff(request, "pos");
  return posAction(getDb(), admin, request);
}

/**
 * With JavaScript the buttons post through a fetcher; when the server cannot be reached the page stays
 * as it is (with the same Complete Sale key, so pressing it again is safe) and says so.
 */
export async function clientAction({ serverAction }: ClientActionFunctionArgs): Promise<PosActionData> {
  try {
    return await serverAction<PosActionData>();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error; // redirects, thrown responses and server errors
    return {
      toast: { title: "Connection lost", description: CONNECTION_LOST, variant: "destructive" },
      attempt: crypto.randomUUID(),
      connectionLost: true,
    };
  }
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  if (actionResult && typeof actionResult === "object" && "connectionLost" in actionResult) return false;
  return defaultShouldRevalidate;
};

export default function PointOfSale() {
  const data = useLoaderData<typeof loader>();
  const fetcher = usePosFetcher();
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title="Point of Sale" description="Sell over the counter: the stock, the invoice and the payment are recorded at once." />
      <ActionNotice data={fetcher.data} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-label="Products" className="space-y-4">
          <CatalogFilters data={data} />
          <ProductGrid data={data} />
        </section>
        {/* on a narrow screen the scan box and the sale come first: the counter scans, then looks for what has no code */}
        <aside aria-label="Current sale" className="order-first space-y-4 lg:order-none">
          <ScanBox data={data} />
          <SalePanel data={data} />
        </aside>
      </div>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
