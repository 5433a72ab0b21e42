import { startAuthentication, startRegistration, WebAuthnAbortService, WebAuthnError } from "@simplewebauthn/browser";
import { ErrorCode } from "#contract/errors.ts";
import type { Toast } from "#app/utils/toast.ts";
import { PASSKEY_OPTIONS_PATH } from "./paths.ts";

/**
 * The browser's side of a passkey, loaded only when one is used: it fetches the API's options
 * through the web app, asks the browser, and gives back the answer to post (a JSON string), a
 * toast to show, or null when the person simply closed the browser's sheet.
 */
type Outcome = { credential: string } | { toast: Toast } | null;

/** The API's options through the web app, or the refusal; no connection is the network's error. */
async function optionsFor(purpose: "login" | "add"): Promise<{ options: never } | { toast: Toast }> {
  const unreachable = { toast: { kind: "error", code: ErrorCode.internal } as Toast };
  try {
    const response = await fetch(`${PASSKEY_OPTIONS_PATH}?for=${purpose}`, { headers: { Accept: "application/json" } });
    if (!response.headers.get("Content-Type")?.includes("json")) return unreachable;
    return (await response.json()) as { options: never } | { toast: Toast };
  } catch {
    return unreachable;
  }
}

/** A cancelled or timed-out sheet is the person's choice, not a fault. */
function outcomeOf(error: unknown, previouslyRegistered: string): Outcome {
  if (error instanceof WebAuthnError && error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") {
    return { toast: { kind: "info", key: previouslyRegistered } };
  }
  if (error instanceof WebAuthnError && error.code === "ERROR_CEREMONY_ABORTED") return null;
  if (error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError")) return null;
  return { toast: { kind: "error", key: "common:passkey.failed" } };
}

/** Signs in: from the e-mail field's autofill (waits until a passkey is picked there) or from the button. */
export async function passkeyAssertion(autofill: boolean): Promise<Outcome> {
  const asked = await optionsFor("login");
  if ("toast" in asked) return autofill ? null : asked;
  try {
    return { credential: JSON.stringify(await startAuthentication({ optionsJSON: asked.options, useBrowserAutofill: autofill })) };
  } catch (error) {
    // The autofill asks in the background, on the page's own: a browser that refuses it (some
    // refuse conditional requests outright) has refused nothing the person did, and the button is there.
    return autofill ? null : outcomeOf(error, "common:passkey.failed");
  }
}

/** Makes a passkey for the signed-in account on this device. */
export async function passkeyCreation(): Promise<Outcome> {
  const asked = await optionsFor("add");
  if ("toast" in asked) return asked;
  try {
    return { credential: JSON.stringify(await startRegistration({ optionsJSON: asked.options })) };
  } catch (error) {
    return outcomeOf(error, "common:passkey.already");
  }
}

/** Ends a sign-in still waiting in the autofill (the page is left). */
export function cancelPasskey(): void {
  WebAuthnAbortService.cancelCeremony();
}
