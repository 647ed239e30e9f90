import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { log } from "~/config/logger.server";
import { db, withoutBusyWait, type AppDatabase } from "~/db/client.server";
import { databaseFaultOf } from "~/db/faults";
import { mailQueue, type MailAttachment } from "~/db/schema";
import { redactedUrl } from "~/utils/redact-url";
import { kickMailWorker } from "./wake.server";

/**
 * Outgoing mail: the queue (this file), its worker (worker.server.ts) and the way a
 * message leaves (transport.server.ts). Nothing is sent inline: callers put a row in mail_queue (inside
 * their own transaction when the mail belongs to a write), and one worker sends due
 * rows, retrying failures with exponential backoff, so an SMTP outage delays mail
 * but never loses it. Without SMTP_URL each message becomes an .eml file in
 * ./data/outbox/.
 */

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  /** Required: nodemailer sends a lone raw text part as the whole message, headers lost. */
  html: string;
  replyTo?: string | null;
  /** Files sent with it (a confirmed visit's .ics); kept in the row until sent. */
  attachments?: MailAttachment[];
  /** Extra headers (a search alert's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** Who waits for it (MAIL_PRIORITY); "person" when left out. */
  priority?: MailPriority;
};

/**
 * The order due mail leaves in: a sign-in link first (someone stands at the login page),
 * then whatever a person waits for (the office's notices, a visitor's mails, an alert's
 * confirmation), then the search alerts' digests, which may be thousands at once and
 * nobody waits for. Within one priority, the oldest due first.
 */
export const MAIL_PRIORITY = { "sign-in": 0, person: 1, digest: 2 } as const;
export type MailPriority = keyof typeof MAIL_PRIORITY;

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 5 * 60_000;
// Small enough that a sign-in link queued behind a batch of digests waits for a few sends at most.
export const MAIL_BATCH_SIZE = 10;
// A worker holds its rows for LEASE_MS and renews the lease every LEASE_RENEW_MS while
// it still works on them, however long an attempt takes (10 s to connect, 10 s for the
// greeting, 30 s idle, each of which can repeat); a killed process stops renewing, and
// its rows are sent by the next worker to look within LEASE_MS (decision 026).
export const LEASE_MS = 15_000;
export const LEASE_RENEW_MS = 5_000;

/** 1 s, 2 s, 4 s … after the 1st, 2nd, 3rd … failed attempt, never more than 5 minutes. */
export function retryDelayMs(failedAttempts: number): number {
  const exponent = Math.max(0, failedAttempts - 1);
  return exponent >= 20 ? MAX_RETRY_MS : Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** exponent);
}

type Executor = Pick<AppDatabase, "insert">;

/**
 * Queues one message. Pass the transaction when the mail belongs to a write, so the
 * row and its mail commit together; the worker is kicked either way.
 */
export function queueMail(mail: OutgoingMail, executor: Executor = db()): number {
  const row = executor
    .insert(mailQueue)
    .values({
      recipient: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      replyTo: mail.replyTo ?? null,
      attachments: mail.attachments?.length ? mail.attachments : null,
      headers: mail.headers && Object.keys(mail.headers).length ? mail.headers : null,
      priority: MAIL_PRIORITY[mail.priority ?? "person"],
    })
    .returning({ id: mailQueue.id })
    .get();
  // Asynchronous: inside a transaction the worker only looks after the commit.
  kickMailWorker();
  return row.id;
}

/** Where a queued message stands: sent, tried and refused (queued for a retry), or not tried yet. */
export type DeliveryState = { state: "sent" } | { state: "failed"; error: string } | { state: "pending" };

export function deliveryState(id: number): DeliveryState {
  const row = db()
    .select({ sentAt: mailQueue.sentAt, attempts: mailQueue.attempts, lastError: mailQueue.lastError })
    .from(mailQueue)
    .where(eq(mailQueue.id, id))
    .get();
  if (row?.sentAt) return { state: "sent" };
  if (row && row.attempts > 0) return { state: "failed", error: row.lastError ?? "unknown error" };
  return { state: "pending" };
}

/**
 * Waits until the worker has either sent the message or had it refused once, for at
 * most `timeoutMs`; a refused message stays queued and is retried as any other.
 */
export async function awaitFirstAttempt(id: number, timeoutMs: number): Promise<DeliveryState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = deliveryState(id);
    if (current.state !== "pending" || Date.now() >= deadline) return current;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export type QueuedMail = typeof mailQueue.$inferSelect;

/**
 * Takes the due rows no other worker holds, for LEASE_MS, in one UPDATE (SQLite runs
 * one write at a time, so two processes on one database never take the same row):
 * each queued mail is sent once. A worker that dies mid-send leaves its lease to run
 * out; the row is then sent by whoever looks next.
 */
export function leaseDueMail(now: Date): QueuedMail[] {
  const free = or(isNull(mailQueue.leasedUntil), lte(mailQueue.leasedUntil, now));
  // Read first: an idle queue (nearly every poll) then needs no write, and a read never
  // waits for another connection's write lock (WAL).
  const due = db()
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(and(isNull(mailQueue.sentAt), lte(mailQueue.nextAttemptAt, now), free))
    .orderBy(asc(mailQueue.priority), asc(mailQueue.nextAttemptAt), asc(mailQueue.id))
    .limit(MAIL_BATCH_SIZE)
    .all()
    .map((row) => row.id);
  if (due.length === 0) return [];
  let rows: QueuedMail[];
  try {
    // Without the busy wait: while another connection holds the lock, waiting 5 s every
    // second would leave the server almost no time to answer anyone. The next poll tries again.
    rows = withoutBusyWait(() =>
      db()
        .update(mailQueue)
        .set({ leasedUntil: new Date(now.getTime() + LEASE_MS) })
        .where(and(inArray(mailQueue.id, due), isNull(mailQueue.sentAt), free))
        .returning()
        .all(),
    );
  } catch (error) {
    if (databaseFaultOf(error) === "busy") {
      log.debug("mail: the database is locked by another connection, due mail waits for the next poll", { due: due.length });
      return [];
    }
    throw error;
  }
  return rows.sort((a, b) => a.priority - b.priority || a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id - b.id);
}

/** Whether a mail of a higher priority (a lower number) than `priority` is due and free. */
export function isMoreUrgentMailDue(priority: number, now: Date): boolean {
  if (priority === 0) return false;
  const free = or(isNull(mailQueue.leasedUntil), lte(mailQueue.leasedUntil, now));
  return (
    db()
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(and(isNull(mailQueue.sentAt), lt(mailQueue.priority, priority), lte(mailQueue.nextAttemptAt, now), free))
      .limit(1)
      .get() !== undefined
  );
}

/** Keeps the rows a worker has not finished with leased to it (see LEASE_MS). */
export function renewLeases(ids: number[]) {
  if (!ids.length) return;
  const until = new Date(Date.now() + LEASE_MS);
  db().update(mailQueue).set({ leasedUntil: until }).where(and(inArray(mailQueue.id, ids), isNull(mailQueue.sentAt))).run();
}

export function releaseLeases(ids: number[]) {
  db().update(mailQueue).set({ leasedUntil: null }).where(inArray(mailQueue.id, ids)).run();
}

/**
 * Once sent, the row keeps the mail with the secret of every link masked (a sign-in
 * link's token, any parameter named like a secret): the queue is there to deliver it, and
 * a copy of the database made after that must not hold a link that still signs someone in.
 */
export function markSent(row: QueuedMail) {
  db()
    .update(mailQueue)
    .set({
      sentAt: new Date(),
      lastError: null,
      leasedUntil: null,
      textBody: withLinkSecretsMasked(row.textBody),
      htmlBody: row.htmlBody === null ? null : withLinkSecretsMasked(row.htmlBody),
      // A search alert's List-Unsubscribe names its link too.
      headers: row.headers === null ? null : Object.fromEntries(Object.entries(row.headers).map(([name, value]) => [name, withLinkSecretsMasked(value)])),
    })
    .where(eq(mailQueue.id, row.id))
    .run();
}

const LINK = /https?:\/\/[^\s"'<>]+/g;
const withLinkSecretsMasked = (body: string) => body.replace(LINK, (link) => redactedUrl(link));

export function markFailed(row: QueuedMail, error: unknown) {
  const attempts = row.attempts + 1;
  const message = error instanceof Error ? error.message : String(error);
  const nextAttemptAt = new Date(Date.now() + retryDelayMs(attempts));
  db()
    .update(mailQueue)
    .set({ attempts: sql`${mailQueue.attempts} + 1`, lastError: message.slice(0, 1000), nextAttemptAt, leasedUntil: null })
    .where(eq(mailQueue.id, row.id))
    .run();
  log.warn("mail: attempt failed, will retry", { id: row.id, attempts, retryAt: nextAttemptAt.toISOString(), error: message });
}
