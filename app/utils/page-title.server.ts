import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { i18next } from "./i18next.server.ts";
import { detectLocale } from "./locale.server.ts";

/** The translated document title of a signed-in page. */
export async function pageTitle(request: Request, key: string): Promise<string> {
  const t = await i18next.getFixedT(await detectLocale(request), "common");
  return `${t(key)} · VV`;
}

/** The loader of a tab whose data is only its title (the user comes from the layout). */
export function titleLoader(key: string) {
  return async ({ request }: LoaderFunctionArgs) => json({ title: await pageTitle(request, key) });
}
