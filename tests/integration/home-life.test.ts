import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, OFFICE_MAIL, postFormFollowed, startSignedInAppWithMail, type SignedInApp } from "../support/admin-api";
import { FULL_FACTS, homeFormFields, seedBody } from "../support/home-facts";
import { visibleTexts } from "../support/html";
import { withServerDatabase } from "../support/server";
import { mimeParts, type ReceivedMail, type SmtpSink } from "../support/smtp";
import { askVisit, decodedHeader, offeredTimes, postVisitJson, visitBody } from "../support/visits";
import { eventually } from "../support/eventually";
import { waitingMatches } from "../support/search-alerts";

/**
 * docs/product.md, "A home's life": coming-soon and pending homes on the public pages and
 * what they take; a home off the market keeps its address (410, similar homes, noindex)
 * while one never public stays 404; staff preview any home; favourites say why a home is
 * gone; closing a home with visits to come is said first and tells each visitor.
 */

const FAR_DAY = "2099-01-15";

let site: SignedInApp;
let sink: SmtpSink;
let stop = async () => {};
const call = jsonCaller(() => site.app, () => site.cookie);

beforeAll(async () => {
  ({ site, sink, stop } = await startSignedInAppWithMail());
}, 60_000);
afterAll(() => stop());

type Home = { id: number; name: string; isActive: boolean; facts: Record<string, unknown> };

async function home(name: string, facts: Record<string, unknown>, overrides: Record<string, unknown> = {}): Promise<Home> {
  const response = await call("/api/admin/properties", { method: "POST", body: seedBody({ name, ...overrides, facts: { ...FULL_FACTS, ...facts } }) });
  expect(response.status).toBe(201);
  return (await response.json()) as Home;
}

/** The home as stored, with another status (and `name` if given), through the admin JSON. */
async function setStatus(id: number, status: string, name?: string) {
  const stored = (await (await call(`/api/admin/properties/${id}`)).json()) as Record<string, unknown> & { facts: Record<string, unknown> };
  const body = Object.fromEntries(Object.keys(seedBody()).map((key) => [key, stored[key]]));
  return call(`/api/admin/properties/${id}`, { method: "PUT", body: { ...body, ...(name ? { name } : {}), facts: { ...stored.facts, status } } });
}

/** A page as a visitor sees it (no cookie), or as the signed-in staff member does. */
async function page(path: string, options: { staff?: boolean; language?: "en" | "es" } = {}) {
  const url = `${site.app.url}${path}${options.language === "es" ? `${path.includes("?") ? "&" : "?"}lng=es` : ""}`;
  const response = await fetch(url, { headers: options.staff ? { Cookie: site.cookie } : {} });
  const html = await response.text();
  return { status: response.status, html, texts: visibleTexts(html), headers: response.headers };
}

const textOf = (mail: ReceivedMail) => mimeParts(mail.raw).find((part) => part.contentType === "text/plain")?.body ?? "";

describe("coming soon and pending homes on the public pages", () => {
  it("a coming-soon home says from when in either language, on its card and its page, and takes no application before then", async () => {
    const soon = await home("Coming Soon Acres, Lot 1", { status: "coming_soon", availableOn: FAR_DAY });
    const english = await page(`/properties/${soon.id}`);
    expect(english.status).toBe(200);
    expect(english.texts).toContain("Available from January 15, 2099");
    expect(english.texts).not.toContain("Apply Here");
    expect(english.texts).toContain("Schedule a visit");
    const spanish = await page(`/properties/${soon.id}`, { language: "es" });
    expect(spanish.texts).toContain("Disponible desde el 15 de enero de 2099");
    const cards = await page(`/properties?q=${encodeURIComponent("Coming Soon Acres")}`);
    expect(cards.texts).toContain("Available from January 15, 2099");

    // Its day come, it reads as any available home, Apply Here back.
    const today = await home("Coming Soon Acres, Lot 2", { status: "coming_soon", availableOn: "2020-01-01" });
    const arrived = await page(`/properties/${today.id}`);
    expect(arrived.texts.some((text) => text.startsWith("Available from"))).toBe(false);
    expect(arrived.texts).toContain("Apply Here");
    // Without a day it is simply coming soon.
    const undated = await home("Coming Soon Acres, Lot 3", { status: "coming_soon", availableOn: null });
    expect((await page(`/properties/${undated.id}`)).texts).toContain("Coming soon");
    expect((await page(`/properties/${undated.id}`, { language: "es" })).texts).toContain("Próximamente");
  });

  it("a pending home says so, can be saved, and takes no visit request: page, form post and JSON", async () => {
    const pending = await home("Pending Pines, Lot 4", { status: "pending" });
    const english = await page(`/properties/${pending.id}`);
    expect(english.texts).toContain("Application pending");
    expect(english.texts).not.toContain("Schedule a visit");
    expect(english.texts).toContain("Apply Here");
    expect((await page(`/properties/${pending.id}`, { language: "es" })).texts).toContain("Solicitud en trámite");

    const visitPage = await page(`/properties/${pending.id}/visit`);
    expect(visitPage.status).toBe(200);
    expect(visitPage.texts).toContain("An application is pending for this home, so it takes no new visit requests. Ask us about similar homes.");
    expect(visitPage.html).not.toContain('name="firstName"');

    const before = withServerDatabase(site.app, (db) => (db.prepare("select count(*) as n from visit_requests").get() as { n: number }).n);
    const json = await postVisitJson(site.app, pending.id, visitBody(["2099-01-05T10:00:00-06:00"]));
    expect(json.status).toBe(409);
    expect(await json.json()).toEqual({ error: "Hay una solicitud en trámite para esta casa, así que no acepta nuevas solicitudes de visita. Pregúntenos por casas similares." });
    expect((await fetch(`${site.app.url}/api/properties/${pending.id}/visit-times`)).status).toBe(409);
    const form = await fetch(`${site.app.url}/properties/${pending.id}/visit`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.app.url },
      body: new URLSearchParams({ firstName: "Ana", lastName: "Form", email: "ana@example.com", day1: "2099-01-05", hour1: "10" }).toString(),
      redirect: "manual",
    });
    expect(form.status).toBe(409);
    expect(visibleTexts(await form.text())).toContain("An application is pending for this home, so it takes no new visit requests. Ask us about similar homes.");
    expect(withServerDatabase(site.app, (db) => (db.prepare("select count(*) as n from visit_requests").get() as { n: number }).n)).toBe(before);
  });
});

describe("a home off the market", () => {
  it("keeps its address: 410 with its name, why, up to three similar public homes (nearest first), noindex; its JSON 404", async () => {
    // Modular homes in El Paso: no other home of this suite or the demo is of the type, or near.
    const base = { status: "available", homeType: "modular", listingType: "rent", priceAmount: 1000, pricePeriod: "month" };
    const place = (lat: number, lng: number) => ({ latitude: lat, longitude: lng, location: "El Paso, TX 79901" });
    const closing = await home("Closing Creek, Lot 1", base, place(31.7619, -106.485));
    await home("Similar Twin, Lot 2", { ...base, priceAmount: 1010 }, place(31.765, -106.49));
    await home("Similar Near, Lot 3", { ...base, priceAmount: 1200 }, place(31.77, -106.5));
    await home("Similar Far, Lot 4", { ...base, priceAmount: 1250 }, place(31.9, -106.6));
    await home("Not Like It, For Sale", { ...base, listingType: "sale", priceAmount: 1000, pricePeriod: "total" }, { ...place(31.7619, -106.485), price: "$1,000", priceSpanish: null });
    expect((await setStatus(closing.id, "rented")).status).toBe(200);

    const gone = await page(`/properties/${closing.id}`);
    expect(gone.status).toBe(410);
    expect(gone.texts).toContain("Closing Creek, Lot 1");
    expect(gone.texts).toContain("This home has been rented");
    expect(gone.texts).toContain("Similar homes");
    expect(gone.html).toMatch(/<meta name="robots" content="noindex"/);
    const cardNames = [...gone.html.matchAll(/id="listing-\d+-name"[^>]*>([^<]+)</g)].map((match) => match[1]);
    expect(cardNames).toEqual(["Similar Twin, Lot 2", "Similar Near, Lot 3", "Similar Far, Lot 4"]);
    expect((await page(`/properties/${closing.id}`, { language: "es" })).texts).toContain("Esta casa ya se rentó");
    expect((await fetch(`${site.app.url}/api/properties/${closing.id}`)).status).toBe(404);
    // Its visit link says the same.
    const visit = await page(`/properties/${closing.id}/visit`);
    expect(visit.status).toBe(410);
    expect(visit.texts).toContain("This home has been rented");

    expect((await setStatus(closing.id, "sold")).status).toBe(200);
    expect((await page(`/properties/${closing.id}`)).texts).toContain("This home has been sold");
    expect((await page(`/properties/${closing.id}`, { language: "es" })).texts).toContain("Esta casa ya se vendió");
    expect((await setStatus(closing.id, "off_market")).status).toBe(200);
    expect((await page(`/properties/${closing.id}`)).texts).toContain("This home is no longer available");
    expect((await page(`/properties/${closing.id}`, { language: "es" })).texts).toContain("Esta casa ya no está disponible");
  });

  it("a home never public stays 404 for visitors, and staff preview it with its banner, never shared from the cache", async () => {
    const draft = await home("Draft Dunes, owner says do not list", { status: "off_market" });
    const staff = await page(`/properties/${draft.id}`, { staff: true });
    expect(staff.status).toBe(200);
    expect(staff.texts).toContain("Preview: not public");
    expect(staff.texts).toContain("Draft Dunes, owner says do not list");
    expect(staff.headers.get("cache-control")).toBe("private, no-store");
    expect(staff.html).toMatch(/<meta name="robots" content="noindex"/);
    for (const language of ["en", "es"] as const) {
      const visitor = await page(`/properties/${draft.id}`, { language });
      expect(visitor.status).toBe(404);
      expect(visitor.html).not.toContain("Draft Dunes");
    }
    expect((await page(`/properties/${draft.id}/visit`)).status).toBe(404);
    // Published once, then taken off: staff still see the preview, visitors the 410 page.
    expect((await setStatus(draft.id, "available")).status).toBe(200);
    expect((await page(`/properties/${draft.id}`, { staff: true })).texts).not.toContain("Preview: not public");
    expect((await setStatus(draft.id, "off_market")).status).toBe(200);
    expect((await page(`/properties/${draft.id}`, { staff: true })).texts).toContain("Preview: not public");
    expect((await page(`/properties/${draft.id}`)).status).toBe(410);
  });

  it("saved homes and a comparison say why a home is gone, and name none never public", async () => {
    const rented = await home("Saved Rented, Lot 5", { status: "available" });
    const sold = await home("Saved Sold, Lot 6", { status: "available" });
    const draft = await home("Saved Draft, Lot 7", { status: "off_market" });
    await setStatus(rented.id, "rented");
    await setStatus(sold.id, "sold");
    const ids = [rented.id, sold.id, draft.id].join(",");
    const saved = await page(`/favorites?ids=${ids}`);
    expect(saved.texts).toEqual(expect.arrayContaining(["Saved Rented, Lot 5 has been rented", "Saved Sold, Lot 6 has been sold", "A home that is no longer available"]));
    expect(saved.html).not.toContain("Saved Draft");
    const spanish = await page(`/compare?ids=${ids}`, { language: "es" });
    expect(spanish.texts).toEqual(expect.arrayContaining(["Saved Rented, Lot 5 ya se rentó", "Saved Sold, Lot 6 ya se vendió"]));
  });
});

describe("closing a home with visits to come", () => {
  async function confirmedVisit(homeId: number, language: "en" | "es") {
    const times = await offeredTimes(site.app, homeId);
    const body = visitBody([times[2]], { language, email: `visitor-${language}-${homeId}@example.com` });
    const { id } = (await (await postVisitJson(site.app, homeId, body)).json()) as { id: number };
    expect((await call(`/api/admin/visits/${id}/confirm`, { method: "POST", body: { time: times[2] } })).status).toBe(200);
    return { id, email: body.email as string };
  }

  /** The home's Edit form saved with a closing status, and the count of visits to call off its warning gave (none: the first save). */
  const closeHome = (home: { id: number; name: string }, status: "rented" | "sold", visitsToCallOff?: number) =>
    fetch(`${site.app.url}/admin/dashboard/properties/${home.id}/edit`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.app.url, Cookie: site.cookie },
      body: new URLSearchParams(homeFormFields({ name: home.name, status, ...(visitsToCallOff === undefined ? {} : { visitsToCallOff: String(visitsToCallOff) }) })).toString(),
      redirect: "manual",
    });

  const visitStatus = (id: number) => withServerDatabase(site.app, (db) => (db.prepare("select status from visit_requests where message_id = ?").get(id) as { status: string }).status);
  const homeStatus = (id: number) => withServerDatabase(site.app, (db) => (db.prepare("select status from properties where id = ?").get(id) as { status: string }).status);

  it("the form warns with the count first, writes nothing, and on the second save calls them off, each visitor mailed in their language", async () => {
    const closing = await home("Visited Vale, Lot 8", { status: "available" });
    const spanish = await confirmedVisit(closing.id, "es");
    const english = await confirmedVisit(closing.id, "en");

    const warned = await closeHome(closing, "rented");
    expect(warned.status).toBe(409);
    const html = await warned.text();
    expect(visibleTexts(html)).toContain(
      "This home has 2 upcoming confirmed visits. Saving it as rented, sold or off the market calls them off, and each visitor gets a polite e-mail in their language. Save again to go ahead.",
    );
    expect(html).toMatch(/<input type="hidden" name="visitsToCallOff" value="2"\/>/);
    expect(homeStatus(closing.id)).toBe("available");
    expect(visitStatus(spanish.id)).toBe("confirmed");

    // A count that is no longer right (a visit confirmed since the warning) is warned again.
    const stale = await closeHome(closing, "rented", 1);
    expect(stale.status).toBe(409);

    const saved = await closeHome(closing, "rented", 2);
    expect(saved.status).toBe(302);
    expect(homeStatus(closing.id)).toBe("rented");
    expect([visitStatus(spanish.id), visitStatus(english.id)]).toEqual(["cancelled", "cancelled"]);

    const es = await sink.waitFor((mail) => mail.to.includes(spanish.email) && decodedHeader(mail.raw, "Subject") === "Su visita a Visited Vale, Lot 8 queda cancelada");
    expect(textOf(es)).toContain("Lo sentimos: Visited Vale, Lot 8 ya se rentó, así que su visita del");
    expect(textOf(es)).toContain(`${site.app.url}/properties/${closing.id}`);
    const en = await sink.waitFor((mail) => mail.to.includes(english.email) && decodedHeader(mail.raw, "Subject") === "Your visit to Visited Vale, Lot 8 is called off");
    expect(textOf(en)).toContain("We are sorry: Visited Vale, Lot 8 has been rented, so your visit on");
    // A reply reaches the office, not the no-reply sender.
    expect(decodedHeader(en.raw, "Reply-To")).toBe(OFFICE_MAIL);
  });

  it("a request not yet answered is counted in the warning, declined politely by the save, and a closed home's request cannot be confirmed", async () => {
    const closing = await home("Asked Acres, Lot 10", { status: "available" });
    const times = await offeredTimes(site.app, closing.id);
    const confirmed = await confirmedVisit(closing.id, "en");
    const ask = (language: "en" | "es", email: string) => askVisit(site.app, closing.id, [times[4]], { language, email });
    const spanish = await ask("es", "asked-es@example.com");
    const english = await ask("en", "asked-en@example.com");
    // A request whose times have all passed is no visit to come: not counted, left to the office.
    const stale = await ask("en", "asked-stale@example.com");
    withServerDatabase(site.app, (db) => db.prepare("update visit_requests set times = ? where message_id = ?").run(JSON.stringify([Date.now() - 86_400_000]), stale));

    const warned = await closeHome(closing, "sold");
    expect(warned.status).toBe(409);
    const html = await warned.text();
    expect(visibleTexts(html)).toContain(
      "This home has 1 upcoming confirmed visit and 2 visit requests not yet answered. Saving it as rented, sold or off the market calls them off, and each visitor gets a polite e-mail in their language. Save again to go ahead.",
    );
    expect(html).toMatch(/<input type="hidden" name="visitsToCallOff" value="3"\/>/);
    expect(visitStatus(english)).toBe("requested");

    const saved = await postFormFollowed(site.app, site.cookie, `/admin/dashboard/properties/${closing.id}/edit`, homeFormFields({ name: "Asked Acres, Lot 10", status: "sold", visitsToCallOff: "3" }));
    expect(visibleTexts(saved.html).join(" ")).toContain("1 confirmed visit was called off and 2 visit requests were declined; each visitor was e-mailed");
    expect([visitStatus(confirmed.id), visitStatus(spanish), visitStatus(english), visitStatus(stale)]).toEqual(["cancelled", "declined", "declined", "requested"]);
    const handled = withServerDatabase(site.app, (db) => db.prepare("select handled_by from contact_messages where id = ?").pluck().get(english));
    expect(handled).toBe("staff@example.com");

    const es = await sink.waitFor((mail) => mail.to.includes("asked-es@example.com") && decodedHeader(mail.raw, "Subject") === "Sobre su solicitud de visita a Asked Acres, Lot 10");
    expect(textOf(es)).toContain("Lo sentimos: Asked Acres, Lot 10 ya se vendió, así que la visita que pidió no podrá realizarse.");
    expect(textOf(es)).toContain(`${site.app.url}/properties/${closing.id}`);
    const en = await sink.waitFor((mail) => mail.to.includes("asked-en@example.com") && decodedHeader(mail.raw, "Subject") === "About your visit request for Asked Acres, Lot 10");
    expect(textOf(en)).toContain("We are sorry: Asked Acres, Lot 10 has been sold, so the visit you asked for cannot take place.");
    // Nothing was on their calendar, so no calendar file; no link to choose another time of a home that is gone.
    expect(mimeParts(en.raw).some((part) => part.contentType.startsWith("text/calendar"))).toBe(false);
    expect(textOf(en)).not.toContain("/my-visit");
    expect(decodedHeader(en.raw, "Reply-To")).toBe(OFFICE_MAIL);

    // The request left open cannot be confirmed now that the home is off the site, by the JSON call or the Messages tab.
    const refused = await call(`/api/admin/visits/${stale}/confirm`, { method: "POST", body: { time: times[5] } });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe(
      "This home is no longer on the public site (rented, sold or off the market), so the visit cannot be confirmed: decline it instead",
    );
    const form = await postFormFollowed(site.app, site.cookie, "/admin/dashboard/messages?subject=visit-request", { id: String(stale), intent: "visit-confirm", time: times[5] });
    expect(visibleTexts(form.html)).toContain(
      "This home is no longer on the public site (rented, sold or off the market), so the visit cannot be confirmed: decline it instead",
    );
    expect(visitStatus(stale)).toBe("requested");
    // Declining it still works.
    expect((await call(`/api/admin/visits/${stale}/decline`, { method: "POST" })).status).toBe(200);
  });

  it("the admin JSON closes at once and tells the visitors the same way", async () => {
    const closing = await home("Json Vale, Lot 9", { status: "available" });
    const visit = await confirmedVisit(closing.id, "en");
    expect((await setStatus(closing.id, "sold")).status).toBe(200);
    expect(visitStatus(visit.id)).toBe("cancelled");
    const mail = await sink.waitFor((received) => received.to.includes(visit.email) && decodedHeader(received.raw, "Subject").endsWith("is called off"));
    expect(textOf(mail)).toContain("has been sold");
  });
});

describe("publishing on purpose", () => {
  const formPost = (path: string, fields: Record<string, string>) =>
    fetch(`${site.app.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.app.url, Cookie: site.cookie },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });
  const stored = (name: string) => withServerDatabase(site.app, (db) => db.prepare("select id, status from properties where name = ?").get(name) as { id: number; status: string });

  /**
   * A renter following every home of `town`, mailed today already: the homes that are
   * news to the alert wait for tomorrow's digest, where the test can read them.
   */
  function follower(town: string) {
    const email = `follows.${town.toLowerCase()}@example.com`;
    withServerDatabase(site.app, (db) =>
      db
        .prepare("insert into search_alerts (email, mailbox, language, filters, q, status, confirmed_at, last_sent_at, link_token) values (?, ?, 'en', ?, ?, 'confirmed', ?, ?, ?)")
        .run(email, email, `q=${town}`, town, Date.now(), Date.now(), `life-${town}`.padEnd(43, "x")),
    );
    return {
      /** The homes waiting in the alert's next digest, once `name` is among them. */
      newsOnceItHas: (name: string) =>
        eventually(() => {
          const waiting = waitingMatches(site.app, email).map((match) => withServerDatabase(site.app, (db) => db.prepare("select name from properties where id = ?").pluck().get(match.property_id) as string));
          return waiting.includes(name) ? waiting : undefined;
        }),
    };
  }

  it("a new home saved as a draft stays off the site and is news to no alert; published, it is on the site and news", async () => {
    const alert = follower("Draftford");
    const place = { location: "Draftford, TX 75001" };
    const draft = await formPost("/admin/dashboard/properties/new", homeFormFields({ ...place, name: "Drafted Dell, Lot 1", status: "available", saveAs: "draft" }));
    expect(draft.status).toBe(302);
    expect(stored("Drafted Dell, Lot 1").status).toBe("off_market");
    expect((await page(`/properties/${stored("Drafted Dell, Lot 1").id}`)).status).toBe(404);

    // A status off the market chosen, Publish still puts the home on the site.
    const published = await formPost("/admin/dashboard/properties/new", homeFormFields({ ...place, name: "Published Point, Lot 2", status: "rented", saveAs: "publish" }));
    expect(published.status).toBe(302);
    expect(stored("Published Point, Lot 2").status).toBe("available");
    // The saves' news is weighed in order: the draft's would be there by now.
    expect(await alert.newsOnceItHas("Published Point, Lot 2")).toEqual(["Published Point, Lot 2"]);
    // A public status chosen is kept.
    await formPost("/admin/dashboard/properties/new", homeFormFields({ ...place, name: "Pending Publish, Lot 3", status: "pending", saveAs: "publish" }));
    expect(stored("Pending Publish, Lot 3").status).toBe("pending");
  });

  it("a draft published from its Edit form becomes news then; Save as draft on a public home takes it off; Update keeps the status chosen", async () => {
    const alert = follower("Laterton");
    const fields = (overrides: Record<string, string>) => homeFormFields({ name: "Later Lane, Lot 4", location: "Laterton, TX 75002", ...overrides });
    await formPost("/admin/dashboard/properties/new", fields({ saveAs: "draft" }));
    const { id } = stored("Later Lane, Lot 4");
    expect((await formPost(`/admin/dashboard/properties/${id}/edit`, fields({ status: "off_market", saveAs: "draft" }))).status).toBe(302);
    expect(stored("Later Lane, Lot 4").status).toBe("off_market");
    expect((await formPost(`/admin/dashboard/properties/${id}/edit`, fields({ status: "coming_soon", availableOn: FAR_DAY, saveAs: "publish" }))).status).toBe(302);
    expect(stored("Later Lane, Lot 4").status).toBe("coming_soon");
    expect(await alert.newsOnceItHas("Later Lane, Lot 4")).toEqual(["Later Lane, Lot 4"]);
    await formPost(`/admin/dashboard/properties/${id}/edit`, fields({ status: "available" }));
    expect(stored("Later Lane, Lot 4").status).toBe("available");
    await formPost(`/admin/dashboard/properties/${id}/edit`, fields({ status: "available", saveAs: "draft" }));
    expect(stored("Later Lane, Lot 4").status).toBe("off_market");
  });

  it("the forms say what a good listing still lacks, and offer the buttons that fit the home", async () => {
    const add = visibleTexts(await (await fetch(`${site.app.url}/admin/dashboard/properties/new`, { headers: { Cookie: site.cookie } })).text());
    expect(add).toEqual(expect.arrayContaining(["A good listing still lacks", "a photo", "Spanish texts", "price", "beds and baths", "home type", "Save as draft", "Publish"]));
    expect(add).not.toContain("Update");
    const complete = await home("Complete Court, Lot 5", { status: "available" });
    const edit = visibleTexts(await (await fetch(`${site.app.url}/admin/dashboard/properties/${complete.id}/edit`, { headers: { Cookie: site.cookie } })).text());
    expect(edit).toContain("This listing has what renters and buyers ask first");
    expect(edit).toContain("Update");
    expect(edit).not.toContain("Publish");
  });

  it("the admin JSON keeps the seed's default: a home sent without isActive or a status is public", async () => {
    const created = await call("/api/admin/properties", { method: "POST", body: seedBody({ name: "Json Default, Lot 6" }) });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ isActive: true, facts: { status: "available" } });
  });
});
