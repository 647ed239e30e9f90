import { config } from "./env.server";

/**
 * In-process fixed-window counters for the limits of CONTRACT.md (one container, so
 * memory is the right store). Every limit is multiplied by RATE_LIMIT_FACTOR.
 */

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

type Window = { count: number; resetAt: number };

export class RateLimiter {
  private windows = new Map<string, Window>();
  private readonly limit: number;

  constructor(
    readonly name: string,
    limit: number,
    private readonly windowMs: number,
  ) {
    this.limit = Math.max(1, Math.ceil(limit * config().rateLimitFactor));
  }

  /** Counts one hit for the key and says whether it is within the limit. */
  hit(key: string, now = Date.now()): RateLimitResult {
    if (this.windows.size > 10_000) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    if (window.count <= this.limit) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** A 429 JSON answer with Retry-After. */
export function tooManyRequests(retryAfterSeconds: number, error = "Too many requests. Please try again later.") {
  return new Response(JSON.stringify({ error }), {
    status: 429,
    headers: { "Content-Type": "application/json; charset=utf-8", "Retry-After": String(retryAfterSeconds) },
  });
}
