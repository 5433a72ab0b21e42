import type { MetaDescriptor } from "@remix-run/node";

/** Signed-in pages: the loader's translated title, kept out of search engines. */
export const titleFromData = ({ data }: { data: unknown }): MetaDescriptor[] => [
  { title: (data as { title?: string } | undefined)?.title ?? "VV" },
  { name: "robots", content: "noindex" },
];
