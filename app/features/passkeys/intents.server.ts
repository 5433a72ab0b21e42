import { ErrorCode } from "#contract/errors.ts";
import { routes } from "#contract/routes.ts";
import { field, intent, Refusal } from "#app/utils/intent-action.server.ts";
import { postedCredential } from "./posted-credential.server.ts";

/** Your devices' buttons for passkeys: add (the answer the page's script posts), rename, remove. */
export const PASSKEY_INTENTS = {
  addPasskey: intent({
    call: ({ api, form }) => {
      const body = postedCredential(form, routes.passkeys.add.body);
      if (!body) throw new Refusal({ kind: "error", code: ErrorCode.badRequest });
      return api(routes.passkeys.add, { body });
    },
    success: () => ({ kind: "success", key: "common:passkey.added" }),
  }),
  renamePasskey: intent({
    call: ({ api, form }) => api(routes.passkeys.rename, { body: { id: Number(field(form, "id")), name: field(form, "name") } }),
    success: () => ({ kind: "success", key: "passkeys:renamed" }),
  }),
  removePasskey: intent({
    call: ({ api, form }) => api(routes.passkeys.remove, { body: { id: Number(field(form, "id")) } }),
    success: () => ({ kind: "success", key: "passkeys:removed" }),
  }),
};
