import { TZDate } from "@date-fns/tz";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OFFICE_MAIL, postFormFollowed, startSignedInApp } from "../support/admin-api";
import { mailQueueDrained } from "../support/mail-queue";
import { freePort, makeWorkDir, withServerDatabase, type RunningServer } from "../support/server";
import { serverGroup } from "../support/server-group";
import { mimeParts, startSmtpSink, type ReceivedMail, type SmtpSink } from "../support/smtp";
import { decodedHeader, insertHome } from "../support/visits";

/**
 * Reminders (docs/product.md, "Reminders"): from the set hour of the day before a
 * confirmed visit, its visitor gets a reminder in their language with where to go and
 * their link, and the office one mail of the next day's visits; each once, with two
 * server processes on one database started together, and after a restart; none for a
 * cancelled visit or one further ahead.
 */

const textOf = (mail: ReceivedMail) => mimeParts(mail.raw).find((part) => part.contentType === "text/plain")?.body ?? "";

/** An hour of the office's day `offset` days from now (America/Chicago). */
function officeTime(offset: number, hour: number): number {
  const today = new TZDate(Date.now(), "America/Chicago");
  return new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + offset, hour, 0, 0, "America/Chicago").getTime();
}

function insertVisit(app: RunningServer, visit: { homeId: number; home: string; lastName: string; email: string; language: "en" | "es"; time: number; status: "confirmed" | "cancelled" }) {
  withServerDatabase(app, (db) => {
    const message = db
      .prepare("insert into contact_messages (first_name, last_name, email, phone, subject, message, property_id, language) values ('Rosa', ?, ?, '(903) 555-0100', 'visit-request', 'Typed by the visitor', ?, ?)")
      .run(visit.lastName, visit.email, visit.homeId, visit.language).lastInsertRowid;
    db.prepare("insert into visit_requests (message_id, home_name, home_location, times, status, confirmed_time, decided_at, decided_by) values (?, ?, 'Tyler, TX 75701', ?, ?, ?, ?, 'staff@example.com')").run(
      message,
      visit.home,
      JSON.stringify([visit.time]),
      visit.status,
      visit.time,
      Date.now(),
    );
  });
}

describe("reminders the day before", () => {
  let sink: SmtpSink;
  const { setUp, start, stopAll } = serverGroup();

  beforeAll(async () => {
    const smtpPort = await freePort();
    sink = await startSmtpSink(smtpPort);
    setUp(makeWorkDir("visit-reminders-"), { MAIL_FROM: OFFICE_MAIL, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, RATE_LIMIT_FACTOR: "1000", LOG_LEVEL: "error" });
    const first = await start();
    const homeId = insertHome(first, "Reminder Ridge, Lot 3");
    withServerDatabase(first, (db) => {
      db.prepare("update properties set street_address = '12 Ridge Rd, Lot 3', location = 'Tyler, TX 75701', latitude = 32.35, longitude = -95.3 where id = ?").run(homeId);
      // From midnight: whatever the hour the test runs at, the next day's reminders are due.
      db.prepare("insert into configurations (key, value, description, updated_by) values ('visit_reminder_hour', '0', 'reminders', 'test')").run();
    });
    const base = { homeId, home: "Reminder Ridge, Lot 3" };
    insertVisit(first, { ...base, lastName: "Manana", email: "manana@example.com", language: "es", time: officeTime(1, 10), status: "confirmed" });
    insertVisit(first, { ...base, lastName: "Tomorrow", email: "tomorrow@example.com", language: "en", time: officeTime(1, 14), status: "confirmed" });
    insertVisit(first, { ...base, lastName: "Cancelled", email: "cancelled@example.com", language: "en", time: officeTime(1, 11), status: "cancelled" });
    insertVisit(first, { ...base, lastName: "Later", email: "later@example.com", language: "en", time: officeTime(2, 10), status: "confirmed" });
    await stopAll();
  }, 90_000);
  afterAll(async () => {
    await stopAll();
    await sink?.stop();
  });

  it("mails each visitor of tomorrow once and the office one mail of the day, from two processes started together, and again none after a restart", async () => {
    const [one] = await Promise.all([start(), start()]);
    await mailQueueDrained(one);
    await sink.caughtUp();
    const to = (address: string) => sink.messages().filter((mail) => mail.to.includes(address));

    const spanish = to("manana@example.com");
    expect(spanish.map((mail) => decodedHeader(mail.raw, "Subject"))).toEqual(["Recordatorio: su visita a Reminder Ridge, Lot 3 es mañana"]);
    const text = textOf(spanish[0]);
    expect(text).toMatch(/^Hola:/);
    expect(text).toMatch(/Le recordamos su visita a Reminder Ridge, Lot 3 mañana, .+10:00 a\. ?m\. \(hora del centro\):/);
    expect(text).toContain("Dirección: 12 Ridge Rd, Lot 3, Tyler, TX 75701");
    expect(text).toContain("Mapa: https://www.openstreetmap.org/?mlat=32.35&mlon=-95.3");
    expect(text).toMatch(/Para cancelar su visita o elegir otro horario: http\S+\/my-visit\?token=[A-Za-z0-9_-]{43}&lng=es/);
    expect(text).not.toContain("Typed by the visitor");
    expect(decodedHeader(spanish[0].raw, "Reply-To")).toBe(OFFICE_MAIL);
    expect(to("tomorrow@example.com").map((mail) => decodedHeader(mail.raw, "Subject"))).toEqual(["Reminder: your visit to Reminder Ridge, Lot 3 is tomorrow"]);
    expect(to("cancelled@example.com")).toEqual([]);
    expect(to("later@example.com")).toEqual([]);

    const office = sink.messages().filter((mail) => decodedHeader(mail.raw, "Subject").startsWith("Visits tomorrow"));
    expect(office).toHaveLength(1);
    expect(office[0].to).toContain(OFFICE_MAIL);
    expect(decodedHeader(office[0].raw, "Subject")).toMatch(/^Visits tomorrow, \w+, \w+ \d+: 2$/);
    const digest = textOf(office[0]);
    expect(digest).toMatch(/- 10:00 AM: Reminder Ridge, Lot 3, Rosa Manana \(\(903\) 555-0100, Spanish\)\n- 2:00 PM: Reminder Ridge, Lot 3, Rosa Tomorrow \(\(903\) 555-0100, English\)/);

    // A restart runs the round again: nothing is sent twice.
    const before = sink.messages().length;
    await stopAll();
    const again = await start();
    await mailQueueDrained(again);
    await sink.caughtUp();
    expect(sink.messages()).toHaveLength(before);
    const reminded = withServerDatabase(again, (db) => db.prepare("select m.last_name as name, v.reminded_at is not null as reminded from visit_requests v join contact_messages m on m.id = v.message_id order by m.id").all());
    expect(reminded).toEqual([
      { name: "Manana", reminded: 1 },
      { name: "Tomorrow", reminded: 1 },
      { name: "Cancelled", reminded: 0 },
      { name: "Later", reminded: 0 },
    ]);
  });
});

describe("the reminder hour on the Settings tab", () => {
  it("is 5:00 PM until the office sets another hour from 12:00 AM to 11:00 PM, read as a clock; anything else is refused and changes nothing", async () => {
    const site = await startSignedInApp({ env: { LOG_LEVEL: "error" } });
    try {
      const hours = { intent: "visiting-hours", weekday1: "on", weekday2: "on", weekday3: "on", weekday4: "on", weekday5: "on", weekday6: "on", from: "9", to: "17" };
      const page = await fetch(`${site.app.url}/admin/dashboard/settings`, { headers: { Cookie: site.cookie } });
      expect(await page.text()).toMatch(/<select name="reminderHour"[^>]*>[\s\S]*?<option value="17" selected="">5:00 PM<\/option>/);
      for (const refused of ["24", "-1", "noon"]) {
        const answer = await postFormFollowed(site.app, site.cookie, "/admin/dashboard/settings", { ...hours, reminderHour: refused });
        expect(answer.html).toContain("Choose the hour reminders go out, from 12:00 AM to 11:00 PM");
      }
      const stored = () => withServerDatabase(site.app, (db) => db.prepare("select value from configurations where key = 'visit_reminder_hour'").get());
      expect(stored()).toBeUndefined();
      const saved = await postFormFollowed(site.app, site.cookie, "/admin/dashboard/settings", { ...hours, reminderHour: "8" });
      expect(saved.html).toContain("Visiting hours updated");
      expect(saved.html).toMatch(/<option value="8" selected="">8:00 AM<\/option>/);
      expect(stored()).toEqual({ value: "8" });
    } finally {
      await site.stop();
    }
  });
});
