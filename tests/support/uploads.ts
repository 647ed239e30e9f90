import { expect } from "vitest";
import type { JsonCall } from "./admin-api";

/**
 * The upload dialog's first steps with JavaScript (components/admin/upload-client.ts): an
 * upload URL, the bytes PUT there, then the objectPath that the record call names.
 */
export async function quarantinedUpload(call: JsonCall, bytes: Buffer, type: string): Promise<string> {
  const { uploadURL } = (await (await call("/api/objects/upload", { method: "POST" })).json()) as { uploadURL: string };
  expect((await fetch(uploadURL, { method: "PUT", headers: { "Content-Type": type }, body: new Uint8Array(bytes) })).status).toBe(200);
  const { objectPath } = (await (await call("/api/property-images", { method: "PUT", body: { imageURL: uploadURL } })).json()) as { objectPath: string };
  return objectPath;
}

/** The whole upload as the dialog makes it: those steps, then POST /api/admin/media/upload. */
export async function uploadAsTheDialogDoes(call: JsonCall, name: string, bytes: Buffer, type: string): Promise<Response> {
  const filePath = await quarantinedUpload(call, bytes, type);
  return call("/api/admin/media/upload", { method: "POST", body: { filename: name, filePath, fileSize: bytes.length, mimeType: type } });
}

/** The Upload Image, Re-upload or property form as a browser without JavaScript posts it: `fields`, then the file. */
export function postFileForm(
  server: { url: string },
  cookie: string,
  path: string,
  file: { name: string; bytes: Buffer; type: string } | null,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  else form.set("file", new Blob([], { type: "application/octet-stream" }), "");
  return fetch(`${server.url}${path}`, { method: "POST", headers: { Origin: server.url, Cookie: cookie }, body: form, redirect: "manual" });
}
