import type { ServerBuild } from "@remix-run/node";

/** What the app's server entry (app/entry.server.tsx) exports for this server besides the render. */
export interface AppServerExports {
  /** The API answers its readiness check. */
  apiAnswers(): Promise<boolean>;
  /** No API call of a page is in flight. */
  apiCallsSettled(): Promise<void>;
}

/**
 * The app's own functions, taken from its build: this server never imports the app's source,
 * so there is one copy of each module, the one the pages run.
 */
export function appServerExports(build: ServerBuild): AppServerExports {
  const entry = build.entry.module as unknown as Partial<AppServerExports>;
  if (typeof entry.apiAnswers !== "function" || typeof entry.apiCallsSettled !== "function") {
    throw new Error("The app's server entry does not export apiAnswers and apiCallsSettled: rebuild it (npm run build).");
  }
  return { apiAnswers: entry.apiAnswers, apiCallsSettled: entry.apiCallsSettled };
}
