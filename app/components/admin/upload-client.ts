import { withoutLineControls } from "~/utils/control-characters";
import { notLinkedNaming } from "~/models/property-messages";
import { linkMediaApi, MEDIA_UPLOAD_API, PROPERTY_IMAGES_API, UPLOAD_URL_API } from "~/paths";

/**
 * docs/product.md §7's upload flow, as the dashboard's browser runs it: an upload URL, the
 * file PUT to it with its content type (through XMLHttpRequest, whose upload reports
 * progress; fetch does not), the objectPath for it, then the record call
 * (POST /api/admin/media/upload, or PUT /api/admin/media/{id}/reupload).
 */

export type RecordTarget = { url: string; method: "POST" | "PUT" };
/** `named`: the error already names the file (otherwise the uploader says which file it is about). */
export type UploadResult<T> = { ok: true; item: T } | { ok: false; error: string; sessionEnded?: boolean; named?: boolean };

class UploadError extends Error {}
/** A 401: the admin's session ended while the dialog was open. */
class SessionEnded extends UploadError {}

async function callJson<T>(url: string, method: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
  });
  const data = (await response.json().catch(() => ({}))) as T & { error?: string };
  if (response.status === 401) throw new SessionEnded(data.error ?? "Unauthorized");
  if (!response.ok) throw new UploadError(data.error ?? `${method} ${url} answered ${response.status}`);
  return data;
}

function putWithProgress(url: string, file: File, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("PUT", url);
    request.setRequestHeader("Content-Type", file.type);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status === 200) return resolve();
      let error = `The upload answered ${request.status}`;
      try {
        error = (JSON.parse(request.responseText) as { error?: string }).error ?? error;
      } catch {
        // S3 answers in XML; the status says enough
      }
      reject(new UploadError(error));
    };
    request.onerror = () => reject(new UploadError("The upload did not reach the server"));
    request.send(file);
  });
}

export async function uploadImage<T>(file: File, target: RecordTarget, onProgress: (fraction: number) => void): Promise<UploadResult<T>> {
  try {
    const { uploadURL } = await callJson<{ uploadURL: string }>(UPLOAD_URL_API, "POST");
    await putWithProgress(uploadURL, file, onProgress);
    onProgress(1);
    const { objectPath } = await callJson<{ objectPath: string }>(PROPERTY_IMAGES_API, "PUT", { imageURL: uploadURL });
    const item = await callJson<T>(target.url, target.method, {
      // The record call refuses a name with a control character or a direction override;
      // the file is not at fault, so its name loses them (and one of nothing but those is "image").
      filename: withoutLineControls(file.name) || "image",
      filePath: objectPath,
      fileSize: file.size,
      mimeType: file.type,
    });
    return { ok: true, item };
  } catch (error) {
    // docs/product.md §8: an upload failure is logged, not toasted; the uploader says it in place.
    console.error("Upload failed", error);
    return { ok: false, error: error instanceof UploadError ? error.message : "The upload failed", sessionEnded: error instanceof SessionEnded };
  }
}

/**
 * Property Images' 'Upload photos': the file uploaded as a media item, then linked to the
 * home (POST /api/admin/properties/{id}/media/{mediaId}/link), after its other photos.
 */
export async function uploadPhotoOfHome(file: File, propertyId: number, onProgress: (fraction: number) => void): Promise<UploadResult<{ id: number }>> {
  const uploaded = await uploadImage<{ id: number }>(file, { url: MEDIA_UPLOAD_API, method: "POST" }, onProgress);
  if (!uploaded.ok) return uploaded;
  try {
    await callJson(linkMediaApi(propertyId, uploaded.item.id), "POST");
    return uploaded;
  } catch (error) {
    console.error("Link failed", error);
    return { ok: false, error: notLinkedNaming(file.name), named: true, sessionEnded: error instanceof SessionEnded };
  }
}
