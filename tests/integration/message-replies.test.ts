import { parse as parseHtml } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, postFormFollowed, startSignedInAppWithMail, type SignedInApp } from "../support/admin-api";
import { seedBody } from "../support/home-facts";
import { visibleTexts } from "../support/html";
import { withServerDatabase } from "../support/server";
import { mimeParts, type ReceivedMail, type SmtpSink } from "../support/smtp";
import { askVisit, decodedHeader, offeredTimes } from "../support/visits";

/**
 * Replies from the Messages tab (docs/product.md, "Replies"; issue 55 point 2): staff
 * write to the visitor from a ready answer in the visitor's language (or the other),
 * by the dialog's form without JavaScript and by JSON. The reply goes through a real
 * SMTP server process from the site's sender with Reply-To the office, is stored in the
 * enquiry's thread with the visit's events, and moves a new enquiry to replied.
 */

const SITE_SENDER = "website@lonestar.example";
const OFFICE = "leasing@lonestar.example";
const STAFF = "staff@example.com";

let site: SignedInApp;
let sink: SmtpSink;
let stopAll = async () => {};
let home: number;
let similar: number;
const call = jsonCaller(() => site.app, () => site.cookie);

const textOf = (mail: ReceivedMail) => mimeParts(mail.raw).find((part) => part.contentType === "text/plain")?.body ?? "";
const htmlOf = (mail: ReceivedMail) => parseHtml(mimeParts(mail.raw).find((part) => part.contentType === "text/html")?.body ?? "");
const mailTo = (address: string, subject: string) =>
  sink.waitFor((mail) => mail.to.some((to) => to.toLowerCase() === address) && decodedHeader(mail.raw, "Subject") === subject);

async function createHome(body: Record<string, unknown>): Promise<number> {
  const response = await call("/api/admin/properties", { method: "POST", body: seedBody(body) });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

let serial = 0;
/** An enquiry through POST /api/contact (`?lng=es` for Spanish), about a home or not: its id. */
async function enquiry(email: string, options: { home?: number; language?: "en" | "es"; firstName?: string } = {}): Promise<{ id: number; lastName: string }> {
  serial += 1;
  const lastName = `Respuesta${Date.now().toString(36)}${serial}`;
  const body = { firstName: options.firstName ?? "Lucía", lastName, email, subject: "rental-inquiry", message: "¿Sigue disponible?", ...(options.home ? { propertyId: options.home } : {}) };
  const response = await fetch(`${site.app.url}/api/contact${options.language === "es" ? "?lng=es" : ""}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return { id: ((await response.json()) as { id: number }).id, lastName };
}

const stored = (id: number) =>
  withServerDatabase(site.app, (db) => ({
    message: db.prepare("select stage, handled_by as handledBy, first_replied_at is not null as firstReplied from contact_messages where id = ?").get(id),
    replies: db.prepare("select language, template, subject, body, sent_by as sentBy from message_replies where message_id = ? order by id").all(id),
  }));

type Draft = { language: string; template: string; subject: string; body: string };
type Thread = { kind: string; by: string; text?: string; body?: string; language?: string }[];

beforeAll(async () => {
  const started = await startSignedInAppWithMail({ MAIL_FROM: SITE_SENDER });
  site = started.site;
  sink = started.sink;
  stopAll = started.stop;
  expect((await call("/api/admin/configurations", { method: "POST", body: { key: "contact_email", value: OFFICE, description: "The office" } })).status).toBe(201);
  home = await createHome({
    name: "Mesquite Bend, Lot 12",
    location: "Tyler, TX 75701",
    price: "$900/month",
    priceSpanish: "$900 al mes",
    beds: "3",
    baths: "2",
    applicationUrl: "https://apply.example.com/mesquite-12",
    facts: { status: "available", listingType: "rent", priceAmount: 900, pricePeriod: "month" },
  });
  similar = await createHome({
    name: "Mesquite Bend, Lot 14",
    location: "Tyler, TX 75701",
    price: "$925/month",
    priceSpanish: "$925 al mes",
    beds: "3",
    baths: "2",
    facts: { status: "available", listingType: "rent", priceAmount: 925, pricePeriod: "month" },
  });
}, 90_000);
afterAll(() => stopAll());

describe("a reply's ready answers", () => {
  it("write out the Spanish visitor's answer in Spanish with the home's links; the other language and the other answers on demand", async () => {
    const { id } = await enquiry("lucia.drafts@example.com", { home, language: "es" });
    const url = site.app.url;
    const answer = await call(`/api/admin/messages/${id}/replies`);
    expect(answer.status).toBe(200);
    const { draft, templates, thread, stage } = (await answer.json()) as { draft: Draft; templates: { value: string; label: string }[]; thread: Thread; stage: string };
    expect(stage).toBe("new");
    expect(thread).toEqual([]);
    expect(templates.map((template) => template.label)).toEqual(["Sin respuesta preparada", "Sigue disponible, venga a verla", "Ya se rentó; aquí hay casas parecidas", "Presente su solicitud aquí"]);
    expect(draft).toMatchObject({ language: "es", template: "available", subject: "Re: Mesquite Bend, Lot 12" });
    expect(draft.body).toContain("Hola, Lucía:");
    expect(draft.body).toContain(`Elija un horario para visitarla aquí: ${url}/properties/${home}/visit?lng=es`);
    expect(draft.body).toContain(`Página de la casa: ${url}/properties/${home}?lng=es`);

    const rented = (await (await call(`/api/admin/messages/${id}/replies?template=rented`)).json()) as { draft: Draft };
    expect(rented.draft.body).toContain(`- Mesquite Bend, Lot 14 (Tyler, TX 75701), $925 al mes: ${url}/properties/${similar}?lng=es`);
    const apply = (await (await call(`/api/admin/messages/${id}/replies?template=apply&language=en`)).json()) as { draft: Draft; templates: { label: string }[] };
    expect(apply.draft).toMatchObject({ language: "en", template: "apply", subject: "Re: Mesquite Bend, Lot 12" });
    expect(apply.draft.body).toMatch(/^Hello Lucía,\n\n/);
    expect(apply.draft.body).toContain("https://apply.example.com/mesquite-12");
    expect(apply.draft.body).toContain(`${url}/rental-criteria`);
    expect(apply.templates.map((template) => template.label)).toContain("Please apply here");

    const unknown = await call(`/api/admin/messages/${id}/replies?language=fr&template=maybe`);
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors).toEqual({
      language: ["The language must be one of en, es"],
      template: ["The ready answer must be one of blank, available, rented, apply"],
    });
  });

  it("offer a general message only a greeting, subject 'Re: your message to' the office", async () => {
    const { id } = await enquiry("general.drafts@example.com");
    const { draft, templates } = (await (await call(`/api/admin/messages/${id}/replies?template=rented`)).json()) as { draft: Draft; templates: unknown[] };
    expect(templates).toHaveLength(1);
    expect(draft).toMatchObject({ language: "en", template: "blank", subject: "Re: your message to Lone Star Home Management" });
    expect(draft.body).toMatch(/^Hello Lucía,\n\n[\s\S]*Best regards,\nLone Star Home Management$/);
  });
});

describe("the ready answers' texts", () => {
  it("are site texts staff edit in the Text tab, in each language", async () => {
    const listed = (await (await call("/api/admin/text-entries?q=reply.template.available.text")).json()) as { id: number; key: string; englishText: string; spanishText: string }[];
    const entry = listed.find((candidate) => candidate.key === "reply.template.available.text")!;
    const spanish = "Hola, {{name}}:\n\n{{home}} sigue libre. Venga a verla: {{visit}}\n\n{{office}}";
    expect((await call(`/api/admin/text-entries/${entry.id}`, { method: "PUT", body: { key: entry.key, englishText: entry.englishText, spanishText: spanish } })).status).toBe(200);
    try {
      const { id } = await enquiry("lucia.edited@example.com", { home, language: "es" });
      const { draft } = (await (await call(`/api/admin/messages/${id}/replies`)).json()) as { draft: Draft };
      expect(draft.body).toBe(`Hola, Lucía:\n\nMesquite Bend, Lot 12 sigue libre. Venga a verla: ${site.app.url}/properties/${home}/visit?lng=es\n\nLone Star Home Management`);
    } finally {
      await call(`/api/admin/text-entries/${entry.id}`, { method: "PUT", body: { key: entry.key, englishText: entry.englishText, spanishText: entry.spanishText } });
    }
  });
});

describe("a reply sent by JSON", () => {
  it("reaches the visitor from the site's sender with Reply-To the office, is stored in the thread and moves the enquiry to replied", async () => {
    const { id } = await enquiry("lucia.json@example.com", { home, language: "es" });
    const { draft } = (await (await call(`/api/admin/messages/${id}/replies`)).json()) as { draft: Draft };
    const body = draft.body.replace("Sigue disponible", "Sigue disponible (y recién pintada)");
    const sent = await call(`/api/admin/messages/${id}/replies`, { method: "POST", body: { language: "es", template: "available", body } });
    expect(sent.status).toBe(201);
    expect(await sent.json()).toMatchObject({ reply: { messageId: id, language: "es", template: "available", subject: "Re: Mesquite Bend, Lot 12", body, sentBy: STAFF }, stage: "replied" });

    const mail = await mailTo("lucia.json@example.com", "Re: Mesquite Bend, Lot 12");
    expect(mail.from).toBe(SITE_SENDER);
    expect(decodedHeader(mail.raw, "Reply-To")).toBe(OFFICE);
    const text = textOf(mail);
    expect(text).toContain("Hola, Lucía:\n\nGracias por su interés en Mesquite Bend, Lot 12. Sigue disponible (y recién pintada)");
    expect(text).toContain("¿Tiene preguntas? Responda a este correo o llámenos:");
    expect(htmlOf(mail).querySelectorAll("a").map((link) => link.getAttribute("href"))).toEqual([
      `${site.app.url}/properties/${home}/visit?lng=es`,
      `${site.app.url}/properties/${home}?lng=es`,
    ]);

    expect(stored(id)).toEqual({ message: { stage: "replied", handledBy: STAFF, firstReplied: 1 }, replies: [{ language: "es", template: "available", subject: "Re: Mesquite Bend, Lot 12", body, sentBy: STAFF }] });
    const { thread } = (await (await call(`/api/admin/messages/${id}/replies`)).json()) as { thread: Thread };
    expect(thread).toEqual([expect.objectContaining({ kind: "reply", by: STAFF, language: "es", body })]);
  });

  it("refuses an empty reply, an unknown language or a missing enquiry, and sends nothing", async () => {
    const { id } = await enquiry("lucia.refused@example.com", { home });
    const empty = await call(`/api/admin/messages/${id}/replies`, { method: "POST", body: { language: "xx", body: "   " } });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({
      error: "Failed to send the reply",
      fieldErrors: { language: ["The language must be one of en, es"], body: ["Write the reply"] },
    });
    const missing = await call("/api/admin/messages/999999/replies", { method: "POST", body: { language: "en", body: "Hello" } });
    expect(missing.status).toBe(404);
    expect(stored(id)).toEqual({ message: { stage: "new", handledBy: null, firstReplied: 0 }, replies: [] });
    expect(withServerDatabase(site.app, (db) => db.prepare("select count(*) as n from mail_queue where recipient = ? and subject like 'Re:%'").get("lucia.refused@example.com"))).toEqual({ n: 0 });
  });
});

describe("a reply sent by the dialog's form without JavaScript", () => {
  it("opens with the ready answer, sends, comes back to the tab with a toast and shows the reply in the thread", async () => {
    const { id, lastName } = await enquiry("lucia.form@example.com", { home, language: "es" });
    const dialog = await fetch(`${site.app.url}/admin/dashboard/messages/${id}/reply?q=${lastName}&language=es&template=apply`, { headers: { Cookie: site.cookie } });
    expect(dialog.status).toBe(200);
    const page = parseHtml(await dialog.text());
    expect(page.querySelector("[role=dialog] h2")?.text ?? page.querySelector("h2")?.text).toContain(`Reply to Lucía ${lastName}`);
    const textarea = page.querySelector("textarea[name=body]");
    expect(textarea?.text).toContain("https://apply.example.com/mesquite-12");
    // The choice keeps the tab's filter.
    expect(page.querySelector(`input[type=hidden][name=q]`)?.getAttribute("value")).toBe(lastName);

    const refused = await postFormFollowed(site.app, site.cookie, `/admin/dashboard/messages/${id}/reply?q=${lastName}`, { language: "es", template: "apply", body: "" });
    expect(refused.status).toBe(400);
    expect(visibleTexts(refused.html)).toContain("Write the reply");
    expect(stored(id).replies).toEqual([]);

    const body = "Hola, Lucía:\n\nPuede llenar la solicitud aquí: https://apply.example.com/mesquite-12\n\nSaludos cordiales,\nLone Star Home Management";
    const sent = await postFormFollowed(site.app, site.cookie, `/admin/dashboard/messages/${id}/reply?q=${lastName}&language=es&template=apply`, { language: "es", template: "apply", body });
    expect(sent.location).toBe(`/admin/dashboard/messages?q=${lastName}`);
    const texts = visibleTexts(sent.html);
    expect(texts).toContain(`Reply sent to Lucía ${lastName}`);
    expect(texts).toContain("Conversation");
    expect(texts.some((text) => text.includes("Puede llenar la solicitud aquí"))).toBe(true);
    expect(texts).toContain("Replied");

    const mail = await mailTo("lucia.form@example.com", "Re: Mesquite Bend, Lot 12");
    expect(decodedHeader(mail.raw, "Reply-To")).toBe(OFFICE);
    expect(textOf(mail)).toContain("Puede llenar la solicitud aquí: https://apply.example.com/mesquite-12");
    expect(stored(id).replies).toEqual([{ language: "es", template: "apply", subject: "Re: Mesquite Bend, Lot 12", body, sentBy: STAFF }]);
  });
});

describe("an enquiry's thread", () => {
  it("holds the visit's events beside the replies, oldest first", async () => {
    const times = await offeredTimes(site.app, similar);
    const id = await askVisit(site.app, similar, [times[0]]);
    expect((await call(`/api/admin/visits/${id}/confirm`, { method: "POST", body: { time: times[0] } })).status).toBe(200);
    expect((await call(`/api/admin/messages/${id}/replies`, { method: "POST", body: { language: "en", body: "See you there." } })).status).toBe(201);
    const { thread } = (await (await call(`/api/admin/messages/${id}/replies`)).json()) as { thread: Thread };
    expect(thread.map((item) => item.kind)).toEqual(["event", "reply"]);
    expect(thread[0].text).toMatch(/^Visit confirmed for \w+day, \w+ \d+, \d{4},? (at )?\d+:00\s[AP]M C[SD]T$/);
    expect(thread[0].by).toBe(STAFF);
    // A confirmed visit's enquiry stays at visit scheduled when replied to.
    expect(stored(id).message).toMatchObject({ stage: "visit_scheduled" });
  });
});
