import { and, eq, gte, lte, ne, or, sql } from "drizzle-orm";
import { isIP } from "node:net";
import { db, writeTransaction } from "~/db/client.server";
import { searchAlertConfirmations, searchAlerts, searchAlertSends, type SearchAlert } from "~/db/schema";
import { alertCapReached, type AlertCap } from "~/models/search-alert-limits.server";
import { browseHref, type BrowseFilters, type BrowseSort } from "~/models/browse-query";
import { alertConfirmationMail } from "~/models/search-alert-mails.server";
import { alertColumnsOf } from "~/models/search-alert-matching.server";
import { queueMail } from "~/services/mail/queue.server";
import { RateLimiter, RememberedKeys } from "~/services/rate-limits/rate-limit.server";
import { clientNetworkOf } from "~/utils/client-network.server";
import { mailboxOf } from "~/utils/mailbox";
import type { Language } from "~/utils/locale";
import { hashOfToken, isTokenShaped, newSecretToken } from "~/utils/secret-tokens.server";
import { BROWSE_PATH } from "~/paths";

/**
 * Search alerts (docs/product.md, search alerts): a visitor follows a search of
 * /properties. The request stores a pending alert and mails a confirmation link (double
 * opt-in: nothing else goes to an unconfirmed address); the link's page confirms with a
 * button, so a mail scanner that opens links confirms nothing. Each alert's mails carry
 * its link token: one click ends it, and the manage page lists the address's alerts.
 * An alert unsubscribed from is kept a day, stopped, for its Undo (its links keep
 * working meanwhile: the manage page still lists the address's other alerts), then
 * deleted; expired pending alerts are deleted (docs/decisions/077).
 */

export const ALERT_CONFIRM_LIFETIME_MS = 48 * 3_600_000;
/** How long an unsubscribe can be undone. */
export const ALERT_UNDO_MS = 24 * 3_600_000;

const WINDOW_MS = 15 * 60_000;
// As for sign-in links (docs/product.md §9, decision 031): 5 per inbox and 20 per client
// network in 15 minutes. The 5 per inbox count the inbox, not the address as typed
// (a+1@, a+2@ reach one inbox); the networks that never confirmed an alert for it share
// them (all a stranger can send there), and each network that has (within 30 days) has
// 5 of its own, so a stranger cannot spend the owner's.
const perIp = new RateLimiter("alert-request-ip", 20, WINDOW_MS);
const perMailbox = new RateLimiter("alert-request-mailbox", 5, WINDOW_MS);
const perMailboxFromConfirmedNetwork = new RateLimiter("alert-request-mailbox-confirmed-network", 5, WINDOW_MS);
const CONFIRMED_NETWORK_LIFETIME_MS = 30 * 24 * 60 * 60_000;
const confirmedNetworks = new RememberedKeys("alert-confirmed-network", CONFIRMED_NETWORK_LIFETIME_MS);
const networkKey = (mailbox: string, ip: string) => `${mailbox} ${clientNetworkOf(ip)}`;

/** The mailbox's own allowance for a network that confirmed an alert for it, the shared one for any other. */
async function mailboxAllowance(mailbox: string, ip: string) {
  const own = isIP(ip) && (await confirmedNetworks.has(networkKey(mailbox, ip)));
  return (own ? perMailboxFromConfirmedNetwork : perMailbox).hit(own ? networkKey(mailbox, ip) : mailbox);
}

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
  if (!requester.honeypot && (await mailboxAllowance(mailboxOf(email), requester.ip)).allowed) storeAndMail({ ...input, email });

  const wait = started + SENT_ANSWER_FLOOR_MS - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return { kind: "sent" };
}

/**
 * A new or still pending alert gets a confirmation link; one already confirmed, or one
 * whose inbox follows as many searches as it may, gets nothing (the answer is the same).
 * A new link never ends an earlier one: each works until it expires.
 */
function storeAndMail(input: AlertRequest) {
  const filters = filtersQuery(input.filters);
  const mailbox = mailboxOf(input.email);
  const token = newSecretToken();
  const confirmExpiresAt = new Date(Date.now() + ALERT_CONFIRM_LIFETIME_MS);
  writeTransaction((tx) => {
    const existing = tx.select().from(searchAlerts).where(and(eq(searchAlerts.email, input.email), eq(searchAlerts.filters, filters))).get();
    // Already followed: nothing changes and nothing is sent (the answer says the same).
    if (existing?.status === "confirmed") return;
    if (alertCapReached(mailbox, tx) === "mailbox") return;
    // A search stopped within the day is asked for anew: pending again, confirmed by its own link.
    const asked = existing?.status === "stopped" ? { status: "pending" as const, stoppedAt: null, confirmedAt: null } : {};
    const alert = existing
      ? tx.update(searchAlerts).set({ language: input.language, sort: input.sort, confirmExpiresAt, ...asked }).where(eq(searchAlerts.id, existing.id)).returning().get()
      : tx
          .insert(searchAlerts)
          .values({ email: input.email, mailbox, filters, ...alertColumnsOf(input.filters), language: input.language, sort: input.sort, confirmExpiresAt, linkToken: newSecretToken() })
          .returning()
          .get();
    tx.insert(searchAlertConfirmations).values({ tokenHash: hashOfToken(token), alertId: alert.id, expiresAt: confirmExpiresAt }).run();
    queueMail(alertConfirmationMail(alert, token, ALERT_CONFIRM_LIFETIME_MS / 3_600_000), tx);
  });
}

export type ConfirmationState = { state: "valid" | "confirmed"; alert: SearchAlert } | { state: "full"; cap: AlertCap; alert: SearchAlert } | { state: "unknown" };

/** The alert of a confirmation link still valid, or of one used before (its alert confirmed). */
function alertOfConfirmation(token: string, now: Date): SearchAlert | undefined {
  const row = db()
    .select({ alert: searchAlerts, expiresAt: searchAlertConfirmations.expiresAt })
    .from(searchAlertConfirmations)
    .innerJoin(searchAlerts, eq(searchAlerts.id, searchAlertConfirmations.alertId))
    .where(eq(searchAlertConfirmations.tokenHash, hashOfToken(token)))
    .get();
  if (!row || row.alert.status === "stopped") return undefined;
  return row.alert.status === "confirmed" || row.expiresAt.getTime() > now.getTime() ? row.alert : undefined;
}

/** What a confirmation link would do now, without using it (the page's GET). */
export function inspectAlertConfirmation(token: unknown): ConfirmationState {
  if (!isTokenShaped(token)) return { state: "unknown" };
  const alert = alertOfConfirmation(token, new Date());
  if (!alert) return { state: "unknown" };
  return { state: alert.status === "confirmed" ? "confirmed" : "valid", alert };
}

/**
 * Confirms the alert of a link (its button), unless its inbox, its domain or the site
 * already has as many confirmed alerts as it may ("full"). One conditional UPDATE, so of
 * simultaneous submissions one confirms. A link used before reads as "confirmed"; an
 * expired or unknown one as "unknown". The network that confirms is remembered as the
 * inbox's own (its requests get an allowance of their own).
 */
export async function confirmSearchAlert(token: unknown, clientIp: string): Promise<ConfirmationState> {
  if (!isTokenShaped(token)) return { state: "unknown" };
  const now = new Date();
  const outcome = writeTransaction((tx): ConfirmationState => {
    const alert = alertOfConfirmation(token, now);
    if (!alert) return { state: "unknown" };
    if (alert.status === "confirmed") return { state: "confirmed", alert };
    const cap = alertCapReached(alert.mailbox, tx);
    if (cap) return { state: "full", cap, alert };
    const confirmed = tx
      .update(searchAlerts)
      .set({ status: "confirmed", confirmedAt: now, confirmExpiresAt: null })
      .where(and(eq(searchAlerts.id, alert.id), eq(searchAlerts.status, "pending")))
      .returning()
      .get();
    return { state: "confirmed", alert: confirmed ?? alert };
  });
  if (outcome.state === "confirmed" && isIP(clientIp)) await confirmedNetworks.remember(networkKey(outcome.alert.mailbox, clientIp));
  return outcome;
}

type Reader = Pick<ReturnType<typeof db>, "select">;

/**
 * Whether the inbox has confirmed something (an alert, with the button of a link mailed
 * there): only then may a mail to it carry text a visitor typed, such as a name
 * (docs/decisions/063). Anyone can type anyone's address into a form.
 */
export function hasConfirmedMailbox(mailbox: string, reader: Reader = db()): boolean {
  return reader.select({ id: searchAlerts.id }).from(searchAlerts).where(and(eq(searchAlerts.mailbox, mailbox), eq(searchAlerts.status, "confirmed"))).limit(1).get() !== undefined;
}

/** The alert a mail's link names (unsubscribe, manage), if it still exists (a stopped one, within its day, does). */
export function alertOfLink(token: unknown): SearchAlert | undefined {
  if (!isTokenShaped(token)) return undefined;
  return db().select().from(searchAlerts).where(eq(searchAlerts.linkToken, token)).get();
}

/** Until when a stopped alert's unsubscribe can be undone; null for an alert not stopped. */
function undoableUntil(alert: SearchAlert): Date | null {
  return alert.status === "stopped" && alert.stoppedAt ? new Date(alert.stoppedAt.getTime() + ALERT_UNDO_MS) : null;
}

/** Whether a stopped alert's unsubscribe can still be undone at `now`. */
export function isUndoable(alert: SearchAlert, now: number): boolean {
  const until = undoableUntil(alert);
  return until !== null && until.getTime() > now;
}

/**
 * One-click unsubscribe: the link's alert stops at once (no mail goes out for it from
 * now) and is kept a day for its Undo. Returns it, stopped (also when it was already),
 * or undefined when it is gone.
 */
export function stopAlertOfLink(token: unknown, now = new Date()): SearchAlert | undefined {
  if (!isTokenShaped(token)) return undefined;
  const stopped = db()
    .update(searchAlerts)
    .set({ status: "stopped", stoppedAt: now, confirmExpiresAt: null })
    .where(and(eq(searchAlerts.linkToken, token), ne(searchAlerts.status, "stopped")))
    .returning()
    .get();
  return stopped ?? alertOfLink(token);
}

export type UndoOutcome = { kind: "restored"; alert: SearchAlert } | { kind: "full"; cap: AlertCap; alert: SearchAlert } | { kind: "gone" };

/**
 * Undoes the unsubscribe of the link's alert within its day: it follows its search again
 * as it did (confirmed, or pending if it never was), unless its inbox, its domain or the
 * site now has as many alerts as it may.
 */
export function undoStopOfLink(token: unknown, now = new Date()): UndoOutcome {
  if (!isTokenShaped(token)) return { kind: "gone" };
  return writeTransaction((tx): UndoOutcome => {
    const alert = tx.select().from(searchAlerts).where(eq(searchAlerts.linkToken, token)).get();
    if (!alert || !isUndoable(alert, now.getTime())) return { kind: "gone" };
    const cap = alert.confirmedAt ? alertCapReached(alert.mailbox, tx) : null;
    if (cap) return { kind: "full", cap, alert };
    const restored = tx
      .update(searchAlerts)
      .set({ status: alert.confirmedAt ? "confirmed" : "pending", stoppedAt: null, ...(alert.confirmedAt ? {} : { confirmExpiresAt: new Date(now.getTime() + ALERT_CONFIRM_LIFETIME_MS) }) })
      .where(eq(searchAlerts.id, alert.id))
      .returning()
      .get();
    return { kind: "restored", alert: restored };
  });
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

/**
 * Pending alerts whose last link expired are deleted, as are alerts stopped over a day
 * ago (their Undo is over), expired links and send records past 30 days.
 */
export function sweepSearchAlerts(now = Date.now()): { expired: number; sends: number } {
  const expired = db()
    .delete(searchAlerts)
    .where(
      or(
        and(eq(searchAlerts.status, "pending"), lte(searchAlerts.confirmExpiresAt, new Date(now))),
        and(eq(searchAlerts.status, "stopped"), lte(searchAlerts.stoppedAt, new Date(now - ALERT_UNDO_MS))),
      ),
    )
    .run().changes;
  db().delete(searchAlertConfirmations).where(lte(searchAlertConfirmations.expiresAt, new Date(now))).run();
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
