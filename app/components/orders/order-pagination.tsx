import { PageLinks } from "~/components/ui/page-links";
import { orderHistoryHref, type OrderHistoryFilters } from "~/domain/orders/order-history.schema";

/** Previous / page numbers / Next for the order history, as plain GET links that keep the filters. */
export function OrderPagination({
  page,
  pageCount,
  filters,
}: {
  page: number;
  pageCount: number;
  filters?: OrderHistoryFilters;
}) {
  return (
    <PageLinks
      page={page}
      pageCount={pageCount}
      hrefFor={(target) => orderHistoryHref(target, null, filters)}
      label="Order pages"
      className="mt-6"
    />
  );
}
