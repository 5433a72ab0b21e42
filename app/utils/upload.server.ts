import { data, MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { FormData as UploadForm } from "undici";
import { ErrorCode } from "#contract/errors.ts";
import type { UploadType } from "#contract/files.ts";
import { routes } from "#contract/routes.ts";
import { getEnv } from "./env.server.ts";
import { notAForm, postedForm, type IntentFailure, type StatusRefusal } from "./intent-action.server.ts";

/** Reads a page's form: a picture arrives as multipart, and is held in memory only up to the cap. */
export async function readUploadForm(request: Request): Promise<FormData | StatusRefusal> {
  if (!request.headers.get("content-type")?.startsWith("multipart/form-data")) return postedForm(request);
  try {
    return await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: getEnv().UPLOAD_BODY_LIMIT }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError)
      return data<IntentFailure>({ toast: { kind: "error", code: ErrorCode.tooLarge } }, { status: 413 });
    // Anything else the parser throws is about the body: no boundary, cut off, malformed.
    return notAForm();
  }
}

/** The chosen file of a form, or null when none was chosen (an empty file part). */
export function chosenFile(form: FormData, name = "file"): Blob | null {
  const file = form.get(name);
  return file instanceof Blob && file.size > 0 ? file : null;
}

type Api = (spec: typeof routes.files.upload, input: { form: UploadForm }) => Promise<{ urls: { id: string; url: string } }>;

/** Sends a chosen picture to the API's upload call as the given type. */
export async function uploadPicture(api: Api, file: Blob, type: UploadType) {
  const upload = new UploadForm();
  upload.append("type", type);
  upload.append("file", new Blob([await file.arrayBuffer()], { type: file.type }), type);
  return api(routes.files.upload, { form: upload });
}
