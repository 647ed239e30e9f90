import { parse as parseHtml } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, postFormFollowed, startSignedInApp, type SignedInApp } from "../support/admin-api";
import { eventually } from "../support/eventually";
import { freePort, startServer, withServerDatabase, type RunningServer } from "../support/server";
import { mimeParts, startSmtpSink, type ReceivedMail, type SmtpSink } from "../support/smtp";
import { chicagoWallTime, decodedHeader, insertHome, offeredTimes, parseVisitIcs, postVisitJson, visitBody, VISIT_HOME_LOCATION } from "../support/visits";

/**
 * Visit requests (docs/product.md, visit requests; §7's visit calls): the public call and
 * the admin calls, what is stored, the mails (the office's in English, the visitor's in
 * their language, the confirmation's visit.ics read with ical.js), the shared per-IP
 * limit, cross-site refusal, and an SMTP outage.
 */

const MAIL_FROM = "office@lonestar.example";

type VisitAnswer = { id: number; status: string; times: string[]; confirmedTime: string | null; home: { id: number; name: string; location: string } };

const textOf = (mail: ReceivedMail) => mimeParts(mail.raw).find((part) => part.contentType === "text/plain")?.body ?? "";

function rowsNamed(app: RunningServer, lastName: string) {
  return withServerDatabase(app, (db) => ({
    messages: db.prepare("select * from contact_messages where last_name = ?").all(lastName) as { id: number; subject: string; property_id: number; language: string }[],
    visits: db
      .prepare("select v.* from visit_requests v join contact_messages m on m.id = v.message_id where m.last_name = ?")
      .all(lastName) as { status: string; times: string; home_name: string; home_location: string }[],
  }));
}

const storedCount = (app: RunningServer) =>
  withServerDatabase(app, (db) => (db.prepare("select (select count(*) from contact_messages) + (select count(*) from visit_requests) as n").get() as { n: number }).n);

describe("visit requests through the JSON calls", () => {
  let site: SignedInApp;
  let sink: SmtpSink;
  let homeId: number;
  let times: string[];
  const call = jsonCaller(() => site.app, () => site.cookie);

  beforeAll(async () => {
    const smtpPort = await freePort();
    sink = await startSmtpSink(smtpPort);
    site = await startSignedInApp({ env: { MAIL_FROM, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, RATE_LIMIT_FACTOR: "1000", LOG_LEVEL: "error" } });
    homeId = insertHome(site.app, "Oak Bend, Lot 7");
    times = await offeredTimes(site.app, homeId);
  }, 60_000);
  afterAll(async () => {
    await site?.stop();
    await sink?.stop();
  });

  it("offers hourly times from tomorrow up to 21 days ahead, Monday to Saturday 9:00 to 16:00 in Chicago", () => {
    expect(times.length).toBeGreaterThan(100);
    const today = chicagoWallTime(Date.now()).slice(0, 10);
    const last = chicagoWallTime(Date.now() + 21 * 86_400_000).slice(0, 10);
    for (const time of times) {
      expect(time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000-0[56]:00$/);
      const wall = chicagoWallTime(Date.parse(time));
      expect(wall.slice(0, 10) > today && wall.slice(0, 10) <= last).toBe(true);
      expect(Number(wall.slice(11, 13))).toBeGreaterThanOrEqual(9);
      expect(Number(wall.slice(11, 13))).toBeLessThanOrEqual(16);
      expect(new Date(Date.parse(time)).toLocaleDateString("en-US", { timeZone: "America/Chicago", weekday: "long" })).not.toBe("Sunday");
    }
  });

  it("stores a request (201), and mails the office in English and the visitor in Spanish", async () => {
    const body = visitBody([times[0], times[10]]);
    const response = await postVisitJson(site.app, homeId, body);
    expect(response.status).toBe(201);
    const answer = (await response.json()) as VisitAnswer;
    expect(answer).toMatchObject({ status: "requested", times: [times[0], times[10]], home: { id: homeId, name: "Oak Bend, Lot 7", location: VISIT_HOME_LOCATION } });
    const rows = rowsNamed(site.app, body.lastName);
    expect(rows.messages).toEqual([expect.objectContaining({ id: answer.id, subject: "visit-request", property_id: homeId, language: "es" })]);
    expect(rows.visits).toEqual([expect.objectContaining({ status: "requested", home_name: "Oak Bend, Lot 7", home_location: VISIT_HOME_LOCATION })]);
    expect(JSON.parse(rows.visits[0].times)).toEqual([Date.parse(times[0]), Date.parse(times[10])]);

    const office = await sink.waitFor((mail) => mail.to.includes(MAIL_FROM) && mail.raw.includes(body.lastName));
    expect(decodedHeader(office.raw, "Subject")).toBe(`New visit request: Oak Bend, Lot 7 from Lucía ${body.lastName}`);
    const officeText = textOf(office);
    expect(officeText).toContain(`Home: Oak Bend, Lot 7 (${VISIT_HOME_LOCATION})`);
    expect(officeText).toContain("Language: Spanish");
    const firstEnglish = new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", weekday: "long", month: "long", day: "numeric" }).format(Date.parse(times[0]));
    expect(officeText).toContain(firstEnglish);
    // Laid out as the contact form's mail: a row per detail, the addresses links a mail program opens.
    const officeHtml = parseHtml(mimeParts(office.raw).find((part) => part.contentType === "text/html")?.body ?? "");
    const detailRows = officeHtml.querySelectorAll("tr").map((row) => [row.querySelector("th")?.text, row.querySelector("td")?.text, row.querySelector("a")?.getAttribute("href") ?? null]);
    expect(detailRows).toEqual([
      ["Home", `Oak Bend, Lot 7 (${VISIT_HOME_LOCATION})`, `${site.app.url}/properties/${homeId}`],
      ["Name", `Lucía ${body.lastName}`, null],
      ["Email", "lucia@example.com", "mailto:lucia@example.com"],
      ["Phone", "(903) 555-0100", "tel:9035550100"],
      ["Language", "Spanish", null],
    ]);
    expect(officeHtml.querySelectorAll("li").map((item) => item.text)).toHaveLength(2);
    expect(officeHtml.querySelector('a[href$="/admin/dashboard/messages?subject=visit-request"]')?.text).toBe("Messages tab");

    const visitor = await sink.waitFor((mail) => mail.to.includes("lucia@example.com") && decodedHeader(mail.raw, "Subject").includes("Recibimos"));
    expect(decodedHeader(visitor.raw, "Subject")).toBe("Recibimos su solicitud de visita a Oak Bend, Lot 7");
    // A reply reaches the office (its contact address; MAIL_FROM while none is set), not the no-reply sender.
    expect(decodedHeader(visitor.raw, "Reply-To")).toBe(MAIL_FROM);
    const visitorText = textOf(visitor);
    // The inbox has confirmed nothing: the mail carries nothing the visitor typed.
    expect(visitorText).toMatch(/^Hola:/);
    expect(visitorText).not.toContain("Lucía");
    expect(visitorText).not.toContain(String(body.message));
    expect(visitorText).toContain(`Oak Bend, Lot 7 (${VISIT_HOME_LOCATION})`);
    expect(visitorText).toContain("(817) 555-0142");
    const firstSpanish = new Intl.DateTimeFormat("es-MX", { timeZone: "America/Chicago", weekday: "long", month: "long", day: "numeric" }).format(Date.parse(times[0]));
    expect(visitorText).toContain(firstSpanish);
    // The zone in words, said once for the list, as in English: never "GMT-6".
    expect(visitorText).toContain("(hora del centro):");
    expect(visitorText).not.toMatch(/GMT|CST|CDT/);
  });

  it("refuses bad input with 400 and field errors in the visitor's language, storing nothing", async () => {
    const before = storedCount(site.app);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [visitBody([times[0]], { firstName: "" }), "firstName", /nombre/],
      [visitBody([times[0]], { email: "not-an-address", language: "en" }), "email", /valid email/],
      [visitBody([]), "times", /elija un día y una hora/],
      [visitBody([times[0], times[1], times[2], times[3]]), "times", /como máximo tres/],
      [visitBody(["2026-12-01T10:00:00"]), "times", /válidos/],
      [visitBody(["not a time"], { language: "en" }), "times", /valid day and time/],
      // Outside the hours: 20:00 in Chicago on an offered day, a Sunday, and the past.
      [visitBody([times[0].replace(/T\d{2}/, "T20")]), "times", /fuera de nuestro horario/],
      [visitBody(["2020-01-06T10:00:00-06:00"], { language: "en" }), "times", /outside our visiting hours or already past/],
      [visitBody([times[0], times[0]]), "times", /Ya eligió/],
      [visitBody([times[0]], { language: "fr" }), "language", /en or es/],
    ];
    for (const [body, field, message] of cases) {
      const response = await postVisitJson(site.app, homeId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = (await response.json()) as { error: string; fieldErrors: Record<string, string[]> };
      expect(typeof answer.error).toBe("string");
      expect(answer.fieldErrors[field]?.join(" "), `${field} of ${JSON.stringify(body)}`).toMatch(message);
    }
    // A Sunday at 10:00, a day never offered: a day after a Saturday 10:00 that is.
    const saturday = times.find((time) => new Date(Date.parse(time)).toLocaleDateString("en-US", { timeZone: "America/Chicago", weekday: "long" }) === "Saturday" && chicagoWallTime(Date.parse(time)).endsWith("10:00"))!;
    const onSunday = new Date(Date.parse(saturday) + 86_400_000).toISOString();
    const refused = await postVisitJson(site.app, homeId, visitBody([onSunday]));
    expect(refused.status).toBe(400);
    expect((await postVisitJson(site.app, homeId, [1])).status).toBe(400);
    expect(storedCount(site.app)).toBe(before);
  });

  it("answers 404 for an unknown, inactive or malformed home, for the times and the request", async () => {
    const inactive = insertHome(site.app, "Closed Lot", { isActive: false });
    for (const id of [inactive, 99_999_999, "abc"]) {
      expect((await postVisitJson(site.app, id, visitBody([times[0]]))).status).toBe(404);
      expect((await fetch(`${site.app.url}/api/properties/${id}/visit-times`)).status).toBe(404);
    }
  });

  it("refuses another site's request with 403 and stores nothing", async () => {
    const before = storedCount(site.app);
    const response = await postVisitJson(site.app, homeId, visitBody([times[0]]), { Origin: "https://evil.test", "Sec-Fetch-Site": "cross-site" });
    expect(response.status).toBe(403);
    expect(storedCount(site.app)).toBe(before);
  });

  it("answers 401 to the admin calls without a session", async () => {
    for (const [path, method] of [
      ["/api/admin/visits", "GET"],
      ["/api/admin/visits/1/confirm", "POST"],
      ["/api/admin/visits/1/decline", "POST"],
    ] as const) {
      const response = await call(path, { method, cookie: null, body: method === "POST" ? { time: times[0] } : undefined });
      expect(response.status, path).toBe(401);
    }
  });

  it("lists the requests, confirms one time once (409 after), and mails the visitor a visit.ics that parses", async () => {
    const body = visitBody([times[3], times[5]]);
    const { id } = (await (await postVisitJson(site.app, homeId, body)).json()) as VisitAnswer;
    const listed = (await (await call("/api/admin/visits")).json()) as VisitAnswer[];
    expect(listed.find((visit) => visit.id === id)).toMatchObject({ status: "requested", times: [times[3], times[5]] });

    expect((await call("/api/admin/visits/99999999/confirm", { method: "POST", body: { time: times[3] } })).status).toBe(404);
    expect((await call(`/api/admin/visits/${id}/confirm`, { method: "POST", body: { time: "tomorrow" } })).status).toBe(400);
    expect((await call(`/api/admin/visits/${id}/confirm`, { method: "POST", body: { time: "2020-01-06T10:00:00-06:00" } })).status).toBe(400);

    const confirmed = await call(`/api/admin/visits/${id}/confirm`, { method: "POST", body: { time: times[5] } });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ id, status: "confirmed", confirmedTime: times[5] });
    const again = await call(`/api/admin/visits/${id}/confirm`, { method: "POST", body: { time: times[3] } });
    expect(again.status).toBe(409);
    expect((await call(`/api/admin/visits/${id}/decline`, { method: "POST" })).status).toBe(409);

    const mail = await sink.waitFor((received) => decodedHeader(received.raw, "Subject") === "Su visita a Oak Bend, Lot 7 está confirmada");
    expect(decodedHeader(mail.raw, "Reply-To")).toBe(MAIL_FROM);
    const parts = mimeParts(mail.raw);
    const text = parts.find((part) => part.contentType === "text/plain")!.body;
    expect(text).toContain("Oak Bend, Lot 7");
    const spanishTime = new Intl.DateTimeFormat("es-MX", { timeZone: "America/Chicago", hour: "numeric", minute: "2-digit" }).format(Date.parse(times[5]));
    expect(text).toContain(`${spanishTime} (hora del centro)`);
    expect(text).not.toMatch(/GMT|CST|CDT/);
    const ics = parts.find((part) => part.contentType === "text/calendar")!;
    expect(ics.header).toMatch(/method=REQUEST/i);
    expect(mail.raw).toMatch(/filename="?visit\.ics"?/);
    const event = parseVisitIcs(ics.body);
    expect(event.start.getTime()).toBe(Date.parse(times[5]));
    expect(chicagoWallTime(event.start)).toBe(chicagoWallTime(Date.parse(times[5])));
    expect(event.end.getTime() - event.start.getTime()).toBe(3_600_000);
    expect(event.location).toBe(VISIT_HOME_LOCATION);
    expect(event.summary).toContain("Oak Bend, Lot 7");
    expect(event.method).toBe("REQUEST");
    expect(event.uid).toMatch(new RegExp(`^visit-${id}@`));

    // Sent once: the 409s queued nothing.
    await sink.caughtUp();
    const calendarUids = sink.messages().flatMap((received) => mimeParts(received.raw).filter((part) => part.contentType === "text/calendar").map((part) => parseVisitIcs(part.body).uid));
    expect(calendarUids.filter((uid) => uid.startsWith(`visit-${id}@`))).toHaveLength(1);
    const audit = withServerDatabase(site.app, (db) => db.prepare("select action from audit_log where entity = 'message' and entity_id = ?").all(String(id)));
    expect(audit).toEqual([{ action: "visit-confirmed" }]);
  });

  it("confirms another time within the hours, and declines with a polite mail in English", async () => {
    const { id } = (await (await postVisitJson(site.app, homeId, visitBody([times[1]]))).json()) as VisitAnswer;
    const other = times[20];
    const confirmed = await call(`/api/admin/visits/${id}/confirm`, { method: "POST", body: { time: other } });
    expect(await confirmed.json()).toMatchObject({ status: "confirmed", confirmedTime: other });

    const english = visitBody([times[2]], { language: "en", email: "sam@example.com", firstName: "Sam" });
    const declined = (await (await postVisitJson(site.app, homeId, english)).json()) as VisitAnswer;
    const answer = await call(`/api/admin/visits/${declined.id}/decline`, { method: "POST" });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ status: "declined", confirmedTime: null });
    const mail = await sink.waitFor((received) => received.to.includes("sam@example.com") && decodedHeader(received.raw, "Subject").startsWith("About your visit request"));
    expect(textOf(mail)).toMatch(/^Hello,[\s\S]*Oak Bend, Lot 7[\s\S]*\(817\) 555-0142/);
    expect(textOf(mail)).not.toContain("Sam");
    expect(mimeParts(mail.raw).some((part) => part.contentType === "text/calendar")).toBe(false);
  });

  /** The visit form as a browser without JavaScript posts it, in the page's language. */
  function postVisitForm(id: number | string, fields: Record<string, string>, language: "en" | "es") {
    return fetch(`${site.app.url}/properties/${id}/visit`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.app.url, "Accept-Language": language === "es" ? "es-MX,es;q=0.9" : "en-US", Accept: "text/html" },
      body: new URLSearchParams({ ...fields, language }).toString(),
      redirect: "manual",
    });
  }
  const dayAndHour = (iso: string) => {
    const wall = chicagoWallTime(Date.parse(iso));
    return { day: wall.slice(0, 10), hour: String(Number(wall.slice(11, 13))) };
  };

  it("shows the form page: the home, the choices, noindex and canonical; 404 for a home not listed", async () => {
    const page = await fetch(`${site.app.url}/properties/${homeId}/visit?lng=es`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Programar una visita");
    expect(html).toContain("Oak Bend, Lot 7");
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/properties/${homeId}/visit\\?lng=es"`));
    expect(html).toContain(`value="${dayAndHour(times[0]).day}"`);
    const inactive = insertHome(site.app, "Gone Lot", { isActive: false });
    expect((await fetch(`${site.app.url}/properties/${inactive}/visit`)).status).toBe(404);
    expect((await fetch(`${site.app.url}/properties/99999999/visit`)).status).toBe(404);
    expect((await postVisitForm(inactive, { firstName: "A", lastName: "B", email: "a@example.com", day1: "2026-12-01", hour1: "9" }, "en")).status).toBe(404);
    const sitemap = await (await fetch(`${site.app.url}/sitemap.xml`)).text();
    expect(sitemap).not.toContain("/visit");
  });

  it("stores a form post in either language and thanks the visitor on ?sent=1", async () => {
    for (const language of ["en", "es"] as const) {
      const lastName = `Form${language}${Date.now().toString(36)}`;
      const first = dayAndHour(times[2]);
      const second = dayAndHour(times[12]);
      const response = await postVisitForm(homeId, { firstName: "Rosa", lastName, email: "rosa@example.com", phone: "", day1: first.day, hour1: first.hour, day2: second.day, hour2: second.hour, day3: "", hour3: "", message: "" }, language);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`/properties/${homeId}/visit?sent=1`);
      const rows = rowsNamed(site.app, lastName);
      expect(rows.messages[0]).toMatchObject({ subject: "visit-request", language });
      expect(JSON.parse(rows.visits[0].times)).toEqual([Date.parse(times[2]), Date.parse(times[12])]);
      const thanks = await (await fetch(`${site.app.url}${response.headers.get("location")}&lng=${language}`)).text();
      expect(thanks).toContain(language === "es" ? "¡Visita solicitada!" : "Visit requested!");
    }
  });

  it("answers a form post with errors per field in the page's language, storing nothing", async () => {
    const before = storedCount(site.app);
    const late = dayAndHour(times[0]);
    const cases: { language: "en" | "es"; fields: Record<string, string>; texts: string[] }[] = [
      { language: "en", fields: { firstName: "", lastName: "X", email: "nope", day1: "", hour1: "" }, texts: ["Please enter your first name.", "Please enter a valid email address.", "Please choose a day and a time."] },
      { language: "es", fields: { firstName: "Rosa", lastName: "X", email: "rosa@example.com", day1: late.day, hour1: "20" }, texts: ["Este horario está fuera de nuestro horario de visitas o ya pasó."] },
      { language: "es", fields: { firstName: "Rosa", lastName: "X", email: "rosa@example.com", day1: late.day, hour1: late.hour, day2: late.day, hour2: late.hour }, texts: ["Ya eligió este horario."] },
      { language: "en", fields: { firstName: "Rosa", lastName: "X", email: "rosa@example.com", day1: "2020-01-06", hour1: "10", day3: late.day }, texts: ["This time is outside our visiting hours or already past.", "Please choose a day and a time."] },
    ];
    for (const { language, fields, texts } of cases) {
      const response = await postVisitForm(homeId, fields, language);
      expect(response.status).toBe(400);
      const html = await response.text();
      for (const text of texts) expect(html, `${language} ${JSON.stringify(fields)}`).toContain(text.replace(/'/g, "&#x27;"));
      expect(html).toContain(language === "es" ? "Por favor, corrija los campos marcados." : "Please correct the highlighted fields.");
    }
    expect(storedCount(site.app)).toBe(before);
  });

  it("confirms and declines from the Messages tab without JavaScript, once", async () => {
    const confirmBody = visitBody([times[4], times[6]], { language: "en", email: "tab@example.com" });
    const { id } = (await (await postVisitJson(site.app, homeId, confirmBody)).json()) as VisitAnswer;
    const tab = await fetch(`${site.app.url}/admin/dashboard/messages?subject=visit-request`, { headers: { Cookie: site.cookie } });
    const html = await tab.text();
    expect(html).toContain("Visit requested");
    expect(html).toContain(`value="${times[4]}"`);
    expect(html).toContain("Confirm visit");

    // Another time, typed as Central Time in the datetime-local field.
    const other = chicagoWallTime(Date.parse(times[7])).replace(" ", "T");
    const confirmed = await postFormFollowed(site.app, site.cookie, "/admin/dashboard/messages?subject=visit-request", { id: String(id), intent: "visit-confirm", time: "other", otherTime: other });
    expect(confirmed.status).toBe(302);
    expect(confirmed.html).toContain("Visit confirmed");
    const row = withServerDatabase(site.app, (db) => db.prepare("select status, confirmed_time from visit_requests where message_id = ?").get(id)) as { status: string; confirmed_time: number };
    expect(row).toEqual({ status: "confirmed", confirmed_time: Date.parse(times[7]) });
    const again = await postFormFollowed(site.app, site.cookie, "/admin/dashboard/messages", { id: String(id), intent: "visit-decline" });
    expect(again.html).toContain("This visit request is already confirmed");
    const mail = await sink.waitFor((received) => received.to.includes("tab@example.com") && decodedHeader(received.raw, "Subject").startsWith("Your visit to"));
    const englishTime = new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", hour: "numeric", minute: "2-digit" }).format(Date.parse(times[7]));
    expect(mimeParts(mail.raw).find((part) => part.contentType === "text/plain")!.body).toContain(`${englishTime} (Central Time)`);
    expect(parseVisitIcs(mimeParts(mail.raw).find((part) => part.contentType === "text/calendar")!.body).start.getTime()).toBe(Date.parse(times[7]));

    const declineBody = visitBody([times[8]], { language: "es", email: "tab2@example.com" });
    const declined = (await (await postVisitJson(site.app, homeId, declineBody)).json()) as VisitAnswer;
    const answer = await postFormFollowed(site.app, site.cookie, "/admin/dashboard/messages", { id: String(declined.id), intent: "visit-decline" });
    expect(answer.html).toContain("Visit declined");
    const declinedMail = await sink.waitFor((received) => received.to.includes("tab2@example.com") && decodedHeader(received.raw, "Subject") === "Sobre su solicitud de visita a Oak Bend, Lot 7");
    expect(decodedHeader(declinedMail.raw, "Reply-To")).toBe(MAIL_FROM);
  });

  it("takes the visiting hours from the Settings tab, and refuses a setting without days", async () => {
    // The times free before (earlier tests booked some).
    const free = await offeredTimes(site.app, homeId);
    const refused = await postFormFollowed(site.app, site.cookie, "/admin/dashboard/settings", { intent: "visiting-hours", from: "9", to: "17" });
    expect(refused.html).toContain("Choose at least one day");
    const saved = await postFormFollowed(site.app, site.cookie, "/admin/dashboard/settings", { intent: "visiting-hours", weekday2: "on", from: "10", to: "12" });
    expect(saved.html).toContain("Visiting hours updated");
    const offered = await offeredTimes(site.app, homeId);
    expect(offered.length).toBeGreaterThanOrEqual(6);
    for (const time of offered) {
      expect(new Date(Date.parse(time)).toLocaleDateString("en-US", { timeZone: "America/Chicago", weekday: "long" })).toBe("Tuesday");
      expect(["10:00", "11:00"]).toContain(chicagoWallTime(Date.parse(time)).slice(11));
    }
    // Back to the default for the other tests.
    const body = new URLSearchParams({ intent: "visiting-hours", weekday1: "on", weekday2: "on", weekday3: "on", weekday4: "on", weekday5: "on", weekday6: "on", from: "9", to: "17" });
    const restored = await fetch(`${site.app.url}/admin/dashboard/settings`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.app.url, Cookie: site.cookie }, body, redirect: "manual" });
    expect(restored.status).toBe(302);
    expect(await offeredTimes(site.app, homeId)).toEqual(free.filter((time) => Date.parse(time) > Date.now()));
  });

  it("lists visit requests among the messages with their kind", async () => {
    const response = await call("/api/contact");
    const messages = (await response.json()) as { subject: string }[];
    expect(messages.some((message) => message.subject === "visit-request")).toBe(true);
  });
});

describe("the per-IP limit shared with contact messages", () => {
  let app: RunningServer;
  beforeAll(async () => {
    app = await startServer({ env: { SEED_DEMO: "0", MAIL_FROM, LOG_LEVEL: "error" } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("counts visit requests with contact messages: the 11th in 10 minutes is 429, either way", async () => {
    const homeId = insertHome(app, "Limit Lot");
    const times = await offeredTimes(app, homeId);
    for (let index = 0; index < 6; index++) {
      const contact = await fetch(`${app.url}/api/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ firstName: "Ana", lastName: `Limit${index}`, email: "ana@example.com", subject: "other", message: "Hello." }),
      });
      expect(contact.status).toBe(201);
    }
    for (let index = 0; index < 4; index++) expect((await postVisitJson(app, homeId, visitBody([times[index]]))).status).toBe(201);
    const refused = await postVisitJson(app, homeId, visitBody([times[5]]));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const contact = await fetch(`${app.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ firstName: "Ana", lastName: "LimitLast", email: "ana@example.com", subject: "other", message: "Hello." }),
    });
    expect(contact.status).toBe(429);
    expect(withServerDatabase(app, (db) => db.prepare("select count(*) as n from visit_requests").get())).toEqual({ n: 4 });
  });
});

describe("an SMTP outage while requests arrive", () => {
  let app: RunningServer;
  let sink: SmtpSink | undefined;
  let smtpPort: number;
  beforeAll(async () => {
    smtpPort = await freePort();
    app = await startServer({ env: { SEED_DEMO: "0", MAIL_FROM, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, LOG_LEVEL: "error" } });
  });
  afterAll(async () => {
    await app?.stop();
    await sink?.stop();
  });

  it("loses no request and mails each once when the server is back", { timeout: 60_000 }, async () => {
    const homeId = insertHome(app, "Outage Lot");
    const times = await offeredTimes(app, homeId);
    const bodies = [visitBody([times[0]]), visitBody([times[1]], { language: "en" }), visitBody([times[2]])];
    for (const body of bodies) expect((await postVisitJson(app, homeId, body)).status).toBe(201);
    for (const body of bodies) expect(rowsNamed(app, body.lastName).visits).toHaveLength(1);
    // Every mail was tried and kept for a retry.
    await eventually(() => {
      const rows = withServerDatabase(app, (db) => db.prepare("select attempts, sent_at from mail_queue").all() as { attempts: number; sent_at: number | null }[]);
      return rows.length === 6 && rows.every((row) => row.attempts >= 1 && row.sent_at === null) ? true : undefined;
    }, 20_000);

    sink = await startSmtpSink(smtpPort);
    await eventually(() => (withServerDatabase(app, (db) => (db.prepare("select count(*) as n from mail_queue where sent_at is null").get() as { n: number }).n) === 0 ? true : undefined), 40_000);
    await sink.caughtUp();
    for (const body of bodies) {
      const copies = sink.messages().filter((mail) => mail.raw.includes(body.lastName) || textOf(mail).includes(body.lastName));
      // The office's notice names the visitor; the visitor's confirmation goes to their address.
      expect(copies.filter((mail) => mail.to.includes(MAIL_FROM)), body.lastName).toHaveLength(1);
    }
    expect(sink.messages().filter((mail) => mail.to.includes("lucia@example.com"))).toHaveLength(3);
  });
});
