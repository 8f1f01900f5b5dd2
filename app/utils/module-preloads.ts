/**
 * The scripts a page needs to hydrate, in the order Remix's `<Scripts>` preloads them: the browser entry and what
 * it imports, then each matched route's shared chunks and its own module. The whole route manifest file
 * (`manifest.url`) is listed only when the page loads it: with lazy route discovery (0028) the page carries its own
 * part of the manifest inline and asks for the rest as links appear, so preloading the file would cost a request
 * the page never uses.
 */
type PreloadManifest = {
  url: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] } | undefined>;
};

export function modulePreloadHrefs(
  manifest: PreloadManifest,
  routeIds: readonly string[],
  { routesDiscoveredLazily }: { routesDiscoveredLazily: boolean },
): string[] {
  const hrefs = [...(routesDiscoveredLazily ? [] : [manifest.url]), manifest.entry.module, ...manifest.entry.imports];
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (route) hrefs.push(...(route.imports ?? []), route.module);
  }
  return [...new Set(hrefs)];
}
