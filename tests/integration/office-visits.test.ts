import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, postFormFollowed, startSignedInAppWithMail, type SignedInApp } from "../support/admin-api";
import { visibleTexts } from "../support/html";
import { withServerDatabase } from "../support/server";
import { mimeParts, type ReceivedMail, type SmtpSink } from "../support/smtp";
import { askVisit, decodedHeader, insertHome, offeredTimes } from "../support/visits";

/**
 * The office's day (docs/product.md, the Visits tab): the Visits tab lists the
 * requests to answer first, then the visits from today on by day, with the visitor's
 * phone as a tel: link, filtered by home; Decline asks first, says why in the visitor's
 * mail, and can suggest the free times of the coming days with the visitor's link.
 */

const textOf = (mail: ReceivedMail) => mimeParts(mail.raw).find((part) => part.contentType === "text/plain")?.body ?? "";

describe("the Visits tab", () => {
  let site: SignedInApp;
  let sink: SmtpSink;
  let stop: () => Promise<void>;
  let oak: number;
  let elm: number;
  let times: string[];
  const call = jsonCaller(() => site.app, () => site.cookie);
  const tab = async (query = "") => {
    const response = await fetch(`${site.app.url}/admin/dashboard/visits${query}`, { headers: { Cookie: site.cookie } });
    const html = await response.text();
    return { status: response.status, html, texts: visibleTexts(html).join(" ") };
  };
  const ask = (home: number, asked: string[], lastName: string, language: "en" | "es" = "es") =>
    askVisit(site.app, home, asked, { lastName, language, email: `${lastName.toLowerCase()}@example.com` });

  beforeAll(async () => {
    ({ site, sink, stop } = await startSignedInAppWithMail());
    oak = insertHome(site.app, "Oak Row, Lot 1");
    elm = insertHome(site.app, "Elm Row, Lot 2");
    times = await offeredTimes(site.app, oak);
  }, 60_000);
  afterAll(async () => {
    await stop?.();
  });

  it("lists the requests to answer first, then the visits by day with tel: links, and filters by home", async () => {
    const waiting = await ask(oak, [times[5], times[6]], "Waiting");
    const confirmed = await ask(elm, [times[2]], "Booked", "en");
    expect((await call(`/api/admin/visits/${confirmed}/confirm`, { method: "POST", body: { time: times[2] } })).status).toBe(200);

    const all = await tab();
    expect(all.status).toBe(200);
    expect(all.texts).toMatch(/To answer \(1\) Oak Row, Lot 1 Lucía Waiting · \(903\) 555-0100 · waiting@example\.com · Spanish/);
    expect(all.html).toContain(`href="tel:9035550100"`);
    expect(all.texts).toMatch(/Elm Row, Lot 2 Confirmed Lucía Booked/);
    // Requests first, then the days.
    const list = all.texts.slice(all.texts.indexOf("To answer"));
    expect(list.indexOf("Oak Row, Lot 1")).toBeLessThan(list.indexOf("Elm Row, Lot 2"));
    expect(all.html).toContain(`href="/admin/dashboard/visits/${waiting}/decline"`);

    const filtered = await tab(`?home=${elm}`);
    expect(filtered.texts).toContain("To answer (0)");
    expect(filtered.texts).toContain("Elm Row, Lot 2");
    expect(filtered.texts).not.toContain("Lucía Waiting");

    // Confirm from the tab: back to it, the visit now on its day.
    const done = await postFormFollowed(site.app, site.cookie, "/admin/dashboard/visits", { intent: "visit-confirm", id: String(waiting), time: times[6] });
    expect(done.html).toContain("Visit confirmed");
    expect(visibleTexts(done.html).join(" ")).toMatch(/Oak Row, Lot 1 Confirmed Lucía Waiting/);
  });

  it("declines only after its dialog: why, a note and the free times suggested reach the visitor with their link", async () => {
    const id = await ask(oak, [times[10]], "Declined");
    const dialog = await fetch(`${site.app.url}/admin/dashboard/visits/${id}/decline`, { headers: { Cookie: site.cookie } });
    const page = visibleTexts(await dialog.text()).join(" ");
    expect(page).toContain("Decline visit request");
    expect(page).toContain("Suggest another time");
    expect(withServerDatabase(site.app, (db) => db.prepare("select status from visit_requests where message_id = ?").get(id))).toEqual({ status: "requested" });

    const declined = await postFormFollowed(site.app, site.cookie, `/admin/dashboard/visits/${id}/decline`, { reason: "home", note: "We are sorry for the change", suggestTimes: "on" });
    expect(declined.location).toBe("/admin/dashboard/visits");
    expect(declined.html).toContain("Visit declined");
    const mail = await sink.waitFor((received) => received.to.includes("declined@example.com") && decodedHeader(received.raw, "Subject") === "Sobre su solicitud de visita a Oak Row, Lot 1");
    const text = textOf(mail);
    expect(text).toContain("Lamentamos informarle que ya no se puede visitar.");
    expect(text).toContain("De la oficina: We are sorry for the change");
    expect(text).toMatch(/Estos horarios están libres en los próximos días \(hora del centro\):\n\n(- .+\n){1,8}/);
    expect(text).toMatch(/Para elegir otro horario: http\S+\/my-visit\?token=/);
    const audit = withServerDatabase(site.app, (db) => db.prepare("select summary from audit_log where entity = 'message' and entity_id = ? and action = 'visit-declined'").get(String(id)));
    expect(audit).toEqual({ summary: "status: requested → declined; reason: home; free times suggested" });

    // Opened from the Messages tab, it comes back there; a decided request has no dialog.
    const again = await postFormFollowed(site.app, site.cookie, `/admin/dashboard/visits/${id}/decline?from=messages`, { reason: "times" });
    expect(again.location).toBe("/admin/dashboard/messages?subject=visit-request");
    expect(again.html).toContain("This visit request is already declined");
  });

  it("declines by the JSON call with a reason and suggested times, and refuses a body it cannot read", async () => {
    const id = await ask(elm, [times[12]], "Json", "en");
    for (const body of [{ reason: "nope" }, { note: 7 }, { suggestTimes: "yes" }]) {
      const refused = await call(`/api/admin/visits/${id}/decline`, { method: "POST", body });
      expect(refused.status).toBe(400);
    }
    const answer = await call(`/api/admin/visits/${id}/decline`, { method: "POST", body: { reason: "other", suggestTimes: true } });
    expect(answer.status).toBe(200);
    const mail = await sink.waitFor((received) => received.to.includes("json@example.com") && decodedHeader(received.raw, "Subject") === "About your visit request for Elm Row, Lot 2");
    expect(textOf(mail)).toContain("We are sorry, but we cannot arrange this visit.");
    expect(textOf(mail)).toContain("These times are free in the coming days (Central Time):");
  });
});
