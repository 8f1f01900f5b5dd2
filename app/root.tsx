import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { EarlyModulePreloads } from "~/components/layout/early-module-preloads";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { NavigationProgress } from "~/components/ui/navigation-progress";
import { ToastNotice, ToastRegion } from "~/components/ui/toast";
import { useHydratedMarker } from "~/components/ui/use-hydrated";
import { countGuestCartItems, countUserCartItems } from "~/domain/cart/cart-lines.server";
import { listCategories } from "~/domain/catalog/catalog.server";
import { isCatalogueEmpty } from "~/domain/catalog/catalogue-setup.server";
import { DEFAULT_PRICE_BASIS, type PriceBasis } from "~/domain/pricing/price-basis";
import { companyMay, VIEWER_LINE } from "~/domain/companies/company-roles";
import { getOptionalUser } from "~/utils/auth.server";
import { BRAND_COLOUR, homePageTitle } from "~/utils/company-brand";
import { OfflineBar } from "~/components/layout/offline-bar";
import { companyBrand } from "~/utils/company.server";
import { getDb } from "~/utils/db.server";
import { useNonce } from "~/utils/nonce";
import { REQUEST_ID_META, useRequestId } from "~/utils/request-id";
import { ErrorReference } from "~/components/ui/error-reference";
import { priceBasisOf } from "~/utils/price-basis.server";
import { commitSession, getSession } from "~/utils/session.server";
import stylesheet from "~/tailwind.css";
import { FETCHED_AHEAD_HEADER } from "~/service-worker/offline-rules";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  // the business's initials (COMPANY_NAME), not a fixed file: see routes/company-icon[.]svg.ts
  { rel: "icon", href: "/company-icon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = ({ matches }) => [
  { title: homePageTitle(matches) },
  { name: "description", content: "Trade-only wholesale ordering for approved UK businesses." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const [user, session, priceBasis] = await Promise.all([
    getOptionalUser(request),
    getSession(request),
    priceBasisOf(request),
  ]);
  // a page the service worker fetches ahead is not seen now: the notice waits for the page the buyer opens
  const toast = request.headers.has(FETCHED_AHEAD_HEADER) ? null : (session.get("toast") ?? null);
  const cartCount = user ? countUserCartItems(db, user.id) : countGuestCartItems(session.get("guestCart"));
  const headers = new Headers();
  // reading a flash message removes it; only then does the session need writing
  if (toast) headers.append("Set-Cookie", await commitSession(session));
  return json(
    {
      user: user
        ? {
            id: user.id,
            email: user.email,
            firstName: user.firstName,
            role: user.role,
            isApproved: user.isApproved,
            companyRole: user.companyRole,
            // a company's viewer sees the catalogue and prices only: no cart, quick order or checkout to offer
            mayOrder: user.role !== "supplier" && companyMay(user.companyRole, "ordering"),
          }
        : null,
      categories: listCategories(db),
      // the business's own name and logo for the headers and page titles (COMPANY_NAME, Company settings)
      company: companyBrand(),
      catalogueEmpty: isCatalogueEmpty(db),
      cartCount,
      priceBasis,
      toast,
    },
    { headers },
  );
}

export type RootLoaderData = typeof loader;

/** The buyer's price basis (inc or ex VAT), chosen in the header and remembered in a cookie. */
export function usePriceBasis(): PriceBasis {
  return useRouteLoaderData<typeof loader>("root")?.priceBasis ?? DEFAULT_PRICE_BASIS;
}

/** After a form's lost reply the header (cart count, user) keeps its data rather than reloading it. */
export { shouldRevalidate } from "~/utils/connection";

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/** Whether the page may offer ways to order (add to cart, quick order, checkout): not to a company's viewer. */
export function useMayOrder(): boolean {
  const user = useRootData()?.user;
  return !user || user.mayOrder;
}

/** Routes that bring their own chrome (the back office) set `handle = { layout: "bare" }`. */
function useBareLayout() {
  return useMatches().some((match) => (match.handle as { layout?: string } | undefined)?.layout === "bare");
}

function Document({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const requestId = useRequestId();
  const bare = useBareLayout();
  useHydratedMarker();
  return (
    <html lang="en-GB" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {requestId ? <meta name={REQUEST_ID_META} content={requestId} /> : null}
        {/* the installable app (docs/decisions/0077): the storefront, not the back office */}
        {bare ? null : <link rel="manifest" href="/manifest.webmanifest" />}
        {bare ? null : <meta name="theme-color" content={BRAND_COLOUR} />}
        <Meta />
        <Links />
        <EarlyModulePreloads />
      </head>
      <body className="flex min-h-full flex-col">
        <NavigationProgress />
        {bare ? null : <OfflineBar />}
        <ToastRegion>{children}</ToastRegion>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function StorefrontChrome({ children }: { children: ReactNode }) {
  const data = useRootData();
  const bare = useBareLayout();
  if (bare) return <>{children}</>;
  const user = data?.user ?? null;
  return (
    <>
      <SiteHeader
        user={user}
        categories={data?.categories ?? []}
        cartCount={data?.cartCount ?? 0}
        priceBasis={data?.priceBasis ?? DEFAULT_PRICE_BASIS}
      />
      {user && user.role === "customer" && !user.isApproved ? (
        <div role="note" className="border-b border-amber-200 bg-amber-50">
          <p className="mx-auto max-w-7xl px-4 py-2 text-sm text-amber-900">
            <strong>Your account is awaiting approval.</strong> You can browse at list prices now; ordering and your
            trade prices open once our team has approved your business account.
          </p>
        </div>
      ) : null}
      {user?.companyRole === "viewer" ? (
        <div role="note" className="border-b border-slate-200 bg-slate-50" data-testid="viewer-note">
          <p className="mx-auto max-w-7xl px-4 py-2 text-sm text-slate-800">
            <strong>Your role is viewer.</strong> {VIEWER_LINE}
          </p>
        </div>
      ) : null}
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <Document>
      <StorefrontChrome>
        <ToastNotice toast={toast} />
        <Outlet />
      </StorefrontChrome>
    </Document>
  );
}

export function NotFoundContent() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="mt-4 text-slate-600">Did you forget to add the page to the router?</p>
      <a href="/" className="mt-8 inline-block rounded-md bg-brand-700 px-4 py-2 text-white hover:bg-brand-800">
        Go to the homepage
      </a>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // the server logs it with its request (entry.server.tsx handleError); the browser's console is for a developer
  if (!notFound && typeof document !== "undefined") console.error(error);
  return (
    <Document>
      <StorefrontChrome>
        {notFound ? (
          <NotFoundContent />
        ) : (
          <div className="mx-auto max-w-xl px-4 py-24 text-center">
            <h1 className="text-3xl font-bold text-slate-900">Something went wrong</h1>
            <p className="mt-4 text-slate-600">
              {isRouteErrorResponse(error)
                ? `${error.status} ${error.statusText}`
                : "An unexpected error occurred. Please try again in a moment."}
            </p>
            <ErrorReference />
            <a href="/" className="mt-8 inline-block rounded-md bg-brand-700 px-4 py-2 text-white hover:bg-brand-800">
              Go to the homepage
            </a>
          </div>
        )}
      </StorefrontChrome>
    </Document>
  );
}
