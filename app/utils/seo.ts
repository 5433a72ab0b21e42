import type { MetaDescriptor } from "@remix-run/node";
import { LANGUAGE_CODES } from "#contract/languages.ts";

/**
 * Title, description, canonical and one hreflang alternate per language, for the
 * public pages that search engines should see.
 */
export function seoMeta(input: { title: string; description: string; publicUrl: string; path: string }): MetaDescriptor[] {
  const base = input.publicUrl.replace(/\/+$/, "") + input.path;
  return [
    { title: input.title },
    { name: "description", content: input.description },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { tagName: "link", rel: "canonical", href: base },
    ...LANGUAGE_CODES.map((code) => ({ tagName: "link", rel: "alternate", hrefLang: code, href: `${base}?ui_lang=${code}` })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: base },
  ];
}

/** A link preview's picture (an invite link of an approved campaign applicant), as crawlers want it: absolute, sized. */
export function shareImageMeta(publicUrl: string, path: string | undefined): MetaDescriptor[] {
  if (!path) return [];
  return [
    { property: "og:image", content: publicUrl.replace(/\/+$/, "") + path },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
