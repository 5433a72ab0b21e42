import { vitePlugin as remix } from "@remix-run/dev";
import type { ManualChunksOption } from "rollup";
import { defineConfig } from "vite";

declare module "@remix-run/node" {
  /** Single fetch's types for useLoaderData and useActionData (turbo-stream, not JSON). */
  interface Future {
    v3_singleFetch: true;
  }
}

/** Every v3 future flag: the app is what React Router 7 expects (decision 032). The bench's bare app uses them too. */
export const remixFuture = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_lazyRouteDiscovery: true,
  v3_singleFetch: true,
  v3_routeConfig: true,
} as const;

/**
 * The modules many pages use, in one chunk rather than a file each (decision 031): a module of
 * app/components, app/utils or contract/ that the root or the signed-in layout imports, or that
 * SHARED_BY routes or more do. One that fewer routes use (the picture picker) stays with them, so
 * the other pages do not download it. Only static imports count: a module loaded on demand (the
 * native bridge) stays out of first loads.
 */
const SHARED = /\/(app\/components|app\/utils|contract)\//;
const LAYOUTS = /\/app\/(root|routes\/_app)\.tsx$/;
const ROUTE = /\/app\/(root\.tsx|routes\/)/;
const SHARED_BY = 4;
/** A page that ships no JavaScript (`handle.hydrate = false`) downloads none of the shared chunk: it does not count. */
const NO_JS = /\bhydrate:\s*(false|!1)\b/;

const sharedChunk: ManualChunksOption = (id, { getModuleInfo }) => {
  if (!SHARED.test(id) || !(getModuleInfo(id)?.importers.length ?? 0)) return undefined;
  const routes = new Set<string>();
  const seen = new Set<string>();
  const climb = (module: string) => {
    if (seen.has(module)) return;
    seen.add(module);
    // A route is reached twice, as itself and as Remix's client-route variant (`?__remix-build-client-route`): one route.
    const route = module.split("?")[0];
    if (ROUTE.test(module) && !NO_JS.test(getModuleInfo(route)?.code ?? "")) routes.add(route);
    for (const importer of getModuleInfo(module)?.importers ?? []) climb(importer);
  };
  climb(id);
  return [...routes].some((route) => LAYOUTS.test(route)) || routes.size >= SHARED_BY ? "shared" : undefined;
};

export default defineConfig(({ isSsrBuild }) => ({
  server: { port: Number(process.env.PORT) || 3000 },
  build: {
    // Pictures a stylesheet names (Leaflet's controls) stay files of their own, fetched when
    // drawn, rather than base64 inside the stylesheet that blocks the page's first paint.
    assetsInlineLimit: 0,
    // The server loads every module at start, so it gains nothing from fewer files.
    ...(isSsrBuild ? {} : { rollupOptions: { output: { manualChunks: sharedChunk } } }),
  },
  plugins: [
    remix({
      serverModuleFormat: "esm",
      future: remixFuture,
    }),
  ],
}));
