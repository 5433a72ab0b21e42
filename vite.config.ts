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
 * The modules every page uses, in one chunk rather than a file each (decision 030). Only those
 * imported statically: a module loaded on demand (the native bridge) stays out of first loads.
 */
const SHARED = /\/(app\/components|app\/utils|contract)\//;
const sharedChunk: ManualChunksOption = (id, { getModuleInfo }) =>
  SHARED.test(id) && (getModuleInfo(id)?.importers.length ?? 0) > 0 ? "shared" : undefined;

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
