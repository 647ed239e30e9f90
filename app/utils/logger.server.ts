import type { LogLevel } from "./env.server";

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

let threshold: LogLevel = "info";

export function setLogLevel(level: LogLevel) {
  threshold = level;
}

function write(level: LogLevel, message: string, fields?: Record<string, unknown>) {
  if (ORDER[level] < ORDER[threshold]) return;
  const line = fields && Object.keys(fields).length ? `${message} ${JSON.stringify(fields)}` : message;
  const stamped = `${new Date().toISOString()} ${level.toUpperCase()} ${line}\n`;
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(stamped);
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};
