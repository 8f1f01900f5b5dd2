import { PageLinks } from "~/components/ui/page-links";
import { orderHistoryHref } from "~/domain/orders/order-history.schema";

/** Previous / page numbers / Next for the order history, as plain GET links. */
export function OrderPagination({ page, pageCount }: { page: number; pageCount: number }) {
  return <PageLinks page={page} pageCount={pageCount} hrefFor={orderHistoryHref} label="Order pages" className="mt-6" />;
}
