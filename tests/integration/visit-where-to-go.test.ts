import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, OFFICE_MAIL, postFormFollowed, startSignedInAppWithMail, type SignedInApp } from "../support/admin-api";
import { FULL_FACTS, seedBody } from "../support/home-facts";
import { visibleTexts } from "../support/html";
import { withServerDatabase } from "../support/server";
import { mimeParts, type ReceivedMail, type SmtpSink } from "../support/smtp";
import { askVisit, decodedHeader, offeredTimes, visitCalendarOf } from "../support/visits";

/**
 * Where to go (docs/product.md, visit requests): the confirmation mail gives the home's
 * street or lot address (the town when it has none), its spot on OpenStreetMap, its page,
 * the office's phone and the note staff add when confirming; its visit.ics is a REQUEST
 * with LOCATION, GEO, URL, DESCRIPTION, ORGANIZER, one UID per visit and SEQUENCE, and a
 * visit called off sends a CANCEL of the same UID with the next SEQUENCE.
 */

const STREET = "2200 Meadow Ln, Lot 9";
const TOWN = "Arlington, TX 76011";

const textOf = (mail: ReceivedMail) => mimeParts(mail.raw).find((part) => part.contentType === "text/plain")?.body ?? "";

describe("where to go: the confirmation and its calendar entry", () => {
  let site: SignedInApp;
  let sink: SmtpSink;
  let stop: () => Promise<void>;
  let times: string[];
  const call = jsonCaller(() => site.app, () => site.cookie);

  /** A public home through the admin JSON: `street` kept off the public site. */
  async function home(name: string, overrides: Record<string, unknown>, street: string | null): Promise<number> {
    const response = await call("/api/admin/properties", {
      method: "POST",
      body: seedBody({ name, ...overrides, facts: { ...FULL_FACTS, status: "available", availableOn: null, streetAddress: street, streetAddressPublic: false } }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: number }).id;
  }

  const ask = (homeId: number, time: string, language: "en" | "es", email: string) => askVisit(site.app, homeId, [time], { language, email });

  const mailTo = (email: string, subject: string) => sink.waitFor((received) => received.to.includes(email) && decodedHeader(received.raw, "Subject") === subject);

  beforeAll(async () => {
    ({ site, sink, stop } = await startSignedInAppWithMail());
    times = await offeredTimes(site.app, await home("Probe Home, Lot 1", {}, null));
  }, 60_000);
  afterAll(async () => {
    await stop?.();
  });

  it("mails the street (not public on the site), the map, the home's page, the note and the phone, with a REQUEST .ics that says the same", async () => {
    const homeId = await home("Trinity Meadows, Lot 9", { location: TOWN, latitude: 32.7357, longitude: -97.1081 }, STREET);
    const id = await ask(homeId, times[4], "es", "maria@example.com");
    const confirmed = await call(`/api/admin/visits/${id}/confirm`, { method: "POST", body: { time: times[4], meetingNote: "Meet at the community office,\nby the pool" } });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ id, status: "confirmed", meetingNote: "Meet at the community office, by the pool" });

    const mail = await mailTo("maria@example.com", "Su visita a Trinity Meadows, Lot 9 está confirmada");
    const homeUrl = `${site.app.url}/properties/${homeId}`;
    const mapUrl = "https://www.openstreetmap.org/?mlat=32.7357&mlon=-97.1081#map=15/32.7357/-97.1081";
    const text = textOf(mail);
    expect(text).toContain(`Dirección: ${STREET}, ${TOWN}`);
    expect(text).toContain(`Mapa: ${mapUrl}`);
    expect(text).toContain(`Página de la casa: ${homeUrl}`);
    expect(text).toContain("De la oficina: Meet at the community office, by the pool");
    expect(text).toContain("Teléfono de la oficina: (817) 555-0142");
    expect(decodedHeader(mail.raw, "Reply-To")).toBe(OFFICE_MAIL);
    // The public page keeps the street to itself.
    expect(visibleTexts(await (await fetch(homeUrl)).text()).join(" ")).not.toContain("Meadow Ln");

    const event = visitCalendarOf(mail.raw);
    expect(event.header).toMatch(/method=REQUEST/i);
    expect(event.method).toBe("REQUEST");
    expect(event.uid).toBe(`visit-${id}@${new URL(site.app.url).hostname}`);
    expect(event.sequence).toBe(0);
    expect(event.status).toBe("CONFIRMED");
    expect(event.location).toBe(`${STREET}, ${TOWN}`);
    expect(event.geo).toEqual([32.7357, -97.1081]);
    expect(event.url).toBe(homeUrl);
    expect(event.organizer.toLowerCase()).toBe(`mailto:${OFFICE_MAIL}`);
    expect(event.attendee).toMatch(/^mailto:maria@example\.com$/i);
    expect(event.start).toBe(Date.parse(times[4]));
    for (const line of [`Dirección: ${STREET}, ${TOWN}`, `Mapa: ${mapUrl}`, `Página de la casa: ${homeUrl}`, "De la oficina: Meet at the community office, by the pool", "(817) 555-0142"]) {
      expect(event.description).toContain(line);
    }
  });

  it("gives the town when the home has no street, and no map without coordinates; English", async () => {
    const homeId = await home("Cedar Ridge, Lot 3", { location: "Tyler, TX 75701", latitude: null, longitude: null }, null);
    const id = await ask(homeId, times[6], "en", "sam@example.com");
    expect((await call(`/api/admin/visits/${id}/confirm`, { method: "POST", body: { time: times[6] } })).status).toBe(200);
    const mail = await mailTo("sam@example.com", "Your visit to Cedar Ridge, Lot 3 is confirmed");
    const text = textOf(mail);
    expect(text).toContain("Address: Tyler, TX 75701");
    expect(text).toContain(`The home's page: ${site.app.url}/properties/${homeId}`);
    expect(text).toContain("The office's phone: (817) 555-0142");
    expect(text).not.toContain("Map:");
    expect(text).not.toContain("From the office:");
    const event = visitCalendarOf(mail.raw);
    expect(event.location).toBe("Tyler, TX 75701");
    expect(event.geo).toBeNull();
  });

  it("refuses a meeting note that is not text or is over 200 characters, by the JSON call and the form, confirming nothing", async () => {
    const homeId = await home("Long Note Lane, Lot 2", {}, STREET);
    const id = await ask(homeId, times[8], "en", "long@example.com");
    for (const meetingNote of ["x".repeat(201), 42, ["a"]]) {
      const refused = await call(`/api/admin/visits/${id}/confirm`, { method: "POST", body: { time: times[8], meetingNote } });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ fieldErrors: { meetingNote: ["meetingNote must be a string of at most 200 characters"] } });
    }
    const form = await postFormFollowed(site.app, site.cookie, "/admin/dashboard/messages", { intent: "visit-confirm", id: String(id), time: times[8], meetingNote: "y".repeat(201) });
    expect(form.html).toContain("The meeting note can be at most 200 characters");
    const stored = withServerDatabase(site.app, (db) => db.prepare("select status, meeting_note from visit_requests where message_id = ?").get(id));
    expect(stored).toEqual({ status: "requested", meeting_note: null });

    // The same form with a note that fits confirms, and the card shows the note.
    const ok = await postFormFollowed(site.app, site.cookie, "/admin/dashboard/messages", { intent: "visit-confirm", id: String(id), time: times[8], meetingNote: "Ring at the gate" });
    expect(visibleTexts(ok.html).join(" ")).toContain("Meeting note: Ring at the gate");
    const mail = await mailTo("long@example.com", "Your visit to Long Note Lane, Lot 2 is confirmed");
    expect(textOf(mail)).toContain("From the office: Ring at the gate");
  });

  it("calls a visit off with a CANCEL of the same UID and the next SEQUENCE when its home is rented", async () => {
    const homeId = await home("Closing Creek, Lot 5", { location: TOWN, latitude: 32.74, longitude: -97.1 }, "10 Creek Rd");
    const id = await ask(homeId, times[10], "es", "rosa@example.com");
    expect((await call(`/api/admin/visits/${id}/confirm`, { method: "POST", body: { time: times[10] } })).status).toBe(200);
    const first = visitCalendarOf((await mailTo("rosa@example.com", "Su visita a Closing Creek, Lot 5 está confirmada")).raw);

    const stored = (await (await call(`/api/admin/properties/${homeId}`)).json()) as Record<string, unknown> & { facts: Record<string, unknown> };
    const body = Object.fromEntries(Object.keys(seedBody()).map((key) => [key, stored[key]]));
    expect((await call(`/api/admin/properties/${homeId}`, { method: "PUT", body: { ...body, facts: { ...stored.facts, status: "rented" } } })).status).toBe(200);

    const mail = await mailTo("rosa@example.com", "Su visita a Closing Creek, Lot 5 queda cancelada");
    expect(textOf(mail)).toContain("El archivo adjunto visit.ics quita la visita de su calendario.");
    const cancel = visitCalendarOf(mail.raw);
    expect(cancel.header).toMatch(/method=CANCEL/i);
    expect(cancel.method).toBe("CANCEL");
    expect(cancel.status).toBe("CANCELLED");
    expect(cancel.uid).toBe(first.uid);
    expect(cancel.sequence).toBe(first.sequence + 1);
    expect(cancel.start).toBe(first.start);
  });
});
