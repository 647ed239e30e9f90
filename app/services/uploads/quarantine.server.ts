import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { finishReceiving, quarantineKey } from "~/services/uploads/upload-slots.server";
import { putFile, workDir } from "~/services/storage.server";
import { MAX_UPLOAD_BYTES } from "~/services/uploads/upload-rules";
import { byteLimit } from "./byte-limit.server";

/**
 * Receives an upload's bytes into its slot's quarantine key: streamed to a work file,
 * cut off past 10485760 bytes (TooLarge), then moved into the store; the slot (already
 * `receiving`) becomes `received`, or `rejected` if anything fails. The app's own
 * upload URL (server/upload-receiver.ts) and the forms that upload without JavaScript
 * (form-upload.server.ts) both come here. Returns the number of bytes stored.
 */
export async function receiveIntoQuarantine(slotId: string, source: Readable, contentType: string): Promise<number> {
  await fs.mkdir(workDir(), { recursive: true });
  const partial = path.join(workDir(), `${slotId}-${randomUUID()}.part`);
  const limit = byteLimit(MAX_UPLOAD_BYTES);
  // The source is piped by hand, not through pipeline(): on a refusal pipeline would
  // destroy it, and for a request with it the socket its 413 must go out on.
  const writing = pipeline(limit, createWriteStream(partial));
  source.on("close", () => {
    if (!source.readableEnded) limit.destroy(new Error("upload aborted"));
  });
  // A source that fails (a multipart file part cut off, a request torn down) fails the
  // upload; an 'error' nobody listens to would end the process.
  source.on("error", (error) => limit.destroy(error));
  source.pipe(limit);
  try {
    await writing;
    await putFile(quarantineKey(slotId), partial, contentType);
  } catch (error) {
    source.unpipe(limit);
    finishReceiving(slotId, false);
    await fs.rm(partial, { force: true });
    throw error;
  }
  finishReceiving(slotId, true);
  return limit.seen();
}
