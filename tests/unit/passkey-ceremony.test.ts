import { beforeEach, expect, test, vi } from "vitest";

// The browser's side of a passkey sign-in, with the browser's answer made up: the autofill asks in
// the background, so a browser that refuses it (Chromium's headless shell, for one, refuses every
// conditional request) leaves the page quiet; the button, which the person pressed, says it failed.
const refusal = vi.hoisted(() => ({ error: undefined as unknown }));
vi.mock("@simplewebauthn/browser", async (original) => ({
  ...(await original<typeof import("@simplewebauthn/browser")>()),
  startAuthentication: () => Promise.reject(refusal.error),
}));

beforeEach(() => {
  vi.stubGlobal("fetch", () =>
    Promise.resolve(new Response(JSON.stringify({ options: { challenge: "abc" } }), { headers: { "Content-Type": "application/json" } })),
  );
});

const notSupported = Object.assign(new Error("Resident credentials or empty 'allowCredentials' lists are not supported at this time."), {
  name: "NotSupportedError",
});

test("a refused autofill request shows nothing; the same refusal after a tap on the button is said", async () => {
  const { passkeyAssertion } = await import("#app/features/passkeys/ceremony.ts");
  refusal.error = notSupported;
  expect(await passkeyAssertion(true)).toBeNull();
  expect(await passkeyAssertion(false)).toEqual({ toast: { kind: "error", key: "common:passkey.failed" } });
});

test("a sheet the person closed is their choice, from the button too", async () => {
  const { passkeyAssertion } = await import("#app/features/passkeys/ceremony.ts");
  refusal.error = Object.assign(new Error("closed"), { name: "NotAllowedError" });
  expect(await passkeyAssertion(false)).toBeNull();
  expect(await passkeyAssertion(true)).toBeNull();
});
