import { createRequestHandler as createRouterRequestHandler, type ServerBuild } from "react-router";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { Readable } from "node:stream";
import { byteLimit } from "../app/services/uploads/byte-limit.server";
import { withDatabaseFaultHeaders } from "../app/http/database-fault-answers.server";
import type { ReplicationStatus } from "../app/http/replication-status.server";
import { requestUrl, type ShareAnswer } from "./cached-answers";
import { sendPrepared } from "./prepared-answer";
import { prepareShared } from "./shared-answer";

/**
 * Express to React Router, like @react-router/express (decision 002), except that the request body is read
 * first with a size cap: a body over the limit answers 413 before any action runs,
 * whether or not the client sent Content-Length.
 */

export class PayloadTooLargeError extends Error {
  status = 413;
}

export function readLimitedBody(req: ExpressRequest, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    return Promise.reject(new PayloadTooLargeError("Request body too large"));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on("data", (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(new PayloadTooLargeError("Request body too large"));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on("error", (error) => {
      if (!failed) reject(error);
    });
  });
}

function toFetchHeaders(incoming: ExpressRequest["headers"]): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

async function sendResponse(res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (!response.body) return void res.end();
  // Remix's own writer flushes after every chunk, which makes the compression middleware
  // emit a gzip block per chunk (about 1.8x the bytes of one stream). We don't stream
  // deferred data, so plain writes compress as well as a static file.
  // One drain listener for the whole answer: the compression middleware hands 'drain'
  // listeners to its zlib stream and never removes them, so one per wait would pile up
  // (a warning past 10 on a large page).
  // A client gone mid-answer also ends the wait, and the rest of the body is dropped.
  let resume: (() => void) | null = null;
  let listening = false;
  let closed = false;
  const wake = () => {
    const next = resume;
    resume = null;
    next?.();
  };
  res.once("close", () => {
    closed = true;
    wake();
  });
  const drained = () =>
    new Promise<void>((resolve) => {
      resume = resolve;
      if (listening) return;
      listening = true;
      res.on("drain", wake);
    });
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (closed) break;
    if (!res.write(chunk)) await drained();
  }
  res.end();
}

export const DATA_REQUEST_HEADER = "X-Data-Request";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * What is left of a streamed body once its answer is out (a redirect to the login before
 * the file was read, a refusal part-way through it) is read and dropped, so that the
 * connection carries the client's next request instead of stalling on these bytes;
 * past `limit` more bytes the connection is closed instead.
 */
function dropUnreadBody(req: ExpressRequest, limit: number) {
  if (req.complete) return;
  req.unpipe();
  let dropped = 0;
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > limit) req.socket.destroy();
  });
  req.resume();
}

/** Remix's own data requests (single fetch: `/_root.data`, `/properties/3.data`). */
export function isRemixDataRequest(url: URL): boolean {
  return url.pathname.endsWith(".data");
}

/**
 * The URL without `?_data=`, the data requests of Remix before single fetch, which this
 * app never makes: Remix would still answer them in its own shapes (a 403
 * {message} for a route id that does not match, a 204 for a redirect), not the JSON
 * error of an /api call or the page of a form. Without it the request is answered as
 * any other.
 */
export function withoutLegacyDataParam(url: URL): URL {
  if (url.searchParams.has("_data")) url.searchParams.delete("_data");
  return url;
}

export type LoadContext = {
  cspNonce: string;
  clientIp: string;
  /** With REPLICA_URL: how replication stands, for the staff's view of it (app/http/replication-status.server.ts). */
  replicationStatus?: () => ReplicationStatus;
  /** Set by an action that refused to read its form (server/form-refusal-routes.ts): the status. */
  formRefused?: 400 | 413;
};

export function createRequestHandler(options: {
  build: ServerBuild;
  bodyLimit: number;
  /**
   * For the few forms that post a file: the most bytes such a body may have, passed to
   * the action as a stream (cut off past it) instead of being read whole first; null
   * for every other request.
   */
  streamedBodyLimit?: (req: ExpressRequest) => number | null;
  /**
   * A body read whole is first shown here: an error to answer instead (passed to the
   * error handler), or null to hand the request to Remix.
   */
  refuseBody?: (req: ExpressRequest, body: Buffer) => Error | null;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => LoadContext;
  /**
   * Shown each request the app answered (but a shared answer), with the context its
   * loaders and actions ran with: an error to answer instead (passed to the error
   * handler), or null to send the app's answer.
   */
  refuseAnswer?: (req: ExpressRequest, context: LoadContext) => Error | null;
  /** Called once the app has answered a write (failed or not), before the answer is sent. */
  afterWrite?: () => void;
}) {
  const handleRouterRequest = createRouterRequestHandler(options.build, "production");
  const handleRequest = async (request: Request, context: LoadContext) => withDatabaseFaultHeaders(await handleRouterRequest(request, context));
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const init: RequestInit & { duplex?: "half" } = {
        method: req.method,
        headers: toFetchHeaders(req.headers),
        signal: controller.signal,
      };
      const streamLimit = req.method === "POST" ? (options.streamedBodyLimit?.(req) ?? null) : null;
      if (streamLimit !== null) {
        // The action reads it as it arrives; past the limit the stream fails with
        // TooLarge, which the action answers with its own page.
        init.body = Readable.toWeb(req.pipe(byteLimit(streamLimit))) as ReadableStream<Uint8Array>;
        init.duplex = "half";
        res.once("finish", () => dropUnreadBody(req, streamLimit));
      } else if (req.method !== "GET" && req.method !== "HEAD") {
        const body = await readLimitedBody(req, options.bodyLimit);
        const refusal = options.refuseBody?.(req, body);
        if (refusal) return next(refusal);
        init.body = new Uint8Array(body);
      }
      const url = withoutLegacyDataParam(requestUrl(req));
      // Remix hides the .data suffix of its single-fetch data requests from loaders; this
      // header tells them the page is running with JavaScript (see requireAdmin).
      const headers = init.headers as Headers;
      headers.delete(DATA_REQUEST_HEADER);
      if (isRemixDataRequest(url)) headers.set(DATA_REQUEST_HEADER, "1");
      const request = new Request(url.href, init);
      const context = options.getLoadContext(req, res);

      const share = res.locals.shareAnswer as ShareAnswer | undefined;
      if (share) {
        // This request's own answer when it turns out not to be shareable.
        let unshared: Response | null = null;
        const answer = await share(async () => {
          const response = await handleRequest(request, context);
          const prepared = await prepareShared(res, response, url, context.cspNonce);
          if (!prepared) unshared = response;
          return prepared;
        });
        if (answer) return sendPrepared(req, res, answer, "miss");
        return await sendResponse(res, unshared ?? (await handleRequest(request, context)));
      }

      let response: Response;
      try {
        response = await handleRequest(request, context);
      } finally {
        if (!SAFE_METHODS.has(req.method)) options.afterWrite?.();
      }
      const refusal = options.refuseAnswer?.(req, context);
      if (refusal) {
        await response.body?.cancel();
        return next(refusal);
      }
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
