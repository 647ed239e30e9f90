import { createHmac, timingSafeEqual } from "node:crypto";
import { quarantineKey, SLOT_ID_PATTERN, UPLOAD_URL_TTL_MS } from "~/services/uploads/upload-slots.server";
import { objectPath, presignedPutUrl } from "~/services/storage.server";
import { config } from "~/config/env.server";
import { absoluteUrl } from "~/utils/language-urls";
import type { UploadSlot } from "~/db/schema";
import { LOCAL_UPLOAD_PATH } from "~/paths";

/**
 * The uploadURL of docs/product.md §7 and its reverse. On S3 it is a presigned PUT straight
 * into the bucket's quarantine; on local disk it is this app's own
 * /api/objects/upload/<slot id> with an expiry and an HMAC of both, checked by
 * server/upload-receiver.ts, so an altered or expired URL is refused before any byte
 * is stored. Our own URL is on APP_URL, never on the host a request names: a forged
 * Host would otherwise send the browser's upload to another site.
 */

function signatureOf(slotId: string, expires: number, secret: string): string {
  return createHmac("sha256", secret).update(`upload:${slotId}:${expires}`).digest("base64url");
}

export async function uploadUrlFor(slot: UploadSlot): Promise<string> {
  const presigned = await presignedPutUrl(quarantineKey(slot.id), Math.ceil(UPLOAD_URL_TTL_MS / 1000));
  if (presigned) return presigned;
  const expires = slot.expiresAt.getTime();
  const url = new URL(absoluteUrl(config().appUrl, `${LOCAL_UPLOAD_PATH}${slot.id}`));
  url.searchParams.set("expires", String(expires));
  url.searchParams.set("signature", signatureOf(slot.id, expires, config().sessionSecrets[0]));
  return url.href;
}

export type LocalUrlCheck = { kind: "valid"; slotId: string } | { kind: "altered" } | { kind: "expired" };

/** Checks a local upload URL's path and query as received (any of the session secrets signs). */
export function checkLocalUploadUrl(slotId: string, query: URLSearchParams, now = Date.now()): LocalUrlCheck {
  const expires = Number(query.get("expires"));
  const given = Buffer.from(query.get("signature") ?? "");
  if (!SLOT_ID_PATTERN.test(slotId) || !Number.isSafeInteger(expires)) return { kind: "altered" };
  const signed = config().sessionSecrets.some((secret) => {
    const expected = Buffer.from(signatureOf(slotId, expires, secret));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!signed) return { kind: "altered" };
  return expires > now ? { kind: "valid", slotId } : { kind: "expired" };
}

/**
 * PUT /api/property-images: the objectPath an upload URL stored its bytes at
 * ("/objects/quarantine/<slot id>"), or null for a URL that is no upload URL of ours.
 * Only the path is read: the host is the bucket's or ours, whichever issued it.
 */
export function uploadedObjectPath(uploadUrl: string): { slotId: string; objectPath: string } | null {
  let pathname: string;
  try {
    pathname = new URL(uploadUrl).pathname;
  } catch {
    return null;
  }
  const match = /(?:\/api\/objects\/upload|\/quarantine)\/([0-9a-f]{32})$/.exec(pathname);
  if (!match) return null;
  return { slotId: match[1], objectPath: objectPath(quarantineKey(match[1])) };
}

/** The slot an objectPath in quarantine belongs to ("/objects/quarantine/<id>"), or null. */
export function slotIdOfObjectPath(filePath: string): string | null {
  const match = /^\/objects\/quarantine\/([0-9a-f]{32})$/.exec(filePath);
  return match ? match[1] : null;
}
