import type { MetaFunction } from "@remix-run/node";
import { i18next } from "./i18next.server.ts";
import { detectLocale } from "./locale.server.ts";

/** The translated document title of a signed-in page, for its loader to return. */
export async function pageTitle(request: Request, key: string): Promise<string> {
  const t = await i18next.getFixedT(await detectLocale(request), "common");
  return `${t(key)} · VV`;
}

export const titleFromData: MetaFunction = ({ data }) => [
  { title: (data as { title?: string } | undefined)?.title ?? "VV" },
  { name: "robots", content: "noindex" },
];
