import { useParams } from "@remix-run/react";
import { benchFloorMarkup } from "~/utils/bench-floor.server";

/**
 * `/bench-floor/{page}`: what the framework costs with no page loader — the app's document and layout (its
 * root loader included) around a page's captured content, rendered from a constant. Served only while the
 * benchmark runs (server/http-app.ts answers 404 otherwise); the benchmark reads HTML and runs no scripts.
 */
export default function BenchFloor() {
  const { name = "" } = useParams();
  const html = typeof document === "undefined" ? (benchFloorMarkup(name) ?? "") : "";
  return <div dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />;
}
