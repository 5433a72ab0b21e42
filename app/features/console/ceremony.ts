import { startAuthentication, startRegistration } from "@simplewebauthn/browser";

/**
 * The browser's side of an operator's passkey, loaded when a button asks for it: the options
 * from the console's own route, the browser's sheet, and the answer to post (a JSON string) or
 * the words of what went wrong; null when the operator closed the sheet.
 */
type Outcome = { credential: string } | { error: string } | null;

async function optionsFor(fields: Record<string, string>): Promise<{ options: never } | { error: string }> {
  try {
    const response = await fetch("/console/passkey-options", { method: "POST", body: new URLSearchParams(fields) });
    return (await response.json()) as { options: never } | { error: string };
  } catch {
    return { error: "The service did not answer. Try again." };
  }
}

function outcomeOf(error: unknown): Outcome {
  if (error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError")) return null;
  return { error: `The passkey did not work: ${(error as Error).message}` };
}

export async function consoleSignIn(): Promise<Outcome> {
  const asked = await optionsFor({ for: "login" });
  if ("error" in asked) return asked;
  try {
    return { credential: JSON.stringify(await startAuthentication({ optionsJSON: asked.options })) };
  } catch (error) {
    return outcomeOf(error);
  }
}

export async function consoleEnrol(email: string, code: string): Promise<Outcome> {
  const asked = await optionsFor({ for: "enrol", email, code });
  if ("error" in asked) return asked;
  try {
    return { credential: JSON.stringify(await startRegistration({ optionsJSON: asked.options })) };
  } catch (error) {
    return outcomeOf(error);
  }
}
