import { and, eq, inArray, isNull, lte, or } from "drizzle-orm";
import { log } from "~/config/logger.server";
import { db, withoutBusyWait, writeTransaction } from "~/db/client.server";
import { databaseFaultOf } from "~/db/faults";
import { properties, searchAlertMatches, searchAlerts, searchAlertSends, type SearchAlert } from "~/db/schema";
import { browseFilter } from "~/models/browse-filter.server";
import { listingsOf } from "~/models/listings.server";
import { alertDigestMail } from "~/models/search-alert-mails.server";
import { BACKGROUND_SLICE_MS, filtersOfAlert, runAlertChecks } from "~/models/search-alert-matching.server";
import { onAlertDigestKick } from "~/models/search-alert-wake.server";
import { sweepSearchAlerts } from "~/models/search-alerts.server";
import { queueMail } from "~/services/mail/queue.server";
import { timeSlices } from "~/utils/time-slices";

/**
 * The search alerts' mails: at most one a day per alert, a digest of every home that
 * matched it since the last (docs/product.md, search alerts). A round sends each alert
 * that has matches and no mail in the last 24 hours; it runs moments after a home
 * matches (search-alert-wake.server.ts) and every 5 minutes, so a day's wait ends on
 * time. The mails go through the mail queue, which retries them.
 */

export const ALERT_DIGEST_GAP_MS = 24 * 3_600_000;
export const ALERT_ROUND_INTERVAL_MS = 5 * 60_000;

/**
 * Homes waiting for the alert that are still public and still match its search (a home
 * switched off, or dearer again past the limit, since it matched, is left out), in the
 * order they matched.
 */
function digestHomes(alert: SearchAlert) {
  const waiting = db().select().from(searchAlertMatches).where(eq(searchAlertMatches.alertId, alert.id)).orderBy(searchAlertMatches.matchedAt).all();
  if (!waiting.length) return { waiting, homes: [] };
  const shown = db()
    .select()
    .from(properties)
    .where(and(inArray(properties.id, waiting.map((match) => match.propertyId)), browseFilter(filtersOfAlert(alert))))
    .all();
  const listings = new Map(listingsOf(shown).map((listing) => [listing.id, listing]));
  const homes = waiting.flatMap((match) => {
    const listing = listings.get(match.propertyId);
    return listing ? [{ listing, reason: match.reason }] : [];
  });
  return { waiting, homes };
}

/** An alert with no mail in the last 24 hours. */
const dueSince = (now: number) => or(isNull(searchAlerts.lastSentAt), lte(searchAlerts.lastSentAt, new Date(now - ALERT_DIGEST_GAP_MS)));

/**
 * Sends every digest that is due, giving the thread back to requests every few
 * milliseconds (a round of thousands of digests never holds the server), each
 * queued as a digest (the last of MAIL_PRIORITY: a sign-in link or an office notice
 * queued meanwhile leaves before them). Returns how many mails were queued.
 */
export async function sendDueAlertDigests(now = Date.now()): Promise<number> {
  const due = db()
    .selectDistinct({ alert: searchAlerts })
    .from(searchAlerts)
    .innerJoin(searchAlertMatches, eq(searchAlertMatches.alertId, searchAlerts.id))
    .where(and(eq(searchAlerts.status, "confirmed"), dueSince(now)))
    .all();
  const slices = timeSlices(BACKGROUND_SLICE_MS);
  let sent = 0;
  for (const { alert } of due) {
    await slices.pause();
    if (sendDigest(alert, now)) sent++;
  }
  return sent;
}

/** One alert's digest, claimed, queued and its matches cleared in one transaction; false when there was nothing to send. */
function sendDigest(alert: SearchAlert, now: number): boolean {
  const { waiting, homes } = digestHomes(alert);
  // Without the busy wait, as all background work: a busy database fails the round.
  return withoutBusyWait(() =>
    writeTransaction((tx) => {
      let sent = false;
      if (homes.length) {
        // Claimed in the transaction: of two rounds at once (two processes on one
        // database), the one that finds the alert still due sends; the other sends nothing.
        const claimed = tx
          .update(searchAlerts)
          .set({ lastSentAt: new Date(now) })
          .where(and(eq(searchAlerts.id, alert.id), dueSince(now)))
          .run().changes;
        if (!claimed) return false;
        queueMail({ ...alertDigestMail(alert, homes), priority: "digest" }, tx);
        tx.insert(searchAlertSends).values({ sentAt: new Date(now) }).run();
        sent = true;
      }
      // Only what was read goes: a home matched meanwhile waits for the next digest.
      if (waiting.length) {
        tx.delete(searchAlertMatches)
          .where(and(eq(searchAlertMatches.alertId, alert.id), inArray(searchAlertMatches.propertyId, waiting.map((match) => match.propertyId))))
          .run();
      }
      return sent;
    }),
  );
}

/**
 * One round: expired pending alerts swept, the homes waiting to be matched matched, due
 * digests sent. A failed round is logged; the next runs on time.
 */
async function runRound() {
  try {
    withoutBusyWait(() => sweepSearchAlerts());
    const matched = await runAlertChecks();
    const sent = await sendDueAlertDigests();
    if (matched || sent) log.info("search alerts: round done", { matched, sent });
  } catch (error) {
    log.warn("search alerts: round failed, tried again at the next", { fault: databaseFaultOf(error) ?? "other", code: (error as { code?: unknown })?.code });
  }
}

type Rounds = { running: boolean; again: boolean; stopped: boolean };

/** One round at a time: asked for during a round, another runs right after it. */
function requestRound(rounds: Rounds) {
  if (rounds.stopped) return;
  if (rounds.running) {
    rounds.again = true;
    return;
  }
  rounds.running = true;
  void runRound().finally(() => {
    rounds.running = false;
    if (rounds.again) {
      rounds.again = false;
      requestRound(rounds);
    }
  });
}

/** Runs a round at once, then every ALERT_ROUND_INTERVAL_MS and whenever a home matches, until the returned function is called. */
export function startSearchAlertDigests(intervalMs = ALERT_ROUND_INTERVAL_MS): () => void {
  const rounds: Rounds = { running: false, again: false, stopped: false };
  const round = () => requestRound(rounds);
  round();
  onAlertDigestKick(round);
  const timer = setInterval(round, intervalMs);
  timer.unref();
  return () => {
    rounds.stopped = true;
    clearInterval(timer);
    onAlertDigestKick(null);
  };
}
