import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { LegalPage } from "#app/features/legal/legal-page.tsx";
import { legalLoader } from "#app/features/legal/legal.server.ts";
import type { RouteHandle } from "#app/utils/i18n.ts";
import { seoMeta } from "#app/utils/seo.ts";

// Rendered on the server only: the long legal namespace never travels to the browser.
export const handle: RouteHandle = { i18n: ["legal", "auth"], hydrate: false };
export const loader = (args: LoaderFunctionArgs) => legalLoader(args, "terms");
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? seoMeta({ title: data.title, description: data.description, publicUrl: data.publicUrl, path: "/terms" }) : [];

export default LegalPage;
