import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OFFICE_MAIL, postFormFollowed, startSignedInApp } from "../support/admin-api";
import { mailQueueDrained } from "../support/mail-queue";
import { freePort, makeWorkDir, withServerDatabase } from "../support/server";
import { serverGroup } from "../support/server-group";
import { mimeParts, startSmtpSink, type SmtpSink } from "../support/smtp";
import { decodedHeader } from "../support/visits";

/**
 * Nothing left unanswered (docs/product.md, "Stages"): an enquiry still new after the set
 * business hours mails the office once, from two server processes started together and
 * again none after a restart; none for a replied enquiry, one not yet due, or one older
 * than a week.
 */

const HOUR = 3_600_000;

describe("the office's reminder of an enquiry left unanswered", () => {
  let sink: SmtpSink;
  const { setUp, start, stopAll } = serverGroup();

  beforeAll(async () => {
    const smtpPort = await freePort();
    sink = await startSmtpSink(smtpPort);
    setUp(makeWorkDir("enquiry-reminders-"), { MAIL_FROM: OFFICE_MAIL, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, RATE_LIMIT_FACTOR: "1000", LOG_LEVEL: "error" });
    const first = await start();
    withServerDatabase(first, (db) => {
      const insert = db.prepare(
        "insert into contact_messages (first_name, last_name, email, subject, message, stage, created_at) values ('Rosa', ?, ?, 'rental-inquiry', 'Typed by the visitor', ?, ?)",
      );
      // Three days cover at least one whole day of the office's hours (Monday to Saturday, 9 to 5), whatever today is.
      insert.run("Waiting", "waiting@example.com", "new", Date.now() - 72 * HOUR);
      insert.run("Answered", "answered@example.com", "replied", Date.now() - 72 * HOUR);
      insert.run("Fresh", "fresh@example.com", "new", Date.now() - 60_000);
      insert.run("Backlog", "backlog@example.com", "new", Date.now() - 10 * 24 * HOUR);
    });
    await stopAll();
  }, 90_000);
  afterAll(async () => {
    await stopAll();
    await sink?.stop();
  });

  it("mails the office once for an enquiry still new after 4 business hours, from two processes and after a restart", async () => {
    const [one] = await Promise.all([start(), start()]);
    await mailQueueDrained(one);
    await sink.caughtUp();
    const reminders = sink.messages().filter((mail) => decodedHeader(mail.raw, "Subject").startsWith("Waiting for a reply"));
    expect(reminders.map((mail) => decodedHeader(mail.raw, "Subject"))).toEqual(["Waiting for a reply: Rosa Waiting (Rental Inquiry)"]);
    expect(reminders[0].to).toContain(OFFICE_MAIL);
    const text = mimeParts(reminders[0].raw).find((part) => part.contentType === "text/plain")?.body ?? "";
    expect(text).toContain("This enquiry has had no reply for 4 business hours:");
    expect(text).toContain("Email: waiting@example.com");
    expect(text).toMatch(/Answer it in the Messages tab: http\S+\/admin\/dashboard\/messages\?q=waiting%40example\.com/);

    const before = sink.messages().length;
    await stopAll();
    const again = await start();
    await mailQueueDrained(again);
    await sink.caughtUp();
    expect(sink.messages()).toHaveLength(before);
    const reminded = withServerDatabase(again, (db) => db.prepare("select last_name as name, office_reminded_at is not null as reminded from contact_messages order by id").all());
    expect(reminded).toEqual([
      { name: "Waiting", reminded: 1 },
      { name: "Answered", reminded: 0 },
      { name: "Fresh", reminded: 0 },
      { name: "Backlog", reminded: 0 },
    ]);
  });
});

describe("the business hours before a reminder, on the Settings tab", () => {
  it("are 4 until the office sets a whole number from 1 to 40 with the visiting hours; anything else is refused and changes nothing", async () => {
    const site = await startSignedInApp({ env: { LOG_LEVEL: "error" } });
    try {
      const hours = { intent: "visiting-hours", weekday1: "on", weekday2: "on", weekday3: "on", weekday4: "on", weekday5: "on", weekday6: "on", from: "9", to: "17" };
      const page = await (await fetch(`${site.app.url}/admin/dashboard/settings`, { headers: { Cookie: site.cookie } })).text();
      expect(page).toContain("Remind the office of an enquiry with no reply after (business hours)");
      expect(page).toMatch(/<input[^>]*name="enquiryReminderHours"[^>]*value="4"/);
      const stored = () => withServerDatabase(site.app, (db) => db.prepare("select value from configurations where key = 'enquiry_reminder_hours'").get());
      for (const refused of ["0", "41", "two", "1.5"]) {
        const answer = await postFormFollowed(site.app, site.cookie, "/admin/dashboard/settings", { ...hours, enquiryReminderHours: refused });
        expect(answer.html).toContain("Remind the office after a whole number of business hours from 1 to 40");
      }
      expect(stored()).toBeUndefined();
      const saved = await postFormFollowed(site.app, site.cookie, "/admin/dashboard/settings", { ...hours, enquiryReminderHours: "2" });
      expect(saved.html).toContain("Visiting hours updated");
      expect(saved.html).toMatch(/<input[^>]*name="enquiryReminderHours"[^>]*value="2"/);
      expect(stored()).toEqual({ value: "2" });
    } finally {
      await site.stop();
    }
  });
});
