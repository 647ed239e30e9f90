import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, OFFICE_MAIL, startSignedInAppWithMail, type SignedInApp } from "../support/admin-api";
import { eventually } from "../support/eventually";
import { visibleTexts } from "../support/html";
import { freePort, startServer, withServerDatabase, type RunningServer } from "../support/server";
import { startSmtpSink, type SmtpSink } from "../support/smtp";
import {
  aDayPassesFor,
  alertFields,
  alertRows,
  confirmationLink,
  confirmByLink,
  linesLinkingTo,
  mailsTo,
  nthMailTo,
  postAlertForm,
  queuedMailCount,
  waitingMatches,
  type AlertSearch,
} from "../support/search-alerts";

/**
 * Search alerts (docs/product.md, search alerts), from outside: the /properties form, the
 * confirmation mail and its page, homes published and repriced through the admin calls,
 * the digests a real SMTP server receives (read with mailparser), one-click unsubscribe,
 * the manage page, the limits, cross-site refusal and the Overview's counts.
 */

const MAIL_FROM = OFFICE_MAIL;

let site: SignedInApp;
let sink: SmtpSink;
let stop = async () => {};
const call = jsonCaller(() => site.app, () => site.cookie);

beforeAll(async () => {
  ({ site, sink, stop } = await startSignedInAppWithMail());
}, 60_000);
afterAll(() => stop());

let serial = 0;
/** A town no other test uses, so each test's homes match only its own alerts. */
function uniqueTown() {
  serial += 1;
  return `Zavalla${serial}x${Date.now().toString(36)}`;
}
const searches = new Map<string, string>();
const uniqueEmail = (name: string) => `${name}.${Date.now().toString(36)}${++serial}@example.com`;

type Home = { id: number; name: string; price: string; isActive: boolean };

function homeBody(town: string, overrides: Record<string, unknown> = {}) {
  return {
    name: `Pecan Row, Lot ${++serial}`,
    location: `${town}, TX 75001`,
    latitude: 32.7,
    longitude: -97.1,
    price: "$1,050/month",
    priceSpanish: "$1,050 al mes",
    imageUrl: "/objects/demo/home-2.webp",
    applicationUrl: "",
    beds: "3",
    baths: "2",
    sqft: "1,100",
    description: "A tidy home near the park.",
    descriptionSpanish: "Una casa ordenada cerca del parque.",
    isActive: true,
    ...overrides,
  };
}

async function publish(town: string, overrides: Record<string, unknown> = {}): Promise<Home> {
  const response = await call("/api/admin/properties", { method: "POST", body: homeBody(town, overrides) });
  expect(response.status).toBe(201);
  return (await response.json()) as Home;
}

async function edit(home: Home, town: string, overrides: Record<string, unknown>): Promise<Home> {
  const response = await call(`/api/admin/properties/${home.id}`, { method: "PUT", body: homeBody(town, { name: home.name, ...overrides }) });
  expect(response.status).toBe(200);
  return (await response.json()) as Home;
}

/** Asks for alerts on the search and confirms them from the mail, as the visitor would. */
async function follow(email: string, search: AlertSearch, language = "es") {
  const before = (await mailsTo(sink, email)).length;
  const response = await postAlertForm(site.app, alertFields(email, search, language));
  expect(response.status).toBe(200);
  const confirmation = await nthMailTo(sink, email, before + 1);
  const confirmed = await confirmByLink(confirmationLink(confirmation));
  expect(confirmed.status).toBe(200);
  expect(alertRows(site.app, email).map((row) => row.status)).toContain("confirmed");
  return confirmation;
}

describe("asking for alerts and confirming them", () => {
  it("stores a pending alert and mails a Spanish confirmation whose link opens a page that confirms only with its button", async () => {
    const email = uniqueEmail("lucia");
    const response = await postAlertForm(site.app, alertFields(email, { kind: "rent", beds: "2", maxPrice: "1500" }, "es"));
    expect(response.status).toBe(200);
    expect(visibleTexts(await response.text()).join(" ")).toContain(`Revise su correo en ${email}`);

    const [row] = alertRows(site.app, email);
    expect(row).toMatchObject({ status: "pending", language: "es", filters: "kind=rent&maxPrice=1500&beds=2" });
    expect(row.confirm_expires_at! - Date.now()).toBeGreaterThan(47 * 3_600_000);
    expect(row.confirm_expires_at! - Date.now()).toBeLessThanOrEqual(48 * 3_600_000);

    const mail = await nthMailTo(sink, email, 1);
    expect(mail.subject).toBe("Confirme sus alertas de casas");
    // The mail goes to an address that has confirmed nothing: it names no search (the
    // page its link opens does), so it carries nothing the requester chose.
    expect(mail.text).not.toContain("Rentar");
    expect(mail.text).not.toContain("$1,500");
    const link = confirmationLink(mail);
    expect(link).toMatch(new RegExp(`^${site.app.url}/alerts/confirm\\?token=[A-Za-z0-9_-]{43}&lng=es$`));
    // Only the token's hash is stored.
    const token = new URL(link).searchParams.get("token")!;
    expect(JSON.stringify(alertRows(site.app, email))).not.toContain(token);

    // Opening the link (a mail scanner does) confirms nothing.
    const page = await fetch(link);
    expect(page.status).toBe(200);
    const pageText = visibleTexts(await page.text()).join(" ");
    expect(pageText).toContain("Confirme sus alertas");
    expect(pageText).toContain("Confirmar mis alertas");
    expect(pageText).toContain("Rentar · Hasta $1,500 · 2+ recámaras");
    expect(alertRows(site.app, email)[0].status).toBe("pending");

    const confirmed = await confirmByLink(link);
    expect(visibleTexts(await confirmed.text()).join(" ")).toContain("Sus alertas están activas");
    expect(alertRows(site.app, email)[0].status).toBe("confirmed");
  });

  it("gives the same answer to a repeated request; a pending alert gets another link, a confirmed one no mail", async () => {
    const email = uniqueEmail("repeat");
    const search = { q: uniqueTown() };
    const answer = async () => {
      const response = await postAlertForm(site.app, alertFields(email, search, "en"));
      return { status: response.status, texts: visibleTexts(await response.text()).filter((text) => text.includes("Check your inbox")) };
    };
    const first = await answer();
    expect(first.texts).toHaveLength(1);
    const firstLink = confirmationLink(await nthMailTo(sink, email, 1));
    expect(await answer()).toEqual(first);
    const secondLink = confirmationLink(await nthMailTo(sink, email, 2));
    expect(secondLink).not.toBe(firstLink);
    expect(alertRows(site.app, email)).toHaveLength(1);

    // The older link still works: asking again (perhaps a stranger did) never ends it.
    expect(visibleTexts(await (await confirmByLink(firstLink)).text()).join(" ")).toContain("Your alerts are on");
    expect(alertRows(site.app, email)[0].status).toBe("confirmed");
    expect(visibleTexts(await (await confirmByLink(secondLink)).text()).join(" ")).toContain("Your alerts are on");

    expect(await answer()).toEqual(first);
    await sink.caughtUp();
    expect(queuedMailCount(site.app, email)).toBe(2);
    expect(alertRows(site.app, email)).toHaveLength(1);
  });

  it("refuses an invalid address in the page's language and stores nothing", async () => {
    const response = await postAlertForm(site.app, alertFields("not-an-address", { kind: "sale" }, "es"));
    expect(response.status).toBe(400);
    expect(visibleTexts(await response.text()).join(" ")).toContain("Por favor, escriba un correo electrónico válido.");
    expect(alertRows(site.app, "not-an-address")).toEqual([]);
  });

  it("says a used link's alerts are on, and an expired link no longer works and confirms nothing", async () => {
    const email = uniqueEmail("expired");
    await postAlertForm(site.app, alertFields(email, { q: uniqueTown() }, "en"));
    const link = confirmationLink(await nthMailTo(sink, email, 1));
    withServerDatabase(site.app, (db) => {
      db.prepare("update search_alerts set confirm_expires_at = ? where email = ?").run(Date.now() - 1000, email);
      db.prepare("update search_alert_confirmations set expires_at = ? where alert_id in (select id from search_alerts where email = ?)").run(Date.now() - 1000, email);
    });
    for (const answer of [await fetch(link), await confirmByLink(link)]) {
      expect(visibleTexts(await answer.text()).join(" ")).toContain("Confirmation links work once and expire after 48 hours.");
    }
    expect(alertRows(site.app, email)[0].status).toBe("pending");

    const reused = uniqueEmail("reused");
    const reusedTown = uniqueTown();
    searches.set(reused, reusedTown);
    const mail = await follow(reused, { q: reusedTown }, "en");
    const again = await confirmByLink(confirmationLink(mail));
    expect(visibleTexts(await again.text()).join(" ")).toContain("Your alerts are on");
    expect(alertRows(site.app, reused)).toHaveLength(1);

    // The next round of the digests (here woken by a home matching an alert) deletes the expired one.
    await publish(searches.get(reused)!);
    await eventually(() => (alertRows(site.app, email).length === 0 ? true : undefined));
  });

  it("refuses a post from another site and stores nothing", async () => {
    const email = uniqueEmail("crosssite");
    const response = await postAlertForm(site.app, alertFields(email, { kind: "rent" }), { Origin: "https://elsewhere.example" });
    expect(response.status).toBe(403);
    expect(alertRows(site.app, email)).toEqual([]);
  });

  it("sends nothing for a filled honeypot, with the same answer", async () => {
    const email = uniqueEmail("bot");
    const response = await postAlertForm(site.app, { ...alertFields(email, { kind: "rent" }, "en"), website: "http://spam.example" });
    expect(response.status).toBe(200);
    expect(visibleTexts(await response.text()).join(" ")).toContain(`Check your inbox at ${email}`);
    expect(alertRows(site.app, email)).toEqual([]);
  });
});

describe("matching homes and the digests", () => {
  it("mails a new matching home, in Spanish, with its photo as a link and the unsubscribe headers; a home that does not match is left out", async () => {
    const town = uniqueTown();
    const email = uniqueEmail("ana");
    await follow(email, { q: town, kind: "rent", beds: "3" });
    const other = await publish(uniqueTown());
    const tooSmall = await publish(town, { beds: "2" });
    expect(waitingMatches(site.app, email)).toEqual([]);
    const home = await publish(town);

    const digest = await nthMailTo(sink, email, 2);
    expect(digest.subject).toBe(`Casas para su búsqueda: Rentar · 3+ recámaras · “${town}”`);
    expect(digest.text).toContain("1 casa coincide con su búsqueda");
    expect(digest.text).toContain(`${home.name} (Nueva)`);
    expect(digest.text).toContain(`${town}, TX 75001 · $1,050 al mes`);
    expect(digest.text).not.toContain(other.name);
    expect(digest.text).not.toContain(tooSmall.name);
    // Each link alone on its line of the text part.
    expect(linesLinkingTo(digest, `/properties/${home.id}`)).toEqual([`${site.app.url}/properties/${home.id}?lng=es`]);
    expect(linesLinkingTo(digest, "/properties")).toEqual([`${site.app.url}/properties?q=${encodeURIComponent(town).replace(/%20/g, "+")}&kind=rent&beds=3&lng=es`]);
    const [unsubscribe] = linesLinkingTo(digest, "/alerts/unsubscribe");
    expect(unsubscribe).toMatch(/\?token=[A-Za-z0-9_-]{43}&lng=es$/);
    expect(linesLinkingTo(digest, "/alerts/manage")).toHaveLength(1);
    // The photo is a link to the home, and the 640 px copy of the upload, not the upload itself.
    const photo = `${site.app.url}/variants/640/demo/home-2.webp`;
    expect(digest.html).toContain(`<a href="${site.app.url}/properties/${home.id}?lng=es"><img src="${photo}"`);
    const image = await fetch(photo);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    const upload = await fetch(`${site.app.url}/objects/demo/home-2.webp`);
    expect((await image.arrayBuffer()).byteLength).toBeLessThan((await upload.arrayBuffer()).byteLength);
    // RFC 8058, as a mail provider reads it.
    expect(digest.headerLines.find((header) => header.key === "list-unsubscribe-post")?.line).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect((digest.headers.get("list") as { unsubscribe?: { url?: string } } | undefined)?.unsubscribe?.url).toBe(unsubscribe);
    expect(waitingMatches(site.app, email)).toEqual([]);
    // Once sent, the queue's copy keeps no working link, headers included.
    const token = new URL(unsubscribe).searchParams.get("token")!;
    const kept = await eventually(() =>
      withServerDatabase(site.app, (db) => db.prepare("select text_body, html_body, headers from mail_queue where recipient = ? and sent_at is not null and headers is not null").get(email)),
    );
    expect(JSON.stringify(kept)).toContain("List-Unsubscribe");
    expect(JSON.stringify(kept)).not.toContain(token);
  });

  it("mails a price drop on a matching home, not a rise", async () => {
    const town = uniqueTown();
    const email = uniqueEmail("drop");
    const home = await publish(town, { price: "$1,200/month", priceSpanish: "$1,200 al mes" });
    await follow(email, { q: town }, "en");

    await edit(home, town, { price: "$1,300/month", priceSpanish: "$1,300 al mes" });
    expect(waitingMatches(site.app, email)).toEqual([]);
    await edit(home, town, { price: "$1,100/month", priceSpanish: "$1,100 al mes" });

    const digest = await nthMailTo(sink, email, 2);
    expect(digest.subject).toBe(`Homes for your search: “${town}”`);
    expect(digest.text).toContain(`${home.name} (Lower price)`);
    expect(digest.text).toContain("$1,100/month");
    expect(await mailsTo(sink, email)).toHaveLength(2);
  });

  it("sends at most one digest a day: what matches meanwhile waits and goes in the next one", async () => {
    const town = uniqueTown();
    const email = uniqueEmail("daily");
    await follow(email, { q: town }, "en");
    const first = await publish(town);
    expect((await nthMailTo(sink, email, 2)).text).toContain(first.name);

    const second = await publish(town);
    const third = await publish(town);
    expect(waitingMatches(site.app, email).map((match) => match.property_id)).toEqual([second.id, third.id]);
    await sink.caughtUp();
    expect(queuedMailCount(site.app, email)).toBe(2);

    aDayPassesFor(site.app, email);
    const fourth = await publish(town);
    const digest = await nthMailTo(sink, email, 3);
    expect(digest.text).toContain("3 homes match your search");
    for (const home of [second, third, fourth]) expect(digest.text).toContain(home.name);
    expect(digest.text).not.toContain(first.name);
    expect(await mailsTo(sink, email)).toHaveLength(3);
  });

  it("stays silent for an inactive home, and leaves out one switched off before its digest", async () => {
    const town = uniqueTown();
    const email = uniqueEmail("inactive");
    await follow(email, { q: town }, "en");
    await publish(town, { isActive: false });
    expect(waitingMatches(site.app, email)).toEqual([]);

    const shown = await publish(town);
    await nthMailTo(sink, email, 2);
    const withdrawn = await publish(town);
    expect(waitingMatches(site.app, email).map((match) => match.property_id)).toEqual([withdrawn.id]);
    await edit(withdrawn, town, { isActive: false });
    aDayPassesFor(site.app, email);
    // Switched on again later, it is news once more.
    const later = await publish(town);
    const digest = await nthMailTo(sink, email, 3);
    expect(digest.text).toContain(later.name);
    expect(digest.text).not.toContain(withdrawn.name);
    expect(digest.text).not.toContain(shown.name);
  });
});

describe("stopping alerts", () => {
  async function digestFor(email: string, search: AlertSearch, language = "en") {
    await follow(email, search, language);
    await publish(search.q!);
    return nthMailTo(sink, email, 2);
  }

  it("ends an alert at once on the mail provider's one-click POST, with no cookie; a browser's post from another site is refused", async () => {
    const town = uniqueTown();
    const email = uniqueEmail("oneclick");
    const digest = await digestFor(email, { q: town });
    const url = (digest.headers.get("list") as { unsubscribe: { url: string } }).unsubscribe.url;

    // A GET only asks.
    const page = await fetch(url);
    expect(visibleTexts(await page.text()).join(" ")).toContain("Stop these alerts?");
    expect(alertRows(site.app, email)).toHaveLength(1);

    const oneClick = (headers: Record<string, string>) =>
      fetch(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers }, body: "List-Unsubscribe=One-Click", redirect: "manual" });
    // Posted by another site's page in a browser: refused like any other cross-site write.
    expect((await oneClick({ Origin: "https://elsewhere.example" })).status).toBe(403);
    expect((await oneClick({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect(alertRows(site.app, email)).toHaveLength(1);

    // RFC 8058: the provider's servers post the header's link, with no cookie and no Origin.
    const response = await oneClick({});
    expect(response.status).toBe(200);
    expect(visibleTexts(await response.text()).join(" ")).toContain("You are unsubscribed");
    // Stopped at once, kept a day for its Undo.
    expect(alertRows(site.app, email).map((row) => row.status)).toEqual(["stopped"]);

    // Nothing more for it; its link still says so, with the Undo.
    await publish(town);
    expect(waitingMatches(site.app, email)).toEqual([]);
    const again = visibleTexts(await (await fetch(url)).text()).join(" ");
    expect(again).toContain("You are unsubscribed");
    expect(again).toContain("Changed your mind? You can undo this for a day.");

    // Asked for again from the list: a new confirmation, as for a search never followed.
    expect((await postAlertForm(site.app, alertFields(email, { q: town }, "en"))).status).toBe(200);
    const confirmation = await nthMailTo(sink, email, 3);
    expect(confirmationLink(confirmation)).toContain("/alerts/confirm");
    expect(alertRows(site.app, email).map((row) => [row.status, row.stopped_at])).toEqual([["pending", null]]);
  });

  it("keeps the mail's manage link after one alert is unsubscribed, undoes it within the day, and deletes it after", async () => {
    const email = uniqueEmail("undo");
    const towns = [uniqueTown(), uniqueTown()];
    const digest = await digestFor(email, { q: towns[0] }, "en");
    await follow(email, { q: towns[1] }, "en");
    const [unsubscribe] = linesLinkingTo(digest, "/alerts/unsubscribe");
    const [manage] = linesLinkingTo(digest, "/alerts/manage");
    const post = (url: string, fields: Record<string, string>) =>
      fetch(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.app.url }, body: new URLSearchParams(fields).toString() });

    const stopped = visibleTexts(await (await post(unsubscribe, {})).text()).join(" ");
    expect(stopped).toContain("You are unsubscribed");
    expect(stopped).toContain("See your other alerts");
    // The mail's manage link still works: the address's other alert, the stopped one left out.
    const managePage = visibleTexts(await (await fetch(manage)).text()).join(" ");
    expect(managePage).toContain(`Searches followed by ${email}:`);
    expect(managePage).toContain(`“${towns[1]}”`);
    expect(managePage).not.toContain(`“${towns[0]}”`);
    expect(managePage).not.toContain("belongs to no alert");

    // Undone within the day: the search is followed again, as it was.
    const undone = visibleTexts(await (await post(unsubscribe, { intent: "undo" })).text()).join(" ");
    expect(undone).toContain("Your alerts are on again");
    expect(undone).toContain(`We will e-mail ${email} again about this search:`);
    expect(alertRows(site.app, email).map((row) => [row.status, row.stopped_at])).toEqual([
      ["confirmed", null],
      ["confirmed", null],
    ]);

    // Stopped again, and a day goes by: no Undo any more, and the next round deletes it.
    await post(unsubscribe, {});
    withServerDatabase(site.app, (db) => db.prepare("update search_alerts set stopped_at = ? where status = 'stopped' and email = ?").run(Date.now() - 25 * 3_600_000, email));
    expect(visibleTexts(await (await fetch(unsubscribe)).text()).join(" ")).toContain("These alerts are already stopped");
    expect(visibleTexts(await (await post(unsubscribe, { intent: "undo" })).text()).join(" ")).toContain("These alerts are already stopped");
    await publish(towns[1]);
    await eventually(() => (alertRows(site.app, email).length === 1 ? true : undefined));
    expect(alertRows(site.app, email).map((row) => row.status)).toEqual(["confirmed"]);
  });

  it("lists the address's alerts on the manage page, and stops one, then all", async () => {
    const email = uniqueEmail("manage");
    const towns = [uniqueTown(), uniqueTown(), uniqueTown()];
    const digest = await digestFor(email, { q: towns[0] }, "es");
    await follow(email, { q: towns[1], kind: "sale" }, "es");
    await follow(email, { q: towns[2] }, "es");
    const [manage] = linesLinkingTo(digest, "/alerts/manage");

    const page = visibleTexts(await (await fetch(manage)).text()).join(" ");
    expect(page).toContain(`Búsquedas que sigue ${email}:`);
    for (const town of towns) expect(page).toContain(`“${town}”`);
    expect(page).toContain("Comprar");

    const rows = alertRows(site.app, email);
    const stopOne = await fetch(manage, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.app.url },
      body: new URLSearchParams({ intent: "stop", id: String(rows[1].id) }).toString(),
    });
    expect(visibleTexts(await stopOne.text()).join(" ")).toContain("Alerta cancelada.");
    expect(alertRows(site.app, email).map((row) => row.id)).toEqual([rows[0].id, rows[2].id]);

    // Stopping the link's own alert: the page goes on under another alert's link.
    const stopOwn = await fetch(manage, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.app.url },
      body: new URLSearchParams({ intent: "stop", id: String(rows[0].id) }).toString(),
    });
    const afterOwn = visibleTexts(await stopOwn.text()).join(" ");
    expect(afterOwn).toContain("Alerta cancelada.");
    expect(afterOwn).toContain(`“${towns[2]}”`);
    expect(afterOwn).not.toContain(`“${towns[0]}”`);
    expect(alertRows(site.app, email).map((row) => row.id)).toEqual([rows[2].id]);

    const stopAll = await fetch(stopOwn.url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.app.url },
      body: new URLSearchParams({ intent: "stop-all" }).toString(),
    });
    expect(visibleTexts(await stopAll.text()).join(" ")).toContain("Todas sus alertas están canceladas.");
    expect(alertRows(site.app, email)).toEqual([]);
  });
});

describe("the Overview", () => {
  it("counts confirmed alerts and alert mails of the last 30 days, and lists no address", async () => {
    const email = uniqueEmail("counted");
    await postAlertForm(site.app, alertFields(email, { q: uniqueTown() }, "en"));
    const counts = withServerDatabase(site.app, (db) => ({
      confirmed: (db.prepare("select count(*) as n from search_alerts where status = 'confirmed'").get() as { n: number }).n,
      sent: (db.prepare("select count(*) as n from search_alert_sends where sent_at >= ?").get(Date.now() - 30 * 86_400_000) as { n: number }).n,
    }));
    expect(counts.sent).toBeGreaterThan(0);
    const response = await fetch(`${site.app.url}/admin/dashboard`, { headers: { Cookie: site.cookie } });
    const texts = visibleTexts(await response.text());
    const after = (label: string) => texts[texts.indexOf(label) + 1];
    expect(after("Confirmed search alerts")).toBe(String(counts.confirmed));
    expect(after("Alert e-mails sent in the last 30 days")).toBe(String(counts.sent));
    expect(texts.join(" ")).not.toContain(email);
  });
});

describe("the limits", () => {
  let app: RunningServer;
  let limitSink: SmtpSink;
  beforeAll(async () => {
    const smtpPort = await freePort();
    limitSink = await startSmtpSink(smtpPort);
    app = await startServer({ env: { MAIL_FROM, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, RATE_LIMIT_FACTOR: "1", LOG_LEVEL: "error" } });
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await limitSink?.stop();
  });

  it("mails an address at most 5 times in 15 minutes, with the same answer after; a client gets 20 requests, then a Spanish refusal", async () => {
    const email = uniqueEmail("limited");
    for (let n = 1; n <= 6; n++) {
      const response = await postAlertForm(app, alertFields(email, { beds: String((n % 4) + 1), baths: String((n % 3) + 1) }, "es"));
      expect(response.status).toBe(200);
      expect(visibleTexts(await response.text()).join(" ")).toContain(`Revise su correo en ${email}`);
    }
    await limitSink.caughtUp();
    expect(queuedMailCount(app, email)).toBe(5);

    for (let n = 7; n <= 20; n++) {
      expect((await postAlertForm(app, alertFields(uniqueEmail("other"), { kind: "rent" }, "es"))).status).toBe(200);
    }
    const refused = await postAlertForm(app, alertFields(uniqueEmail("late"), { kind: "rent" }, "es"));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(visibleTexts(await refused.text()).join(" ")).toContain("Demasiados mensajes");
  });
});
