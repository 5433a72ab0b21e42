import { useActionData } from "@remix-run/react";
import { useEffect, useState, type ChangeEvent } from "react";
import { ErrorCode } from "#contract/errors.ts";
import type { Toast } from "./toast.ts";

/** The refusals of a picture upload, shown next to its file field. */
export const PICTURE_ERROR_CODES = [
  ErrorCode.uploadNotImage,
  ErrorCode.uploadTooLargeSides,
  ErrorCode.uploadUnreadable,
  ErrorCode.tooLarge,
];

/** A picture over the limit (`size` in the reader's words), refused next to its field with the limit said. */
export function pictureTooLarge(size: string): Toast {
  return { kind: "error", code: ErrorCode.tooLarge, key: "errors:pictureTooLarge", params: { size }, inPage: true };
}

/**
 * A preview of the picture chosen in a file field, before it is sent (with JavaScript): the
 * object URL, freed when another is chosen or the form goes away, and the field's change handler.
 * A file the browser cannot draw, or one over the limit, is refused at once (`refusal`, for
 * useFieldError's `local`) and taken out of the field: no broken preview, nothing sent in vain.
 */
export function usePicturePreview(limit?: { maxBytes: number; size: string }): {
  preview: string | null;
  choose: (event: ChangeEvent<HTMLInputElement>) => void;
  refusal?: Toast;
} {
  const [preview, setPreview] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Toast>();
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  // A post answered since: its refusal, or none, is the newer word.
  const answer = useActionData();
  useEffect(() => setRefusal(undefined), [answer]);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    const refuse = (toast: Toast) => {
      input.value = "";
      setRefusal(toast);
    };
    setPreview(null);
    setRefusal(undefined);
    if (!file) return;
    if (limit && file.size > limit.maxBytes) return refuse(pictureTooLarge(limit.size));
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.src = url;
    image.decode().then(
      // Only if it is still the field's file: a slow decode must not bring back an earlier choice.
      () => (input.files?.[0] === file ? setPreview(url) : URL.revokeObjectURL(url)),
      () => {
        URL.revokeObjectURL(url);
        if (input.files?.[0] === file) refuse({ kind: "error", code: ErrorCode.uploadNotImage, inPage: true });
      },
    );
  };
  return { preview, choose, refusal };
}
