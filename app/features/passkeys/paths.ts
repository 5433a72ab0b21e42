/** The web app's resource route that hands the browser the API's options for a passkey. */
export const PASSKEY_OPTIONS_PATH = "/passkeys/options";

/** The page whose action adds, renames and removes passkeys (Your devices). */
export const PASSKEYS_PAGE = "/settings/sessions";
