import { and, asc, eq, gte, isNull, lt } from "drizzle-orm";
import { log } from "~/config/logger.server";
import { writeTransaction, db } from "~/db/client.server";
import { contactMessages, visitDayDigests, visitRequests } from "~/db/schema";
import { contactRecipient, getConfiguration, saveSetting } from "~/models/configurations.server";
import { visitorGreeting } from "~/models/visit-links.server";
import { visitDayDigestMail, visitReminderMail } from "~/models/visit-mails.server";
import { visitPlaceOf } from "~/models/visit-place.server";
import { officeDay, officeDayStart, officeHour, type VisitDay } from "~/models/visiting-hours";
import { queueMail } from "~/services/mail/queue.server";
import { errorForLog } from "~/utils/error-for-log";

/**
 * Reminders (docs/product.md, "Reminders"): from the set hour of the day before a
 * confirmed visit (America/Chicago), its visitor gets a reminder in their language and the
 * office gets the next day's visits in one mail. Each goes through the mail queue once:
 * the visit's `reminded_at` and the day's row in `visit_day_digests` are claimed in the
 * same write transaction that queues the mail, so two processes, or a restart, never
 * send one twice.
 */

export const VISIT_REMINDER_HOUR_KEY = "visit_reminder_hour";
export const DEFAULT_VISIT_REMINDER_HOUR = 17;
const ROUND_INTERVAL_MS = 60_000;

type Reader = Pick<ReturnType<typeof db>, "select">;

/** The hour (0 to 23, Central Time) reminders for the next day go out from. */
export function visitReminderHour(reader: Reader = db()): number {
  const value = Number(getConfiguration(VISIT_REMINDER_HOUR_KEY, reader)?.value);
  return Number.isInteger(value) && value >= 0 && value <= 23 ? value : DEFAULT_VISIT_REMINDER_HOUR;
}

export function saveVisitReminderHour(hour: number, updatedBy: string): void {
  saveSetting({ key: VISIT_REMINDER_HOUR_KEY, value: String(hour), description: "The hour (Central Time) reminders of the next day's visits go out from" }, updatedBy);
}

/** The visits reminded now, if it is past the reminder hour: the office's next day, as its first and last instants. */
export function reminderWindow(now: number, hour: number): { day: VisitDay; from: number; to: number } | null {
  if (officeHour(now) < hour) return null;
  const day = officeDay(now, 1);
  const from = officeDayStart(day);
  const to = officeDayStart(officeDay(now, 2));
  return from === null || to === null ? null : { day, from, to };
}

/** One round: the reminders and the day's mail due now, each queued once. Returns how many of each it queued. */
export function queueDueVisitReminders(now = Date.now()): { reminders: number; digests: number } {
  const window = reminderWindow(now, visitReminderHour());
  if (!window) return { reminders: 0, digests: 0 };
  const visitsOn = (reader: Reader) =>
    reader
      .select({ message: contactMessages, visit: visitRequests })
      .from(visitRequests)
      .innerJoin(contactMessages, eq(contactMessages.id, visitRequests.messageId))
      .where(and(eq(visitRequests.status, "confirmed"), gte(visitRequests.confirmedTime, new Date(window.from)), lt(visitRequests.confirmedTime, new Date(window.to))))
      .orderBy(asc(visitRequests.confirmedTime))
      .all();
  // Read first, outside any transaction: most rounds find nothing to send and never wait for the write lock.
  const seen = visitsOn(db());
  const digestSent = Boolean(db().select({ day: visitDayDigests.day }).from(visitDayDigests).where(eq(visitDayDigests.day, window.day)).get());
  if (!seen.some((request) => !request.visit.remindedAt) && (digestSent || !seen.length)) return { reminders: 0, digests: 0 };
  return writeTransaction((tx) => {
    const tomorrow = visitsOn(tx);
    let reminders = 0;
    for (const request of tomorrow) {
      if (request.visit.remindedAt) continue;
      const claimed = tx
        .update(visitRequests)
        .set({ remindedAt: new Date(now) })
        .where(and(eq(visitRequests.messageId, request.message.id), isNull(visitRequests.remindedAt)))
        .returning({ id: visitRequests.messageId })
        .get();
      if (!claimed) continue;
      queueMail(visitReminderMail(request, visitorGreeting(request.message, tx), visitPlaceOf(request, tx)), tx);
      reminders++;
    }
    let digests = 0;
    if (tomorrow.length) {
      const claimed = tx.insert(visitDayDigests).values({ day: window.day, queuedAt: new Date(now) }).onConflictDoNothing().returning({ day: visitDayDigests.day }).get();
      if (claimed) {
        queueMail(visitDayDigestMail(tomorrow, contactRecipient(tx)), tx);
        digests = 1;
      }
    }
    return { reminders, digests };
  });
}

// The running round's trigger, while this process runs the rounds.
let kick: (() => void) | null = null;

/** Runs a round now, then every minute, and after each confirmation or move (`kickVisitReminders`). Returns the stop. */
export function startVisitReminders(intervalMs = ROUND_INTERVAL_MS): () => void {
  const round = () => {
    try {
      const queued = queueDueVisitReminders();
      if (queued.reminders || queued.digests) log.info("visit reminders queued", queued);
    } catch (error) {
      log.error("visit reminders: the round failed", { error: errorForLog(error) });
    }
  };
  round();
  kick = () => setImmediate(round);
  const timer = setInterval(round, intervalMs);
  timer.unref();
  return () => {
    kick = null;
    clearInterval(timer);
  };
}

/** A visit was confirmed or moved: one due tomorrow is reminded now rather than at the next minute. */
export function kickVisitReminders(): void {
  kick?.();
}
