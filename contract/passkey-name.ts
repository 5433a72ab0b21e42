/** The longest passkey name a user can give (in characters, after trimming). Zod-free: the browser imports it. */
export const PASSKEY_NAME_MAX = 40;
