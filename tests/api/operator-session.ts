import { expect } from "vitest";
import { addOperator } from "#api/src/domain/operators/operators.ts";
import { SoftAuthenticator } from "../setup/soft-authenticator.ts";
import type { TestApi } from "../setup/test-api.ts";
import { caller, expectOk } from "./helpers.ts";

/** Operators of the console (decision 063) as tests make them: operator-add, then a passkey made with the mailed code. */

let serial = 0;
export const operatorEmail = () => `op${++serial}-${Date.now()}@ops.example.com`;

/** operator-add, as the CLI runs it; answers the code the mail carries. */
export async function addedOperator(api: TestApi, email: string): Promise<string> {
  await addOperator(api.domain, { email, actor: "root" });
  const mail = [...api.mails].reverse().find((m) => m.to === email)!;
  expect(mail.subject).toBe("Your VV console enrolment code");
  return /code for the VV operators' console: ([A-Z0-9]{10})/.exec(mail.text)![1];
}

export function enrolWith(api: TestApi, authenticator: SoftAuthenticator, email: string, code: string) {
  return (async () => {
    const { options } = expectOk(await caller(api).call("POST", "/v1/ops/enrol/options/", { email, code }));
    return caller(api).call("POST", "/v1/ops/enrol/", { email, code, credential: authenticator.create(options) });
  })();
}

/** A signed-in operator: their address, passkey, session token and a client that sends it. */
export async function enrolledOperator(api: TestApi, origin: string, email = operatorEmail()) {
  const laptop = new SoftAuthenticator(origin);
  const { token } = expectOk(await enrolWith(api, laptop, email, await addedOperator(api, email)));
  return { email, laptop, token: token as string, console: caller(api, { token }) };
}
