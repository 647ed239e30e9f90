import type { Store } from "express-rate-limit";
import { RateLimiterRes, RateLimiterSQLite } from "rate-limiter-flexible";
import { db } from "~/db/client.server";
import { config } from "~/config/env.server";

/**
 * The limits of docs/product.md §9, counted in the database's `rate_limits` table through
 * rate-limiter-flexible (one atomic UPSERT a hit), so that every process on the database
 * counts together and a restart resets nothing. Fixed windows, as before; every limit
 * is multiplied by RATE_LIMIT_FACTOR.
 */

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const TABLE = "rate_limits";

function sqliteLimiter(name: string, limit: number, windowMs: number): RateLimiterSQLite {
  return sqliteCounter(name, Math.max(1, Math.ceil(limit * config().rateLimitFactor)), windowMs);
}

/** Counts in `rate_limits` without RATE_LIMIT_FACTOR: `points` exactly. */
function sqliteCounter(name: string, points: number, windowMs: number): RateLimiterSQLite {
  return new RateLimiterSQLite({
    storeClient: db().$client,
    storeType: "better-sqlite3",
    tableName: TABLE,
    // Made by the migrations (app/db/migrations/0004_rate_limits.sql).
    tableCreated: true,
    // Swept by app/services/rate-limits/sweep.server.ts, which goes on after a failure.
    clearExpiredByTimeout: false,
    keyPrefix: name,
    points,
    duration: Math.ceil(windowMs / 1000),
  });
}

export class RateLimiter {
  private limiter: RateLimiterSQLite | null = null;

  constructor(
    readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Made on first use: the database is opened once the configuration is read. */
  private store(): RateLimiterSQLite {
    return (this.limiter ??= sqliteLimiter(this.name, this.limit, this.windowMs));
  }

  /** Counts one hit for the key and says whether it is within the limit. */
  async hit(key: string): Promise<RateLimitResult> {
    try {
      await this.store().consume(key);
      return { allowed: true };
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: secondsUntil(refusal) };
      throw refusal;
    }
  }
}

/**
 * Keys remembered for a while in the same table: a row that expires `lifetimeMs` after
 * it was last remembered, seen by every process, kept across restarts, and swept with
 * the counters (app/services/rate-limits/sweep.server.ts).
 */
export class RememberedKeys {
  private limiter: RateLimiterSQLite | null = null;

  constructor(
    readonly name: string,
    private readonly lifetimeMs: number,
  ) {}

  private store(): RateLimiterSQLite {
    return (this.limiter ??= sqliteLimiter(this.name, 1, this.lifetimeMs));
  }

  /** Remembers the key for the whole lifetime from now (again, if it was already). */
  async remember(key: string): Promise<void> {
    await this.store().set(key, 1, Math.ceil(this.lifetimeMs / 1000));
  }

  async has(key: string): Promise<boolean> {
    return (await this.store().get(key)) !== null;
  }
}

/**
 * Keys that may be used once within `windowMs` (an OAuth state, say), kept in the same
 * table: one atomic UPSERT, so of two simultaneous uses exactly one wins, whichever
 * process answers. Never scaled by RATE_LIMIT_FACTOR: "once" is not a limit to tune.
 * The row goes with the sweep once its window ends.
 */
export class OneTimeKeys {
  private counter: RateLimiterSQLite | null = null;

  constructor(
    readonly name: string,
    private readonly windowMs: number,
  ) {}

  /** True the first time a key is used within the window, false after that. */
  async use(key: string): Promise<boolean> {
    this.counter ??= sqliteCounter(this.name, 1, this.windowMs);
    try {
      await this.counter.consume(key);
      return true;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return false;
      throw refusal;
    }
  }
}

function secondsUntil(result: RateLimiterRes): number {
  return Math.max(1, Math.ceil(result.msBeforeNext / 1000));
}

/**
 * The same table as a store for express-rate-limit (the general limit on writes), which
 * keeps its own headers and answer.
 */
export function sharedRateLimitStore(name: string): Store {
  let limiter: RateLimiterSQLite | null = null;
  let windowMs = 60_000;
  const store = () => (limiter ??= sqliteLimiter(name, Number.MAX_SAFE_INTEGER, windowMs));
  return {
    init(options) {
      windowMs = options.windowMs;
    },
    async increment(key) {
      // penalty() counts the hit without refusing: express-rate-limit compares with its limit.
      const result = await store().penalty(key, 1);
      return { totalHits: result.consumedPoints, resetTime: new Date(Date.now() + result.msBeforeNext) };
    },
    async decrement(key) {
      await store().reward(key, 1);
    },
    async resetKey(key) {
      await store().delete(key);
    },
  };
}

/** A 429 JSON answer with Retry-After. */
export function tooManyRequests(retryAfterSeconds: number, error = "Too many requests. Please try again later.") {
  return new Response(JSON.stringify({ error }), {
    status: 429,
    headers: { "Content-Type": "application/json; charset=utf-8", "Retry-After": String(retryAfterSeconds) },
  });
}
