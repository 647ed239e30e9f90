import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, OFFICE_MAIL, startSignedInAppWithMail, type SignedInApp } from "../support/admin-api";
import { visibleTexts } from "../support/html";
import { withServerDatabase } from "../support/server";
import { mimeParts, type ReceivedMail, type SmtpSink } from "../support/smtp";
import { askVisit, decodedHeader, insertHome, offeredTimes, visitCalendarOf } from "../support/visits";

/**
 * The visitor's link (docs/product.md, "The visitor's link"): every visitor mail carries
 * a link of its own (stored hashed) to the visit's page, which shows the visit and
 * changes nothing when opened; 'Cancel this visit' and 'Choose another time' post, mail
 * the office and the visitor (a move: the same calendar entry, SEQUENCE + 1; a cancel:
 * CANCEL), and give the time back; a wrong token and a past visit open nothing.
 */

const textOf = (mail: ReceivedMail) => mimeParts(mail.raw).find((part) => part.contentType === "text/plain")?.body ?? "";
const linkIn = (mail: ReceivedMail) => {
  const link = /https?:\/\/\S+\/my-visit\?token=[A-Za-z0-9_-]{43}(?:&lng=es)?/.exec(textOf(mail))?.[0];
  if (!link) throw new Error(`no visitor link in:\n${textOf(mail)}`);
  return link;
};

describe("the visitor's own link", () => {
  let site: SignedInApp;
  let sink: SmtpSink;
  let stop: () => Promise<void>;
  let homeId: number;
  let otherHome: number;
  let times: string[];
  const call = jsonCaller(() => site.app, () => site.cookie);

  const page = async (url: string) => {
    const response = await fetch(url);
    return { status: response.status, texts: visibleTexts(await response.text()).join(" "), cacheControl: response.headers.get("cache-control") };
  };
  const post = (url: string, fields: Record<string, string>, origin = site.app.url) =>
    fetch(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, Accept: "text/html" }, body: new URLSearchParams(fields).toString(), redirect: "manual" });
  const visitRow = (id: number) =>
    withServerDatabase(site.app, (db) => db.prepare("select status, times, confirmed_time, calendar_sequence, visitor_changes, decided_by from visit_requests where message_id = ?").get(id)) as {
      status: string;
      times: string;
      confirmed_time: number | null;
      calendar_sequence: number;
      visitor_changes: number;
      decided_by: string | null;
    };
  const everything = () =>
    withServerDatabase(site.app, (db) => JSON.stringify([db.prepare("select * from visit_requests").all(), db.prepare("select count(*) as n from mail_queue").get(), db.prepare("select count(*) as n from visit_links").get()]));
  const mail = (email: string, subject: string) => sink.waitFor((received) => received.to.includes(email) && decodedHeader(received.raw, "Subject") === subject);

  const ask = (home: number, asked: string[], email: string, language: "en" | "es" = "es") => askVisit(site.app, home, asked, { language, email });

  beforeAll(async () => {
    ({ site, sink, stop } = await startSignedInAppWithMail());
    homeId = insertHome(site.app, "Linked Lane, Lot 4");
    otherHome = insertHome(site.app, "Other Oaks, Lot 2");
    times = await offeredTimes(site.app, homeId);
  }, 60_000);
  afterAll(async () => {
    await stop?.();
  });

  it("mails a link of its own in every visitor mail, keeps only its hash, and opens the visit without changing anything", async () => {
    const id = await ask(homeId, [times[3], times[5]], "ana@example.com");
    const received = await mail("ana@example.com", "Recibimos su solicitud de visita a Linked Lane, Lot 4");
    const link = linkIn(received);
    expect(textOf(received)).toContain(`Para cancelar su visita o elegir otro horario: ${link}`);
    const token = new URL(link).searchParams.get("token")!;
    const stored = withServerDatabase(site.app, (db) => db.prepare("select token_hash from visit_links where message_id = ?").all(id)) as { token_hash: string }[];
    expect(stored).toEqual([{ token_hash: createHash("sha256").update(token).digest("hex") }]);

    const before = everything();
    const opened = await page(link);
    expect(opened.status).toBe(200);
    expect(opened.cacheControl).toBe("no-store");
    expect(opened.texts).toContain("Su visita a Linked Lane, Lot 4");
    expect(opened.texts).toContain("Solicitada. La oficina confirmará uno de estos horarios:");
    expect(opened.texts).toContain("Cancelar esta visita");
    expect(opened.texts).toContain("Elegir otro horario");
    expect(everything()).toBe(before);

    // The confirmation carries a new link, and the page then says where to go.
    expect((await call(`/api/admin/visits/${id}/confirm`, { method: "POST", body: { time: times[3], meetingNote: "Meet at the office" } })).status).toBe(200);
    const confirmed = await mail("ana@example.com", "Su visita a Linked Lane, Lot 4 está confirmada");
    const second = linkIn(confirmed);
    expect(second).not.toBe(link);
    const shown = await page(second);
    expect(shown.texts).toMatch(/Confirmada para el .+ \(hora del centro\)\./);
    expect(shown.texts).toContain("De la oficina Meet at the office");
    expect((await page(link)).texts).toMatch(/Confirmada para el/);
  });

  it("refuses a token that is not one of ours, with nothing changed, in the visitor's language", async () => {
    const before = everything();
    for (const token of ["A".repeat(43), "short", ""]) {
      const answer = await page(`${site.app.url}/my-visit?token=${token}&lng=es`);
      expect(answer.status).toBe(404);
      expect(answer.texts).toContain("Este enlace no abre ninguna visita");
      expect((await post(`${site.app.url}/my-visit?token=${token}`, { intent: "cancel" })).status).toBe(404);
    }
    expect(everything()).toBe(before);
  });

  it("moves a confirmed visit to a free time: the same calendar entry with SEQUENCE + 1, the office told, the old time free again", async () => {
    const id = await ask(homeId, [times[8]], "bea@example.com");
    const link = linkIn(await mail("bea@example.com", "Recibimos su solicitud de visita a Linked Lane, Lot 4"));
    expect((await call(`/api/admin/visits/${id}/confirm`, { method: "POST", body: { time: times[8] } })).status).toBe(200);
    const first = visitCalendarOf((await mail("bea@example.com", "Su visita a Linked Lane, Lot 4 está confirmada")).raw);
    expect(await offeredTimes(site.app, otherHome)).not.toContain(times[8]);

    const moved = await post(link, { intent: "move", time: times[10] });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toMatch(/^\/my-visit\?token=.+&done=moved#visit-answer$/);
    expect(visitRow(id)).toMatchObject({ status: "confirmed", confirmed_time: Date.parse(times[10]), calendar_sequence: 1, visitor_changes: 1 });
    const after = await page(`${site.app.url}${moved.headers.get("location")}`);
    expect(after.texts).toContain("Su visita cambió de horario. Le enviamos el nuevo horario y el archivo de calendario.");

    const visitorMail = await mail("bea@example.com", "Su visita a Linked Lane, Lot 4 cambió de horario");
    const update = visitCalendarOf(visitorMail.raw);
    expect(update).toMatchObject({ method: "REQUEST", uid: first.uid, sequence: first.sequence + 1, start: Date.parse(times[10]) });
    expect(textOf(visitorMail)).toContain("El archivo adjunto visit.ics cambia la visita en su calendario.");
    const office = await mail(OFFICE_MAIL, `Visit moved by the visitor: Linked Lane, Lot 4, Lucía ${withServerDatabase(site.app, (db) => (db.prepare("select last_name from contact_messages where id = ?").get(id) as { last_name: string }).last_name)}`);
    expect(textOf(office)).toContain("It stays confirmed");
    expect(decodedHeader(office.raw, "Reply-To")).toBe("bea@example.com");
    const offered = await offeredTimes(site.app, otherHome);
    expect(offered).toContain(times[8]);
    expect(offered).not.toContain(times[10]);
  });

  it("refuses a time booked since the page was drawn with the free times nearby, and a time not offered, changing nothing", async () => {
    const id = await ask(homeId, [times[14]], "cruz@example.com");
    const link = linkIn(await mail("cruz@example.com", "Recibimos su solicitud de visita a Linked Lane, Lot 4"));
    const blocker = await ask(otherHome, [times[16]], "dora@example.com", "en");
    expect((await call(`/api/admin/visits/${blocker}/confirm`, { method: "POST", body: { time: times[16] } })).status).toBe(200);
    const before = everything();
    const taken = await post(link, { intent: "move", time: times[16] });
    expect(taken.status).toBe(409);
    const texts = visibleTexts(await taken.text()).join(" ");
    expect(texts).toContain("Este horario se acaba de reservar para otra visita. Por favor, elija otro.");
    expect(texts).toContain("Horarios libres cercanos:");
    const outside = await post(link, { intent: "move", time: "2020-01-06T10:00:00-06:00" });
    expect(outside.status).toBe(400);
    expect(visibleTexts(await outside.text()).join(" ")).toContain("Este horario está fuera de nuestro horario de visitas o ya pasó.");
    expect((await post(link, { intent: "move", time: "" })).status).toBe(400);
    expect(everything()).toBe(before);
    expect(visitRow(id).status).toBe("requested");
  });

  it("cancels from the link: a CANCEL for the calendar, the office told, the time offered again; then only another time is offered", async () => {
    const id = await ask(homeId, [times[20]], "eva@example.com");
    const link = linkIn(await mail("eva@example.com", "Recibimos su solicitud de visita a Linked Lane, Lot 4"));
    expect((await call(`/api/admin/visits/${id}/confirm`, { method: "POST", body: { time: times[20] } })).status).toBe(200);
    const first = visitCalendarOf((await mail("eva@example.com", "Su visita a Linked Lane, Lot 4 está confirmada")).raw);

    const cancelled = await post(link, { intent: "cancel" });
    expect(cancelled.status).toBe(302);
    expect(visitRow(id)).toMatchObject({ status: "cancelled", decided_by: "the visitor", calendar_sequence: 1, visitor_changes: 1 });
    const visitorMail = await mail("eva@example.com", "Su visita a Linked Lane, Lot 4 está cancelada");
    expect(visitCalendarOf(visitorMail.raw)).toMatchObject({ method: "CANCEL", status: "CANCELLED", uid: first.uid, sequence: 1, start: Date.parse(times[20]) });
    expect(textOf(visitorMail)).toMatch(/Para elegir otro horario: http\S+\/my-visit\?token=/);
    await mail(OFFICE_MAIL, `Visit cancelled by the visitor: Linked Lane, Lot 4, Lucía ${withServerDatabase(site.app, (db) => (db.prepare("select last_name from contact_messages where id = ?").get(id) as { last_name: string }).last_name)}`);
    expect(await offeredTimes(site.app, otherHome)).toContain(times[20]);
    const tab = await fetch(`${site.app.url}/admin/dashboard/messages?subject=visit-request`, { headers: { Cookie: site.cookie } });
    expect(visibleTexts(await tab.text()).join(" ")).toMatch(/Visit cancelled for .+ by the visitor on /);

    const shown = await page(link);
    expect(shown.texts).toContain("Esta visita está cancelada.");
    expect(shown.texts).not.toContain("Cancelar esta visita");
    expect(shown.texts).toContain("Elegir otro horario");
    const again = await post(link, { intent: "cancel" });
    expect(again.status).toBe(409);
    // Asked for again at another time: requested, for the office to confirm.
    expect((await post(link, { intent: "move", time: times[22] })).status).toBe(302);
    expect(visitRow(id)).toMatchObject({ status: "requested", times: JSON.stringify([Date.parse(times[22])]), confirmed_time: null, visitor_changes: 2 });
  });

  it("opens nothing for a past visit (410), refuses a cross-site post, and asks for a call after five changes", async () => {
    const id = await ask(homeId, [times[26]], "fe@example.com");
    const link = linkIn(await mail("fe@example.com", "Recibimos su solicitud de visita a Linked Lane, Lot 4"));
    const crossSite = await post(link, { intent: "cancel" }, "https://evil.example");
    expect(crossSite.status).toBe(403);
    expect(visitRow(id).status).toBe("requested");

    withServerDatabase(site.app, (db) => db.prepare("update visit_requests set visitor_changes = 5 where message_id = ?").run(id));
    const tooMany = await post(link, { intent: "cancel" });
    expect(tooMany.status).toBe(429);
    expect(visibleTexts(await tooMany.text()).join(" ")).toContain("Ya cambió esta visita varias veces. Para cambiarla de nuevo, por favor llámenos al (817) 555-0142.");
    expect(visitRow(id).status).toBe("requested");

    withServerDatabase(site.app, (db) => db.prepare("update visit_requests set times = ?, visitor_changes = 0 where message_id = ?").run(JSON.stringify([Date.now() - 2 * 3_600_000]), id));
    const past = await page(link);
    expect(past.status).toBe(410);
    expect(past.texts).toContain("Esta visita ya pasó");
    const before = everything();
    expect((await post(link, { intent: "cancel" })).status).toBe(410);
    expect(everything()).toBe(before);
  });
});
