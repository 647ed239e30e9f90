import { afterAll, describe, expect, it } from "vitest";
import { eventually } from "../support/eventually";
import { freePort, makeWorkDir, startServer, withServerDatabase, type RunningServer } from "../support/server";
import { copiesByName, startSmtpSink, type SmtpSink } from "../support/smtp";

// A fault test: the SMTP server is down while 200 visitors send the contact form at
// once. Every message must be stored and answered as sent (the mail is only queued),
// and once SMTP is back each notification, and each visitor's acknowledgement, must
// arrive exactly once.
//
// The limit of 10 messages per client IP stays as it is: the visitors come through a
// reverse proxy (TRUST_PROXY=1), 20 addresses sending 10 messages each, so every address
// ends exactly at its limit.

const MAIL_FROM = "office@example.com";
const ADDRESSES = 20;
const PER_ADDRESS = 10;
const MESSAGES = ADDRESSES * PER_ADDRESS;
/**
 * Every 5th message is posted as the page's form without JavaScript posts it: 40 whole
 * pages rendered at once on two busy cores, none cut off by the render's time limit
 * (it runs from React's first turn, app/entry.server.tsx).
 */
const FORM_EVERY = 5;
const isFormPost = (index: number) => index % FORM_EVERY === FORM_EVERY - 1;
const FORM_POSTS = MESSAGES / FORM_EVERY;

let server: RunningServer | undefined;
let sink: SmtpSink | undefined;

afterAll(async () => {
  await server?.stop();
  await sink?.stop();
});

/** One visitor's message, told apart by its last name. */
function message(marker: string, index: number) {
  return {
    firstName: "Ana",
    lastName: `${marker}x${index}`,
    email: `visitor${index}@example.com`,
    phone: "",
    subject: "rental-inquiry",
    message: "Is the three-bedroom home still available? Sent while the mail server is down.",
  };
}

/** The client address the proxy reports for message `index` (10 messages per address). */
const clientAddress = (index: number) => `198.51.100.${1 + Math.floor(index / PER_ADDRESS)}`;

function post(app: RunningServer, body: ReturnType<typeof message>, address: string, asForm: boolean) {
  if (asForm) {
    return fetch(`${app.url}/?index`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url, "X-Forwarded-For": address },
      body: new URLSearchParams(body).toString(),
      redirect: "manual",
    });
  }
  return fetch(`${app.url}/api/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app.url, "X-Forwarded-For": address },
    body: JSON.stringify(body),
  });
}

type QueueRow = { subject: string; attempts: number; sent_at: number | null };

function queueRows(app: RunningServer, marker: string): QueueRow[] {
  return withServerDatabase(app, (db) => db.prepare("select subject, attempts, sent_at from mail_queue where subject like ?").all(`%${marker}x%`) as QueueRow[]);
}

describe("an SMTP outage during a burst of 200 contact messages", () => {
  it("stores and acknowledges all 200, then delivers each mail exactly once when SMTP is back", { timeout: 150_000 }, async () => {
    const smtpPort = await freePort();
    server = await startServer({
      workDir: makeWorkDir("faults-smtp-outage-"),
      env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM, TRUST_PROXY: "1", SEED_DEMO: "0", LOG_LEVEL: "error" },
    });
    const app = server;
    const marker = `Outage${Date.now().toString(36)}`;

    const answers = await Promise.all(
      Array.from({ length: MESSAGES }, async (_, index) => {
        const response = await post(app, message(marker, index), clientAddress(index), isFormPost(index));
        return { index, status: response.status, body: await response.text() };
      }),
    );
    const statuses = new Map<number, number>();
    for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    expect(Object.fromEntries(statuses)).toEqual({ 201: MESSAGES - FORM_POSTS, 200: FORM_POSTS });
    for (const answer of answers.filter(({ index }) => isFormPost(index))) {
      expect(answer.body, `form post ${answer.index}`).toContain("Message Sent!");
    }

    // Stored, each once, each with its one queued mail.
    const stored = withServerDatabase(app, (db) =>
      db.prepare("select last_name as lastName, count(*) as n from contact_messages where last_name like ? group by last_name").all(`${marker}x%`),
    ) as { lastName: string; n: number }[];
    expect(stored).toHaveLength(MESSAGES);
    expect(stored.filter(({ n }) => n !== 1)).toEqual([]);
    expect(queueRows(app, marker)).toHaveLength(MESSAGES);

    // The limit was real: each address has spent its 10, an 11th is refused and not stored.
    const refused = await post(app, message(marker, MESSAGES), clientAddress(0), false);
    expect(refused.status).toBe(429);
    expect(withServerDatabase(app, (db) => db.prepare("select count(*) as n from contact_messages").get())).toEqual({ n: MESSAGES });

    // The worker has tried every mail, and every one is still waiting for a retry.
    await eventually(() => (queueRows(app, marker).every((row) => row.attempts >= 1) ? true : undefined), 30_000);
    expect(queueRows(app, marker).filter((row) => row.sent_at !== null)).toEqual([]);

    // SMTP comes back on the address the server was configured with.
    sink = await startSmtpSink(smtpPort);
    const mailSink = sink;
    const unsent = () => withServerDatabase(app, (db) => (db.prepare("select count(*) as n from mail_queue where sent_at is null").get() as { n: number }).n);
    await eventually(() => (unsent() === 0 ? true : undefined), 90_000);
    // No second copy can be on its way: the server stops (its worker finishes the mail it
    // is sending first, and exits cleanly), and the sink's output is read up to here.
    expect(await app.stop()).toBe(0);
    await mailSink.caughtUp();

    const copies = copiesByName(mailSink.messages(), new RegExp(`${marker}x\\d+`));
    expect(copies.size).toBe(MESSAGES);
    expect([...copies.entries()].filter(([, count]) => count !== 1)).toEqual([]);
    // Each visitor (200 addresses) got the acknowledgement of a general message, once.
    expect(mailSink.messages()).toHaveLength(2 * MESSAGES);
    const recipients = mailSink.messages().flatMap((mail) => mail.to);
    expect(recipients.filter((to) => to === MAIL_FROM)).toHaveLength(MESSAGES);
    expect(new Set(recipients.filter((to) => to !== MAIL_FROM))).toEqual(new Set(Array.from({ length: MESSAGES }, (_, index) => `visitor${index}@example.com`)));
  });
});
