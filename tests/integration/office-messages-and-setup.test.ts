import type Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessage, postContactJson, postSpanishContactForm } from "../support/contact-posts";
import { jsonCaller, postFormFollowed, startSignedInApp, type SignedInApp } from "../support/admin-api";
import { parseCsv } from "../support/csv";
import { visibleTexts } from "../support/html";
import { freePort, withServerDatabase } from "../support/server";
import { mailHeader, mimeParts, startSmtpSink, type ReceivedMail, type SmtpSink } from "../support/smtp";

// What the office sees of its messages and of its setup (issue 32, items 9 and 10): each
// message's language in the list, the CSV and the office mail, phone numbers as tel:
// links, the count of new messages, times in mail written for America/Chicago, a banner
// on every dashboard page until the contact e-mail is set, and invitations to colleagues.

const STAFF = "staff@example.com";
const TABS = ["", "/properties", "/faqs", "/media", "/text", "/admins", "/settings", "/messages"].map((tab) => `/admin/dashboard${tab}`);
const NOBODY_READS = "Contact form messages are not reaching anyone";
const NOT_SET = "No contact e-mail is set";

let sink: SmtpSink;
let ctx: SignedInApp;
const call = jsonCaller(() => ctx.app, () => ctx.cookie);

beforeAll(async () => {
  sink = await startSmtpSink(await freePort());
  // MAIL_FROM left at its default, no-reply@localhost: the setup nobody should keep.
  ctx = await startSignedInApp({ email: STAFF, env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}`, RATE_LIMIT_FACTOR: "100" } });
});
afterAll(async () => {
  await ctx?.stop();
  await sink?.stop();
});

const withDb = <T>(work: (db: Database.Database) => T): T => withServerDatabase(ctx.app, work);

async function page(path: string): Promise<string[]> {
  const response = await fetch(`${ctx.app.url}${path}`, { headers: { Cookie: ctx.cookie } });
  expect(response.status, path).toBe(200);
  return visibleTexts(await response.text());
}

async function html(path: string): Promise<string> {
  const response = await fetch(`${ctx.app.url}${path}`, { headers: { Cookie: ctx.cookie } });
  return response.text();
}

function textPart(mail: ReceivedMail): string {
  return mimeParts(mail.raw).find((part) => part.contentType === "text/plain")!.body;
}

const newCount = () => withDb((db) => (db.prepare("select count(*) as n from contact_messages where handled_at is null").get() as { n: number }).n);

describe("a message's language, phone and time", () => {
  it("records the language of the page or call it came from, and shows it in the list, the CSV and the office mail", async () => {
    const stamp = Date.now().toString(36);
    const spanishForm = { ...contactMessage(`Forma${stamp}`, "¿Sigue disponible la casa?"), phone: "(817) 555-0100" };
    expect((await postSpanishContactForm(ctx.app, spanishForm)).status).toBeLessThan(400);
    expect((await postContactJson(ctx.app, { ...contactMessage(`Json${stamp}`), phone: "+1 817 555 0101" })).status).toBe(201);
    const spanishJson = await fetch(`${ctx.app.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": "es-MX,es;q=0.9" },
      body: JSON.stringify(contactMessage(`JsonEs${stamp}`)),
    });
    expect(spanishJson.status).toBe(201);

    const languages = withDb((db) =>
      Object.fromEntries((db.prepare("select last_name, language from contact_messages where last_name like ?").all(`%${stamp}`) as { last_name: string; language: string }[]).map((row) => [row.last_name, row.language])),
    );
    expect(languages).toEqual({ [`Forma${stamp}`]: "es", [`Json${stamp}`]: "en", [`JsonEs${stamp}`]: "es" });

    // The list: "Written in" and a phone number to tap.
    const list = await html(`/admin/dashboard/messages?q=${stamp}`);
    const texts = visibleTexts(list);
    expect(texts.filter((text) => text === "Written in:")).toHaveLength(3);
    expect(texts.filter((text) => text === "Spanish")).toHaveLength(2);
    expect(texts.filter((text) => text === "English")).toHaveLength(1);
    expect(list).toContain('href="tel:8175550100"');
    expect(list).toContain('href="tel:+18175550101"');
    expect(texts).toContain("(817) 555-0100");

    // The CSV: a language column after the message's own (the visit columns follow it).
    const csv = await fetch(`${ctx.app.url}/api/admin/messages.csv?q=${stamp}`, { headers: { Cookie: ctx.cookie } });
    const records = parseCsv((await csv.text()).replace(/^\uFEFF/, ""));
    const language = records[0].indexOf("language");
    expect(records[0].slice(language)).toEqual(["language", "visit home", "visit times asked", "visit confirmed time", "visit status", "source", "campaign", "referrer", "sent from", "stage", "closed reason", "first reply"]);
    const byLastName = new Map(records.slice(1).map((record) => [record[3], record[language]]));
    expect(byLastName.get(`Forma${stamp}`)).toBe("Spanish");
    expect(byLastName.get(`Json${stamp}`)).toBe("English");

    // The office mail: the language, and the time as the office reads it.
    const mail = await sink.waitFor((received) => received.raw.includes(`Forma${stamp}`));
    const text = textPart(mail);
    expect(text).toContain("Language: Spanish");
    const received = /^Received: (.+)$/m.exec(text)?.[1];
    expect(received).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T$/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    const created = withDb((db) => (db.prepare("select created_at from contact_messages where last_name = ?").get(`Forma${stamp}`) as { created_at: number }).created_at);
    const chicago = new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", hour: "numeric", minute: "2-digit" }).format(created);
    expect(received).toContain(chicago);
  });

  it("counts new messages on the Overview, on the Messages tab and in the tabs, and the count follows 'Mark as handled'", async () => {
    withDb((db) => {
      const insert = db.prepare("insert into contact_messages (first_name, last_name, email, subject, message, created_at) values (?, ?, ?, ?, ?, ?)");
      for (const name of ["Counted", "Also Counted"]) insert.run(name, "New", "new@example.com", "other", "Hello", Date.now());
    });
    const before = newCount();
    expect(before).toBeGreaterThan(1);
    const plural = `${before} new messages`;
    expect(await page("/admin/dashboard")).toContain(plural);
    const messages = await page("/admin/dashboard/messages");
    expect(messages).toContain(plural);
    expect(messages).toContain(`${before} new`);
    expect(await html("/admin/dashboard")).toContain('href="/admin/dashboard/messages?status=new"');

    const id = withDb((db) => (db.prepare("select id from contact_messages where handled_at is null order by id limit 1").get() as { id: number }).id);
    const handled = await postFormFollowed(ctx.app, ctx.cookie, "/admin/dashboard/messages", { id: String(id), handled: "true" });
    expect(handled.status).toBe(302);
    expect(visibleTexts(handled.html)).toContain(`${before - 1} new messages`);
    await postFormFollowed(ctx.app, ctx.cookie, "/admin/dashboard/messages", { id: String(id), handled: "false" });
    expect(await page("/admin/dashboard")).toContain(plural);
  });
});

describe("setup", () => {
  it("shows a banner on every dashboard page while no contact e-mail is set, and none once it is", async () => {
    for (const tab of TABS) {
      const texts = await page(tab);
      expect(texts, tab).toContain(NOBODY_READS);
      expect(texts.join(" "), tab).toContain("no-reply@localhost");
      expect(texts, tab).toContain("Set the contact e-mail in Settings");
    }
    const saved = await postFormFollowed(ctx.app, ctx.cookie, "/admin/dashboard/settings", { value: "office@lonestar.example" });
    expect(saved.status).toBe(302);
    for (const tab of TABS) expect(await page(tab), tab).not.toContain(NOBODY_READS);
    withDb((db) => db.prepare("delete from configurations where key = 'contact_email'").run());
    expect(await page("/admin/dashboard")).toContain(NOBODY_READS);
  });

  it("says where mail goes when the sender address is one someone reads", async () => {
    const other = await startSignedInApp({ email: STAFF, env: { MAIL_FROM: "office@lonestar.example", SEED_DEMO: "0" } });
    try {
      const response = await fetch(`${other.app.url}/admin/dashboard/faqs`, { headers: { Cookie: other.cookie } });
      const texts = visibleTexts(await response.text());
      expect(texts).toContain(NOT_SET);
      expect(texts).not.toContain(NOBODY_READS);
      expect(texts.join(" ")).toContain("mailed to the mail server's sender address, office@lonestar.example");
    } finally {
      await other.stop();
    }
  });

  it("mails an invitation to a colleague added with 'Send an invitation', with the sign-in page's address and no sign-in link", async () => {
    const added = await postFormFollowed(ctx.app, ctx.cookie, "/admin/dashboard/admins/new", { email: "New.Colleague@Example.com", invite: "on" });
    expect(added.status).toBe(302);
    expect(visibleTexts(added.html).join(" ")).toContain("An invitation is on its way to new.colleague@example.com.");
    const mail = await sink.waitFor((received) => received.to.includes("new.colleague@example.com"));
    expect(mailHeader(mail.raw, "Subject")).toBe("You are invited to the Lone Star Home Management admin dashboard");
    const text = textPart(mail);
    expect(text).toContain(`${ctx.app.url}/admin/login`);
    expect(text).toContain(`${STAFF} added new.colleague@example.com`);
    expect(mail.raw).not.toContain("/admin/auth/magic");
    expect(mail.raw).not.toMatch(/token=/i);
  });

  it("sends no invitation when the box is unticked, and the JSON call invites only when asked", async () => {
    expect((await postFormFollowed(ctx.app, ctx.cookie, "/admin/dashboard/admins/new", { email: "quiet@example.com" })).status).toBe(302);
    expect((await call("/api/admin/whitelist", { method: "POST", body: { email: "json-quiet@example.com" } })).status).toBe(201);
    const invited = await call("/api/admin/whitelist", { method: "POST", body: { email: "json-invited@example.com", invite: true } });
    expect(invited.status).toBe(201);
    const refused = await call("/api/admin/whitelist", { method: "POST", body: { email: "json-odd@example.com", invite: "yes" } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe("invite must be true or false");
    await sink.waitFor((received) => received.to.includes("json-invited@example.com"));
    await sink.caughtUp();
    const to = sink.messages().flatMap((mail) => mail.to);
    expect(to).not.toContain("quiet@example.com");
    expect(to).not.toContain("json-quiet@example.com");
    expect(withDb((db) => db.prepare("select email from admin_whitelist where email = 'json-odd@example.com'").get())).toBeUndefined();
  });
});
