import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../support/eventually";
import { freePort, startServer, type RunningServer } from "../support/server";
import { startSmtpSink, type SmtpSink } from "../support/smtp";

const MAIL_FROM = "office@lonestar.example";

type ContactBody = Record<string, unknown>;

let serial = 0;
/** A valid message whose last name is unique, so each test can find its own row and mail. */
function validMessage(overrides: ContactBody = {}): ContactBody & { lastName: string } {
  serial += 1;
  return {
    firstName: "Ana",
    lastName: `Tester${Date.now().toString(36)}${serial}`,
    email: "ana.tester@example.com",
    phone: "(817) 555-0100",
    subject: "rental-inquiry",
    message: "Is the three-bedroom home on Oak Street still available?",
    ...overrides,
  } as ContactBody & { lastName: string };
}

function postJson(server: RunningServer, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/api/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The form as a browser without JavaScript posts it. */
function postForm(server: RunningServer, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/?index`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

function formFields(message: ContactBody): Record<string, string> {
  return Object.fromEntries(Object.entries(message).map(([key, value]) => [key, String(value ?? "")]));
}

function query<T>(server: RunningServer, sql: string, ...params: unknown[]): T[] {
  const db = new Database(server.databasePath, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

function count(server: RunningServer, table: "contact_messages" | "mail_queue"): number {
  return query<{ n: number }>(server, `select count(*) as n from ${table}`)[0].n;
}

type MessageRow = { id: number; first_name: string; last_name: string; email: string; phone: string | null; subject: string; message: string };

function messagesNamed(server: RunningServer, lastName: string): MessageRow[] {
  return query<MessageRow>(server, "select * from contact_messages where last_name = ?", lastName);
}

type QueueRow = { id: number; recipient: string; subject: string; reply_to: string | null; attempts: number; last_error: string | null; sent_at: number | null };

function queuedFor(server: RunningServer, lastName: string): QueueRow[] {
  return query<QueueRow>(server, "select * from mail_queue where subject like ?", `%${lastName}%`);
}

function outboxMailContaining(server: RunningServer, text: string): string | undefined {
  const dir = path.join(server.workDir, "data", "outbox");
  if (!fs.existsSync(dir)) return undefined;
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith(".eml"))) {
    const content = fs.readFileSync(path.join(dir, file), "utf8");
    if (content.includes(text)) return content;
  }
  return undefined;
}

/** A header's value, unfolded. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  return head.split(/\r?\n/).find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))?.slice(name.length + 1).trim();
}

/** The success card as the server renders it for a plain form post: a status region. */
const SUCCESS_CARD =
  /<div id="contact-answer" role="status"[^>]*>(?:(?!<\/section>).)*<h3[^>]*>Message Sent!<\/h3><p[^>]*>Thank you for your message\. We will get back to you soon\.<\/p>(?:(?!<\/section>).)*>Send another message<\/button>/s;

let server: RunningServer;

beforeAll(async () => {
  // Many posts from one address here; the limit itself has its own server below.
  server = await startServer({ env: { SEED_DEMO: "0", RATE_LIMIT_FACTOR: "100", MAIL_FROM } });
});
afterAll(async () => {
  await server?.stop();
});

describe("POST /api/contact", () => {
  it("stores the message and answers 201 with a message and the id", async () => {
    const input = validMessage({ firstName: "  Ana  ", message: "  Hello there  " });
    const response = await postJson(server, input);
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    const body = (await response.json()) as { message: string; id: number };
    expect(body.message).toBe("Thank you for your message. We will get back to you soon.");
    const rows = messagesNamed(server, input.lastName);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: body.id,
      first_name: "Ana",
      email: "ana.tester@example.com",
      phone: "(817) 555-0100",
      subject: "rental-inquiry",
      message: "Hello there",
    });
    expect(queuedFor(server, input.lastName)).toHaveLength(1);
  });

  it("stores no phone when none is given", async () => {
    for (const phone of [undefined, "", null]) {
      const input = validMessage({ phone });
      expect((await postJson(server, input)).status).toBe(201);
      expect(messagesNamed(server, input.lastName)[0].phone).toBeNull();
    }
  });

  const invalidCases: [string, ContactBody, string, string][] = [
    ["no first name", { firstName: undefined }, "firstName", "Please enter your first name."],
    ["a blank first name", { firstName: "   " }, "firstName", "Please enter your first name."],
    ["no last name", { lastName: "" }, "lastName", "Please enter your last name."],
    ["no e-mail", { email: undefined }, "email", "Please enter a valid email address."],
    ["a malformed e-mail", { email: "ana@" }, "email", "Please enter a valid email address."],
    ["an implausible phone", { phone: "call me" }, "phone", "Please enter a valid phone number."],
    ["no subject", { subject: "" }, "subject", "Please choose a subject."],
    ["an unknown subject", { subject: "sales" }, "subject", "Please choose a subject."],
    ["no message", { message: undefined }, "message", "Please enter a message."],
    ["a message that is too long", { message: "x".repeat(5001) }, "message", "This text is too long."],
    ["a first name that is too long", { firstName: "x".repeat(101) }, "firstName", "This text is too long."],
    ["a number as first name", { firstName: 7 }, "firstName", "Please enter your first name."],
  ];

  it.each(invalidCases)("answers 400 with field errors for %s and writes nothing", async (_name, overrides, field, text) => {
    const before = { messages: count(server, "contact_messages"), mail: count(server, "mail_queue") };
    const response = await postJson(server, validMessage(overrides));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fieldErrors: Record<string, string[]> };
    expect(typeof body.error).toBe("string");
    expect(Object.keys(body.fieldErrors)).toEqual([field]);
    expect(body.fieldErrors[field]).toEqual([text]);
    expect({ messages: count(server, "contact_messages"), mail: count(server, "mail_queue") }).toEqual(before);
  });

  it("reports every bad field at once", async () => {
    const response = await postJson(server, {});
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fieldErrors: Record<string, string[]> };
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["email", "firstName", "lastName", "message", "subject"]);
  });

  it("answers in Spanish for Accept-Language: es", async () => {
    const response = await postJson(server, { email: "nope", phone: "abc" }, { "Accept-Language": "es-MX,es;q=0.9" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fieldErrors: Record<string, string[]> };
    expect(body.error).toBe("Por favor, corrija los campos marcados.");
    expect(body.fieldErrors).toEqual({
      firstName: ["Por favor, escriba su nombre."],
      lastName: ["Por favor, escriba su apellido."],
      email: ["Por favor, escriba un correo electrónico válido."],
      phone: ["Por favor, escriba un número de teléfono válido."],
      subject: ["Por favor, elija un asunto."],
      message: ["Por favor, escriba un mensaje."],
    });
  });

  it("answers 400 for a body that is not a JSON object", async () => {
    const before = count(server, "contact_messages");
    for (const body of ["firstName=Ana", "{not json", "", "[1,2]", "null", '"text"']) {
      const response = await postJson(server, body);
      expect(response.status, body).toBe(400);
      expect(typeof ((await response.json()) as { error: string }).error).toBe("string");
    }
    expect(count(server, "contact_messages")).toBe(before);
  });

  it("answers a filled honeypot like a success but stores and sends nothing", async () => {
    const before = { messages: count(server, "contact_messages"), mail: count(server, "mail_queue") };
    const input = validMessage({ website: "https://spam.example" });
    const response = await postJson(server, input);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { message: string; id: number };
    expect(body.message).toBe("Thank you for your message. We will get back to you soon.");
    expect(body.id).toBeGreaterThan(0);
    expect({ messages: count(server, "contact_messages"), mail: count(server, "mail_queue") }).toEqual(before);
  });

  it("GET answers 401 until admin sessions exist", async () => {
    const response = await fetch(`${server.url}/api/contact`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Unauthorized" });
  });
});

describe("the contact form without JavaScript", () => {
  it("renders the field messages beside the fields and writes nothing", async () => {
    const before = count(server, "contact_messages");
    const response = await postForm(server, { firstName: "", lastName: "Ruiz", email: "nope", phone: "", subject: "", message: "" });
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const [field, text] of [
      ["firstName", "Please enter your first name."],
      ["email", "Please enter a valid email address."],
      ["subject", "Please choose a subject."],
      ["message", "Please enter a message."],
    ]) {
      expect(html).toContain(`<p id="contact-form-${field}-error" class="mt-1 text-sm text-red-700">${text}</p>`);
    }
    expect(html).toMatch(/role="status"[^>]*>Please correct the highlighted fields\.</);
    // (The texts themselves are also in the page's dictionary data: look at the markup.)
    expect(html).not.toContain('id="contact-form-lastName-error"');
    // The message is tied to its field, and what was typed is kept.
    expect(html).toMatch(/<input[^>]*name="firstName"[^>]*aria-invalid="true"[^>]*aria-describedby="contact-form-firstName-error"/);
    expect(html).toMatch(/<p id="contact-form-firstName-error"[^>]*>Please enter your first name\.<\/p>/);
    expect(html).toMatch(/<input[^>]*name="lastName"[^>]*value="Ruiz"/);
    expect(html).not.toMatch(/<div role="status"/);
    expect(count(server, "contact_messages")).toBe(before);
  });

  it("renders the messages in Spanish for a Spanish visitor", async () => {
    const response = await postForm(server, { firstName: "", lastName: "", email: "", subject: "", message: "" }, { Cookie: "lng=ImVzIg%3D%3D" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('<html lang="es"');
    for (const [field, text] of [
      ["firstName", "Por favor, escriba su nombre."],
      ["lastName", "Por favor, escriba su apellido."],
      ["subject", "Por favor, elija un asunto."],
    ]) {
      expect(html).toContain(`<p id="contact-form-${field}-error" class="mt-1 text-sm text-red-700">${text}</p>`);
    }
  });

  it("stores a valid message and renders the success card as a status message", async () => {
    const input = validMessage({ phone: "" });
    const response = await postForm(server, formFields(input));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(SUCCESS_CARD);
    expect(html).not.toContain('name="firstName"');
    expect(messagesNamed(server, input.lastName)).toHaveLength(1);
    expect(messagesNamed(server, input.lastName)[0].phone).toBeNull();
  });

  it("answers a filled honeypot with the success card and stores nothing", async () => {
    const before = { messages: count(server, "contact_messages"), mail: count(server, "mail_queue") };
    const response = await postForm(server, { ...formFields(validMessage()), website: "https://spam.example" });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(SUCCESS_CARD);
    expect({ messages: count(server, "contact_messages"), mail: count(server, "mail_queue") }).toEqual(before);
  });

  it("answers a body that is not a form with the field messages, not a 5xx", async () => {
    const response = await fetch(`${server.url}/?index`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify(validMessage()),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('id="contact-form-firstName-error"');
  });
});

describe("the notification e-mail", () => {
  it("is written to data/outbox as an .eml when SMTP_URL is unset, to MAIL_FROM", async () => {
    const input = validMessage({ firstName: "<b>Ana</b>", subject: "investment", message: "Line one\n<script>alert(1)</script>" });
    expect((await postJson(server, input)).status).toBe(201);
    const raw = await eventually(() => outboxMailContaining(server, input.lastName));
    expect(header(raw, "To")).toBe(MAIL_FROM);
    expect(header(raw, "From")).toBe(MAIL_FROM);
    expect(header(raw, "Reply-To")).toBe("ana.tester@example.com");
    expect(header(raw, "Subject")).toBe(`New contact message: Investment Opportunities from <b>Ana</b> ${input.lastName}`);
    expect(raw).toContain("Content-Type: text/plain");
    expect(raw).toContain("Content-Type: text/html");
    for (const line of ["Email: ana.tester@example.com", "Phone: (817) 555-0100", "Subject: Investment Opportunities", "<script>alert(1)</script>"]) {
      expect(raw).toContain(line);
    }
    // The HTML part carries the visitor's text escaped (quoted-printable may wrap lines).
    const html = raw.slice(raw.indexOf("Content-Type: text/html")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;b&gt;Ana&lt;/b&gt;");
    expect(html).not.toContain("<script>");
    await eventually(() => (queuedFor(server, input.lastName)[0]?.sent_at ? true : undefined));
  });

  it("goes to the contact_email setting when there is one", async () => {
    const db = new Database(server.databasePath);
    db.prepare("insert into configurations (key, value, description, updated_by) values (?, ?, ?, ?)").run(
      "contact_email",
      "leasing@lonestar.example",
      "Email address where contact form submissions are sent",
      "test",
    );
    db.close();
    try {
      const input = validMessage();
      expect((await postJson(server, input)).status).toBe(201);
      const raw = await eventually(() => outboxMailContaining(server, input.lastName));
      expect(header(raw, "To")).toBe("leasing@lonestar.example");
      expect(queuedFor(server, input.lastName)[0].recipient).toBe("leasing@lonestar.example");
    } finally {
      const cleanup = new Database(server.databasePath);
      cleanup.prepare("delete from configurations where key = 'contact_email'").run();
      cleanup.close();
    }
  });
});

describe("the rate limit", () => {
  let limited: RunningServer;
  beforeAll(async () => {
    limited = await startServer({ env: { SEED_DEMO: "0" } });
  });
  afterAll(async () => {
    await limited?.stop();
  });

  it("answers the 11th message from one address within 10 minutes with 429 and Retry-After", async () => {
    for (let i = 0; i < 10; i++) expect((await postJson(limited, validMessage())).status, `message ${i + 1}`).toBe(201);
    const refused = await postJson(limited, validMessage());
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // The refusal names the office's phone: a visitor in a hurry can call instead.
    expect(await refused.json()).toEqual({ error: "Too many messages. Please wait a few minutes and try again. In a hurry? Call the office at (817) 555-0142." });
    expect(count(limited, "contact_messages")).toBe(10);

    // The form shares the limit and says so beside the form.
    const form = await postForm(limited, formFields(validMessage()));
    expect(form.status).toBe(429);
    expect(Number(form.headers.get("retry-after"))).toBeGreaterThan(0);
    const html = await form.text();
    expect(html).toMatch(/role="alert"[^>]*>Too many messages\. Please wait a few minutes and try again\. In a hurry\? Call the office at \(817\) 555-0142\./);
    expect(count(limited, "contact_messages")).toBe(10);
    const spanish = await fetch(`${limited.url}/?index&lng=es`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: limited.url },
      body: new URLSearchParams(formFields(validMessage())).toString(),
    });
    expect(spanish.status).toBe(429);
    expect(await spanish.text()).toContain("Demasiados mensajes. Por favor, espere unos minutos e inténtelo de nuevo. ¿Tiene prisa? Llame a la oficina al (817) 555-0142.");

    // Bad input is still answered as bad input, and is not counted.
    expect((await postJson(limited, {})).status).toBe(400);
  });
});

describe("an SMTP outage", () => {
  let app: RunningServer;
  let sink: SmtpSink | undefined;
  let smtpPort: number;

  beforeAll(async () => {
    smtpPort = await freePort();
    app = await startServer({ env: { SEED_DEMO: "0", MAIL_FROM, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } });
  });
  afterAll(async () => {
    await app?.stop();
    await sink?.stop();
  });

  it("keeps the message at once and delivers the mail when the server is back", { timeout: 60_000 }, async () => {
    const input = validMessage({ subject: "development" });
    const response = await postJson(app, input);
    expect(response.status).toBe(201);
    expect(messagesNamed(app, input.lastName)).toHaveLength(1);

    // The worker has tried and failed, and keeps the mail for later.
    const failed = await eventually(() => {
      const row = queuedFor(app, input.lastName)[0];
      return row && row.attempts >= 1 ? row : undefined;
    });
    expect(failed.sent_at).toBeNull();
    expect(failed.last_error).toBeTruthy();
    // It is tried again (a second attempt, a second failure), and kept again.
    const retried = await eventually(() => {
      const row = queuedFor(app, input.lastName)[0];
      return row.attempts >= 2 ? row : undefined;
    });
    expect(retried.sent_at).toBeNull();
    expect(queuedFor(app, input.lastName)).toHaveLength(1);

    sink = await startSmtpSink(smtpPort);
    const mail = await sink.waitFor((received) => received.raw.includes(input.lastName), 20_000);
    expect(mail.to).toEqual([MAIL_FROM]);
    expect(mail.from).toBe(MAIL_FROM);
    expect(header(mail.raw, "Reply-To")).toBe("ana.tester@example.com");
    expect(header(mail.raw, "Subject")).toBe(`New contact message: Development from Ana ${input.lastName}`);
    await eventually(() => (queuedFor(app, input.lastName)[0].sent_at ? true : undefined));
    expect(sink.messages().filter((received) => received.raw.includes(input.lastName))).toHaveLength(1);

    // Nothing goes to the outbox folder while SMTP is configured.
    expect(fs.existsSync(path.join(app.workDir, "data", "outbox"))).toBe(false);
    // And the worker lets the server stop cleanly.
    expect(await app.stop()).toBe(0);
  });
});

describe("a message about a home ('Ask about this home')", () => {
  function insertHome(name: string, isActive: boolean): number {
    const db = new Database(server.databasePath);
    try {
      return Number(
        db
          .prepare(
            "insert into properties (name, location, price, image_url, beds, baths, sqft, description, is_active) values (?, 'Tyler, TX 75701', '$950/month', '/objects/x.webp', '2', '1', '900', 'A home.', ?)",
          )
          .run(name, isActive ? 1 : 0).lastInsertRowid,
      );
    } finally {
      db.close();
    }
  }
  const propertyOf = (lastName: string) => query<{ property_id: number | null }>(server, "select property_id from contact_messages where last_name = ?", lastName)[0]?.property_id;

  it("keeps the home's id, and the mail names and links the home", async () => {
    const id = insertHome("Cedar Bend, Lot 9", true);
    const input = validMessage({ propertyId: id, message: "I'm interested in Cedar Bend, Lot 9 (Tyler, TX 75701).\r\nStill available?" });
    expect((await postJson(server, input)).status).toBe(201);
    expect(propertyOf(input.lastName)).toBe(id);
    // One kind of line break is stored, whatever the browser sent.
    expect(messagesNamed(server, input.lastName)[0].message).toBe("I'm interested in Cedar Bend, Lot 9 (Tyler, TX 75701).\nStill available?");
    const raw = await eventually(() => outboxMailContaining(server, input.lastName));
    expect(header(raw, "Subject")).toBe(`New contact message: Rental Inquiry about Cedar Bend, Lot 9 from Ana ${input.lastName}`);
    expect(raw).toContain(`Home: Cedar Bend, Lot 9 (Tyler, TX 75701) ${server.url}/properties/${id}`);
    const html = raw.slice(raw.indexOf("Content-Type: text/html")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    expect(html).toContain(`<a href="${server.url}/properties/${id}"`);
  });

  it("is stored from the form without JavaScript too", async () => {
    const id = insertHome("Willow Park, Lot 2", true);
    const input = validMessage();
    const response = await postForm(server, { ...formFields(input), propertyId: String(id) });
    expect(response.status).toBe(200);
    expect(propertyOf(input.lastName)).toBe(id);
  });

  it("stores the message without a home when the id is unknown, unlisted or not an id", async () => {
    const hidden = insertHome("Hidden Acres, Lot 1", false);
    for (const propertyId of [hidden, 987654, "abc", -3, "1e3", { id: 1 }]) {
      const input = validMessage({ propertyId });
      expect((await postJson(server, input)).status, JSON.stringify(propertyId)).toBe(201);
      expect(messagesNamed(server, input.lastName)).toHaveLength(1);
      expect(propertyOf(input.lastName)).toBeNull();
    }
  });

  it("the home page's form names a listed home, with the subject rental-inquiry and a first line in the visitor's language", async () => {
    const id = insertHome("Mesa Verde, Lot 3", true);
    const english = await (await fetch(`${server.url}/?about=${id}`)).text();
    // (The page's dictionary carries every text: the checks look for rendered markup.)
    expect(english).toContain(">About this home:</span>");
    expect(english).toMatch(/<option value="rental-inquiry" selected="">Rental Inquiry<\/option>/);
    expect(english).toContain("I&#x27;m interested in Mesa Verde, Lot 3 (Tyler, TX 75701).");
    expect(english).toContain(`<input type="hidden" name="propertyId" value="${id}"/>`);
    const spanish = await (await fetch(`${server.url}/?about=${id}&lng=es`)).text();
    expect(spanish).toContain(">Sobre esta casa:</span>");
    expect(spanish).toContain("Me interesa Mesa Verde, Lot 3 (Tyler, TX 75701).");
    const unlisted = await (await fetch(`${server.url}/?about=${insertHome("Gone, Lot 0", false)}`)).text();
    expect(unlisted).not.toContain(">About this home:</span>");
    expect(unlisted).not.toContain('name="propertyId"');
  });
});
