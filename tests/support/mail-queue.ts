import { eventually } from "./eventually";
import { withServerDatabase, type RunningServer } from "./server";

/** How many queued mails the server's database holds that are not sent yet. */
export function unsentMail(app: Pick<RunningServer, "databasePath">): number {
  return withServerDatabase(app, (db) => (db.prepare("select count(*) as n from mail_queue where sent_at is null").get() as { n: number }).n);
}

/**
 * Waits until the mail queue of the server's database holds no unsent mail. The worker
 * marks a mail sent only once it is delivered (written to data/outbox, or accepted by
 * the SMTP server), and every mail of a request is queued before its answer: once this
 * resolves, everything the requests answered so far have queued has arrived, and with
 * one process on the database nothing more is on its way. This is the end of the quiet
 * period after which a test may say that no other mail came.
 */
export async function mailQueueDrained(app: Pick<RunningServer, "databasePath">, timeoutMs = 20_000): Promise<void> {
  await eventually(() => (unsentMail(app) === 0 ? true : undefined), timeoutMs);
}
