import { and, eq, gt, gte, lte, sql } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { searchAlerts, searchAlertSends, type SearchAlert } from "~/db/schema";
import { browseHref, type BrowseFilters, type BrowseSort } from "~/models/browse-query";
import { alertConfirmationMail } from "~/models/search-alert-mails.server";
import { queueMail } from "~/services/mail/queue.server";
import { RateLimiter } from "~/services/rate-limits/rate-limit.server";
import { clientNetworkOf } from "~/utils/client-network.server";
import type { Language } from "~/utils/locale";
import { hashOfToken, isTokenShaped, newSecretToken } from "~/utils/secret-tokens.server";
import { BROWSE_PATH } from "~/paths";

/**
 * Search alerts (docs/product.md, search alerts): a visitor follows a search of
 * /properties. The request stores a pending alert and mails a confirmation link (double
 * opt-in: nothing else goes to an unconfirmed address); the link's page confirms with a
 * button, so a mail scanner that opens links confirms nothing. Each alert's mails carry
 * its link token: one click ends it, and the manage page lists the address's alerts.
 * Stopped and expired pending alerts are deleted, not kept.
 */

export const ALERT_CONFIRM_LIFETIME_MS = 48 * 3_600_000;

const WINDOW_MS = 15 * 60_000;
// As for sign-in links (docs/product.md §9): 5 per address and 20 per client network in 15 minutes.
const perIp = new RateLimiter("alert-request-ip", 20, WINDOW_MS);
const perAddress = new RateLimiter("alert-request-address", 5, WINDOW_MS);

// Every "sent" answer leaves no earlier than this after the request began, whether a
// mail was queued or not (as the sign-in link's answer does).
const SENT_ANSWER_FLOOR_MS = 50;

export type AlertRequest = { email: string; language: Language; filters: BrowseFilters; sort: BrowseSort };
export type AlertRequestOutcome = { kind: "sent" } | { kind: "rate_limited"; retryAfterSeconds: number };

/** The search as the list spells it, sort and page left out: "kind=rent&beds=2", or "" for every home. */
export function filtersQuery(filters: BrowseFilters): string {
  return browseHref(filters).slice(BROWSE_PATH.length).replace(/^\?/, "");
}

/**
 * Asks for alerts on a search. The answer is "sent" whether the address already follows
 * it, is over its own limit or sent the honeypot; only a new or still pending alert gets
 * a confirmation mail (a pending one a fresh link, the older one ending).
 */
export async function requestSearchAlert(input: AlertRequest, requester: { ip: string; honeypot: boolean }): Promise<AlertRequestOutcome> {
  const started = performance.now();
  const ipLimit = await perIp.hit(clientNetworkOf(requester.ip));
  if (!ipLimit.allowed) return { kind: "rate_limited", retryAfterSeconds: ipLimit.retryAfterSeconds };

  const email = input.email.trim().toLowerCase();
  if (!requester.honeypot && (await perAddress.hit(email)).allowed) storeAndMail({ ...input, email });

  const wait = started + SENT_ANSWER_FLOOR_MS - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return { kind: "sent" };
}

function storeAndMail(input: AlertRequest) {
  const filters = filtersQuery(input.filters);
  const token = newSecretToken();
  const now = Date.now();
  const pending = {
    language: input.language,
    sort: input.sort,
    confirmTokenHash: hashOfToken(token),
    confirmExpiresAt: new Date(now + ALERT_CONFIRM_LIFETIME_MS),
  };
  writeTransaction((tx) => {
    const existing = tx.select().from(searchAlerts).where(and(eq(searchAlerts.email, input.email), eq(searchAlerts.filters, filters))).get();
    // Already followed: nothing changes and nothing is sent (the answer says the same).
    if (existing?.status === "confirmed") return;
    const alert = existing
      ? tx.update(searchAlerts).set(pending).where(eq(searchAlerts.id, existing.id)).returning().get()
      : tx
          .insert(searchAlerts)
          .values({ email: input.email, filters, ...input.filters, ...pending, linkToken: newSecretToken() })
          .returning()
          .get();
    queueMail(alertConfirmationMail(alert, token, ALERT_CONFIRM_LIFETIME_MS / 3_600_000), tx);
  });
}

export type ConfirmationState = { state: "valid" | "confirmed"; alert: SearchAlert } | { state: "unknown" };

/** What a confirmation link would do now, without using it (the page's GET). */
export function inspectAlertConfirmation(token: unknown): ConfirmationState {
  if (!isTokenShaped(token)) return { state: "unknown" };
  const alert = db().select().from(searchAlerts).where(eq(searchAlerts.confirmTokenHash, hashOfToken(token))).get();
  if (!alert) return { state: "unknown" };
  if (alert.status === "confirmed") return { state: "confirmed", alert };
  return alert.confirmExpiresAt && alert.confirmExpiresAt.getTime() > Date.now() ? { state: "valid", alert } : { state: "unknown" };
}

/**
 * Confirms the alert of a link (its button): one conditional UPDATE, so of simultaneous
 * submissions one confirms. A link used before reads as "confirmed" (the alert is on);
 * an expired or unknown one as "unknown".
 */
export function confirmSearchAlert(token: unknown): ConfirmationState {
  if (!isTokenShaped(token)) return { state: "unknown" };
  const now = new Date();
  const alert = db()
    .update(searchAlerts)
    .set({ status: "confirmed", confirmedAt: now, confirmExpiresAt: null })
    .where(and(eq(searchAlerts.confirmTokenHash, hashOfToken(token)), eq(searchAlerts.status, "pending"), gt(searchAlerts.confirmExpiresAt, now)))
    .returning()
    .get();
  return alert ? { state: "confirmed", alert } : inspectAlertConfirmation(token);
}

/** The alert a mail's link names (unsubscribe, manage), if it still exists. */
export function alertOfLink(token: unknown): SearchAlert | undefined {
  if (!isTokenShaped(token)) return undefined;
  return db().select().from(searchAlerts).where(eq(searchAlerts.linkToken, token)).get();
}

/** One-click unsubscribe: the link's alert is deleted at once. Returns it, or undefined when it was gone. */
export function stopAlertOfLink(token: unknown): SearchAlert | undefined {
  if (!isTokenShaped(token)) return undefined;
  return db().delete(searchAlerts).where(eq(searchAlerts.linkToken, token)).returning().get();
}

/** The manage page: the confirmed alerts of the link's address, oldest first. */
export function alertsOfLinkAddress(token: unknown): { email: string; alerts: SearchAlert[] } | undefined {
  const alert = alertOfLink(token);
  if (!alert) return undefined;
  const alerts = db()
    .select()
    .from(searchAlerts)
    .where(and(eq(searchAlerts.email, alert.email), eq(searchAlerts.status, "confirmed")))
    .orderBy(searchAlerts.id)
    .all();
  return { email: alert.email, alerts };
}

/**
 * Stops one alert of the link's address (any of its alerts, by id), or all of them with
 * "all". Returns how many went and, when the link's own alert went while others remain,
 * another alert's token: the manage page goes on under it.
 */
export function stopAlertsOfLinkAddress(token: unknown, id: number | "all"): { stopped: number; nextToken: string | null } {
  const alert = alertOfLink(token);
  if (!alert) return { stopped: 0, nextToken: null };
  const ofAddress = eq(searchAlerts.email, alert.email);
  return writeTransaction((tx) => {
    const stopped = tx
      .delete(searchAlerts)
      .where(id === "all" ? ofAddress : and(ofAddress, eq(searchAlerts.id, id)))
      .run().changes;
    const linkStillWorks = tx.select({ id: searchAlerts.id }).from(searchAlerts).where(eq(searchAlerts.id, alert.id)).get();
    const next = linkStillWorks ? undefined : tx.select({ token: searchAlerts.linkToken }).from(searchAlerts).where(and(ofAddress, eq(searchAlerts.status, "confirmed"))).get();
    return { stopped, nextToken: next?.token ?? null };
  });
}

/** Pending alerts whose link expired are deleted, as are send records past 30 days. */
export function sweepSearchAlerts(now = Date.now()): { expired: number; sends: number } {
  const expired = db()
    .delete(searchAlerts)
    .where(and(eq(searchAlerts.status, "pending"), lte(searchAlerts.confirmExpiresAt, new Date(now))))
    .run().changes;
  const sends = db().delete(searchAlertSends).where(lte(searchAlertSends.sentAt, new Date(now - SENDS_KEPT_MS))).run().changes;
  return { expired, sends };
}

const SENDS_KEPT_MS = 30 * 86_400_000;

/** The Overview: confirmed alerts, and alert mails sent in the last 30 days. No address is shown anywhere. */
export function searchAlertCounts(now = Date.now()): { confirmed: number; sentLast30Days: number } {
  const confirmed = db().select({ n: sql<number>`count(*)` }).from(searchAlerts).where(eq(searchAlerts.status, "confirmed")).get()?.n ?? 0;
  const sentLast30Days =
    db()
      .select({ n: sql<number>`count(*)` })
      .from(searchAlertSends)
      .where(gte(searchAlertSends.sentAt, new Date(now - SENDS_KEPT_MS)))
      .get()?.n ?? 0;
  return { confirmed, sentLast30Days };
}
