import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSignedInApp, type SignedInApp } from "../support/admin-api";
import { contactMessage } from "../support/contact-posts";
import { parseCsv } from "../support/csv";
import { visibleTexts } from "../support/html";
import { withServerDatabase } from "../support/server";
import { insertHome, offeredTimes, postVisitJson, visitBody } from "../support/visits";

// Where an enquiry came from (docs/product.md, "Where an enquiry came from"): the first
// page's UTM parameters and linking site, kept in a first-party cookie for 30 days, and
// the page the enquiry was sent from, stored with it and shown to the office.

let ctx: SignedInApp;

beforeAll(async () => {
  ctx = await startSignedInApp({ email: "source-staff@example.com", env: { RATE_LIMIT_FACTOR: "100" } });
});
afterAll(async () => {
  await ctx?.stop();
});

const BROWSER_PAGE = { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "Sec-Fetch-Dest": "document" };

/** A page as a browser opens it, with the cookies it holds; answers the response and the source cookie it set, if any. */
async function open(path: string, options: { cookie?: string; referer?: string } = {}) {
  const headers: Record<string, string> = { ...BROWSER_PAGE };
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.referer) headers.Referer = options.referer;
  const response = await fetch(`${ctx.app.url}${path}`, { headers, redirect: "manual" });
  await response.arrayBuffer();
  const sourceCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith("source="));
  return { response, sourceCookie };
}

const pairOf = (setCookie: string) => setCookie.split(";")[0];

function storedOrigin(lastName: string) {
  return withServerDatabase(ctx.app, (db) =>
    db.prepare("select utm_source, utm_medium, utm_campaign, referrer_host, sent_from from contact_messages where last_name = ?").get(lastName),
  );
}

describe("the source of an enquiry", () => {
  it("is the first page's: an enquiry from /?utm_source=facebook&utm_medium=social after two more pages is 'facebook / social'", async () => {
    const first = await open("/?utm_source=facebook&utm_medium=social", { referer: "https://l.facebook.com/" });
    expect(first.response.status).toBe(200);
    expect(first.sourceCookie).toMatch(/^source=s=facebook&m=social&r=l\.facebook\.com; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    const cookie = pairOf(first.sourceCookie!);

    // Two more pages: a link within the site tells nothing, and a new campaign does not replace the first.
    const second = await open("/properties", { cookie, referer: `${ctx.app.url}/` });
    expect(second.response.status).toBe(200);
    expect(second.sourceCookie).toBeUndefined();
    const third = await open("/rental-criteria?utm_source=newsletter&utm_medium=email", { cookie, referer: `${ctx.app.url}/properties` });
    expect(third.sourceCookie).toBeUndefined();

    const lastName = `Facebook${Date.now().toString(36)}`;
    const sent = await fetch(`${ctx.app.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie, Referer: `${ctx.app.url}/rental-criteria?utm_source=newsletter&utm_medium=email` },
      body: JSON.stringify(contactMessage(lastName)),
    });
    expect(sent.status).toBe(201);
    expect(storedOrigin(lastName)).toEqual({
      utm_source: "facebook",
      utm_medium: "social",
      utm_campaign: null,
      referrer_host: "l.facebook.com",
      sent_from: "/rental-criteria?utm_source=newsletter&utm_medium=email",
    });

    // The office reads it on the Messages tab and in the CSV.
    const tab = await fetch(`${ctx.app.url}/admin/dashboard/messages?q=${lastName}`, { headers: { Cookie: ctx.cookie } });
    const texts = visibleTexts(await tab.text());
    expect(texts).toContain("Source:");
    expect(texts).toContain("facebook / social");
    expect(texts).toContain("/rental-criteria?utm_source=newsletter&utm_medium=email");
    const csv = await fetch(`${ctx.app.url}/api/admin/messages.csv?q=${lastName}`, { headers: { Cookie: ctx.cookie } });
    const [header, row] = parseCsv((await csv.text()).replace(/^\uFEFF/, ""));
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell("source")).toBe("facebook / social");
    expect(cell("campaign")).toBe("");
    expect(cell("referrer")).toBe("l.facebook.com");
    expect(cell("sent from")).toBe("/rental-criteria?utm_source=newsletter&utm_medium=email");
  });

  it("is set on a page answered from the page cache as well, each visitor's own, beside the language cookie", async () => {
    const path = "/rental-criteria?utm_source=newsletter&utm_medium=email&utm_campaign=december";
    const first = await open(path, { referer: "https://news.example.org/" });
    expect(first.sourceCookie).toMatch(/^source=s=newsletter&m=email&c=december&r=news\.example\.org;/);
    // The same page from the cache: this visitor's source (no linking site), never the first visitor's.
    const cached = await open(path);
    expect(cached.response.headers.get("x-page-cache")).toBe("hit");
    expect(cached.sourceCookie).toMatch(/^source=s=newsletter&m=email&c=december;/);
    const kept = await open(path, { cookie: "source=s=earlier" });
    expect(kept.response.headers.get("x-page-cache")).toBe("hit");
    expect(kept.response.headers.getSetCookie()).toEqual([]);

    await open(`${path}&lng=es`);
    const spanish = await open(`${path}&lng=es`);
    expect(spanish.response.headers.get("x-page-cache")).toBe("hit");
    expect(spanish.sourceCookie).toMatch(/^source=s=newsletter&m=email&c=december;/);
    expect(spanish.response.headers.getSetCookie().some((cookie) => cookie.startsWith("lng="))).toBe(true);
  });

  it("is not set by files, JSON calls, the router's data requests or a visit that tells nothing", async () => {
    const utm = "utm_source=facebook&utm_medium=social";
    for (const path of [`/api/properties?${utm}`, `/favicon.svg?${utm}`, `/properties.data?${utm}`, `/admin/login?${utm}`]) {
      const response = await fetch(`${ctx.app.url}${path}`, { headers: BROWSER_PAGE, redirect: "manual" });
      await response.arrayBuffer();
      expect(response.headers.getSetCookie().filter((cookie) => cookie.startsWith("source=")), path).toEqual([]);
    }
    expect((await open("/properties")).sourceCookie).toBeUndefined();
    expect((await open("/properties", { referer: `${ctx.app.url}/` })).sourceCookie).toBeUndefined();
    // A script's request for a page (not a document a browser opens) sets nothing either.
    const fetched = await fetch(`${ctx.app.url}/?${utm}`, { headers: { ...BROWSER_PAGE, "Sec-Fetch-Dest": "empty" } });
    expect(fetched.headers.getSetCookie().filter((cookie) => cookie.startsWith("source="))).toEqual([]);
  });

  it("is stored with a visit request and a form posted without JavaScript, with the page each was sent from", async () => {
    const cookie = pairOf((await open("/?utm_source=google&utm_medium=cpc&utm_campaign=tyler")).sourceCookie!);
    const homeId = insertHome(ctx.app, "Source Lot 4");
    const times = await offeredTimes(ctx.app, homeId);
    const visit = visitBody([times[0]]);
    const asked = await postVisitJson(ctx.app, homeId, visit, { Cookie: cookie, Referer: `${ctx.app.url}/properties/${homeId}/visit` });
    expect(asked.status).toBe(201);
    expect(storedOrigin(visit.lastName)).toEqual({ utm_source: "google", utm_medium: "cpc", utm_campaign: "tyler", referrer_host: null, sent_from: `/properties/${homeId}/visit` });

    const lastName = `Form${Date.now().toString(36)}`;
    const posted = await fetch(`${ctx.app.url}/?index`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...BROWSER_PAGE, Origin: ctx.app.url, Referer: `${ctx.app.url}/`, Cookie: cookie },
      body: new URLSearchParams(contactMessage(lastName)).toString(),
      redirect: "manual",
    });
    expect(posted.status).toBeLessThan(400);
    expect(storedOrigin(lastName)).toEqual({ utm_source: "google", utm_medium: "cpc", utm_campaign: "tyler", referrer_host: null, sent_from: "/" });

    // Without a cookie the enquiry says 'direct'; a Referer of another site is no page of ours.
    const direct = `Direct${Date.now().toString(36)}`;
    const plain = await fetch(`${ctx.app.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Referer: "https://elsewhere.example.net/page" },
      body: JSON.stringify(contactMessage(direct)),
    });
    expect(plain.status).toBe(201);
    expect(storedOrigin(direct)).toEqual({ utm_source: null, utm_medium: null, utm_campaign: null, referrer_host: null, sent_from: null });
    const csv = await fetch(`${ctx.app.url}/api/admin/messages.csv?q=${direct}`, { headers: { Cookie: ctx.cookie } });
    const [header, row] = parseCsv((await csv.text()).replace(/^\uFEFF/, ""));
    expect(row[header.indexOf("source")]).toBe("direct");
  });
});
