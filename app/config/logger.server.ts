import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import pino, { type Logger } from "pino";
import type { LogLevel } from "./env.server";

/**
 * The server's log: one JSON object a line (pino), on stdout, with the time, the level,
 * the message and its fields, and the id of the request being answered (the id also sent
 * as X-Request-Id, server/request-log.ts). LOG_LEVEL picks the least level written. At a
 * terminal, with pino-pretty installed (a dev dependency), lines are coloured text.
 *
 * The server and the Remix build are two module graphs that both load this file: the
 * logger and the request context live on globalThis, so both write through one logger
 * with one level, and a line written from a loader carries its request's id.
 */

type RequestContext = { requestId: string };

type Shared = { logger?: Logger; requests: AsyncLocalStorage<RequestContext> };
const shared = ((globalThis as unknown as { __siteLog?: Shared }).__siteLog ??= { requests: new AsyncLocalStorage<RequestContext>() });

/** The request context of the code running now (set by the request logger). */
export const requestContext = shared.requests;

/**
 * Coloured text for a person at a terminal with the dev dependencies installed (a
 * developer running `npm start`); JSON everywhere else: a pipe, a container's log, the
 * image (built without dev dependencies).
 */
function prettyTransport(): pino.TransportSingleOptions | undefined {
  if (!process.stdout.isTTY) return undefined;
  try {
    createRequire(import.meta.url).resolve("pino-pretty");
  } catch {
    return undefined;
  }
  return { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname", singleLine: true } };
}

function createLogger(): Logger {
  const transport = prettyTransport();
  return pino({
    level: process.env.LOG_LEVEL?.toLowerCase() ?? "info",
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // Every line written while a request is answered names it, unless it already does
    // (the request logger's own line).
    mixin(_fields, _level, logger) {
      const context = shared.requests.getStore();
      return context && !("requestId" in logger.bindings()) ? { requestId: context.requestId } : {};
    },
    ...(transport ? { transport } : {}),
  });
}

/** The one logger of the process. */
export function logger(): Logger {
  return (shared.logger ??= createLogger());
}

/** LOG_LEVEL, once the configuration is read (it is the default until then). */
export function setLogLevel(level: LogLevel) {
  logger().level = level;
}

type Fields = Record<string, unknown>;

function write(level: LogLevel, message: string, fields?: Fields) {
  const target = logger();
  if (!target.isLevelEnabled(level)) return;
  if (fields && Object.keys(fields).length) target[level](fields, message);
  else target[level](message);
}

export const log = {
  debug: (message: string, fields?: Fields) => write("debug", message, fields),
  info: (message: string, fields?: Fields) => write("info", message, fields),
  warn: (message: string, fields?: Fields) => write("warn", message, fields),
  error: (message: string, fields?: Fields) => write("error", message, fields),
};
