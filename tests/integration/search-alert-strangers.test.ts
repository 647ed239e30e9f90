import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, postFormFollowed, startSignedInAppWithMail, type SignedInApp } from "../support/admin-api";
import { visibleTexts } from "../support/html";
import { mailQueueDrained } from "../support/mail-queue";
import { withServerDatabase } from "../support/server";
import type { SmtpSink } from "../support/smtp";
import { alertFields, alertRows, confirmationLink, confirmByLink, linesLinkingTo, mailsTo, nthMailTo, postAlertForm, type AlertSearch } from "../support/search-alerts";

/**
 * What a stranger can do with search alerts (docs/security.md, issue 49 points 2, 4 and 5):
 * the search's text is one clean line wherever it is read; the per-address limit counts
 * one inbox however it is spelled, and a network that confirmed an alert for that inbox
 * has an allowance a stranger cannot spend; confirmed alerts are capped per inbox, per
 * domain and in all. The server sits behind one proxy (TRUST_PROXY=1): a request's
 * network is its X-Forwarded-For; the limits are not scaled (RATE_LIMIT_FACTOR=1).
 */


let site: SignedInApp;
let sink: SmtpSink;
let stop = async () => {};
const call = jsonCaller(() => site.app, () => site.cookie);

beforeAll(async () => {
  ({ site, sink, stop } = await startSignedInAppWithMail({ TRUST_PROXY: "1", RATE_LIMIT_FACTOR: "1" }));
}, 60_000);
afterAll(() => stop());

let serial = 0;
const unique = (name: string) => `${name}${Date.now().toString(36)}${++serial}`;
/** A network of the test's own: each test its own /24 of the documentation range. */
const networkOf = (n: number) => `198.51.100.${n}`;

const ask = (email: string, search: AlertSearch, network: string, language = "en") => postAlertForm(site.app, alertFields(email, search, language), { "X-Forwarded-For": network });

/** Inserts confirmed alerts straight into the database, as days of confirmations would leave them. */
function confirmedAlerts(addresses: string[]) {
  withServerDatabase(site.app, (db) => {
    const insert = db.prepare("insert into search_alerts (email, mailbox, language, filters, q, status, confirmed_at, link_token) values (?, ?, 'en', ?, ?, 'confirmed', ?, ?)");
    db.transaction(() => {
      for (const email of addresses) {
        const q = unique("town");
        insert.run(email, email, `q=${q}`, q, Date.now(), unique("token"));
      }
    })();
  });
}

describe("the search's text", () => {
  it("is one line without direction overrides in the URL, the page, the stored alert and the confirmation mail", async () => {
    const typed = "Oak\r\nACTION NEEDED: confirm at https://evil.example/c\u202E";
    const list = await fetch(`${site.app.url}/properties?q=${encodeURIComponent(typed)}`, { redirect: "manual" });
    expect([301, 302, 308]).toContain(list.status);
    expect(new URL(list.headers.get("location")!, site.app.url).searchParams.get("q")).toBe("Oak ACTION NEEDED: confirm at https://evil.example/c");

    const email = `${unique("oneline")}@example.com`;
    expect((await ask(email, { q: typed }, networkOf(1))).status).toBe(200);
    const [row] = withServerDatabase(site.app, (db) => db.prepare("select q from search_alerts where email = ?").all(email)) as { q: string }[];
    expect(row.q).toBe("Oak ACTION NEEDED: confirm at https://evil.example/c");

    // The mail names no search at all: only the page its link opens does.
    const mail = await nthMailTo(sink, email, 1);
    expect(mail.text).not.toContain("evil.example");
    expect(mail.html).not.toContain("evil.example");
    const page = await (await fetch(confirmationLink(mail))).text();
    expect(page).not.toContain("\u202E");
    expect(visibleTexts(page).join(" ")).toContain("“Oak ACTION NEEDED: confirm at https://evil.example/c”");
  });

  it("an alert stored before the rule reads as one line in its digest and on its manage page", async () => {
    const town = unique("Zavalla");
    const email = `${unique("stored")}@example.com`;
    const linkToken = unique("linktoken").padEnd(43, "x");
    withServerDatabase(site.app, (db) =>
      db
        .prepare("insert into search_alerts (email, mailbox, language, filters, q, status, confirmed_at, link_token) values (?, ?, 'en', ?, ?, 'confirmed', ?, ?)")
        .run(email, email, `q=${town}`, `${town}\n\u202EACTION NEEDED: call +1 555 0100`, Date.now(), linkToken),
    );
    const published = await call("/api/admin/properties", {
      method: "POST",
      body: {
        name: `${town} ACTION NEEDED: call +1 555 0100 Lot 1`,
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
        description: "A tidy home.",
        descriptionSpanish: "Una casa ordenada.",
        isActive: true,
      },
    });
    expect(published.status).toBe(201);
    const digest = await nthMailTo(sink, email, 1);
    expect(digest.subject).toBe(`Homes for your search: “${town} ACTION NEEDED: call +1 555 0100”`);
    expect((digest.text ?? "").split("\n").some((line) => line.replace(/[\u202A-\u202E\s]/g, "").startsWith("ACTIONNEEDED"))).toBe(false);
    const [manage] = linesLinkingTo(digest, "/alerts/manage");
    const page = await (await fetch(manage)).text();
    expect(page).not.toContain("\u202E");
    expect(visibleTexts(page).join(" ")).toContain(`“${town} ACTION NEEDED: call +1 555 0100”`);
  });
});

describe("the per-address limit", () => {
  it("counts one inbox however it is spelled: a+1@, A+2@ … share its 5 mails in 15 minutes", async () => {
    const name = unique("inbox");
    for (let n = 1; n <= 7; n++) {
      const response = await ask(`${n % 2 ? name : name.toUpperCase()}+${n}@example.org`, { q: unique("town") }, networkOf(10 + n));
      expect(response.status).toBe(200);
    }
    await mailQueueDrained(site.app);
    await sink.caughtUp();
    const toInbox = sink.messages().filter((mail) => mail.to.some((to) => to.toLowerCase().startsWith(`${name.toLowerCase()}+`)));
    expect(toInbox).toHaveLength(5);
  });

  it("a stranger asking five times does not block the owner's own network, and asking again never cancels the owner's link", async () => {
    const owner = `${unique("owner")}@example.org`;
    const home = networkOf(30);
    const stranger = networkOf(31);
    // The owner confirmed an alert from home once.
    await ask(owner, { q: unique("town") }, home);
    const first = new URL(confirmationLink(await nthMailTo(sink, owner, 1)));
    const confirmed = await fetch(first, { method: "POST", headers: { Origin: first.origin, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": home }, body: "" });
    expect(visibleTexts(await confirmed.text()).join(" ")).toContain("Your alerts are on");

    // The owner asks for another search; before they open the mail, a stranger asks five times for it too.
    const search = { q: unique("town") };
    await ask(owner, search, home);
    const ownersLink = confirmationLink(await nthMailTo(sink, owner, 2));
    for (let n = 0; n < 5; n++) expect((await ask(owner, search, stranger)).status).toBe(200);
    await mailQueueDrained(site.app);
    await sink.caughtUp();
    const afterStranger = (await mailsTo(sink, owner)).length;
    expect(afterStranger).toBe(6);
    // The stranger's sixth gets nothing sent (the shared allowance is spent); the owner's network still may.
    await ask(owner, { q: unique("town") }, stranger);
    await ask(owner, { q: unique("town") }, home);
    await mailQueueDrained(site.app);
    await sink.caughtUp();
    expect((await mailsTo(sink, owner)).length).toBe(afterStranger + 1);

    expect(visibleTexts(await (await confirmByLink(ownersLink)).text()).join(" ")).toContain("Your alerts are on");
  });
});

describe("caps on confirmed alerts", () => {
  it("an inbox follows 10 searches at most: the 11th confirmation says so and turns nothing on", async () => {
    const email = `${unique("many")}@example.net`;
    confirmedAlerts(Array.from({ length: 9 }, () => email));
    await ask(email, { q: unique("town") }, networkOf(40));
    await ask(email, { q: unique("town") }, networkOf(40));
    const tenth = confirmationLink(await nthMailTo(sink, email, 1));
    const eleventh = confirmationLink(await nthMailTo(sink, email, 2));
    expect(visibleTexts(await (await confirmByLink(tenth)).text()).join(" ")).toContain("Your alerts are on");
    const refused = visibleTexts(await (await confirmByLink(eleventh)).text()).join(" ");
    expect(refused).toContain("These alerts could not be turned on");
    expect(refused).toContain(`${email} already gets alerts for as many searches as we send to one address.`);
    expect(alertRows(site.app, email).filter((row) => row.status === "confirmed")).toHaveLength(10);
    // With 10, a request sends no link at all.
    await ask(email, { q: unique("town") }, networkOf(40));
    await mailQueueDrained(site.app);
    await sink.caughtUp();
    expect((await mailsTo(sink, email)).length).toBe(2);
  });

  it("a domain that is not a public mail service has 50 at most, whatever its inboxes", async () => {
    const domain = `${unique("catchall")}.example`;
    confirmedAlerts(Array.from({ length: 50 }, (_, n) => `box${n}@${domain}`));
    const email = `box-new@${domain}`;
    await ask(email, { q: unique("town") }, networkOf(50));
    const refused = visibleTexts(await (await confirmByLink(confirmationLink(await nthMailTo(sink, email, 1)))).text()).join(" ");
    expect(refused).toContain("We cannot take more alerts right now.");
    expect(alertRows(site.app, email)[0].status).toBe("pending");
  });

  it("the site takes as many as the office set (search_alerts_limit), in the visitor's language", async () => {
    const email = `${unique("site")}@gmail.com`;
    await ask(email, { q: unique("town") }, networkOf(60), "es");
    const link = confirmationLink(await nthMailTo(sink, email, 1));
    withServerDatabase(site.app, (db) => {
      const confirmed = (db.prepare("select count(*) as n from search_alerts where status = 'confirmed'").get() as { n: number }).n;
      db.prepare("insert into configurations (key, value, updated_by) values ('search_alerts_limit', ?, 'test')").run(String(confirmed));
    });
    try {
      const refused = visibleTexts(await (await confirmByLink(link)).text()).join(" ");
      expect(refused).toContain("No pudimos activar estas alertas");
      expect(refused).toContain("Por ahora no podemos recibir más alertas.");
      expect(alertRows(site.app, email)[0].status).toBe("pending");
    } finally {
      withServerDatabase(site.app, (db) => db.prepare("delete from configurations where key = 'search_alerts_limit'").run());
    }
    expect(visibleTexts(await (await confirmByLink(link)).text()).join(" ")).toContain("Sus alertas están activas");
  });

  it("the office sets the limit on the Settings tab: a whole number from 1 to 100,000, recorded in the change log", async () => {
    for (const bad of ["0", "-5", "12.5", "lots", "100001"]) {
      const refused = await postFormFollowed(site.app, site.cookie, "/admin/dashboard/settings", { intent: "search-alert-limit", alertLimit: bad });
      expect(refused.html).toContain("The limit must be a whole number from 1 to 100,000");
    }
    expect(withServerDatabase(site.app, (db) => db.prepare("select count(*) as n from configurations where key = 'search_alerts_limit'").get())).toEqual({ n: 0 });
    const saved = await postFormFollowed(site.app, site.cookie, "/admin/dashboard/settings", { intent: "search-alert-limit", alertLimit: "2,500" });
    expect(saved.html).toContain("Search alert limit updated");
    expect(saved.html).toMatch(/value="2500"/);
    const audit = withServerDatabase(site.app, (db) => db.prepare("select summary from audit_log where entity = 'setting' and entity_id = 'search_alerts_limit'").all()) as { summary: string }[];
    expect(audit.map((row) => row.summary).join(" ")).toContain("2500");
    withServerDatabase(site.app, (db) => db.prepare("delete from configurations where key = 'search_alerts_limit'").run());
  });
});
