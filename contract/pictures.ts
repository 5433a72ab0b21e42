/**
 * The picture formats an upload may be, as people know them: the API reads the format from the
 * bytes (sharp's names are these, lower-cased), and the pages state them under the file field.
 */
export const PICTURE_FORMATS = ["JPEG", "PNG", "WebP"] as const;

/** A picture field's `accept`: the formats, then image/* so that phones offer the camera and the gallery. */
export const PICTURE_ACCEPT = [...PICTURE_FORMATS.map((format) => `image/${format.toLowerCase()}`), "image/*"].join(",");
