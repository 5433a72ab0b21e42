import { data, redirect } from "@remix-run/node";
import type { z } from "zod";
import { ErrorCode } from "#contract/errors.ts";
import type { RouteSpec } from "#contract/route.ts";
import type { callApi } from "./api.server.ts";
import { callSignedIn, errorToast, requireSignedIn, type RequestContext } from "./request.server.ts";
import { doneWithToast, redirectWithToast } from "./toast.server.ts";
import type { Toast } from "./toast.ts";

/** A form field as trimmed text ("" when absent or a file). */
export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}

/**
 * The posted form, or a 400 with the toast when the body is not one (another content type, or
 * multipart that does not parse). server.ts refuses such posts before Remix; an action reached
 * anyway must still answer, not fail.
 */
export async function postedForm(request: Request): Promise<FormData | StatusRefusal> {
  try {
    return await request.formData();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return notAForm();
  }
}

/** A refusal answered with an HTTP status of its own (400, 413), as action data. */
export type StatusRefusal = ReturnType<typeof data<IntentFailure>>;

/** What a page's action answers: a refusal or a success toast as action data, or a redirect. */
export type ActionAnswer = IntentFailure | StatusRefusal | { toast: Toast } | Response;

/** The answer to a post whose body is not a form: the shape of any refusal, at 400. */
export function notAForm(): StatusRefusal {
  return data<IntentFailure>({ toast: { kind: "error", code: ErrorCode.badRequest } }, { status: 400 });
}

/** Calls the API as the signed-in user of this request (an expired login goes to /login). */
type SignedInApi = <S extends RouteSpec>(spec: S, input?: Parameters<typeof callApi<S>>[2]) => Promise<z.infer<S["response"]>>;

interface IntentInput {
  api: SignedInApi;
  form: FormData;
  ctx: RequestContext;
}

/**
 * One button of a page: the API call it makes, the toast that says it worked (null when the
 * page it leads to says so itself), and where it leads (default: the page).
 */
interface Intent<R> {
  call(input: IntentInput): Promise<R>;
  success(result: R): Toast | null;
  next?(result: R): string;
}

/** Lets TypeScript carry each intent's result type from `call` to `success`. */
export function intent<R>(handler: Intent<R>): Intent<R> {
  return handler;
}

/** A refusal an intent words itself (with details the API's code alone does not carry). */
export class Refusal extends Error {
  constructor(readonly toast: Toast) {
    super(toast.key ?? String(toast.code));
  }
}

/** What a page's action answers when a call is refused: the toast, and the fields to keep. */
export interface IntentFailure {
  toast: Toast;
  fields?: Record<string, string>;
}

/** The refusal of a failed call; one of `inField` is shown next to its field (useFieldError), not again as a toast. */
export function refusalToast(error: unknown, inField: readonly number[] = []): Toast {
  const toast = error instanceof Refusal ? error.toast : errorToast(error);
  return toast.code !== undefined && inField.includes(toast.code) ? { ...toast, inPage: true } : toast;
}

/**
 * The action of a signed-in page: runs the form's `intent` from the table, then answers with
 * its success toast (see doneWithToast), or re-renders with the localized refusal and the
 * typed fields named in `keep`.
 */
export async function dispatchIntent(
  request: Request,
  // Each intent parses a form of its own shape: the table holds them all.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  table: Record<string, Intent<any>>,
  opts: {
    page: string;
    keep?: readonly string[];
    form?: FormData;
    /** Refusals the page shows next to their field (useFieldError): not again as a toast. */
    inField?: readonly number[];
  },
): Promise<ActionAnswer> {
  const ctx = await requireSignedIn(request);
  const form = opts.form ?? (await postedForm(request));
  if (!(form instanceof FormData)) return form;
  const chosen = field(form, "intent");
  // The table's own entries only: every object also answers to "constructor" or "toString".
  const handler = Object.hasOwn(table, chosen) ? table[chosen] : undefined;
  if (!handler) return { toast: { kind: "error", code: ErrorCode.badRequest } } satisfies IntentFailure;
  const api: SignedInApi = (spec, input) => callSignedIn(request, ctx, spec, input);
  let result: unknown;
  try {
    result = await handler.call({ api, form, ctx });
  } catch (error) {
    const fields = Object.fromEntries((opts.keep ?? []).map((name) => [name, field(form, name)]));
    return { toast: refusalToast(error, opts.inField), fields } satisfies IntentFailure;
  }
  const toast = handler.success(result);
  const next = handler.next?.(result);
  if (!toast) return redirect(next ?? opts.page);
  return next ? redirectWithToast(next, toast) : doneWithToast(request, opts.page, toast);
}
