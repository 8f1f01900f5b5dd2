/**
 * The scripts a page needs to hydrate, in the order Remix's `<Scripts>` preloads them: the route manifest,
 * the browser entry and what it imports, then each matched route's shared chunks and its own module.
 */
type PreloadManifest = {
  url: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] } | undefined>;
};

export function modulePreloadHrefs(manifest: PreloadManifest, routeIds: readonly string[]): string[] {
  const hrefs = [manifest.url, manifest.entry.module, ...manifest.entry.imports];
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (route) hrefs.push(...(route.imports ?? []), route.module);
  }
  return [...new Set(hrefs)];
}
