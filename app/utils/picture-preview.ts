import { useEffect, useState, type ChangeEvent } from "react";
import { ErrorCode } from "#contract/errors.ts";

/** The refusals of a picture upload, shown next to its file field. */
export const PICTURE_ERROR_CODES = [
  ErrorCode.uploadNotImage,
  ErrorCode.uploadTooLargeSides,
  ErrorCode.uploadUnreadable,
  ErrorCode.tooLarge,
];

/**
 * A preview of the picture chosen in a file field, before it is sent (with JavaScript): the
 * object URL, freed when another is chosen or the form goes away, and the field's change handler.
 */
export function usePicturePreview(): { preview: string | null; choose: (event: ChangeEvent<HTMLInputElement>) => void } {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPreview(file ? URL.createObjectURL(file) : null);
  };
  return { preview, choose };
}
