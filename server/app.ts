import type { ServerBuild } from "react-router";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express, { type NextFunction, type Request, type Response } from "express";
import { rateLimit } from "express-rate-limit";
import { sharedRateLimitStore } from "../app/services/rate-limits/rate-limit.server";
import { IPV6_CLIENT_PREFIX } from "../app/utils/client-network.server";
import type { Config } from "../app/config/env.server";
import { log } from "../app/config/logger.server";
import { databaseChangeMark, db } from "../app/db/client.server";
import { sitemapDataVersion } from "../app/models/sitemap.server";
import { StorageUnavailable, variantsCacheDir } from "../app/services/storage.server";
import { s3UploadOrigin } from "../app/services/storage/s3.server";
import { imageVariants } from "./image-variants";
import { serveObjects } from "./objects";
import { receiveUploads } from "./upload-receiver";
import { formUploadLimit } from "../app/http/form-upload-paths";
import { retryAfterFor } from "../app/http/storage-unavailable.server";
import { UPLOAD_MESSAGES } from "../app/services/uploads/upload-rules";
import { databaseFaultOf } from "../app/db/faults";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../app/utils/locale";
import { cookieNames } from "../app/config/cookie-names";
import { requestUrl, serveCachedAnswers, serveKeptAnswer } from "./cached-answers";
import { AnswerKeptUntilChanged } from "./kept-answer";
import { answeringDatabaseFaults } from "./database-fault-routes";
import { answeringFormRefusals, refusedFormInJson } from "./form-refusal-routes";
import { sendDatabaseFault } from "./database-fault-page";
import { PageCache } from "./page-cache";
import { emptyOnPublicChanges } from "./page-cache-emptying";
import { rememberedLanguageOf } from "./page-language";
import { CLIENT_ASSETS_DIR, PUBLIC_DIR } from "./paths";
import { readLimit, READS_PER_MINUTE } from "./read-limit";
import { refuse, REFUSALS } from "./refusal";
import { createRequestHandler, PayloadTooLargeError } from "./router-handler";
import { requestLog } from "./request-log";
import { rememberFirstSource } from "./first-visit-source";
import { refuseBadRequests, refuseClientMistake } from "./bad-requests";
import { assignCspNonce, pageContentSecurityPolicy, rejectCrossSiteWrites } from "./security";
import { commonSecurityHeaders } from "./security-headers";
import { errorForLog } from "../app/utils/error-for-log";
import { FormRefused, formRefusalOf, isPlausibleFormBody, isUrlencodedType } from "../app/http/form-body.server";
import { COMPARE_PATH, FAVORITES_PATH, SITEMAP_PATH } from "../app/paths";
import { plainCommaLists } from "./plain-comma-lists";
import { publicReplicationStatus, type ReplicationStatus } from "../app/http/replication-status.server";

export const BODY_LIMIT_BYTES = 1024 * 1024;
// Percent-encoded, as a path arrives: control characters (line breaks among them) and U+2028/U+2029.
const CONTROL_CHARACTER_IN_PATH = /%(?:[01][0-9a-f]|7f)|%e2%80%a[89]/i;
const PAGE_CACHE_LIMITS = {
  // Also bounds how long a change made outside the app (straight to the database) takes
  // to show, and how long two processes on one database may disagree.
  ttlMs: 5_000,
  maxEntries: 200,
  maxSearchEntries: 50,
  // The three encodings of each answer: the home page holds about 115 KB, a /properties
  // page of 24 cards about 200 KB.
  maxBytes: 32 * 1024 * 1024,
};

/**
 * A urlencoded post to a page that no form of the site could have sent (too many
 * fields, a name repeated or one that reads as structure, such as `a[99999999]`):
 * refused here in a millisecond, before Remix renders anything. Each action still reads
 * only its own declared fields (readForm); this is the cheap first gate for all of them.
 */
function refuseImplausibleForm(req: Request, body: Buffer): Error | null {
  if (req.path.startsWith("/api/") || !isUrlencodedType(req.headers["content-type"])) return null;
  return isPlausibleFormBody(body.toString("utf8")) ? null : new FormRefused(400, "not a form of this site");
}

function precompressedStatic(root: string, serveStatic: expressStaticGzip.ExpressStaticGzipOptions["serveStatic"]) {
  return expressStaticGzip(root, { enableBrotli: true, orderPreference: ["br", "gzip"], index: false, serveStatic });
}

export function createApp(options: {
  build: ServerBuild;
  config: Config;
  languageOf: (request: globalThis.Request) => Promise<string>;
  /** With REPLICA_URL: how replication stands, reported by /healthz. */
  replicationStatus?: () => ReplicationStatus;
}) {
  const { config } = options;
  const app = express();
  app.disable("x-powered-by");
  // Our JSON calls carry their own ETag; pages carry a fresh nonce and so no stable one.
  app.set("etag", false);
  app.set("trust proxy", config.trustProxy);

  const rememberedLanguage = rememberedLanguageOf(options.languageOf, cookieNames(config.appUrlIsHttps).language);
  // The visitor's language, worked out without the database (?lng=, the cookie,
  // Accept-Language): for the answers to database faults.
  const asLanguage = (language: string): Language => (isLanguage(language) ? language : DEFAULT_LANGUAGE);
  const languageOf = async (request: globalThis.Request) => asLanguage(await options.languageOf(request));

  // First: every answer below carries them, whatever sends it.
  app.use(commonSecurityHeaders({ https: config.appUrlIsHttps }));
  app.use(requestLog());
  app.use(refuseBadRequests);
  // Before the prepared answers, which answer most page views; files are not counted.
  const reads = readLimit({ limit: Math.ceil(READS_PER_MINUTE * config.rateLimitFactor), publicDir: PUBLIC_DIR });
  app.use(reads.beforeAnswers);
  // Before the page cache and its redirects, which answer most first pages.
  app.use(rememberFirstSource({ appUrl: config.appUrl, cookieName: cookieNames(config.appUrlIsHttps).source, https: config.appUrlIsHttps }));
  app.use(plainCommaLists([FAVORITES_PATH, COMPARE_PATH]));
  // Emptied by the writes that change public data (server/page-cache-emptying.ts).
  const pageCache = new PageCache(PAGE_CACHE_LIMITS);
  const emptying = emptyOnPublicChanges(pageCache);
  app.use(serveCachedAnswers(pageCache, rememberedLanguage));
  // Not in the page cache: too large for it, and made again only when what it lists changes.
  app.use(serveKeptAnswer(SITEMAP_PATH, new AnswerKeptUntilChanged({ databaseMark: databaseChangeMark, dataVersion: sitemapDataVersion })));
  app.use(compression());

  app.get("/healthz", (_req, res) => {
    db().$client.prepare("select 1").get();
    // {"status":"ok"} as ever; with replication on, its state beside it. Where the replica
    // lives and what went wrong go to the log and to staff (GET /api/admin/health).
    const replication = options.replicationStatus?.();
    res.set("Cache-Control", "no-store").json(replication ? { status: "ok", replication: publicReplicationStatus(replication) } : { status: "ok" });
  });

  // The files' brotli and gzip copies made by npm run build (scripts/precompress.mjs) are
  // sent as they are; the compression middleware leaves an answer already encoded.
  app.use("/build", precompressedStatic(CLIENT_ASSETS_DIR, { immutable: true, maxAge: "1y", index: false }));
  app.use(precompressedStatic(PUBLIC_DIR, { maxAge: "1d", index: false }));
  app.use("/objects", serveObjects());
  app.use("/variants", imageVariants({ cacheDir: variantsCacheDir(config.dataDir) }));
  // A file path that named no file goes on to a page render: counted as a read after all.
  app.use(reads.beforeApp);

  app.use(assignCspNonce);
  app.use(pageContentSecurityPolicy({ mapTileUrl: config.mapTileUrl, upgradeInsecure: config.appUrlIsHttps, uploadOrigin: s3UploadOrigin(config.s3) }));
  app.use(rejectCrossSiteWrites(config.appUrl));

  app.use(
    rateLimit({
      windowMs: 60_000,
      limit: Math.ceil(300 * config.rateLimitFactor),
      skip: (req) => ["GET", "HEAD", "OPTIONS"].includes(req.method),
      // An IPv6 client by its /64, like every other per-client limit (clientNetworkOf).
      ipv6Subnet: IPV6_CLIENT_PREFIX,
      // Counted in the database with the other limits: shared by every process, kept across restarts.
      store: sharedRateLimitStore("writes"),
      standardHeaders: "draft-7",
      legacyHeaders: false,
      handler: (req, res, _next, limiterOptions) => refuse(req, res, limiterOptions.statusCode, REFUSALS.tooManyWrites),
    }),
  );

  // Remix's route patterns never match a path holding a line break (%0A, %0D, U+2028/9),
  // so such an /api path would get the HTML 404 page instead of the catch-all's JSON.
  app.use((req, res, next) => (req.path.startsWith("/api/") && CONTROL_CHARACTER_IN_PATH.test(req.path) ? refuse(req, res, 404, REFUSALS.notFound) : next()));

  // Before Remix, which reads every body whole (1 MB at most): an upload is streamed.
  app.use("/api/objects/upload/", receiveUploads());

  // app.use, not app.all("*"): the latter decodes the path as a route parameter and
  // throws on malformed percent-encoding; Remix answers such paths itself.
  app.use(
    createRequestHandler({
      build: answeringFormRefusals(answeringDatabaseFaults(options.build, languageOf), languageOf),
      bodyLimit: BODY_LIMIT_BYTES,
      streamedBodyLimit: (req) => formUploadLimit(req.path, req.headers["content-type"]),
      refuseBody: refuseImplausibleForm,
      getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce as string, clientIp: req.ip ?? "unknown", replicationStatus: options.replicationStatus }),
      // A JSON request reads every refusal in JSON, those of a form's own cap too.
      refuseAnswer: refusedFormInJson,
      afterWrite: emptying.afterWrite,
    }),
  );

  // In the caller's format: JSON for /api calls, a page for a form posted without JavaScript.
  app.use(async (error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    // Before Remix: the shared count of writes, /healthz, uploads. (Remix's own are
    // answered by answeringDatabaseFaults.)
    const fault = databaseFaultOf(error);
    if (fault) {
      log.warn(`database ${fault}: answered before the app`, { path: req.path });
      let language: Language = DEFAULT_LANGUAGE;
      try {
        language = asLanguage(await rememberedLanguage(req, requestUrl(req)));
      } catch {
        // A Host header that makes no URL: the default language.
      }
      return sendDatabaseFault(req, res, fault, language);
    }
    if (error instanceof PayloadTooLargeError) return refuse(req, res, 413, REFUSALS.tooLarge);
    const refusal = formRefusalOf(error);
    if (refusal) return refuse(req, res, refusal.status, REFUSALS.formUnreadable);
    if (error instanceof URIError) return refuse(req, res, 400, REFUSALS.malformedUrl);
    // /objects and /variants while the store is down: a plain "try again", not a 500.
    if (error instanceof StorageUnavailable) {
      log.warn("request failed: storage unavailable", { error: error.message });
      return res.status(503).set({ "Cache-Control": "no-store", ...retryAfterFor(503) }).json({ error: UPLOAD_MESSAGES.storageUnavailable });
    }
    if (refuseClientMistake(error, req, res)) return;
    log.error("request failed", { error: errorForLog(error) });
    refuse(req, res, 500, REFUSALS.serverError);
  });

  return app;
}
