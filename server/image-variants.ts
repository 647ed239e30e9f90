import fs from "node:fs/promises";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import sharp from "sharp";
import { VARIANT_WIDTHS } from "../app/utils/image-variants";
import { log } from "../app/utils/logger.server";

const KEY_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]*(\/[a-zA-Z0-9][a-zA-Z0-9._-]*)*$/;
const RESIZABLE = /\.(jpe?g|png|gif|webp)$/i;

/**
 * GET /variants/<width>/<key>: the media file <key> resized to <width> pixels as WebP,
 * made on first request and kept on disk beside the uploads.
 */
export function imageVariants(options: { uploadsDir: string; cacheDir: string }) {
  const pending = new Map<string, Promise<Buffer>>();
  return async (req: Request, res: Response, next: NextFunction) => {
    const match = /^\/(\d+)\/(.+)$/.exec(req.path);
    if (!match) return next();
    const width = Number(match[1]);
    let key: string;
    try {
      key = decodeURIComponent(match[2]);
    } catch {
      return res.status(404).json({ error: "Not found" });
    }
    if (!VARIANT_WIDTHS.includes(width as (typeof VARIANT_WIDTHS)[number]) || !KEY_PATTERN.test(key) || key.includes("..") || !RESIZABLE.test(key)) {
      return res.status(404).json({ error: "Not found" });
    }
    const cached = path.join(options.cacheDir, String(width), `${key}.webp`);
    const send = (body: Buffer) =>
      res.set({ "Content-Type": "image/webp", "Cache-Control": "public, max-age=2592000" }).send(body);
    try {
      return send(await fs.readFile(cached));
    } catch {
      // not made yet
    }
    const source = path.join(options.uploadsDir, key);
    try {
      await fs.access(source);
    } catch {
      return res.status(404).json({ error: "Not found" });
    }
    let work = pending.get(cached);
    if (!work) {
      work = (async () => {
        const body = await sharp(source).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 72 }).toBuffer();
        await fs.mkdir(path.dirname(cached), { recursive: true });
        await fs.writeFile(cached, body);
        return body;
      })().finally(() => pending.delete(cached));
      pending.set(cached, work);
    }
    try {
      send(await work);
    } catch (error) {
      log.warn("image variant failed", { key, width, error: String(error) });
      res.status(404).json({ error: "Not found" });
    }
  };
}
