import { data, MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { FormData as UploadForm } from "undici";
import type { UploadType } from "#contract/files.ts";
import { PICTURE_ACCEPT, PICTURE_FORMATS } from "#contract/pictures.ts";
import { routes } from "#contract/routes.ts";
import { detectLocale } from "#lib/visitor-language.ts";
import { getEnv } from "./env.server.ts";
import { megabytesText } from "./format.ts";
import { listFormat } from "./intl.ts";
import { notAForm, postedForm, type IntentFailure, type StatusRefusal } from "./intent-action.server.ts";
import { pictureTooLarge } from "./picture-preview.ts";

/**
 * What a picture field states under it, in the reader's language ("JPEG, PNG, or WebP", "5 MB"),
 * the limit in bytes, which the browser checks before sending a photo it would refuse, and the
 * field's `accept` (here rather than in the page's script, which stays smaller).
 */
export function pictureLimits(locale: string) {
  const maxBytes = getEnv().UPLOAD_MAX_BYTES;
  return {
    types: listFormat(locale, { type: "disjunction" }).format(PICTURE_FORMATS),
    size: megabytesText(locale, maxBytes),
    maxBytes,
    accept: PICTURE_ACCEPT,
  };
}

/** Reads a page's form: a picture arrives as multipart, and is held in memory only up to the limit. */
export async function readUploadForm(request: Request): Promise<FormData | StatusRefusal> {
  if (!request.headers.get("content-type")?.startsWith("multipart/form-data")) return postedForm(request);
  try {
    return await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: getEnv().UPLOAD_MAX_BYTES }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) {
      const { size } = pictureLimits(await detectLocale(request));
      return data<IntentFailure>({ toast: pictureTooLarge(size) }, { status: 413 });
    }
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
