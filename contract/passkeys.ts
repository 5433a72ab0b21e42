import { z } from "zod";
import { authResult } from "./accounts.ts";
import { route } from "./route.ts";
import { emptyResult, epochSeconds } from "./wire.ts";

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, "base64url");

/**
 * What the browser's WebAuthn call answered, as @simplewebauthn/browser writes it: checked for
 * shape and size here, for its signature by the API. Unknown members are kept (newer browsers add
 * some); the API reads only the ones it knows.
 */
const credentialCommon = {
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal("public-key"),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};

export const registrationCredential = z.looseObject({
  ...credentialCommon,
  response: z.looseObject({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    transports: z.array(z.string().max(32)).max(8).optional(),
  }),
});

export const authenticationCredential = z.looseObject({
  ...credentialCommon,
  response: z.looseObject({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(2048),
    userHandle: base64url(512).optional(),
  }),
});

/** The options the browser's WebAuthn call takes, passed through as the API made them. */
export const ceremonyOptions = z.looseObject({ challenge: z.string(), rpId: z.string().optional() });

const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string().describe("The name the user gave it; empty until then (the device it was made on names it)"),
  browser: z.string().describe("The browser it was made in, as the sessions name it (chrome, safari, ...) or empty"),
  os: z.string().describe("The system it was made on (android, ios, ...) or empty"),
  backed_up: z.boolean().describe("The authenticator said it is synced or backed up (a multi-device passkey)"),
  created_at: epochSeconds,
  last_used_at: epochSeconds.nullable().describe("Last signed in with; null when never"),
});

const passkeyId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const passkeyRoutes = {
  signInOptions: route({
    method: "GET",
    path: "/v1/user/passkey/options/",
    summary:
      "Options to sign in with a passkey (any of the device's, as autofill offers them): a challenge bound to the device id, good once, for PASSKEY_CHALLENGE_SECONDS. Writes nothing",
    auth: false,
    response: z.object({
      options: ceremonyOptions,
      did: z.string().describe("The device id the challenge is bound to: the sign-in must send this did"),
    }),
  }),
  signIn: route({
    method: "POST",
    path: "/v1/user/passkey/login/",
    summary: "Sign in with a passkey, under the same device rules as a code (bans, accounts a day)",
    auth: false,
    body: z.object({ credential: authenticationCredential }),
    response: authResult,
  }),
  list: route({
    method: "GET",
    path: "/v1/user/passkeys/",
    summary: "The account's passkeys, newest first",
    auth: true,
    response: z.object({ passkeys: z.array(passkeySchema) }),
  }),
  addOptions: route({
    method: "GET",
    path: "/v1/user/passkeys/options/",
    summary: "Options to add a passkey: a challenge bound to this session, good once, for PASSKEY_CHALLENGE_SECONDS",
    auth: true,
    response: z.object({ options: ceremonyOptions }),
  }),
  add: route({
    method: "POST",
    path: "/v1/user/passkeys/add/",
    summary: "Add the passkey the browser made with the options of this session (at most PASSKEYS_PER_USER)",
    auth: true,
    body: z.object({ credential: registrationCredential }),
    response: z.object({ passkey: passkeySchema }),
  }),
  rename: route({
    method: "POST",
    path: "/v1/user/passkeys/rename/",
    summary: "Give one of the account's passkeys a name",
    auth: true,
    body: z.object({ id: passkeyId, name: z.string().max(200) }),
    response: emptyResult,
  }),
  remove: route({
    method: "POST",
    path: "/v1/user/passkeys/remove/",
    summary: "Remove one of the account's passkeys: it signs in no more",
    auth: true,
    body: z.object({ id: passkeyId }),
    response: emptyResult,
  }),
} as const;
