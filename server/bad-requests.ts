import type { NextFunction, Request, Response } from "express";
import { requestUrl } from "./cached-answers";
import { refuse, REFUSALS, type RefusalText } from "./refusal";

/**
 * The methods some route of the app answers (Remix takes no others: an OPTIONS or a
 * PROPFIND reached it only to be refused with an error logged, a TRACE made the handler
 * throw). No cross-origin caller is served, so OPTIONS has nothing to say either.
 */
const ANSWERED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
const ANSWERED = new Set(ANSWERED_METHODS);
/** The Allow header of a 405: the methods above. */
export const ALLOW = ANSWERED_METHODS.join(", ");

/**
 * A client's mistake answered as one, before anything else reads the request: 405 for a
 * method no route answers, 400 for a Host header that is missing or makes no URL (or a
 * forwarded scheme that makes none).
 * Each would otherwise have thrown deep in the app and come out as a 500 with a stack in
 * the log.
 */
export function refuseBadRequests(req: Request, res: Response, next: NextFunction) {
  if (!ANSWERED.has(req.method)) {
    res.set("Allow", ALLOW);
    return refuse(req, res, 405, REFUSALS.methodNotAllowed);
  }
  // Required of HTTP/1.1 (RFC 9112, 3.2); Node's own check is turned off (server/main.ts).
  if (req.httpVersion === "1.1" && req.headers.host === undefined) return refuse(req, res, 400, REFUSALS.badHost);
  try {
    // The URL every later step builds from the request (page cache, Remix).
    requestUrl(req);
  } catch {
    return refuse(req, res, 400, REFUSALS.badHost);
  }
  next();
}

const CLIENT_MISTAKE_TEXTS: Record<number, RefusalText> = { 412: REFUSALS.preconditionFailed, 416: REFUSALS.rangeNotSatisfiable };

/**
 * An error a library raised for the client's own mistake and passed on to the error
 * handler (http-errors with a 4xx status: a Range past the end of a static file, an
 * If-Match it fails): answered with its status and headers (416's Content-Range), not as
 * a fault of ours. Whether it was one (and is answered).
 */
export function refuseClientMistake(error: unknown, req: Request, res: Response): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { status, headers } = error as { status?: unknown; headers?: unknown };
  if (typeof status !== "number" || status < 400 || status > 499) return false;
  if (typeof headers === "object" && headers !== null) res.set(headers as Record<string, string>);
  refuse(req, res, status, CLIENT_MISTAKE_TEXTS[status] ?? REFUSALS.badRequest);
  return true;
}
