import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postContactJson, postSpanishContactForm } from "../support/contact-posts";
import { freePort, startServer, withServerDatabase, type RunningServer } from "../support/server";
import { mimeParts, startSmtpSink, type ReceivedMail, type SmtpSink } from "../support/smtp";

// What a visitor's text can do to the office's mail (decision 034), through the built
// server and a real SMTP server: one-line fields refuse control characters and
// bidirectional overrides, a message loses them but keeps its lines, and no line of a
// mail we send is longer than RFC 5322's 998 characters.

const MAIL_FROM = "office@lonestar.example";
const ADMIN = "admin@example.com";

const SPECIAL = {
  en: "Please remove special characters (such as line breaks) from this field.",
  es: "Por favor, quite los caracteres especiales (como los saltos de línea) de este campo.",
};

let sink: SmtpSink;
let server: RunningServer;

beforeAll(async () => {
  sink = await startSmtpSink(await freePort());
  server = await startServer({
    env: { SEED_DEMO: "0", SMTP_URL: `smtp://127.0.0.1:${sink.port}`, MAIL_FROM, ADMIN_EMAILS: ADMIN, RATE_LIMIT_FACTOR: "100" },
  });
});
afterAll(async () => {
  await server?.stop();
  await sink?.stop();
});

let serial = 0;
/** A valid message whose last name is unique, so a test finds its own row and mail. */
function validMessage(overrides: Record<string, string> = {}): Record<string, string> {
  serial += 1;
  return {
    firstName: "Ana",
    lastName: `Texto${Date.now().toString(36)}${serial}`,
    email: "ana@example.com",
    phone: "(817) 555-0100",
    subject: "rental-inquiry",
    message: "Is the Oak Street home still available?",
    ...overrides,
  };
}

function written(): { messages: number; mail: number } {
  return withServerDatabase(server, (db) => ({
    messages: (db.prepare("select count(*) as n from contact_messages").get() as { n: number }).n,
    mail: (db.prepare("select count(*) as n from mail_queue").get() as { n: number }).n,
  }));
}

function storedMessage(lastName: string): string | undefined {
  return withServerDatabase(server, (db) => db.prepare("select message from contact_messages where last_name = ?").get(lastName) as { message: string } | undefined)?.message;
}

function textPartOf(mail: ReceivedMail): string {
  const part = mimeParts(mail.raw).find((item) => item.contentType === "text/plain");
  expect(part, "a text/plain part").toBeDefined();
  return part!.body;
}

/** The text part's Content-Transfer-Encoding, as sent. */
function textEncodingOf(mail: ReceivedMail): string | undefined {
  const afterType = mail.raw.slice(mail.raw.indexOf("Content-Type: text/plain"));
  return /^Content-Transfer-Encoding: (.+)$/m.exec(afterType)?.[1].trim();
}

/** The lines of the message as it went over SMTP, without their CRLF. */
function rawLines(mail: ReceivedMail): string[] {
  return mail.raw.split("\r\n");
}

const longestLine = (mail: ReceivedMail) => Math.max(...rawLines(mail).map((line) => Buffer.byteLength(line, "utf8")));

// A line break with a header behind it, NUL and a right-to-left override ("exe.pdf" read as "fdp.exe").
const ONE_LINE_TRICKS: [string, (value: string) => string][] = [
  ["CR/LF", (value) => `${value}\r\nBcc: v@evil.example`],
  ["a lone LF", (value) => `${value}\nBcc: v@evil.example`],
  ["NUL", (value) => `${value}\u0000x`],
  ["U+202E", (value) => `\u202E${value}`],
  ["a tab", (value) => `${value}\tx`],
  ["U+2028", (value) => `${value}\u2028x`],
];
const ONE_LINE_FIELDS: [string, string][] = [
  ["firstName", "Ana"],
  ["lastName", "Ruiz"],
  // Short enough to stay within the phone's 30 characters with a "Bcc:" line behind it.
  ["phone", "555 0100"],
];
const REFUSALS = ONE_LINE_FIELDS.flatMap(([field, value]) => ONE_LINE_TRICKS.map(([trick, apply]) => [field, trick, apply(value)] as const));

describe("names and the phone refuse special characters", () => {
  it.each(REFUSALS)("POST /api/contact with %s holding %s: 400, the field message in English and Spanish, nothing written", async (field, _trick, value) => {
    const before = written();
    for (const [language, acceptLanguage] of [
      ["en", "en-US,en;q=0.9"],
      ["es", "es-MX,es;q=0.9"],
    ] as const) {
      const response = await fetch(`${server.url}/api/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Accept-Language": acceptLanguage },
        body: JSON.stringify(validMessage({ [field]: value })),
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { fieldErrors: Record<string, string[]> };
      expect(body.fieldErrors).toEqual({ [field]: [SPECIAL[language]] });
    }
    expect(written()).toEqual(before);
  });

  it.each(ONE_LINE_FIELDS)("the home page's form without JavaScript refuses %s with a line break, NUL or U+202E, in English and Spanish, and writes nothing", async (field, value) => {
    const before = written();
    for (const [, apply] of ONE_LINE_TRICKS.slice(0, 4)) {
      const fields = validMessage({ [field]: apply(value) });
      const english = await fetch(`${server.url}/?index`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, "Accept-Language": "en-US" },
        body: new URLSearchParams(fields).toString(),
        redirect: "manual",
      });
      expect(english.status).toBe(400);
      expect(await english.text()).toContain(`<p id="contact-form-${field}-error" class="mt-1 text-sm text-red-700">${SPECIAL.en}</p>`);

      const spanish = await postSpanishContactForm(server, fields);
      expect(spanish.status).toBe(400);
      const html = await spanish.text();
      expect(html).toContain('<html lang="es"');
      expect(html).toContain(`<p id="contact-form-${field}-error" class="mt-1 text-sm text-red-700">${SPECIAL.es}</p>`);
    }
    expect(written()).toEqual(before);
  });

  it("a subject (a closed list) holding CR/LF, NUL or U+202E is refused as no subject, and nothing is written", async () => {
    const before = written();
    for (const subject of ["rental-inquiry\r\nBcc: victim@evil.example", "rental-inquiry\u0000", "\u202Erental-inquiry"]) {
      const response = await postContactJson(server, validMessage({ subject }));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { fieldErrors: unknown }).fieldErrors).toEqual({ subject: ["Please choose a subject."] });
      const form = await postSpanishContactForm(server, validMessage({ subject }));
      expect(form.status).toBe(400);
      expect(await form.text()).toContain('<p id="contact-form-subject-error" class="mt-1 text-sm text-red-700">Por favor, elija un asunto.</p>');
    }
    expect(written()).toEqual(before);
  });

  it("an e-mail address holding CR/LF, NUL or U+202E is refused, and nothing is written", async () => {
    const before = written();
    for (const email of ["ana@example.com\r\nBcc: victim@evil.example", "ana\u0000@example.com", "\u202Eana@example.com"]) {
      const response = await postContactJson(server, validMessage({ email }));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { fieldErrors: unknown }).fieldErrors).toEqual({ email: ["Please enter a valid email address."] });
    }
    expect(written()).toEqual(before);
  });

  it("the 'Bcc:' name gets no mail out: after it, a valid message's mail arrives and no mail has a 'Bcc:' line or reaches the victim", async () => {
    const refused = await postContactJson(server, validMessage({ firstName: "Ana\r\nBcc: victim@evil.example" }));
    expect(refused.status).toBe(400);
    const valid = validMessage();
    expect((await postContactJson(server, valid)).status).toBe(201);
    const mail = await sink.waitFor((received) => received.raw.includes(valid.lastName));
    expect(textPartOf(mail)).toContain(`First name: Ana\nLast name: ${valid.lastName}\n`);
    for (const received of sink.messages()) {
      expect(received.to).not.toContain("victim@evil.example");
      expect(rawLines(received).some((line) => /^bcc:/i.test(line))).toBe(false);
    }
  });
});

describe("a home's name typed by an admin", () => {
  it("with a line break, NUL and U+202E reaches the mail about it on one line, in the subject and the text", async () => {
    const id = withServerDatabase(server, (db) =>
      Number(
        db
          .prepare(
            "insert into properties (name, location, price, image_url, beds, baths, sqft, description, is_active) values (?, ?, '$950/month', '/objects/x.webp', '2', '1', '900', 'A home.', 1)",
          )
          .run("Oak Lot 4\r\nBcc: victim@evil.example", "Tyler,\u0000 TX\u202E").lastInsertRowid,
      ),
    );
    const input = validMessage({ propertyId: String(id) });
    expect((await postContactJson(server, input)).status).toBe(201);
    const mail = await sink.waitFor((received) => received.raw.includes(input.lastName));
    expect(textPartOf(mail)).toContain(`\nHome: Oak Lot 4 Bcc: victim@evil.example (Tyler, TX) ${server.url}/properties/${id}\n`);
    expect(rawLines(mail).some((line) => /^bcc:/i.test(line))).toBe(false);
    expect(mail.to).toEqual([MAIL_FROM]);
  });
});

describe("the message", () => {
  it("keeps its line breaks and tabs and loses NUL, ESC, other controls and bidirectional overrides, stored and mailed", async () => {
    const typed = "Line one\r\nLine\u0000 two \u001b[31mred\u001b[0m\rLine three\u2028\tindented\u0085 \u202Eexe.pdf\u2066x\u2069\u007f end";
    const kept = "Line one\nLine two [31mred[0m\nLine three\n\tindented exe.pdfx end";
    const input = validMessage({ message: typed });
    expect((await postContactJson(server, input)).status).toBe(201);
    expect(storedMessage(input.lastName)).toBe(kept);

    const mail = await sink.waitFor((received) => received.raw.includes(input.lastName));
    expect(textPartOf(mail)).toContain(`\nMessage:\n${kept}\n\nReply to this e-mail`);
    // Not in the raw message either, in any part.
    expect(mail.raw).not.toMatch(/[\u0000\u001b\u0085\u007f\u202e\u2066\u2069]/);
    expect(textEncodingOf(mail)).toBe("8bit");
  });

  it("a message of nothing but control characters is no message", async () => {
    const before = written();
    const response = await postContactJson(server, validMessage({ message: "\u0000\u001b\u202E\r\n" }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fieldErrors: unknown }).fieldErrors).toEqual({ message: ["Please enter a message."] });
    expect(written()).toEqual(before);
  });

  it("with one line of 5,000 characters (the most the form takes) is sent quoted-printable, no line over 998, and decodes to the same text", async () => {
    // 2-byte letters, "=" and a line ending in a space: what quoted-printable must encode.
    const firstLine = "Short line \n";
    const longLine = `Señora = ${"ñandú ".repeat(840)}`.slice(0, 5_000 - firstLine.length);
    const message = `${firstLine}${longLine}`;
    expect(message.length).toBe(5_000);
    expect(Buffer.byteLength(longLine, "utf8")).toBeGreaterThan(5_000);
    const input = validMessage({ message });
    expect((await postContactJson(server, input)).status).toBe(201);
    expect(storedMessage(input.lastName)).toBe(message);

    const mail = await sink.waitFor((received) => received.raw.includes(input.lastName));
    expect(longestLine(mail)).toBeLessThanOrEqual(998);
    expect(textEncodingOf(mail)).toBe("quoted-printable");
    expect(textPartOf(mail)).toContain(`\nMessage:\n${message}\n\nReply to this e-mail`);
    // The HTML part carries it too (nodemailer encodes it), within the same limit.
    expect(mimeParts(mail.raw).find((part) => part.contentType === "text/html")?.body).toContain(longLine);
  });
});

describe("every text part we send", () => {
  it("a sign-in mail whose link is longer than 998 characters goes quoted-printable and keeps the link whole", async () => {
    const redirectTo = `/admin/dashboard/faqs?${"q=x&".repeat(250)}end=1`;
    const response = await fetch(`${server.url}/api/admin/auth/magic/request`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: ADMIN, redirectTo }),
    });
    expect(response.status).toBe(200);
    const mail = await sink.waitFor((received) => received.to.includes(ADMIN));
    expect(longestLine(mail)).toBeLessThanOrEqual(998);
    expect(textEncodingOf(mail)).toBe("quoted-printable");
    const link = textPartOf(mail)
      .split("\n")
      .find((line) => line.startsWith(`${server.url}/admin/auth/magic?`));
    expect(link!.length).toBeGreaterThan(998);
    expect(new URL(link!).searchParams.get("redirectTo")).toBe(redirectTo);
  });
});
