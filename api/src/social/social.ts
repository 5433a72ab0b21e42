/** What the product asks of a social network: a handle that exists, is the user's, and follows the official account. */
export interface SocialNetwork {
  /** Named in the start-up log and the README. */
  readonly name: string;
  /**
   * Whether `handle` (without @) is an existing account that belongs to the user. Ownership
   * is proven by the user's VV invite code in the account's profile description.
   */
  checkHandle(handle: string, proof: string): Promise<"ok" | "not_found" | "not_owner">;
  /** Whether `handle` follows the official account. */
  followsOfficial(handle: string): Promise<boolean>;
}

export const HANDLE = /^@[A-Za-z0-9_]{1,15}$/;

/**
 * Used when no X credentials are configured: any well-formed handle exists, is the user's,
 * and follows. Said in the logs at start and in the README.
 */
export const wellFormedHandleAdapter: SocialNetwork = {
  name: "well-formed-handle adapter (no X credentials: handles are not checked with X)",
  async checkHandle() {
    return "ok";
  },
  async followsOfficial() {
    return true;
  },
};
