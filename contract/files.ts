import { z } from "zod";
import { route } from "./route.ts";

/** What an upload is for: the avatar (512x512, into review) or the campaign application's photo. */
export const UPLOAD_TYPES = ["avatar", "campaign"] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

const uploadResult = z.object({
  urls: z.object({
    id: z.string().describe("The stored file's name"),
    url: z.string().describe("Where the web app serves it (/media/<id>)"),
  }),
});

/** A stored file's name: random, with its extension; nothing else is ever read from the store. */
export const FILE_NAME = /^[A-Za-z0-9_-]{22}\.webp$/;

export const filesRoutes = {
  upload: route({
    method: "POST",
    path: "/v1/file/upload/",
    summary:
      "Upload a picture (multipart/form-data: `type` and `file`): JPEG, PNG or WebP, stored as WebP without metadata; `avatar`: 512x512, into review; `campaign`: at most 1024 px a side, for the campaign application",
    auth: true,
    response: uploadResult,
  }),
} as const;
