import { PageLinks } from "~/components/ui/page-links";
import { catalogHref, type CatalogFilters } from "~/domain/catalog/catalog.schema";

/** Previous / page numbers / Next, as plain links that keep the filters. */
export function Pagination({
  path,
  filters,
  page,
  pageCount,
}: {
  path: string;
  filters: CatalogFilters;
  page: number;
  pageCount: number;
}) {
  return (
    <PageLinks
      page={page}
      pageCount={pageCount}
      hrefFor={(to) => catalogHref(path, filters, to)}
      label="Pagination"
      className="mt-8"
    />
  );
}
