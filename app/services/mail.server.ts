import path from "node:path";
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
// The file itself: the server build is ES modules, which cannot import a folder.
import * as qp from "nodemailer/lib/qp/index.js";
import { db, withoutBusyWait, type AppDatabase } from "~/db/client.server";
import { mailQueue } from "~/db/schema";
import { databaseFaultOf } from "~/utils/database-faults";
import { config } from "~/utils/env.server";
import { escapeHtml } from "~/utils/html";
import { redactedUrl } from "~/utils/redact-url";
import { log } from "~/utils/logger.server";
import { writeWholeFile } from "~/utils/whole-file.server";
import { errorForLog } from "~/utils/error-for-log";

/**
 * Outgoing mail. Nothing is sent inline: callers put a row in mail_queue (inside
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
};

const POLL_INTERVAL_MS = 1_000;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 5 * 60_000;
const BATCH_SIZE = 20;
const STOP_WAIT_MS = 5_000;
// A worker holds its rows for LEASE_MS and renews the lease every LEASE_RENEW_MS while
// it still works on them, however long an attempt takes (10 s to connect, 10 s for the
// greeting, 30 s idle, each of which can repeat); a killed process stops renewing, and
// its rows are sent by the next worker to look within LEASE_MS (decision 026).
const LEASE_MS = 15_000;
const LEASE_RENEW_MS = 5_000;

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

// ---------------------------------------------------------------------------------
// Delivery

type Delivery = { transporter: Transporter; outboxDir: string | null };

let delivery: Delivery | null = null;

function getDelivery(): Delivery {
  if (delivery) return delivery;
  const { smtpUrl, dataDir } = config();
  delivery = smtpUrl
    ? {
        // An unreachable server must fail an attempt quickly, not hold the queue for minutes.
        transporter: nodemailer.createTransport({
          url: smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        }),
        outboxDir: null,
      }
    : {
        transporter: nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
        outboxDir: path.join(dataDir, "outbox"),
      };
  return delivery;
}

type QueuedMail = typeof mailQueue.$inferSelect;

// RFC 5322 2.1.1 and RFC 2045 2.8: at most 998 octets to a line, without the CRLF.
const MAX_LINE_OCTETS = 998;

/** 8-bit data as RFC 2045 2.8 allows it once line breaks are CRLF: no NUL, no line over 998 octets. */
function isValid8bit(crlfText: string): boolean {
  return !crlfText.includes("\0") && crlfText.split("\r\n").every((line) => Buffer.byteLength(line, "utf8") <= MAX_LINE_OCTETS);
}

/**
 * The text part, as a raw MIME part (decision 034). As 8-bit, unencoded lines whenever
 * the text is valid 8-bit data: nodemailer would pick quoted-printable for any line over
 * 76 characters, which breaks a sign-in link ("=3D", soft line breaks) for anyone reading
 * the raw message. A text with a longer line (a visitor's 5,000 characters without a
 * break) or a NUL is sent quoted-printable instead, encoded by nodemailer, whose lines
 * stay within 76 characters; a mail client shows the same text either way.
 */
export function plainTextPart(text: string): string {
  const body = text.replace(/\r\n|\r|\n/g, "\r\n");
  if (isValid8bit(body)) {
    return `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${body}`;
  }
  const encoded = qp.wrap(qp.encode(Buffer.from(body, "utf8")), 76);
  return `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${encoded}`;
}

async function deliver(row: QueuedMail) {
  const { transporter, outboxDir } = getDelivery();
  const info = await transporter.sendMail({
    from: config().mailFrom,
    to: row.recipient,
    replyTo: row.replyTo ?? undefined,
    subject: row.subject,
    // nodemailer reads a raw part as is; its typings only know raw for attachments.
    text: { raw: plainTextPart(row.textBody) } as unknown as string,
    // Always two parts: nodemailer sends a lone raw part as the whole message, without
    // From, To or Subject, so a text-only mail gets its text as HTML too.
    html: row.htmlBody ?? `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(row.textBody)}</pre>`,
    date: row.createdAt,
  });
  if (outboxDir) {
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const file = path.join(outboxDir, `${stamp}-${row.id}.eml`);
    // Whoever watches the folder never reads half a message.
    await writeWholeFile(file, info.message as Buffer);
    log.info("mail: written to the outbox", { id: row.id, file });
  } else {
    log.info("mail: sent", { id: row.id, messageId: info.messageId });
  }
}

/**
 * Takes the due rows no other worker holds, for LEASE_MS, in one UPDATE (SQLite runs
 * one write at a time, so two processes on one database never take the same row):
 * each queued mail is sent once. A worker that dies mid-send leaves its lease to run
 * out; the row is then sent by whoever looks next.
 */
function leaseDueMail(now: Date): QueuedMail[] {
  const free = or(isNull(mailQueue.leasedUntil), lte(mailQueue.leasedUntil, now));
  // Read first: an idle queue (nearly every poll) then needs no write, and a read never
  // waits for another connection's write lock (WAL).
  const due = db()
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(and(isNull(mailQueue.sentAt), lte(mailQueue.nextAttemptAt, now), free))
    .orderBy(asc(mailQueue.nextAttemptAt), asc(mailQueue.id))
    .limit(BATCH_SIZE)
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
  return rows.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id - b.id);
}

/** Keeps the rows a worker has not finished with leased to it (see LEASE_MS). */
function renewLeases(ids: number[]) {
  if (!ids.length) return;
  const until = new Date(Date.now() + LEASE_MS);
  db().update(mailQueue).set({ leasedUntil: until }).where(and(inArray(mailQueue.id, ids), isNull(mailQueue.sentAt))).run();
}

/** Renews the lease of the rows `held()` names every LEASE_RENEW_MS, until called to stop. */
function keepLeased(held: () => number[]): () => void {
  const timer = setInterval(() => {
    try {
      renewLeases(held());
    } catch (error) {
      // A missed renewal risks a second copy of a mail, never a lost one: log and go on.
      log.error("mail: lease renewal failed", { error: errorForLog(error) });
    }
  }, LEASE_RENEW_MS);
  timer.unref();
  return () => clearInterval(timer);
}

function releaseLeases(ids: number[]) {
  db().update(mailQueue).set({ leasedUntil: null }).where(inArray(mailQueue.id, ids)).run();
}

/**
 * Once sent, the row keeps the mail with the secret of every link masked (a sign-in
 * link's token, any parameter named like a secret): the queue is there to deliver it, and
 * a copy of the database made after that must not hold a link that still signs someone in.
 */
function markSent(row: QueuedMail) {
  db()
    .update(mailQueue)
    .set({
      sentAt: new Date(),
      lastError: null,
      leasedUntil: null,
      textBody: withLinkSecretsMasked(row.textBody),
      htmlBody: row.htmlBody === null ? null : withLinkSecretsMasked(row.htmlBody),
    })
    .where(eq(mailQueue.id, row.id))
    .run();
}

const LINK = /https?:\/\/[^\s"'<>]+/g;
const withLinkSecretsMasked = (body: string) => body.replace(LINK, (link) => redactedUrl(link));

function markFailed(row: QueuedMail, error: unknown) {
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

// ---------------------------------------------------------------------------------
// Worker

type WorkerState = {
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
  again: boolean;
  stopping: boolean;
  kick: () => void;
};

// server.ts starts the worker and the Remix build enqueues mail: two module graphs,
// so the worker lives on globalThis and a kick from either side reaches it.
const holder = globalThis as unknown as { __mailWorker?: WorkerState };

async function drain(state: WorkerState) {
  do {
    state.again = false;
    const rows = leaseDueMail(new Date());
    let next = 0;
    // The row being sent and those after it stay ours, however long an attempt takes.
    const stopRenewing = keepLeased(() => rows.slice(next).map((row) => row.id));
    try {
      for (; next < rows.length; next++) {
        const row = rows[next];
        if (state.stopping) {
          // Not tried: free for the next worker at once rather than when the lease runs out.
          releaseLeases(rows.slice(next).map((left) => left.id));
          return;
        }
        try {
          await deliver(row);
          markSent(row);
        } catch (error) {
          markFailed(row, error);
        }
      }
    } finally {
      stopRenewing();
    }
  } while (state.again && !state.stopping);
}

function run(state: WorkerState) {
  if (state.stopping) return;
  if (state.running) {
    // A kick during a pass: look again once it ends, for rows it did not see.
    state.again = true;
    return;
  }
  state.running = drain(state)
    .catch((error) => log.error("mail: worker pass failed", { error: errorForLog(error) }))
    .finally(() => {
      state.running = null;
    });
}

export function startMailWorker() {
  if (holder.__mailWorker) return;
  const state: WorkerState = { timer: null, running: null, again: false, stopping: false, kick: () => {} };
  state.kick = () => setImmediate(() => run(state));
  state.timer = setInterval(() => run(state), POLL_INTERVAL_MS);
  state.timer.unref();
  holder.__mailWorker = state;
  state.kick();
}

/** Sends what is due now instead of at the next poll. */
export function kickMailWorker() {
  holder.__mailWorker?.kick();
}

/**
 * Stops polling and waits (a few seconds at most) for the message being sent, so the
 * database is not closed under it. Anything unsent stays queued for the next start.
 */
export async function stopMailWorker() {
  const state = holder.__mailWorker;
  if (!state) return;
  holder.__mailWorker = undefined;
  state.stopping = true;
  if (state.timer) clearInterval(state.timer);
  if (state.running) {
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([state.running, new Promise((resolve) => (timeout = setTimeout(resolve, STOP_WAIT_MS)))]);
    clearTimeout(timeout);
  }
  delivery?.transporter.close();
  delivery = null;
}
