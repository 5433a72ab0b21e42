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

/** The route table as the tree matchRoutes takes. */
function routeTree(routes: ServerBuild["routes"] | RouteTable): RouteNode[] {
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
  return childrenOf(undefined);
}

/**
 * What `read` makes of the routes a path matches, remembered per path: matching flattens and
 * ranks the whole tree on every call. A bounded number of paths: visitors can invent them
 * without end.
 */
function byPath<T>(routes: ServerBuild["routes"] | RouteTable, read: (matches: RouteNode[]) => T): (pathname: string) => T {
  const tree = routeTree(routes);
  const known = new Map<string, T>();
  return (pathname) => {
    let answer = known.get(pathname);
    if (answer === undefined) {
      answer = read((matchRoutes(tree as never, pathname) ?? []).map((m) => m.route as unknown as RouteNode));
      if (known.size >= KNOWN_PATHS) known.clear();
      known.set(pathname, answer);
    }
    return answer;
  };
}

/**
 * The translation namespaces a page needs: those its matched routes declare in `handle.i18n`,
 * root first. Built once from the route table (the server build's, or the one tests assemble)
 * and handed to loaders in the load context, so the root loader embeds only what the page uses.
 */
export function routeNamespaces(routes: ServerBuild["routes"] | RouteTable): NamespacesFor {
  return byPath(routes, (matches) => [...new Set(matches.flatMap((route) => route.namespaces))]);
}

/**
 * The route pattern a path matches (`/swap/:id`, `/*` for the unknown paths' route), the label
 * of its requests' metrics: never the path itself, which would be a series per visitor's URL.
 */
export function routePatterns(routes: ServerBuild["routes"]): (pathname: string) => string {
  return byPath(routes, (matches) =>
    matches.length === 0
      ? "unmatched"
      : `/${matches
          .map((route) => route.path)
          .filter(Boolean)
          .join("/")}`,
  );
}
