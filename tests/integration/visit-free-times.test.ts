import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, postFormFollowed, startSignedInAppWithMail, type SignedInApp } from "../support/admin-api";
import { mailQueueDrained, unsentMail } from "../support/mail-queue";
import { withServerDatabase } from "../support/server";
import type { SmtpSink } from "../support/smtp";
import { askVisit, chicagoWallTime, decodedHeader, insertHome, offeredTimes, postVisitJson, visitBody } from "../support/visits";

/**
 * Only free times (docs/product.md, visit requests): a confirmed visit takes its hour off
 * its home's offered times and, while the office shows one home at a time, off every
 * home's; a request for a time booked since it was offered is refused with the free times
 * nearest it; staff confirming a booked time are warned and confirm only when they say so
 * again; "Visits at the same time across homes" lets the office show more homes at once.
 */

type VisitAnswer = { id: number; status: string; confirmedTime: string | null };

const storedCount = (site: SignedInApp) =>
  withServerDatabase(site.app, (db) => (db.prepare("select (select count(*) from contact_messages) + (select count(*) from visit_requests) as n").get() as { n: number }).n);

const statusOf = (site: SignedInApp, id: number) =>
  withServerDatabase(site.app, (db) => db.prepare("select status, confirmed_time from visit_requests where message_id = ?").get(id)) as { status: string; confirmed_time: number | null };

const dayAndHour = (iso: string) => {
  const wall = chicagoWallTime(Date.parse(iso));
  return { day: wall.slice(0, 10), hour: String(Number(wall.slice(11, 13))) };
};

describe("only free times", () => {
  let site: SignedInApp;
  let sink: SmtpSink;
  let stop: () => Promise<void>;
  let oakBend: number;
  let cedarRidge: number;
  let times: string[];
  const call = jsonCaller(() => site.app, () => site.cookie);

  /** A visit to `home` asked for at `asked` and confirmed at the first of them, through the admin call. */
  async function confirmedVisit(home: number, asked: string[]): Promise<number> {
    const id = await askVisit(site.app, home, asked, { language: "en" });
    const confirmed = await call(`/api/admin/visits/${id}/confirm`, { method: "POST", body: { time: asked[0] } });
    expect(confirmed.status).toBe(200);
    return id;
  }

  beforeAll(async () => {
    ({ site, sink, stop } = await startSignedInAppWithMail());
    oakBend = insertHome(site.app, "Oak Bend, Lot 7");
    cedarRidge = insertHome(site.app, "Cedar Ridge, Lot 3");
    times = await offeredTimes(site.app, oakBend);
  }, 60_000);
  afterAll(async () => {
    await stop?.();
  });

  it("takes a confirmed hour off its home's times and, one visit at a time, off every home's; the hours beside it stay", async () => {
    await confirmedVisit(oakBend, [times[2]]);
    const oak = await offeredTimes(site.app, oakBend);
    const cedar = await offeredTimes(site.app, cedarRidge);
    for (const offered of [oak, cedar]) {
      expect(offered).not.toContain(times[2]);
      expect(offered).toContain(times[1]);
      expect(offered).toContain(times[3]);
      expect(offered).toHaveLength(times.length - 1);
    }
    // Read through an index on (status, confirmed_time): past visits are not read at all.
    const plan = withServerDatabase(site.app, (db) =>
      db.prepare("explain query plan select message_id from visit_requests where status = 'confirmed' and confirmed_time > ? and confirmed_time < ?").all(0, 1),
    ) as { detail: string }[];
    expect(plan.map((step) => step.detail).join(" ")).toMatch(/USING (COVERING )?INDEX visit_requests_status_time_idx \(status=\? AND confirmed_time>\? AND confirmed_time<\?\)/);
  });

  it("refuses a request for a booked time with the free times nearest it, by the JSON call and the form, in the visitor's language, storing nothing", async () => {
    const before = storedCount(site);
    const refused = await postVisitJson(site.app, cedarRidge, visitBody([times[2], times[9]]));
    expect(refused.status).toBe(400);
    const answer = (await refused.json()) as { fieldErrors: Record<string, string[]>; freeTimesNearby: string[] };
    expect(answer.fieldErrors.times).toEqual(["Este horario se acaba de reservar para otra visita. Por favor, elija otro."]);
    // The three free hours nearest, none of them the one booked or the other one chosen.
    expect(answer.freeTimesNearby).toEqual([times[0], times[1], times[3]]);

    const taken = dayAndHour(times[2]);
    for (const [language, texts] of [
      ["en", ["This time has just been booked for another visit. Please choose another.", "Free times nearby:"]],
      ["es", ["Este horario se acaba de reservar para otra visita. Por favor, elija otro.", "Horarios libres cercanos:"]],
    ] as const) {
      const response = await fetch(`${site.app.url}/properties/${cedarRidge}/visit`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.app.url, Accept: "text/html", "Accept-Language": language === "es" ? "es-MX,es;q=0.9" : "en-US" },
        body: new URLSearchParams({ firstName: "Rosa", lastName: "Libre", email: "rosa@example.com", day1: taken.day, hour1: taken.hour, language }).toString(),
        redirect: "manual",
      });
      expect(response.status).toBe(400);
      const html = await response.text();
      for (const text of texts) expect(html).toContain(text);
      // Named as the picker names a chosen time: the day, then the hour.
      const day = new Intl.DateTimeFormat(language === "es" ? "es-MX" : "en-US", { timeZone: "America/Chicago", weekday: "long", month: "long", day: "numeric" }).format(Date.parse(times[3]));
      const hour = new Intl.DateTimeFormat(language === "es" ? "es-MX" : "en-US", { timeZone: "America/Chicago", hour: "numeric", minute: "2-digit" }).format(Date.parse(times[3]));
      expect(html).toContain(`<li>${day}, ${hour}</li>`);
    }
    expect(storedCount(site)).toBe(before);
  });

  it("warns staff confirming a booked time, by the JSON call and the Messages tab, and confirms only when they say so again", async () => {
    const booked = await confirmedVisit(oakBend, [times[5]]);

    // The JSON call: 409 naming the other visit, nothing changed, nothing mailed.
    const { id } = (await (await postVisitJson(site.app, cedarRidge, visitBody([times[6]], { language: "en" }))).json()) as VisitAnswer;
    await mailQueueDrained(site.app);
    await sink.caughtUp();
    const mailsBefore = sink.messages().length;
    const warned = await call(`/api/admin/visits/${id}/confirm`, { method: "POST", body: { time: times[5] } });
    expect(warned.status).toBe(409);
    expect(await warned.json()).toEqual({
      error: 'Another visit is confirmed at this time. To confirm this one as well, send the call again with "confirmAnyway": true.',
      clashes: [{ id: booked, home: "Oak Bend, Lot 7", time: times[5] }],
    });
    expect(statusOf(site, id)).toEqual({ status: "requested", confirmed_time: null });
    expect(unsentMail(site.app)).toBe(0);
    await sink.caughtUp();
    expect(sink.messages()).toHaveLength(mailsBefore);
    const anyway = await call(`/api/admin/visits/${id}/confirm`, { method: "POST", body: { time: times[5], confirmAnyway: true } });
    expect(anyway.status).toBe(200);
    expect(await anyway.json()).toMatchObject({ status: "confirmed", confirmedTime: times[5] });

    // The Messages tab without JavaScript: the booked time is named on the card; a plain
    // confirm is refused with the warning, 'Confirm anyway' confirms.
    const second = (await (await postVisitJson(site.app, cedarRidge, visitBody([times[11], times[12]], { language: "en", email: "tab@example.com" }))).json()) as VisitAnswer;
    const other = await confirmedVisit(oakBend, [times[11]]);
    expect(other).not.toBe(second.id);
    const tab = (await (await fetch(`${site.app.url}/admin/dashboard/messages?subject=visit-request`, { headers: { Cookie: site.cookie } })).text()).replaceAll("<!-- -->", "");
    const wallLabel = new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", hour: "numeric", minute: "2-digit" }).format(Date.parse(times[11]));
    expect(tab).toMatch(new RegExp(`Already booked: Oak Bend, Lot 7 \\([^)]*${wallLabel}`));
    const plain = await postFormFollowed(site.app, site.cookie, "/admin/dashboard/messages?subject=visit-request", { id: String(second.id), intent: "visit-confirm", time: times[11] });
    expect(plain.html).toContain("Another visit is confirmed at this time: Oak Bend, Lot 7 (");
    expect(plain.html).toContain("tick &#x27;Confirm anyway&#x27; and confirm again");
    expect(statusOf(site, second.id).status).toBe("requested");
    const confirmed = await postFormFollowed(site.app, site.cookie, "/admin/dashboard/messages?subject=visit-request", { id: String(second.id), intent: "visit-confirm", time: times[11], confirmAnyway: "on" });
    expect(confirmed.html).toContain("Visit confirmed");
    expect(statusOf(site, second.id)).toEqual({ status: "confirmed", confirmed_time: Date.parse(times[11]) });
    const mail = await sink.waitFor((received) => received.to.includes("tab@example.com") && decodedHeader(received.raw, "Subject").startsWith("Your visit to"));
    expect(decodedHeader(mail.raw, "Subject")).toBe("Your visit to Cedar Ridge, Lot 3 is confirmed");
  });

  it("lets the office show as many homes at once as 'Visits at the same time across homes' says, never the same home twice", async () => {
    await confirmedVisit(oakBend, [times[15]]);
    expect(await offeredTimes(site.app, cedarRidge)).not.toContain(times[15]);

    const hours = { intent: "visiting-hours", weekday1: "on", weekday2: "on", weekday3: "on", weekday4: "on", weekday5: "on", weekday6: "on", from: "9", to: "17" };
    for (const refusedValue of ["0", "21", "two"]) {
      const refused = await postFormFollowed(site.app, site.cookie, "/admin/dashboard/settings", { ...hours, visitsAtOnce: refusedValue });
      expect(refused.html).toContain("Visits at the same time across homes must be a whole number from 1 to 20");
    }
    const settings = await postFormFollowed(site.app, site.cookie, "/admin/dashboard/settings", { ...hours, visitsAtOnce: "2" });
    expect(settings.html).toContain("Visiting hours updated");
    expect(settings.html).toMatch(/name="visitsAtOnce"[^>]*value="2"/);

    expect(await offeredTimes(site.app, cedarRidge)).toContain(times[15]);
    expect(await offeredTimes(site.app, oakBend)).not.toContain(times[15]);
    // A second home's visit at that hour fills it: it leaves every home's times again.
    await confirmedVisit(cedarRidge, [times[15]]);
    const third = insertHome(site.app, "Willow Park, Lot 1");
    expect(await offeredTimes(site.app, third)).not.toContain(times[15]);
    // The change log names the setting.
    const audit = withServerDatabase(site.app, (db) => db.prepare("select actor, summary from audit_log where entity = 'setting' and entity_id = 'visits_at_once'").all()) as { actor: string; summary: string }[];
    expect(audit).toEqual([{ actor: "staff@example.com", summary: expect.stringContaining("2") }]);
  });
});
