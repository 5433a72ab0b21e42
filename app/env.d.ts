/// <reference types="vite/client" />
/// <reference types="@remix-run/node" />

import type { NamespacesFor } from "./utils/route-namespaces.server.ts";

declare module "@remix-run/node" {
  /** What server.ts hands every loader and action (see getLoadContext there). */
  interface AppLoadContext {
    cspNonce?: string;
    namespacesFor?: NamespacesFor;
  }
}
