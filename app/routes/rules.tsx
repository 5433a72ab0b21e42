import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { RulesPage } from "#app/features/rules/rules-page.tsx";
import { rulesLoader } from "#app/features/rules/rules.server.ts";
import type { RouteHandle } from "#app/utils/i18n.ts";
import { seoMeta } from "#app/utils/seo.ts";

// Written on the server for the reader, with no JavaScript: the rules namespace never travels to the browser.
export const handle: RouteHandle = { i18n: ["rules"], hydrate: false };
export const loader = (args: LoaderFunctionArgs) => rulesLoader(args);
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? seoMeta({ title: data.title, description: data.description, publicUrl: data.publicUrl, path: "/rules" }) : [];

export default RulesPage;
