import { afterAll, describe, expect, it } from "vitest";
import { eventually } from "../support/eventually";
import { freePort, makeWorkDir, startServer, withServerDatabase, type RunningServer } from "../support/server";
import { copiesByName, startSmtpSink, type SmtpSink } from "../support/smtp";

// Two processes on one database share one mail queue: each queued mail is sent once,
// never by both, even when both find it due at the same moment (here: after an SMTP
// outage, when every row is due again at once).

const MAIL_FROM = "office@example.com";
const MESSAGES = 30;

const servers: RunningServer[] = [];
let sink: SmtpSink | undefined;

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await sink?.stop();
});

describe("the mail queue with two processes on one database", () => {
  it("sends each of 30 messages queued during an outage exactly once when SMTP is back", { timeout: 90_000 }, async () => {
    const smtpPort = await freePort();
    const workDir = makeWorkDir("two-processes-mail-");
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM, RATE_LIMIT_FACTOR: "100", SEED_DEMO: "0", LOG_LEVEL: "error" };
    servers.push(await startServer({ workDir, env }));
    servers.push(await startServer({ workDir, env }));
    const marker = `Queue${Date.now().toString(36)}`;

    for (let i = 0; i < MESSAGES; i++) {
      const server = servers[i % 2];
      const response = await fetch(`${server.url}/api/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.url },
        body: JSON.stringify({ firstName: "Ana", lastName: `${marker}x${i}`, email: "ana@example.com", subject: "other", message: "Queued while the mail server is down." }),
      });
      expect(response.status).toBe(201);
    }
    // Every row tried (by one process or the other) and kept for a retry.
    await eventually(
      () => {
        const untried = withServerDatabase(servers[0], (db) => db.prepare("select count(*) as n from mail_queue where attempts = 0 or sent_at is not null").get() as { n: number });
        return untried.n === 0 ? true : undefined;
      },
      30_000,
    );

    sink = await startSmtpSink(smtpPort);
    await eventually(
      () => {
        const left = withServerDatabase(servers[0], (db) => db.prepare("select count(*) as n from mail_queue where sent_at is null").get() as { n: number });
        return left.n === 0 ? true : undefined;
      },
      60_000,
    );
    // No second copy can be on its way: both servers stop (each worker finishes the mail
    // it is sending first, and exits cleanly), and the sink's output is read up to here.
    expect(await Promise.all(servers.map((server) => server.stop()))).toEqual([0, 0]);
    await sink.caughtUp();
    const copies = copiesByName(sink.messages(), new RegExp(`${marker}x\\d+`));
    expect(copies.size).toBe(MESSAGES);
    expect([...copies.entries()].filter(([, count]) => count !== 1)).toEqual([]);
  });
});
