import { z } from "zod";

/** Shapes every feature's payloads are built from. */
export const moneyString = z
  .string()
  .regex(/^-?\d+\.\d{8}$/)
  .describe("Decimal string, 8 places");
export const epochSeconds = z.number().int().describe("Epoch seconds");
export const emptyResult = z.object({});

/** Another person's nickname on the wire, as its own field. */
export const nicknameField = (who: string) => z.string().describe(`The ${who}'s nickname, or empty when they have none`);

/** A person's generated friendly name (contract/people.ts), what clients show while there is no nickname. */
export const aliasField = (who: string) =>
  z
    .string()
    .describe(
      `The ${who}'s friendly name made from their display id, as an animal key and a number 10-99 ("fox-42"): clients write it in the reader's language ("Fox 42") and draw the animal's emoji as the avatar when there is no nickname`,
    );

/**
 * The query every client appends to every call, as the native apps already send it. The API drops unknown keys;
 * the web app fills each of these from the visitor's session.
 */
export const commonQuery = z.object({
  os: z.string().max(16).optional(),
  country: z.string().max(8).optional(),
  lang: z.string().max(16).optional(),
  ui_lang: z.string().max(16).optional(),
  pkg: z.string().max(64).optional(),
  vcode: z.string().max(16).optional(),
  did: z.string().max(64).optional(),
});
export type CommonQuery = z.infer<typeof commonQuery>;

/**
 * The native apps: their webviews open the web app with `?os=android|ios&vcode=N` and this
 * header carrying the operator's NATIVE_APP_KEY (docs/decisions/019). A plain browser can put
 * anything in a URL but cannot add a header to a page it opens, so only the header makes a
 * client native; the web app passes it on to the API.
 */
export const APP_KEY_HEADER = "x-vv-app-key";

/** The native apps' platforms. */
const NATIVE_OSES = ["android", "ios"] as const;
export interface NativeApp {
  os: (typeof NATIVE_OSES)[number];
  /** The app's version code, digits. */
  vcode: string;
}

/** The native app a query names, or undefined for the web and for anything malformed. */
export function nativeAppOf(query: { os?: string | null; vcode?: string | null }): NativeApp | undefined {
  const os = NATIVE_OSES.find((o) => o === query.os);
  const vcode = query.vcode ?? "";
  return os && /^\d{1,9}$/.test(vcode) ? { os, vcode } : undefined;
}
