import type { z } from "zod";

/** One /v1 call: the API binds its handler to it and OpenAPI is generated from it. */
export interface RouteSpec {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  summary: string;
  /** true: a user's token; "operator": an operator's console session (decision 063), never a user's. */
  auth: boolean | "operator";
  body?: z.ZodType;
  /** Parameters of this call carried in the query string, beside the common ones. */
  query?: z.ZodObject;
  /** Parameters in the path, written `{name}` in `path`. */
  params?: z.ZodObject;
  response: z.ZodType;
  /**
   * A file, streamed, instead of the envelope: its media types. `response` then describes the
   * file; a refusal still answers in the envelope, as JSON.
   */
  file?: readonly string[];
}

export function route<const T extends RouteSpec>(spec: T): T {
  return spec;
}
