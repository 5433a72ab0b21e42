/**
 * The three codes people share: an invite code (rules §4), an exchange code (§5) and a gift
 * code (§6). Each is 8 characters from one alphabet, so the bare code does not say what it
 * is; a short prefix written before it does ("GIFT-AB12CD34"). The prefix is how the web app
 * shows a code, and every field and /v1 call takes a code with or without it. Zod-free: the
 * browser imports it.
 */
const CODE_KINDS = ["invite", "exchange", "gift"] as const;
export type CodeKind = (typeof CODE_KINDS)[number];

/** Latin capitals in every language: a code is copied and typed between people who read different scripts. */
const CODE_PREFIX: Record<CodeKind, string> = { invite: "INV", exchange: "SWAP", gift: "GIFT" };

const BARE_LENGTH = 8;

/** A code as people see and share it: "SWAP-K7Q2M9XA". */
export function withPrefix(kind: CodeKind, code: string): string {
  return `${CODE_PREFIX[kind]}-${code}`;
}

/**
 * What someone typed or pasted, read as a code: the kind its prefix names (null when it has
 * none) and the bare code. Full-width letters become plain ones (NFKC), case and the spaces,
 * dashes and dots people type between groups do not matter. A prefix counts only when 8
 * characters follow it, so a bare code that happens to begin like one is still read whole.
 */
export function readCode(input: string): { kind: CodeKind | null; code: string } {
  const compact = input
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[\s\-_.:·]/g, "");
  for (const kind of CODE_KINDS) {
    const prefix = CODE_PREFIX[kind];
    if (compact.length === prefix.length + BARE_LENGTH && compact.startsWith(prefix)) return { kind, code: compact.slice(prefix.length) };
  }
  return { kind: null, code: compact };
}

/** The bare code of `kind` in what was typed, or null when its prefix names another kind. */
export function bareCode(kind: CodeKind, input: string): string | null {
  const read = readCode(input);
  return read.kind === null || read.kind === kind ? read.code : null;
}

/**
 * Whether what was typed is a whole code yet: prefixed and complete, or 8 characters that are not
 * the start of a prefix being typed ("GIFTABCD" is "GIFT-ABCD…" half way). Only then is it worth
 * looking up while the user types.
 */
export function isWholeCode(input: string): boolean {
  const { kind, code } = readCode(input);
  return kind !== null || (code.length === BARE_LENGTH && !CODE_KINDS.some((k) => code.startsWith(CODE_PREFIX[k])));
}
