import { parse as parseHtml } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, OFFICE_MAIL, startSignedInAppWithMail, type SignedInApp } from "../support/admin-api";
import { seedBody } from "../support/home-facts";
import { homeReplyLines, officeReplyLines } from "../support/instant-reply";
import { withServerDatabase } from "../support/server";
import { mimeParts, type ReceivedMail, type SmtpSink } from "../support/smtp";
import { decodedHeader, offeredTimes, postVisitJson, visitBody } from "../support/visits";

/**
 * The instant reply (docs/product.md, "The instant reply"; issue 55 point 1): a message
 * about a home brings its visitor the home's key facts and links in their language, a
 * general message a short acknowledgement, each once a day per inbox (case and "+tag"
 * ignored) and home, at most 3 a day per inbox across homes; a visit request's received
 * mail is its instant reply. Nothing the visitor typed goes in. The mail goes through a
 * real SMTP server process.
 */

const TYPED_NAME = "Visit evil.example now";
const TYPED_MESSAGE = "Please pay the fee at https://evil.example/pay";

let site: SignedInApp;
let sink: SmtpSink;
let stopAll = async () => {};
let rental: number;
let sale: number;
const call = jsonCaller(() => site.app, () => site.cookie);

const textOf = (mail: ReceivedMail) => mimeParts(mail.raw).find((part) => part.contentType === "text/plain")?.body ?? "";
const htmlOf = (mail: ReceivedMail) => parseHtml(mimeParts(mail.raw).find((part) => part.contentType === "text/html")?.body ?? "");
const subjectOf = (mail: ReceivedMail) => decodedHeader(mail.raw, "Subject");

async function createHome(body: Record<string, unknown>): Promise<number> {
  const response = await call("/api/admin/properties", { method: "POST", body: seedBody(body) });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

let serial = 0;
/** A message through POST /api/contact (`?lng=es` for Spanish), about a home or not. */
async function ask(email: string, options: { home?: number; language?: "en" | "es" } = {}) {
  serial += 1;
  const lastName = `Reply${Date.now().toString(36)}${serial}`;
  const body = { firstName: TYPED_NAME, lastName, email, subject: "rental-inquiry", message: TYPED_MESSAGE, ...(options.home ? { propertyId: options.home } : {}) };
  const response = await fetch(`${site.app.url}/api/contact${options.language === "es" ? "?lng=es" : ""}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return lastName;
}

/** Whether an address is another spelling of an inbox (case and "+tag" aside). */
function isOfInbox(address: string, inbox: string): boolean {
  const [local, domain] = inbox.split("@");
  const lower = address.toLowerCase();
  return lower.endsWith(`@${domain}`) && lower.split("@")[0].split("+")[0] === local;
}

/** The mails queued to an inbox (any spelling), oldest first: what the transactions wrote, whether sent yet or not. */
function queuedTo(inbox: string): { recipient: string; subject: string }[] {
  return withServerDatabase(site.app, (db) =>
    (db.prepare("select recipient, subject from mail_queue order by id").all() as { recipient: string; subject: string }[]).filter((row) => isOfInbox(row.recipient, inbox)),
  );
}

/**
 * An inbox (any spelling) was queued just these replies, by subject, and got them and no
 * more through the SMTP server; every message sent (by the last name `ask` gave it)
 * reached the office all the same, once.
 */
async function expectReplies(inbox: string, subjects: string[], sent: string[]) {
  expect(queuedTo(inbox).map((row) => row.subject)).toEqual(subjects);
  const toInbox = () => sink.messages().filter((mail) => mail.to.some((to) => isOfInbox(to, inbox))).length;
  await expect.poll(toInbox, { timeout: 30_000 }).toBe(subjects.length);
  await sink.caughtUp();
  expect(toInbox()).toBe(subjects.length);
  const notices = withServerDatabase(site.app, (db) => db.prepare("select subject from mail_queue where recipient = ?").all(OFFICE_MAIL) as { subject: string }[]);
  for (const lastName of sent) expect(notices.filter((notice) => notice.subject.endsWith(lastName))).toHaveLength(1);
}

const mailTo = (address: string, subject: string) => sink.waitFor((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()) && subjectOf(mail) === subject);

beforeAll(async () => {
  const started = await startSignedInAppWithMail();
  site = started.site;
  sink = started.sink;
  stopAll = started.stop;
  rental = await createHome({
    name: "Cedar Hollow, Lot 3",
    location: "Tyler, TX 75701",
    price: "$950/month",
    priceSpanish: "$950 al mes",
    beds: "3",
    baths: "2",
    facts: { status: "available", listingType: "rent", priceAmount: 950, pricePeriod: "month", lotRentMonthly: 100, otherMonthlyFees: 15, bedrooms: 3, bathrooms: 2 },
  });
  sale = await createHome({
    name: "Pecan Ridge, Lot 9",
    location: "Lindale, TX 75771",
    price: "$64,500",
    priceSpanish: "",
    beds: "Studio",
    baths: "1",
    facts: { status: "pending", listingType: "sale", priceAmount: 64500, pricePeriod: "total", bathrooms: 1 },
  });
}, 90_000);
afterAll(() => stopAll());

describe("the instant reply to a message about a home", () => {
  it("in English: the home's facts, its links and the office's phone and hours, nothing the visitor typed, Reply-To the office", async () => {
    await ask("ana.reply@example.com", { home: rental });
    const mail = await mailTo("ana.reply@example.com", "Thank you for asking about Cedar Hollow, Lot 3");
    expect(decodedHeader(mail.raw, "Reply-To")).toBe(OFFICE_MAIL);
    const text = textOf(mail);
    const url = site.app.url;
    expect(text).toMatch(/^Hello,\n\nThank you for asking about Cedar Hollow, Lot 3 \(Tyler, TX 75701\)\. We received your message and will answer soon\. Here are the home's key facts:\n/);
    const facts = { price: "$950/month", total: "$1,065", beds: "3", baths: "2", status: "Available now" };
    const links = { home: `${url}/properties/${rental}`, criteria: `${url}/rental-criteria`, visit: `${url}/properties/${rental}/visit` };
    expect(text).toContain(["Here are the home's key facts:", "", ...homeReplyLines("en", facts, links).slice(0, 4), "", "Learn more:", ""].join("\n"));
    expect(text).toContain(["Learn more:", "", ...homeReplyLines("en", facts, links).slice(4), "", "Questions? Reply to this e-mail or call us:", "", ...officeReplyLines("en")].join("\n"));
    expect(text).toMatch(/- Home visits: Monday–Saturday, 9:00\sAM to 5:00\sPM\n/);
    expect(text.trimEnd().endsWith("Lone Star Home Management")).toBe(true);
    expect(mail.raw).not.toContain("evil.example");
    // The HTML links each page.
    expect(htmlOf(mail).querySelectorAll("a").map((link) => link.getAttribute("href"))).toEqual(Object.values(links));
  });

  it("in Spanish: the Spanish texts and price, and links to the Spanish pages", async () => {
    await ask("lucia.reply@example.com", { home: rental, language: "es" });
    const mail = await mailTo("lucia.reply@example.com", "Gracias por preguntar por Cedar Hollow, Lot 3");
    const text = textOf(mail);
    const url = site.app.url;
    expect(text).toMatch(/^Hola:\n\nGracias por preguntar por Cedar Hollow, Lot 3 \(Tyler, TX 75701\)\. Recibimos su mensaje y le responderemos pronto\. Estos son los datos principales de la casa:\n/);
    const facts = { price: "$950 al mes", total: "$1,065", beds: "3", baths: "2", status: "Disponible ahora" };
    const links = { home: `${url}/properties/${rental}?lng=es`, criteria: `${url}/rental-criteria?lng=es`, visit: `${url}/properties/${rental}/visit?lng=es` };
    expect(text).toContain(["Estos son los datos principales de la casa:", "", ...homeReplyLines("es", facts, links).slice(0, 4), "", "Más información:", ""].join("\n"));
    expect(text).toContain(["Más información:", "", ...homeReplyLines("es", facts, links).slice(4), "", "¿Tiene preguntas? Responda a este correo o llámenos:", "", ...officeReplyLines("es")].join("\n"));
    expect(text).toMatch(/- Visitas a casas: lunes–sábado, de 9:00\sa\.\sm\.\sa 5:00\sp\.\sm\.\n|- Visitas a casas: lunes–sábado, de 9:00\sa\.m\. a 5:00\sp\.m\.\n/);
    expect(mail.raw).not.toContain("evil.example");
  });

  it("a sale with an application pending: its price labelled, its status, no monthly total, rental criteria or visit link", async () => {
    await ask("sam.reply@example.com", { home: sale });
    const text = textOf(await mailTo("sam.reply@example.com", "Thank you for asking about Pecan Ridge, Lot 9"));
    expect(text).toContain("- Price: $64,500 (For sale)\n");
    expect(text).toContain("- Beds: Studio · Baths: 1\n");
    expect(text).toContain("- Status: Application pending\n");
    expect(text).toContain(`- The home's page: ${site.app.url}/properties/${sale}\n`);
    expect(text).not.toMatch(/Estimated monthly total|Rental criteria|Schedule a visit/);
  });

  it("goes once a day per inbox and home: another spelling of the inbox gets no second reply about the home, but one about another home and a general acknowledgement", async () => {
    const inbox = "once.reply@example.com";
    const sent = [
      await ask(inbox, { home: rental }),
      await ask("Once.Reply+again@Example.com", { home: rental }),
      await ask("once.reply+third@example.com", { home: rental, language: "es" }),
      await ask(inbox, { home: sale }),
      await ask("ONCE.reply@example.com"),
      await ask(inbox),
    ];
    await expectReplies(inbox, ["Thank you for asking about Cedar Hollow, Lot 3", "Thank you for asking about Pecan Ridge, Lot 9", "We received your message"], sent);
  });

  it("goes at most 3 times a day to an inbox across homes: a 4th home's question, or a general message, is stored and reaches the office without it", async () => {
    const inbox = "many.reply@example.com";
    const third = await createHome({ name: "Mesquite Bend, Lot 4", location: "Tyler, TX 75703" });
    const fourth = await createHome({ name: "Bluebonnet Park, Lot 12", location: "Tyler, TX 75702" });
    const sent = [
      await ask(inbox, { home: rental }),
      await ask("Many.Reply+b@Example.com", { home: sale }),
      await ask("many.reply+c@example.com", { home: third }),
      await ask("MANY.reply+d@example.com", { home: fourth }),
      await ask(inbox, { home: fourth }),
      await ask(inbox),
    ];
    const replies = ["Cedar Hollow, Lot 3", "Pecan Ridge, Lot 9", "Mesquite Bend, Lot 4"].map((home) => `Thank you for asking about ${home}`);
    await expectReplies(inbox, replies, sent);
    expect(withServerDatabase(site.app, (db) => db.prepare("select count(*) as n from instant_replies where mailbox = ?").get(inbox))).toEqual({ n: 3 });
    const stored = withServerDatabase(site.app, (db) => db.prepare("select count(*) as n from contact_messages where lower(email) like 'many.reply%'").get());
    expect(stored).toEqual({ n: sent.length });
  });

  it("a claim of an earlier day neither holds today's reply nor stays", async () => {
    const inbox = "yesterday.reply@example.com";
    withServerDatabase(site.app, (db) => db.prepare("insert into instant_replies (mailbox, home_id, day, queued_at) values (?, ?, '2020-01-01', 0)").run(inbox, rental));
    await ask(inbox, { home: rental });
    expect(queuedTo(inbox)).toHaveLength(1);
    expect(withServerDatabase(site.app, (db) => db.prepare("select count(*) as n from instant_replies where day < '2021-01-01'").get())).toEqual({ n: 0 });
  });
});

describe("the acknowledgement of a general message", () => {
  it("is short, in the visitor's language, with the office's phone and hours", async () => {
    await ask("gen.reply@example.com");
    const english = textOf(await mailTo("gen.reply@example.com", "We received your message"));
    expect(english).toBe(
      ["Hello,", "", "Thank you for writing to us. We received your message and will answer soon.", "", "In a hurry? Call us:", "", ...officeReplyLines("en"), "", "Lone Star Home Management"].join("\n"),
    );
    await ask("gen.es.reply@example.com", { language: "es" });
    const spanish = await mailTo("gen.es.reply@example.com", "Recibimos su mensaje");
    expect(decodedHeader(spanish.raw, "Reply-To")).toBe(OFFICE_MAIL);
    expect(textOf(spanish)).toBe(
      ["Hola:", "", "Gracias por escribirnos. Recibimos su mensaje y le responderemos pronto.", "", "¿Tiene prisa? Llámenos:", "", ...officeReplyLines("es"), "", "Lone Star Home Management"].join("\n"),
    );
  });

  it("greets by name an inbox that has confirmed an alert", async () => {
    withServerDatabase(site.app, (db) =>
      db
        .prepare("insert into search_alerts (email, mailbox, language, filters, status, confirmed_at, link_token) values (?, ?, 'en', 'q=reply', 'confirmed', ?, ?)")
        .run("named.reply@example.com", "named.reply@example.com", Date.now(), `token-reply-${Date.now()}`),
    );
    const response = await fetch(`${site.app.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ firstName: "Rosa", lastName: "Named", email: "named.reply@example.com", subject: "other", message: "Hello" }),
    });
    expect(response.status).toBe(201);
    expect(textOf(await mailTo("named.reply@example.com", "We received your message"))).toMatch(/^Hello Rosa,\n/);
  });
});

describe("a visit request's instant reply", () => {
  it("is its received mail with the home's facts, links and office hours; the inbox gets no other reply about the home that day", async () => {
    const times = await offeredTimes(site.app, rental);
    const inbox = "visita.reply@example.com";
    const body = visitBody([times[0]], { email: inbox });
    expect((await postVisitJson(site.app, rental, body)).status).toBe(201);
    const mail = await mailTo(inbox, "Recibimos su solicitud de visita a Cedar Hollow, Lot 3");
    const text = textOf(mail);
    const url = site.app.url;
    expect(text).toMatch(/^Hola:\n\nGracias por pedir una visita a Cedar Hollow, Lot 3 \(Tyler, TX 75701\)\. Usted pidió estos horarios \(hora del centro\):\n\n- /);
    expect(text).toContain("Le escribiremos para confirmar uno de ellos. ¿Tiene preguntas? Llámenos al (817) 555-0142.\n\nHorario de oficina: Lunes a viernes: 8:00 a. m. - 5:00 p. m.\n\nSobre la casa:\n\n");
    const facts = { price: "$950 al mes", total: "$1,065", beds: "3", baths: "2", status: "Disponible ahora" };
    expect(text).toContain(["Sobre la casa:", "", ...homeReplyLines("es", facts, { home: `${url}/properties/${rental}?lng=es`, criteria: `${url}/rental-criteria?lng=es` }), ""].join("\n"));
    // They have just asked for a visit: the mail's link lets them change it.
    expect(text).not.toContain("Programar una visita");
    expect(text).toContain(`Para cancelar su visita o elegir otro horario: ${url}/my-visit?token=`);
    expect(text).not.toContain(String(body.message));
    expect(text).not.toContain("Lucía");

    await ask(inbox, { home: rental, language: "es" });
    expect(queuedTo(inbox).map((row) => row.subject)).toEqual(["Recibimos su solicitud de visita a Cedar Hollow, Lot 3"]);
  });
});
