import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { LegalPage } from "~/components/legal-page.tsx";
import { legalLoader } from "~/utils/legal.server.ts";
import { seoMeta } from "~/utils/seo.ts";

export const handle = { hydrate: false };
export const loader = (args: LoaderFunctionArgs) => legalLoader(args, "privacy");
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? seoMeta({ title: data.title, description: data.description, publicUrl: data.publicUrl, path: "/privacy" }) : [];

export default LegalPage;
