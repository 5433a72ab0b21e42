import { decode } from "turbo-stream";

/** What Remix's client makes of the tagged values in a single-fetch answer (its own decoder's plugins). */
export type Decoded =
  | { redirect: { redirect: string; status: number; reload: boolean; revalidate: boolean; replace: boolean } }
  | { errorResponse: { data: unknown; status: number; statusText: string } }
  | Record<string, unknown>;

/**
 * Reads a single-fetch answer (`<path>.data`, turbo-stream) the way Remix's client does, with
 * its tags made plain: a redirect as `{ redirect }`, a thrown response as `{ errorResponse }`,
 * an error as `{ error: message }`.
 */
export async function readSingleFetch(body: ReadableStream<Uint8Array> | string): Promise<Decoded> {
  const stream = typeof body === "string" ? new Response(body).body! : body;
  const decoded = await decode(stream, {
    plugins: [
      (type: string, ...rest: unknown[]) => {
        if (type === "SingleFetchRedirect") return { value: { redirect: rest[0] } };
        if (type === "ErrorResponse") return { value: { errorResponse: { data: rest[0], status: rest[1], statusText: rest[2] } } };
        if (type === "SanitizedError") return { value: { error: rest[1] } };
        return undefined;
      },
      (type: string, value: unknown) => {
        if (type === "SingleFetchFallback") return { value: undefined };
        if (type === "SingleFetchClassInstance") return { value };
        return undefined;
      },
    ],
  });
  await decoded.done;
  return decoded.value as Decoded;
}

/** An action's answer to Remix's own fetch: the action data. */
export async function actionData<T = Record<string, unknown>>(body: ReadableStream<Uint8Array> | string): Promise<T> {
  const decoded = (await readSingleFetch(body)) as { data?: T };
  if (!("data" in decoded)) throw new Error(`not action data: ${JSON.stringify(decoded)}`);
  return decoded.data as T;
}
