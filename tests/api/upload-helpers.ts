import sharp from "sharp";
import type { TestApi } from "../setup/test-api.ts";
import { expectNoLeak } from "./helpers.ts";

/** A multipart/form-data body, as a phone's browser or the native app sends it. */
function multipart(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]) {
  const boundary = `----vv${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ""}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ""}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface UploadOptions {
  filename?: string;
  type?: string;
  field?: string;
}

/** `POST /v1/file/upload/` as the given user, checked for leaks. */
export async function uploadFile(api: TestApi, token: string, file: Buffer, opts: UploadOptions = {}) {
  const body = multipart([
    { name: "type", value: opts.type ?? "avatar" },
    { name: opts.field ?? "file", value: file, filename: opts.filename ?? "photo.jpg", type: "image/jpeg" },
  ]);
  const res = await api.app.inject({
    method: "POST",
    url: "/v1/file/upload/?os=web&vcode=1",
    headers: { authorization: `HIN ${token}`, "content-type": body.contentType },
    payload: body.payload,
  });
  expectNoLeak(res.body);
  return { status: res.statusCode, body: res.json() };
}

/** A phone photo: a JPEG with the camera's make and where it was taken. */
export function photoWithGps(width = 1200, height = 900) {
  return sharp({ create: { width, height, channels: 3, background: "#3a6" } })
    .jpeg({ quality: 70 })
    .withExif({
      IFD0: { Make: "PhoneCo", Model: "Cheap 1" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
    })
    .toBuffer();
}
