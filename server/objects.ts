import path from "node:path";
import { pipeline } from "node:stream";
import type { NextFunction, Request, Response } from "express";
import { getObject, headObject, isServableObjectKey, type ObjectInfo } from "../app/services/storage.server";
import { isRecordedObject } from "../app/services/uploads/published-objects.server";
import { etagMatches } from "../app/http/public-json.server";
import { log } from "../app/config/logger.server";
import { inlineImageDisposition, UPLOADED_FILE_CSP } from "./security-headers";

// A key never changes content (an upload gets a new key), so a copy may be kept for good.
const IMMUTABLE = "public, max-age=31536000, immutable";

function notFound(res: Response) {
  res.status(404).type("text/plain").send("Not found");
}

function setObjectHeaders(res: Response, key: string, info: ObjectInfo) {
  res.set("Cache-Control", IMMUTABLE);
  res.set("Content-Disposition", inlineImageDisposition(path.posix.basename(key)));
  if (info.etag) res.set("ETag", info.etag);
  if (info.lastModified) res.set("Last-Modified", info.lastModified.toUTCString());
}

/**
 * GET and HEAD /objects/<key>: a media file from whichever store holds it (local disk
 * or S3), streamed, never read whole into memory.
 */
export function serveObjects() {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    res.set("Content-Security-Policy", UPLOADED_FILE_CSP);
    // The path is taken undecoded: a key never needs escaping, so anything escaped
    // (an encoded slash or dot) is no key of ours.
    const key = req.path.slice(1);
    if (!isServableObjectKey(key) || !isRecordedObject(key)) return notFound(res);
    try {
      // HEAD and a revalidation need only the metadata: the body is not even opened.
      const ifNoneMatch = req.get("If-None-Match");
      if (req.method === "HEAD" || ifNoneMatch) {
        const info = await headObject(key);
        if (!info) return notFound(res);
        setObjectHeaders(res, key, info);
        if (info.etag && etagMatches(ifNoneMatch, info.etag)) return res.status(304).end();
        if (req.method === "HEAD") {
          return res.status(200).type(info.contentType).set("Content-Length", String(info.size)).end();
        }
      }
      const object = await getObject(key);
      if (!object) return notFound(res);
      setObjectHeaders(res, key, object);
      res.status(200).type(object.contentType).set("Content-Length", String(object.size));
      pipeline(object.body, res, (error) => {
        // A visitor leaving mid-download is ordinary; a store failing mid-stream is not.
        if (error && !res.writableFinished && error.name !== "AbortError" && (error as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE") {
          log.warn("object stream failed", { key, error: String(error) });
        }
      });
    } catch (error) {
      next(error);
    }
  };
}
