import { and, asc, eq, gte, isNull } from "drizzle-orm";
import { log } from "~/config/logger.server";
import { config } from "~/config/env.server";
import { db, writeTransaction } from "~/db/client.server";
import { contactMessages, type ContactMessage } from "~/db/schema";
import { afterBusinessHours } from "~/models/business-hours";
import { contactRecipient, getConfiguration, saveSetting } from "~/models/configurations.server";
import { MAX_ENQUIRY_REMINDER_HOURS } from "~/models/visiting-hours-form";
import { subjectLabel } from "~/models/messages.server";
import { officeDetailsTable, officeMailHtml } from "~/models/office-mail-html";
import { visitingHours } from "~/models/visiting-hours.server";
import { MESSAGES_PATH } from "~/paths";
import { queueMail } from "~/services/mail/queue.server";
import { cleanOneLine } from "~/utils/control-characters";
import { formatMailDateTime } from "~/utils/dates";
import { errorForLog } from "~/utils/error-for-log";
import { escapeHtml } from "~/utils/html";

/**
 * Nothing left unanswered (docs/product.md, "Stages"): an enquiry still new once the set
 * number of business hours (default 4; the office's open hours are the visiting-hours
 * setting's) have passed mails the office once. The enquiry's `office_reminded_at` is
 * claimed in the write that queues the mail, so two processes or a restart never send
 * it twice. Enquiries older than a week are left to the Overview's count: a site that
 * starts reminding does not mail the office its whole backlog.
 */

export const ENQUIRY_REMINDER_HOURS_KEY = "enquiry_reminder_hours";
export const DEFAULT_ENQUIRY_REMINDER_HOURS = 4;
const LOOKBACK_MS = 7 * 86_400_000;
const ROUND_INTERVAL_MS = 60_000;

type Reader = Pick<ReturnType<typeof db>, "select">;

/** The business hours an enquiry may wait before the office is reminded (1 to 40), set on the Settings tab. */
export function enquiryReminderHours(reader: Reader = db()): number {
  const value = Number(getConfiguration(ENQUIRY_REMINDER_HOURS_KEY, reader)?.value);
  return Number.isInteger(value) && value >= 1 && value <= MAX_ENQUIRY_REMINDER_HOURS ? value : DEFAULT_ENQUIRY_REMINDER_HOURS;
}

export function saveEnquiryReminderHours(hours: number, updatedBy: string): void {
  saveSetting({ key: ENQUIRY_REMINDER_HOURS_KEY, value: String(hours), description: "The business hours an enquiry may wait for a reply before the office is reminded" }, updatedBy);
}

/** The office's reminder of one enquiry: who, about what, since when, and where to answer it. */
export function enquiryReminderMail(message: ContactMessage, recipient: string, businessHours: number) {
  const name = cleanOneLine(`${message.firstName} ${message.lastName}`);
  const received = formatMailDateTime(message.createdAt);
  const tabUrl = `${config().appUrl}${MESSAGES_PATH}?q=${encodeURIComponent(cleanOneLine(message.email))}`;
  const intro = `This enquiry has had no reply for ${businessHours} business ${businessHours === 1 ? "hour" : "hours"}:`;
  const rows = [
    { name: "Name", value: name },
    { name: "Email", value: cleanOneLine(message.email) },
    { name: "Subject", value: subjectLabel(message.subject) },
    { name: "Received", value: received },
  ];
  return {
    to: recipient,
    subject: `Waiting for a reply: ${name} (${subjectLabel(message.subject)})`,
    text: [intro, "", ...rows.map((row) => `${row.name}: ${row.value}`), "", `Answer it in the Messages tab: ${tabUrl}`].join("\n"),
    html: officeMailHtml([
      `<p>${escapeHtml(intro)}</p>`,
      officeDetailsTable(rows),
      `<p style="margin-top:20px"><a href="${escapeHtml(tabUrl)}">Answer it in the Messages tab</a></p>`,
    ]),
  };
}

/** One round: each enquiry past its wait, reminded once. Returns how many reminders it queued. */
export function queueDueEnquiryReminders(now = Date.now()): number {
  const waiting = (reader: Reader) =>
    reader
      .select()
      .from(contactMessages)
      .where(and(eq(contactMessages.stage, "new"), isNull(contactMessages.officeRemindedAt), gte(contactMessages.createdAt, new Date(now - LOOKBACK_MS))))
      .orderBy(asc(contactMessages.createdAt))
      .all();
  const hours = visitingHours();
  const wait = enquiryReminderHours();
  const isDue = (message: ContactMessage) => {
    const due = afterBusinessHours(message.createdAt.getTime(), hours, wait);
    return due !== null && due <= now;
  };
  // Read first, outside any transaction: most rounds find nothing due and never wait for the write lock.
  if (!waiting(db()).some(isDue)) return 0;
  return writeTransaction((tx) => {
    let queued = 0;
    for (const message of waiting(tx).filter(isDue)) {
      const claimed = tx
        .update(contactMessages)
        .set({ officeRemindedAt: new Date(now) })
        .where(and(eq(contactMessages.id, message.id), isNull(contactMessages.officeRemindedAt), eq(contactMessages.stage, "new")))
        .returning({ id: contactMessages.id })
        .get();
      if (!claimed) continue;
      queueMail(enquiryReminderMail(message, contactRecipient(tx), wait), tx);
      queued++;
    }
    return queued;
  });
}

/** Runs a round now, then every minute. Returns the stop. */
export function startEnquiryReminders(intervalMs = ROUND_INTERVAL_MS): () => void {
  const round = () => {
    try {
      const queued = queueDueEnquiryReminders();
      if (queued) log.info("enquiry reminders queued", { queued });
    } catch (error) {
      log.error("enquiry reminders: the round failed", { error: errorForLog(error) });
    }
  };
  round();
  const timer = setInterval(round, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
