import type { NextFunction, Request, Response } from "express";
import { finishReceiving, startReceiving } from "../app/services/uploads/upload-slots.server";
import { TooLarge } from "../app/services/uploads/byte-limit.server";
import { receiveIntoQuarantine } from "../app/services/uploads/quarantine.server";
import { checkLocalUploadUrl } from "../app/services/uploads/upload-urls.server";
import { log } from "../app/config/logger.server";
import { retryAfterFor } from "../app/http/storage-unavailable.server";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "../app/services/uploads/upload-rules";

/**
 * PUT /api/objects/upload/<slot id>?expires=…&signature=…: the local-disk uploadURL of
 * docs/product.md §7 (S3 takes such uploads itself, with a presigned URL). The URL must be
 * unaltered, unexpired and unused; the body is streamed to a work file and cut off past
 * 10485760 bytes, never held in memory, then moved into quarantine, where only the
 * record step (POST /api/admin/media/upload) reads it. 200 means the bytes are stored.
 */

function refuse(res: Response, status: number, error: string) {
  // The rest of a refused body is not read: the connection closes once the answer is out.
  res.set({ Connection: "close", ...retryAfterFor(status) }).status(status).json({ error });
}

// How much of a too-large body is still read (and dropped) before the answer.
const DRAIN_LIMIT_BYTES = MAX_UPLOAD_BYTES;

/**
 * Refuses a body that is too large once the sender has finished sending it: a client
 * still writing when the connection closes sees a broken pipe, not the 413. Past
 * DRAIN_LIMIT_BYTES more, the connection is closed at once.
 */
function refuseTooLarge(req: Request, res: Response) {
  let drained = 0;
  const answer = () => {
    if (!res.headersSent) refuse(res, 413, UPLOAD_MESSAGES.tooLarge);
  };
  if (req.complete) return answer();
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT_BYTES) {
      req.removeAllListeners("data");
      answer();
    }
  });
  req.once("end", answer);
  req.once("error", answer);
  req.once("close", answer);
  req.resume();
}

export function receiveUploads() {
  return async (req: Request, res: Response, next: NextFunction) => {
    const slotId = req.path.replace(/^\//, "");
    // Mounted on the prefix, which Express also matches for the bare path: POST
    // /api/objects/upload (the app's own route) hands out these URLs.
    if (!slotId) return next();
    res.set("Cache-Control", "no-store");
    if (req.method !== "PUT") return void res.status(405).set("Allow", "PUT").json({ error: "Method not allowed" });
    const url = checkLocalUploadUrl(slotId, new URLSearchParams(req.originalUrl.split("?")[1] ?? ""));
    if (url.kind === "altered") return refuse(res, 403, UPLOAD_MESSAGES.notYourUpload);
    if (url.kind === "expired") return refuse(res, 403, UPLOAD_MESSAGES.expired);
    const start = startReceiving(url.slotId);
    if (start.kind === "missing") return refuse(res, 403, UPLOAD_MESSAGES.notYourUpload);
    if (start.kind === "expired") return refuse(res, 403, UPLOAD_MESSAGES.expired);
    if (start.kind === "used") return refuse(res, 409, UPLOAD_MESSAGES.alreadyUsed);

    const declared = Number(req.get("content-length"));
    if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES) {
      finishReceiving(url.slotId, false);
      return refuseTooLarge(req, res);
    }

    try {
      const size = await receiveIntoQuarantine(url.slotId, req, req.get("content-type") ?? "application/octet-stream");
      res.status(200).json({ size });
    } catch (error) {
      if (TooLarge.is(error)) return refuseTooLarge(req, res);
      req.resume(); // the rest is read and dropped until the connection closes
      if (!req.complete && req.destroyed) return; // the browser gave up mid-upload
      log.error("upload: not stored", { slotId: url.slotId, error: String(error) });
      if (!res.headersSent) refuse(res, 503, UPLOAD_MESSAGES.storageUnavailable);
    }
  };
}
