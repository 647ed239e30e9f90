import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mailQueueDrained } from "../support/mail-queue";
import { freePort, startServer, withServerDatabase, type RunningServer } from "../support/server";
import { startSmtpSink, type SmtpSink } from "../support/smtp";

/**
 * Mail a person waits for leaves first (docs/decisions/064): a sign-in link before a
 * backlog of office notices, and both before search alert digests, however long the
 * queue. The backlog is queued straight into the database, as a server restored from its
 * replica finds it (or one whose mail server was down for a while), and is older than
 * what is asked for after it: oldest first would send it first.
 */

const MAIL_FROM = "office@lonestar.example";
const ADMIN = "admin@example.com";
const OFFICE = "office-backlog@lonestar.example";
const SUBSCRIBER = "subscriber@example.net";

let sink: SmtpSink;
let app: RunningServer;

beforeEach(async () => {
  sink = await startSmtpSink(await freePort());
  app = await startServer({ env: { SEED_DEMO: "0", ADMIN_EMAILS: ADMIN, SMTP_URL: `smtp://127.0.0.1:${sink.port}`, MAIL_FROM, LOG_LEVEL: "error" } });
});
afterEach(async () => {
  await app?.stop();
  await sink?.stop();
});

/** Queues `count` mails to `recipient`, due a minute ago, at the priority given (1: a person waits, 2: a digest). */
function queueBacklog(count: number, recipient: string, priority: number) {
  withServerDatabase(app, (db) => {
    const insert = db.prepare(
      "insert into mail_queue (recipient, subject, text_body, html_body, priority, next_attempt_at, created_at) values (?, ?, 'Queued earlier.', '<p>Queued earlier.</p>', ?, ?, ?)",
    );
    const dueSince = Date.now() - 60_000;
    db.transaction(() => {
      for (let n = 1; n <= count; n++) insert.run(recipient, `Backlog ${n}`, priority, dueSince, dueSince);
    })();
  });
}

const kindOf = (to: string[]) => (to.includes(ADMIN) ? "link" : to.includes(OFFICE) ? "office" : to.includes(SUBSCRIBER) ? "digest" : "other");

describe("the order mail leaves in", () => {
  it("a sign-in link asked for while 200 office notices wait arrives within 10 s, after the send in progress at most", async () => {
    queueBacklog(200, OFFICE, 1);
    await sink.waitFor((mail) => mail.to.includes(OFFICE));
    const asked = await fetch(`${app.url}/api/admin/auth/magic/request`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: ADMIN }),
    });
    expect(asked.status).toBe(200);
    // The link is queued by now; the worker is busy with a batch of 10 notices.
    const sentWhenQueued = sink.messages().length;
    const link = await sink.waitFor((mail) => mail.to.includes(ADMIN), 10_000);
    expect(link.raw).toContain("/admin/auth/magic?token=");
    const order = sink.messages().map((mail) => kindOf(mail.to));
    // It waits for the send in progress (and one more the sink had not printed yet), not for the batch.
    expect(order.indexOf("link")).toBeLessThanOrEqual(sentWhenQueued + 2);
  });

  it("every office notice leaves before any digest, though the digests were queued first", async () => {
    queueBacklog(15, SUBSCRIBER, 2);
    queueBacklog(15, OFFICE, 1);
    await mailQueueDrained(app, 30_000);
    await sink.caughtUp();
    const order = sink.messages().map((mail) => kindOf(mail.to));
    expect(order.filter((kind) => kind === "office")).toHaveLength(15);
    expect(order.filter((kind) => kind === "digest")).toHaveLength(15);
    expect(order.lastIndexOf("office")).toBeLessThan(order.indexOf("digest"));
  });
});
