import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startServer, withServerDatabase, type RunningServer } from "../support/server";
import { mimeParts, startSmtpSink, type ReceivedMail, type SmtpSink } from "../support/smtp";
import { decodedHeader, insertHome, offeredTimes, postVisitJson, visitBody } from "../support/visits";

/**
 * What a stranger can make the site mail through visit requests (docs/security.md, issue
 * 49 point 1): anyone can type anyone's address. The visitor's acknowledgement carries
 * nothing the requester typed unless that inbox has confirmed something (an alert), one
 * inbox (case and "+tag" ignored) gets at most 3 of them a day whatever the network, and
 * each network may ask for at most 20 visits a day. Every request is still stored and
 * reaches the office. The server sits behind one proxy (TRUST_PROXY=1), so a request's
 * network is its X-Forwarded-For; the limits are not scaled (RATE_LIMIT_FACTOR=1).
 */

const MAIL_FROM = "office@lonestar.example";
const SPAM_NAME = "Your parcel is held: pay at evil.example/fee";
const SPAM_MESSAGE = "Pay the customs fee today at https://evil.example/pay";

const textOf = (mail: ReceivedMail) => mimeParts(mail.raw).find((part) => part.contentType === "text/plain")?.body ?? "";

let app: RunningServer;
let sink: SmtpSink;
let homeId: number;
let times: string[];

beforeAll(async () => {
  const smtpPort = await freePort();
  sink = await startSmtpSink(smtpPort);
  app = await startServer({ env: { SEED_DEMO: "0", MAIL_FROM, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, TRUST_PROXY: "1", RATE_LIMIT_FACTOR: "1", LOG_LEVEL: "error" } });
  homeId = insertHome(app, "Trinity Meadows, Lot 4");
  times = await offeredTimes(app, homeId);
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await sink?.stop();
});

/** Lets a network's 10-minute allowance start again, as ten minutes passing would (its day's count stays). */
function tenMinutesLater() {
  withServerDatabase(app, (db) => db.prepare("delete from rate_limits where key like 'contact:%'").run());
}

const visitorMails = (inbox: RegExp) => sink.messages().filter((mail) => mail.to.some((to) => inbox.test(to)));
const officeNotices = (lastNamePrefix: string) => sink.messages().filter((mail) => mail.to.includes(MAIL_FROM) && textOf(mail).includes(lastNamePrefix));

describe("visit requests naming a stranger's address", () => {
  it("a loop from three networks to one inbox gets it 3 mails at most, none with the typed name or message; the office gets every request", async () => {
    const networks = ["198.51.100.7", "203.0.113.9", "2001:db8:49:1::5"];
    const spellings = ["victim@example.org", "Victim+a@Example.org", "VICTIM+parcel@example.ORG"];
    const prefix = `Stranger${Date.now().toString(36)}`;
    let stored = 0;
    for (let round = 0; round < 3; round++) {
      for (const [index, network] of networks.entries()) {
        const body = visitBody([times[round * 3 + index]], { firstName: SPAM_NAME, lastName: `${prefix}-${round}-${index}`, message: SPAM_MESSAGE, email: spellings[(round + index) % 3], language: "en" });
        const answer = await postVisitJson(app, homeId, body, { "X-Forwarded-For": network });
        expect(answer.status).toBe(201);
        stored++;
      }
    }
    await sink.caughtUp();
    await expect.poll(() => officeNotices(prefix).length, { timeout: 30_000 }).toBe(stored);

    const toVictim = visitorMails(/^victim(\+[^@]*)?@example\.org$/i);
    expect(toVictim).toHaveLength(3);
    for (const mail of toVictim) {
      expect(decodedHeader(mail.raw, "Subject")).toBe("We received your visit request for Trinity Meadows, Lot 4");
      expect(mail.raw).not.toContain("evil.example");
      expect(textOf(mail)).toMatch(/^Hello,\n/);
      expect(textOf(mail)).not.toContain("parcel");
    }
    // The office's notice keeps everything the visitor sent.
    expect(textOf(officeNotices(prefix)[0])).toContain(SPAM_NAME);
    expect(textOf(officeNotices(prefix)[0])).toContain(SPAM_MESSAGE);
    expect(withServerDatabase(app, (db) => db.prepare("select count(*) as n from contact_messages where last_name like ?").get(`${prefix}%`))).toEqual({ n: stored });
  });

  it("one network may ask for 20 visits a day: the 21st is refused with 429 and stores nothing", async () => {
    const network = "198.51.100.77";
    const prefix = `Daily${Date.now().toString(36)}`;
    for (let index = 0; index < 20; index++) {
      if (index % 10 === 0) tenMinutesLater();
      const body = visitBody([times[index]], { lastName: `${prefix}-${index}`, email: `daily-${index}@example.net`, language: "en" });
      expect((await postVisitJson(app, homeId, body, { "X-Forwarded-For": network })).status).toBe(201);
    }
    tenMinutesLater();
    const refused = await postVisitJson(app, homeId, visitBody([times[21]], { lastName: `${prefix}-21`, email: "daily-21@example.net", language: "en" }), { "X-Forwarded-For": network });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(10 * 60);
    // Another network is not held by it.
    const other = await postVisitJson(app, homeId, visitBody([times[22]], { lastName: `${prefix}-other`, email: "daily-other@example.net", language: "en" }), { "X-Forwarded-For": "198.51.100.78" });
    expect(other.status).toBe(201);
    expect(withServerDatabase(app, (db) => db.prepare("select count(*) as n from contact_messages where last_name like ?").get(`${prefix}%`))).toEqual({ n: 21 });
  });

  it("greets by name an inbox that has confirmed an alert", async () => {
    withServerDatabase(app, (db) =>
      db
        .prepare("insert into search_alerts (email, mailbox, language, filters, status, confirmed_at, link_token) values (?, ?, 'es', 'q=confirmed', 'confirmed', ?, ?)")
        .run("lucia.confirmada@example.com", "lucia.confirmada@example.com", Date.now(), `token-${Date.now()}`),
    );
    const body = visitBody([times[30]], { email: "Lucia.Confirmada+visitas@example.com" });
    expect((await postVisitJson(app, homeId, body, { "X-Forwarded-For": "198.51.100.90" })).status).toBe(201);
    const mail = await sink.waitFor((received) => received.to.some((to) => /^lucia\.confirmada\+visitas@example\.com$/i.test(to)));
    expect(textOf(mail)).toMatch(/^Hola, Lucía:\n/);
  });
});
