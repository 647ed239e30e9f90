import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { maskCredentials } from "~/utils/mask-credentials";
import { redactedUrl } from "~/utils/redact-url";

/**
 * Every configuration variable of the README's table, read and checked in one place.
 * A bad value stops the start with a message that names the variable.
 */

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = "ConfigError";
  }
}

/**
 * A value as an error may echo it, quoted: without the credentials written into it
 * (`user:***@host`) or the secrets of its query (`?key=[redacted]`), which would
 * otherwise reach the console and whatever keeps its output.
 */
function shown(raw: string): string {
  return `"${redactedUrl(maskCredentials(raw))}"`;
}

const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type Config = {
  port: number;
  host: string;
  appUrl: string;
  appUrlIsHttps: boolean;
  databasePath: string;
  dataDir: string;
  sessionSecrets: string[];
  adminEmails: string[];
  smtpUrl: string | null;
  mailFrom: string;
  googleClientId: string | null;
  googleClientSecret: string | null;
  /** Local testing only: an OAuth server standing in for Google's endpoints. */
  googleOAuthIssuer: string | null;
  s3: {
    bucket: string;
    region: string;
    endpoint: string | null;
    accessKeyId: string | null;
    secretAccessKey: string | null;
    forcePathStyle: boolean;
  } | null;
  /** Continuous replication of the database (REPLICA_URL, server/replication.ts); null when off. */
  replica: ReplicaConfig | null;
  translateUrl: string | null;
  translateApiKey: string | null;
  geocoderUrl: string | null;
  mapTileUrl: string;
  mapTileAttribution: string;
  seedDemo: boolean;
  trustProxy: number;
  rateLimitFactor: number;
  logLevel: LogLevel;
};

/**
 * Where Litestream keeps the database's copy: an S3 bucket (and a path in it), reached with
 * the S3_* settings whether or not media are stored there, or a local folder.
 */
export type ReplicaConfig = {
  url: string;
  s3: { region: string | null; endpoint: string | null; accessKeyId: string | null; secretAccessKey: string | null; forcePathStyle: boolean } | null;
};

type Env = Record<string, string | undefined>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got ${shown(raw)}`);
  const value = Number(raw);
  if (value < min || value > max) {
    throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  }
  return value;
}

function positiveNumber(env: Env, name: string, fallback: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new ConfigError(name, `must be a number above 0, got ${shown(raw)}`);
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (["1", "true", "yes", "on"].includes(raw.toLowerCase())) return true;
  if (["0", "false", "no", "off"].includes(raw.toLowerCase())) return false;
  throw new ConfigError(name, `must be 1 or 0, got ${shown(raw)}`);
}

/** MAIL_FROM's default (README, configuration): a local try's sender, which a public site is warned of. */
export const DEFAULT_MAIL_FROM = "no-reply@localhost";

function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = text(env, name);
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be an absolute URL, got ${shown(raw)}`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use ${protocols.join(" or ")}, got ${shown(raw)}`);
  }
  // "smtps:/user:pw@host" parses, as a path without a host, and could only fail later.
  if (!parsed.hostname) {
    throw new ConfigError(name, `must name a host (${protocols[0]}//host), got ${shown(raw)}`);
  }
  return raw;
}

function email(env: Env, name: string, fallback: string): string {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!EMAIL_PATTERN.test(raw)) throw new ConfigError(name, `must be an e-mail address, got ${shown(raw)}`);
  return raw;
}

function emailList(env: Env, name: string): string[] {
  const raw = text(env, name);
  if (raw === null) return [];
  const list = raw
    .split(",")
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
  for (const item of list) {
    if (!EMAIL_PATTERN.test(item)) throw new ConfigError(name, `holds ${shown(item)}, which is not an e-mail address`);
  }
  return [...new Set(list)];
}

const REPLICA_URL_FORMS = "s3://bucket/path or file:///absolute/folder";

function replica(env: Env): ReplicaConfig | null {
  const raw = text(env, "REPLICA_URL");
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError("REPLICA_URL", `must be ${REPLICA_URL_FORMS}, got ${shown(raw)}`);
  }
  if (parsed.protocol === "file:") {
    // file://host/... would name another machine's folder, which Litestream cannot reach.
    if (parsed.hostname || parsed.pathname.length < 2 || parsed.search || parsed.hash) {
      throw new ConfigError("REPLICA_URL", `must be ${REPLICA_URL_FORMS}, got ${shown(raw)}`);
    }
    return { url: raw, s3: null };
  }
  if (parsed.protocol !== "s3:" || !parsed.hostname || parsed.search || parsed.hash) {
    throw new ConfigError("REPLICA_URL", `must be ${REPLICA_URL_FORMS}, got ${shown(raw)}`);
  }
  if (parsed.username || parsed.password) {
    throw new ConfigError("REPLICA_URL", "must not carry credentials: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY hold them");
  }
  return {
    url: raw,
    s3: {
      region: text(env, "S3_REGION"),
      endpoint: url(env, "S3_ENDPOINT", ["http:", "https:"]),
      accessKeyId: text(env, "S3_ACCESS_KEY_ID"),
      secretAccessKey: text(env, "S3_SECRET_ACCESS_KEY"),
      forcePathStyle: flag(env, "S3_FORCE_PATH_STYLE", false),
    },
  };
}

/** The secret kept in data/session-secret when SESSION_SECRET is unset, made once. */
function storedSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing) return existing;
  } catch {
    // not made yet
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("hex");
  fs.writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

export function readConfig(env: Env = process.env): Config {
  const port = integer(env, "PORT", 3000, 0, 65535);
  const host = text(env, "HOST") ?? "0.0.0.0";
  const appUrlRaw = url(env, "APP_URL", ["http:", "https:"]) ?? `http://localhost:${port}`;
  const appUrl = appUrlRaw.replace(/\/+$/, "");
  const databasePath = path.resolve(text(env, "DATABASE_PATH") ?? "./data/app.db");
  const dataDir = path.resolve("./data");

  const secretsRaw = text(env, "SESSION_SECRET");
  const sessionSecrets = secretsRaw
    ? secretsRaw.split(",").map((s) => s.trim()).filter(Boolean)
    : [storedSessionSecret(dataDir)];
  if (sessionSecrets.some((s) => s.length < 16)) {
    throw new ConfigError("SESSION_SECRET", "must hold secrets of at least 16 characters each");
  }

  const googleClientId = text(env, "GOOGLE_CLIENT_ID");
  const googleClientSecret = text(env, "GOOGLE_CLIENT_SECRET");

  const bucket = text(env, "S3_BUCKET");
  const s3 = bucket
    ? {
        bucket,
        region: text(env, "S3_REGION") ?? "us-east-1",
        endpoint: url(env, "S3_ENDPOINT", ["http:", "https:"]),
        accessKeyId: text(env, "S3_ACCESS_KEY_ID"),
        secretAccessKey: text(env, "S3_SECRET_ACCESS_KEY"),
        forcePathStyle: flag(env, "S3_FORCE_PATH_STYLE", false),
      }
    : null;
  if (!s3) url(env, "S3_ENDPOINT", ["http:", "https:"]);

  const logLevel = (text(env, "LOG_LEVEL") ?? "info").toLowerCase();
  if (!LOG_LEVELS.includes(logLevel as LogLevel)) {
    throw new ConfigError("LOG_LEVEL", `must be one of ${LOG_LEVELS.join(", ")}, got ${shown(logLevel)}`);
  }

  const mapTileUrl = text(env, "MAP_TILE_URL") ?? "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
  if (!/^https?:\/\//.test(mapTileUrl)) {
    throw new ConfigError("MAP_TILE_URL", `must be an http(s) URL template, got ${shown(mapTileUrl)}`);
  }

  return {
    port,
    host,
    appUrl,
    appUrlIsHttps: appUrl.startsWith("https:"),
    databasePath,
    dataDir,
    sessionSecrets,
    adminEmails: emailList(env, "ADMIN_EMAILS"),
    smtpUrl: url(env, "SMTP_URL", ["smtp:", "smtps:"]),
    mailFrom: email(env, "MAIL_FROM", DEFAULT_MAIL_FROM),
    googleClientId,
    googleClientSecret,
    googleOAuthIssuer: url(env, "GOOGLE_OAUTH_ISSUER", ["http:", "https:"])?.replace(/\/+$/, "") ?? null,
    s3,
    replica: replica(env),
    translateUrl: url(env, "TRANSLATE_URL", ["http:", "https:"]),
    translateApiKey: text(env, "TRANSLATE_API_KEY"),
    geocoderUrl: url(env, "GEOCODER_URL", ["http:", "https:"]),
    mapTileUrl,
    mapTileAttribution:
      text(env, "MAP_TILE_ATTRIBUTION") ??
      '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    seedDemo: flag(env, "SEED_DEMO", true),
    trustProxy: integer(env, "TRUST_PROXY", 0, 0, 10),
    rateLimitFactor: positiveNumber(env, "RATE_LIMIT_FACTOR", 1),
    logLevel: logLevel as LogLevel,
  };
}

const globalForConfig = globalThis as unknown as { __appConfig?: Config };

/** The process-wide configuration, read once (shared by server.ts and the Remix build). */
export function config(): Config {
  if (!globalForConfig.__appConfig) globalForConfig.__appConfig = readConfig();
  return globalForConfig.__appConfig;
}

/** Hosts of the tile URL, for the CSP img-src list. */
export function tileHosts(tileUrl: string): string[] {
  const host = new URL(tileUrl.replace(/\{s\}/g, "a")).host;
  if (tileUrl.includes("{s}")) {
    const base = new URL(tileUrl.replace(/\{s\}/g, "x")).host.replace(/^x\./, "");
    return [`*.${base}`];
  }
  return [host];
}
