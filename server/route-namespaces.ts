import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";

const KNOWN_PATHS = 1000;

/** A route's translation namespaces are the names in its module's `handle.i18n`. */
type Namespace = string;

export type NamespacesFor = (pathname: string) => Namespace[];

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  namespaces: readonly Namespace[];
  children?: RouteNode[];
}

type RouteTable = Record<
  string,
  { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean; module: { handle?: unknown } }
>;

/**
 * The translation namespaces a page needs: those its matched routes declare in `handle.i18n`,
 * root first. Built once from the route table (the server build's, or the one tests assemble)
 * and handed to loaders in the load context, so the root loader embeds only what the page uses.
 */
export function routeNamespaces(routes: ServerBuild["routes"] | RouteTable): NamespacesFor {
  const table = routes as RouteTable;
  const childrenOf = (parentId: string | undefined): RouteNode[] =>
    Object.values(table)
      .filter((r) => r.parentId === parentId)
      .map((r) => ({
        id: r.id,
        path: r.path,
        index: r.index,
        caseSensitive: r.caseSensitive,
        namespaces: (r.module.handle as { i18n?: readonly Namespace[] } | undefined)?.i18n ?? [],
        children: childrenOf(r.id),
      }));
  const tree = childrenOf(undefined);
  // Matching flattens and ranks the whole tree on every call: remember each path's answer
  // (a bounded number of them: visitors can invent paths without end).
  const known = new Map<string, Namespace[]>();
  return (pathname) => {
    let namespaces = known.get(pathname);
    if (!namespaces) {
      const matches = matchRoutes(tree as never, pathname) ?? [];
      namespaces = [...new Set(matches.flatMap((m) => (m.route as unknown as RouteNode).namespaces))];
      if (known.size >= KNOWN_PATHS) known.clear();
      known.set(pathname, namespaces);
    }
    return namespaces;
  };
}
