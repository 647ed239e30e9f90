import http, { type Server } from "node:http";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { closeDatabase, prepareDatabase } from "../app/seed/startup.server";
import { startMailWorker, stopMailWorker } from "../app/services/mail/worker.server";
import { startRateLimitSweep } from "../app/services/rate-limits/sweep.server";
import { startSearchAlertDigests } from "../app/models/search-alert-digests.server";
import { startVisitReminders } from "../app/models/visit-reminders.server";
import { startEnquiryReminders } from "../app/models/enquiry-reminders.server";
import { startUploadCleanup } from "../app/services/uploads/cleanup.server";
import { deploymentWarnings } from "../app/config/deployment-warnings.server";
import { ConfigError, config as loadConfig } from "../app/config/env.server";
import { log, setLogLevel } from "../app/config/logger.server";
import { createApp } from "./app";
import { createFilesPrivately, tightenDataModes } from "./private-files";
import { REMIX_BUILD_PATH } from "./paths";
import { answerUnparsedRequests } from "./unparsed-requests";
import { Replication, restoreIfNoDatabase } from "./replication";
import { errorForLog } from "../app/utils/error-for-log";

const SHUTDOWN_GRACE_MS = 10_000;
const KEEP_ALIVE_TIMEOUT_MS = 65_000;


async function main() {
  // Before the configuration is read: it may write the session secret.
  createFilesPrivately();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  setLogLevel(config.logLevel);
  // A new machine starts from the replica (REPLICA_URL), before anything opens the database.
  if (config.replica) await restoreIfNoDatabase(config);
  const notPrivate = tightenDataModes(config.dataDir, config.databasePath);
  if (notPrivate.length) log.warn("data files other users may read (could not change their mode)", { files: notPrivate.slice(0, 20) });
  for (const { variable, message } of deploymentWarnings(config)) log.warn(`configuration: ${message}`, { variable });

  // The schema is migrated before the port opens, so /healthz means "ready".
  const database = await prepareDatabase(config);
  // Replicated from the migrated schema on; Litestream is started before the port opens.
  const replication = config.replica ? new Replication({ databasePath: config.databasePath, replica: config.replica }) : null;
  replication?.start();
  startMailWorker();
  const stopUploadCleanup = startUploadCleanup();
  const stopRateLimitSweep = startRateLimitSweep();
  const stopSearchAlertDigests = startSearchAlertDigests();
  const stopVisitReminders = startVisitReminders();
  const stopEnquiryReminders = startEnquiryReminders();
  const build = (await import(pathToFileURL(REMIX_BUILD_PATH).href)) as ServerBuild;
  // Loaded after the configuration is checked: it reads it at import.
  const { getLanguage } = await import("../app/i18n/i18n.server");
  const app = createApp({ build, config, languageOf: getLanguage, replicationStatus: replication ? () => replication.current() : undefined });

  // An HTTP/1.1 request without Host is refused by the app itself (server/bad-requests.ts),
  // with the headers of every answer, rather than by Node without them.
  const server: Server = http.createServer({ requireHostHeader: false }, app);
  // Idle kept-alive connections are closed after 65 s, not Node's 5 s (decision 054): a
  // client (a browser, a proxy, a test's fetch) that sends on a connection at the moment
  // the server closes it gets a reset instead of an answer, and a write waiting out the
  // 5 s busy timeout made that moment common.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.listen(config.port, config.host, () => {
    log.info(`listening on http://${config.host}:${config.port} (${config.appUrl})`);
  });
  answerUnparsedRequests(server, { https: config.appUrlIsHttps });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: closing; in-flight requests get ${SHUTDOWN_GRACE_MS / 1000} s`);
    const forceTimer = setTimeout(() => {
      log.warn("shutdown: grace period over, closing open connections");
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    forceTimer.unref();
    stopUploadCleanup();
    stopRateLimitSweep();
    stopSearchAlertDigests();
    stopVisitReminders();
    stopEnquiryReminders();
    server.close(async () => {
      clearTimeout(forceTimer);
      await stopMailWorker();
      closeDatabase(database);
      // Litestream ships what the last requests wrote before it stops.
      await replication?.stop();
      log.info("shutdown complete");
      process.exit(0);
    });
    // Keep-alive connections go as soon as their current request is answered.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
  };
  // Express 4 does not catch errors of async middleware; one bad request must not take
  // the whole site down, so they are logged here instead of ending the process.
  process.on("unhandledRejection", (reason) => {
    log.error("unhandled rejection", { error: errorForLog(reason) });
  });
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
