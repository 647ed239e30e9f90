import { json } from "~/http/json-response";
import { UPLOAD_MESSAGES } from "~/services/uploads/upload-rules";
import { NO_STORE } from "~/http/no-store";

/**
 * The answer when the file store cannot be reached (S3 down, disk full): 503 with a
 * Retry-After, never a 500, and nothing changed (docs/decisions/028). A 503 of ours
 * means only this, so the header follows from the status.
 */

/** An outage is minutes more often than seconds; half a minute keeps retries few. */
export const STORAGE_RETRY_AFTER_SECONDS = 30;

/** Retry-After for an answer with `status` (a 503); nothing for any other status. */
export function retryAfterFor(status: number): Record<string, string> {
  return status === 503 ? { "Retry-After": String(STORAGE_RETRY_AFTER_SECONDS) } : {};
}

/** The JSON answer of an admin call the store's outage stopped. */
export function storageUnavailableJson(): Response {
  return json({ error: UPLOAD_MESSAGES.storageUnavailable }, { status: 503, headers: { ...NO_STORE, ...retryAfterFor(503) } });
}
