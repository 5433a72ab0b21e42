/// <reference types="vite/client" />
/// <reference types="@remix-run/node" />

// A module, so the block below adds to Remix's types instead of replacing them.
export {};

declare module "@remix-run/node" {
  /** What server.ts hands every loader and action (see getLoadContext there). */
  interface AppLoadContext {
    cspNonce?: string;
    /** The translation namespaces of the routes a path matches, root first (server/route-namespaces.ts). */
    namespacesFor?: (pathname: string) => readonly string[];
  }
}
