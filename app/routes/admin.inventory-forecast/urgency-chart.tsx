import { BarChart, ChartTable } from "~/components/admin/charts";
import { URGENCIES, URGENCY_LABELS, type Urgency } from "~/domain/purchasing/forecast";

const products = (count: number) => `${count} ${count === 1 ? "product" : "products"}`;

/** How the catalogue splits over the urgency bands, drawn on the server. */
export function UrgencyChart({ counts }: { counts: Record<Urgency, number> }) {
  const summary = URGENCIES.map((band) => `${URGENCY_LABELS[band]}: ${products(counts[band])}`).join(", ");
  return (
    <>
      <BarChart
        compact
        color="#b45309"
        description={`Products in each urgency band. ${summary}.`}
        data={URGENCIES.map((band) => ({ label: URGENCY_LABELS[band], value: counts[band], display: String(counts[band]) }))}
      />
      <ChartTable
        caption="Products by urgency"
        columns={["Urgency", "Products"]}
        rows={URGENCIES.map((band) => [URGENCY_LABELS[band], counts[band]])}
      />
    </>
  );
}
