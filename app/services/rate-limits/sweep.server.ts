import { lt } from "drizzle-orm";
import { db, withoutBusyWait } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { databaseFaultOf } from "~/db/faults";
import { log } from "~/config/logger.server";

/**
 * The sweep of `rate_limits`: rows whose window has ended are deleted, so the keys they
 * hold (client networks, e-mail addresses) are not kept past their use. Ours rather than
 * rate-limiter-flexible's `clearExpiredByTimeout`, which schedules its next sweep only
 * after one succeeds: a single SQLITE_BUSY ended it for the life of the process
 * (docs/security.md, G17). Here a failed sweep is logged and the next one runs on time.
 */

export const RATE_LIMIT_SWEEP_INTERVAL_MS = 5 * 60_000;

/** Deletes every row whose window ended before `now`; returns how many went. */
export function sweepRateLimits(now = Date.now()): number {
  return db().delete(rateLimits).where(lt(rateLimits.expire, now)).run().changes;
}

/** Sweeps at once, then every `intervalMs`, until the returned function is called. */
export function startRateLimitSweep(intervalMs = RATE_LIMIT_SWEEP_INTERVAL_MS): () => void {
  const run = () => {
    try {
      // Never waits for another connection's lock: that would stop every request meanwhile.
      const swept = withoutBusyWait(() => sweepRateLimits());
      if (swept) log.debug("rate limits: expired rows swept", { swept });
    } catch (error) {
      log.warn("rate limits: sweep failed, tried again at the next", { fault: databaseFaultOf(error) ?? "other", code: (error as { code?: unknown })?.code });
    }
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
