import { z } from "zod";
import { route } from "./route.ts";

/** What an upload is for: the avatar (rules.md §7); the campaign photo comes later. */
export const UPLOAD_TYPES = ["avatar"] as const;

export const uploadResult = z.object({
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
    summary: "Upload a picture (multipart/form-data: `type`=avatar and `file`): JPEG, PNG or WebP, stored as 512x512 WebP without metadata; an avatar goes into review",
    auth: true,
    response: uploadResult,
  }),
} as const;
