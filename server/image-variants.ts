import fs from "node:fs/promises";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import sharp from "sharp";
import { pipeline } from "node:stream/promises";
import { cachedVariantPath, getObject, isServableObjectKey, StorageUnavailable } from "../app/services/storage.server";
import { isRecordedObject } from "../app/services/uploads/published-objects.server";
import { SERVED_VARIANT_WIDTHS } from "../app/utils/image-variants";
import { log } from "../app/config/logger.server";
import { writeWholeFile } from "../app/utils/whole-file.server";
import { inlineImageDisposition, UPLOADED_FILE_CSP } from "./security-headers";

const RESIZABLE = /\.(jpe?g|png|gif|webp)$/i;

/**
 * GET /variants/<width>/<key>: the media file <key> resized to <width> pixels as WebP,
 * made on first request from the stored file (local disk or S3) and kept on local disk:
 * a store is read once per size, not per visit.
 */
export function imageVariants(options: { cacheDir: string }) {
  const pending = new Map<string, Promise<Buffer | null>>();
  return async (req: Request, res: Response, next: NextFunction) => {
    const match = /^\/(\d+)\/(.+)$/.exec(req.path);
    if (!match) return next();
    res.set("Content-Security-Policy", UPLOADED_FILE_CSP);
    const width = Number(match[1]);
    let key: string;
    try {
      key = decodeURIComponent(match[2]);
    } catch {
      return res.status(404).json({ error: "Not found" });
    }
    if (!SERVED_VARIANT_WIDTHS.includes(width) || !isServableObjectKey(key) || !RESIZABLE.test(key) || !isRecordedObject(key)) {
      return res.status(404).json({ error: "Not found" });
    }
    const cached = cachedVariantPath(options.cacheDir, width, key);
    const fileName = path.posix.basename(key).replace(RESIZABLE, ".webp");
    const send = (body: Buffer) =>
      res
        .set({ "Content-Type": "image/webp", "Cache-Control": "public, max-age=2592000", "Content-Disposition": inlineImageDisposition(fileName) })
        .send(body);
    try {
      return send(await fs.readFile(cached));
    } catch {
      // not made yet
    }
    let work = pending.get(cached);
    if (!work) {
      work = (async () => {
        const source = await getObject(key);
        if (!source) return null;
        const resizer = sharp().rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 72 });
        // The stored file is streamed into sharp; a store failing mid-way fails both.
        const [body] = await Promise.all([resizer.toBuffer(), pipeline(source.body, resizer)]);
        // Never half an image at its final path: it is served from there for 30 days.
        await writeWholeFile(cached, body);
        return body;
      })().finally(() => pending.delete(cached));
      pending.set(cached, work);
    }
    try {
      const body = await work;
      if (!body) return res.status(404).json({ error: "Not found" });
      send(body);
    } catch (error) {
      // The store being down is said as such (503), not as a missing image.
      if (error instanceof StorageUnavailable) return next(error);
      log.warn("image variant failed", { key, width, error: String(error) });
      res.status(404).json({ error: "Not found" });
    }
  };
}
