import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectJson, jsonCaller, postFormFollowed, startSignedInApp, type SignedInApp } from "../support/admin-api";
import { parseCsv } from "../support/csv";
import { decode, visibleTexts } from "../support/html";

// The Messages tab as the office uses it (issue 11, item 4): search and filters in the URL,
// 'Mark as handled' / 'Mark as new' with who and when (and the change log), the home a
// message is about, the JSON call that does the same, and 'Export CSV' of the filter.

const STAFF = "staff@example.com";
const SECOND = "second@example.com";
const TAB = "/admin/dashboard/messages";
const CSV_HEADER = "id,received,first name,last name,e-mail,phone,subject,message,home,handled at,handled by,language,visit home,visit times asked,visit confirmed time,visit status,source,campaign,referrer,sent from,stage,closed reason,first reply";
// The header as written: every text field in quotes.
/** A message that is not a visit request leaves the four visit columns empty. */
// The visit columns, the source columns and the stage of a new message that is no visit request, sent with no source told.
const NOT_A_VISIT = ["", "", "", "", "direct", "", "", "", "New", "", ""];
const CSV_HEADER_LINE = CSV_HEADER.split(",").map((name) => `"${name}"`).join(",");
const BULK = 1_234;

let ctx: SignedInApp;
let secondCookie: string;
const call = jsonCaller(() => ctx.app, () => ctx.cookie);
const ids: Record<string, number> = {};
let home: { id: number; name: string };

type Row = { first: string; last: string; email: string; phone?: string | null; subject: string; message: string; at: number; propertyId?: number | null };

function withDb<T>(work: (db: Database.Database) => T): T {
  const db = new Database(ctx.app.databasePath);
  try {
    return work(db);
  } finally {
    db.close();
  }
}

function insert(rows: Row[]): number[] {
  return withDb((db) => {
    const statement = db.prepare(
      "insert into contact_messages (first_name, last_name, email, phone, subject, message, property_id, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    return db.transaction(() => rows.map((r) => Number(statement.run(r.first, r.last, r.email, r.phone ?? null, r.subject, r.message, r.propertyId ?? null, r.at).lastInsertRowid)))();
  });
}

const QUOTED_MESSAGE = 'He said "hello", then left.\r\nSecond line\nThird, with a comma';

beforeAll(async () => {
  ctx = await startSignedInApp({ email: STAFF, env: { ADMIN_EMAILS: `${STAFF},${SECOND}` } });
  secondCookie = await ctx.signIn(SECOND);
  home = withDb((db) => db.prepare("select id, name from properties order by id limit 1").get() as { id: number; name: string });
  const at = Date.UTC(2026, 5, 1, 15, 20);
  // Oldest first; the bulk rows are older still, sharing timestamps seven at a time.
  insert(
    Array.from({ length: BULK }, (_, i) => ({
      first: `Bulk${i + 1}`,
      last: "Sender",
      email: `bulk${i + 1}@example.com`,
      subject: "other",
      message: `Bulk message ${i + 1}`,
      at: Date.UTC(2025, 0, 1) + Math.floor(i / 7) * 1000,
    })),
  );
  const [ana, robert, carl, dana] = insert([
    { first: "Ana", last: "Peña", email: "ana.pena@example.com", phone: "(817) 555-0100", subject: "rental-inquiry", message: "¿Tienen casas de 3 recámaras?", at, propertyId: home.id },
    { first: "Robert", last: "Smith", email: "rsmith@example.com", phone: "+1 817 555 0101", subject: "investment", message: '=HYPERLINK("http://evil.example","Click")', at: at + 60_000 },
    { first: "@Carl", last: "-Minus", email: "carl@example.com", subject: "development", message: QUOTED_MESSAGE, at: at + 120_000 },
    { first: "\tDana", last: "\rReturn", email: "dana@example.com", subject: "property-management", message: "+SUM(1,2)", at: at + 180_000 },
  ]);
  Object.assign(ids, { ana, robert, carl, dana });
});

afterAll(async () => {
  await ctx?.stop();
});

async function tab(query = "", cookie = ctx.cookie): Promise<string> {
  const response = await fetch(`${ctx.app.url}${TAB}${query}`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(response.status).toBe(200);
  return response.text();
}

/** The names of the messages on a page, in order. */
const namesOn = (html: string) => [...html.matchAll(/aria-label="Message from ([^"]+)"/g)].map((match) => decode(match[1]));

function hrefOf(html: string, label: string): string | null {
  const match = new RegExp(`href="([^"]+)"[^>]*>${label}<`).exec(html);
  return match ? decode(match[1]) : null;
}

async function csv(query = "", cookie: string | null = ctx.cookie) {
  const response = await fetch(`${ctx.app.url}/api/admin/messages.csv${query}`, { headers: cookie ? { Cookie: cookie } : {} });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
}

/** The data rows of an export (after the BOM and the header), by the id column. */
function csvRecords(text: string): Map<string, string[]> {
  const records = parseCsv(text.replace(/^\uFEFF/, ""));
  expect(records[0].join(",")).toBe(CSV_HEADER);
  return new Map(records.slice(1).map((record) => [record[0], record]));
}

const auditRows = (id: number) =>
  withDb((db) => db.prepare("select actor, action, summary from audit_log where entity = 'message' and entity_id = ? order by id").all(String(id))) as {
    actor: string;
    action: string;
    summary: string;
  }[];

describe("search and filters", () => {
  it("finds by first, last or full name, e-mail, subject label or key and text, in any case and with accents", async () => {
    const cases: [string, string[]][] = [
      ["Robert", ["Robert Smith"]],
      ["Smith", ["Robert Smith"]],
      ["PEÑA", ["Ana Peña"]],
      ["ana peña", ["Ana Peña"]],
      ["rsmith@", ["Robert Smith"]],
      ["Rental Inquiry", ["Ana Peña"]],
      ["investment", ["Robert Smith"]],
      ["opportunities", ["Robert Smith"]],
      ["RECÁMARAS", ["Ana Peña"]],
      // Accents count: "pená" is not in "ana.pena@" (which a rough first pass lets through).
      ["pená", []],
      ["hyperlink", ["Robert Smith"]],
      ["Bulk message 1234", ["Bulk1234 Sender"]],
      ["100%", []],
    ];
    for (const [q, names] of cases) {
      const html = await tab(`?q=${encodeURIComponent(q)}`);
      expect(namesOn(html), q).toEqual(names);
      if (!names.length) expect(visibleTexts(html)).toContain("No messages match your search");
    }
  });

  it("filters by subject and by status, alone and together, and says when nothing matches", async () => {
    expect(namesOn(await tab("?subject=investment"))).toEqual(["Robert Smith"]);
    expect(namesOn(await tab("?subject=development&q=carl"))).toEqual(["@Carl -Minus"]);
    expect(namesOn(await tab("?subject=development&q=ana"))).toEqual([]);
    expect(namesOn(await tab("?status=handled"))).toEqual([]);
    expect(visibleTexts(await tab("?status=handled"))).toContain("No messages match your search");
    const fresh = namesOn(await tab("?status=new"));
    expect(fresh).toHaveLength(25);
    expect(fresh[1]).toBe("@Carl -Minus");
    // A value the form never sends shows everything rather than an error.
    expect(namesOn(await tab("?subject=nonsense&status=maybe"))).toHaveLength(25);
  });

  it("shows the subject's label, the home a message is about (linked), and the Export CSV link of the filter", async () => {
    const html = await tab("?q=pe%C3%B1a&subject=rental-inquiry");
    expect(visibleTexts(html)).toEqual(expect.arrayContaining(["Subject:", "Rental Inquiry", "Home:", home.name, "New"]));
    expect(html).toContain(`href="/properties/${home.id}"`);
    expect(html).toContain(`href="/admin/dashboard/properties/${home.id}/edit"`);
    expect(hrefOf(html, "Export CSV")).toBe("/api/admin/messages.csv?q=pe%C3%B1a&subject=rental-inquiry");
    // A message about no home says nothing of one.
    expect(visibleTexts(await tab("?q=rsmith"))).not.toContain("Home:");
  });

  it("shows the home of a message sent with 'Ask about this home'", async () => {
    const sent = await call("/api/contact", {
      method: "POST",
      cookie: null,
      body: { firstName: "Inés", lastName: "Asker", email: "ines.asker@example.com", subject: "rental-inquiry", message: "Is it still free?", propertyId: home.id },
    });
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: number };
    const html = await tab("?q=ines.asker");
    expect(namesOn(html)).toEqual(["Inés Asker"]);
    expect(html).toContain(`href="/properties/${home.id}"`);
    withDb((db) => db.prepare("delete from contact_messages where id = ?").run(id));
  });

  it("pages through a filter by cursor, keeping the filter, every message once", async () => {
    const seen: string[] = [];
    let html = await tab("?q=bulk&subject=other&status=new");
    for (;;) {
      seen.push(...namesOn(html));
      const older = hrefOf(html, "Older messages");
      if (!older) break;
      const url = new URL(older, ctx.app.url);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({ q: "bulk", subject: "other", status: "new" });
      html = await tab(url.search);
      if (seen.length === 25) {
        // Newer from the second page leads back to the first, filter kept.
        const newer = new URL(hrefOf(html, "Newer messages")!, ctx.app.url);
        expect(newer.searchParams.get("subject")).toBe("other");
      }
    }
    expect(seen).toHaveLength(BULK);
    expect(new Set(seen).size).toBe(BULK);
    expect(seen[0]).toBe(`Bulk${BULK} Sender`);
  }, 120_000);
});

describe("Mark as handled / Mark as new on the tab", () => {
  it("stamps who and when, returns to the same filtered page with a notice, logs the change, and undoes it", async () => {
    const back = `${TAB}?q=robert&subject=investment`;
    const handled = await postFormFollowed(ctx.app, ctx.cookie, back, { id: String(ids.robert), handled: "true" });
    expect(handled).toMatchObject({ status: 302, location: back });
    const texts = visibleTexts(handled.html);
    expect(texts).toEqual(expect.arrayContaining(["Success", "Message marked as handled", "Mark as new"]));
    const row = withDb((db) => db.prepare("select handled_at as at, handled_by as by from contact_messages where id = ?").get(ids.robert)) as { at: number; by: string };
    expect(row.by).toBe(STAFF);
    expect(Date.now() - row.at).toBeLessThan(60_000);
    const on = new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", dateStyle: "medium", timeStyle: "short" }).format(row.at);
    expect(texts.join(" ")).toContain(`Handled by ${STAFF} on ${on}`);
    expect(namesOn(await tab("?status=handled"))).toEqual(["Robert Smith"]);
    expect(namesOn(await tab("?status=new&q=robert"))).toEqual([]);

    // The same again (a second tab left open): nothing changes, nothing more is logged.
    await postFormFollowed(ctx.app, ctx.cookie, back, { id: String(ids.robert), handled: "true" });
    expect(auditRows(ids.robert)).toEqual([{ actor: STAFF, action: "handled", summary: expect.stringMatching(new RegExp(`handledAt: — → .+; handledBy: — → ${STAFF}$`)) }]);

    const reopened = await postFormFollowed(ctx.app, ctx.cookie, `${back}&before=9999999999999_1`, { id: String(ids.robert), handled: "false" });
    // The cursor comes back too: the same page of the same list.
    expect(reopened.location).toBe(`${back}&before=9999999999999_1`);
    expect(visibleTexts(reopened.html)).toEqual(expect.arrayContaining(["Message marked as new", "Mark as handled", "New"]));
    expect(withDb((db) => db.prepare("select handled_at, handled_by from contact_messages where id = ?").get(ids.robert))).toEqual({ handled_at: null, handled_by: null });
    expect(auditRows(ids.robert).map((entry) => entry.action)).toEqual(["handled", "unhandled"]);
  });

  it("changes nothing on a bad form, an unknown message, a GET, another site's post or without a session", async () => {
    const bad = await postFormFollowed(ctx.app, ctx.cookie, TAB, { id: String(ids.ana), handled: "maybe" });
    expect(visibleTexts(bad.html)).toEqual(expect.arrayContaining(["Error", "Failed to update message"]));
    const unknown = await postFormFollowed(ctx.app, ctx.cookie, TAB, { id: "999999", handled: "true" });
    expect(visibleTexts(unknown.html)).toEqual(expect.arrayContaining(["Error", "That message does not exist"]));
    await tab(`?id=${ids.ana}&handled=true`);

    const crossSite = await fetch(`${ctx.app.url}${TAB}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://attacker.example", Cookie: ctx.cookie },
      body: new URLSearchParams({ id: String(ids.ana), handled: "true" }).toString(),
      redirect: "manual",
    });
    expect(crossSite.status).toBe(403);
    const anonymous = await fetch(`${ctx.app.url}${TAB}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ctx.app.url },
      body: new URLSearchParams({ id: String(ids.ana), handled: "true" }).toString(),
      redirect: "manual",
    });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/admin\/login/);

    expect(withDb((db) => db.prepare("select handled_at from contact_messages where id = ?").get(ids.ana))).toEqual({ handled_at: null });
    expect(auditRows(ids.ana)).toEqual([]);
  });
});

describe("GET and PATCH /api/admin/messages/{id}", () => {
  const path = () => `/api/admin/messages/${ids.dana}`;

  it("answers the message, and marks it handled (first admin kept) and new again", async () => {
    const got = await call(path());
    expect(got.status).toBe(200);
    expect(await got.json()).toMatchObject({ id: ids.dana, firstName: "\tDana", subject: "property-management", handledAt: null, handledBy: null, propertyId: null });

    const handled = await call(path(), { method: "PATCH", body: { handled: true } });
    expect(handled.status).toBe(200);
    expect(handled.headers.get("cache-control")).toBe("no-store");
    const body = (await handled.json()) as { handledAt: string; handledBy: string };
    expect(body.handledBy).toBe(STAFF);
    expect(Date.now() - Date.parse(body.handledAt)).toBeLessThan(60_000);

    // Another admin marking it handled again changes nothing: the first handler stays.
    const again = await call(path(), { method: "PATCH", body: { handled: true }, cookie: secondCookie });
    expect(await again.json()).toMatchObject({ handledBy: STAFF, handledAt: body.handledAt });

    const reopened = await call(path(), { method: "PATCH", body: { handled: false }, cookie: secondCookie });
    expect(await reopened.json()).toMatchObject({ id: ids.dana, handledAt: null, handledBy: null });
    expect(auditRows(ids.dana).map(({ actor, action }) => [actor, action])).toEqual([
      [STAFF, "handled"],
      [SECOND, "unhandled"],
    ]);
  });

  it("400 for a body that is not {handled: true|false}, 404 for an unknown id, 405 for other methods, 401 without a session", async () => {
    const fieldErrors = { handled: ["handled must be true or false"] };
    await expectJson(await call(path(), { method: "PATCH", rawBody: "[1]" }), 400, { error: "The request body must be a JSON object.", fieldErrors });
    await expectJson(await call(path(), { method: "PATCH", rawBody: "{oops" }), 400, { error: "The request body must be a JSON object.", fieldErrors });
    await expectJson(await call(path(), { method: "PATCH", body: { handled: "yes" } }), 400, { error: "Failed to update message", fieldErrors });
    await expectJson(await call(path(), { method: "PATCH", body: {} }), 400, { error: "Failed to update message", fieldErrors });
    for (const unknown of ["/api/admin/messages/999999", "/api/admin/messages/abc", "/api/admin/messages/0"]) {
      await expectJson(await call(unknown), 404, { error: "That message does not exist" });
      await expectJson(await call(unknown, { method: "PATCH", body: { handled: true } }), 404, { error: "That message does not exist" });
    }
    for (const method of ["POST", "PUT", "DELETE"]) {
      const response = await call(path(), { method, body: { handled: true } });
      expect(response.headers.get("allow"), method).toBe("GET, PATCH");
      await expectJson(response, 405, { error: "Method not allowed" });
    }
    await expectJson(await call(path(), { cookie: null }), 401, { error: "Unauthorized" });
    await expectJson(await call(path(), { method: "PATCH", body: { handled: true }, cookie: null }), 401, { error: "Unauthorized" });
    expect(withDb((db) => db.prepare("select handled_at from contact_messages where id = ?").get(ids.dana))).toEqual({ handled_at: null });
  });
});

describe("GET /api/admin/messages.csv", () => {
  it("is a UTF-8 CSV download with a BOM and one header row, named for today", async () => {
    const { response, bytes, text } = await csv();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date());
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="messages-${today}.csv"`);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.slice(1, CSV_HEADER_LINE.length + 3)).toBe(`${CSV_HEADER_LINE}\r\n`);
    expect(text.split(CSV_HEADER_LINE)).toHaveLength(2);
  });

  it("gives a visit request its home, the times asked for, the time confirmed and its status, accents intact through a CSV reader", async () => {
    const asked = [Date.UTC(2026, 11, 1, 16), Date.UTC(2026, 11, 2, 20)];
    const id = withDb((db) => {
      const message = db
        .prepare("insert into contact_messages (first_name, last_name, email, subject, message, language) values ('Begoña', 'Núñez', 'begona@example.com', 'visit-request', '', 'es')")
        .run().lastInsertRowid;
      db.prepare("insert into visit_requests (message_id, home_name, home_location, times, status, confirmed_time) values (?, 'Peñasco Verde, Lote 3', 'San Marcos, TX', ?, 'confirmed', ?)").run(
        message,
        JSON.stringify(asked),
        asked[1],
      );
      return String(message);
    });
    try {
      const record = csvRecords((await csv("?subject=visit-request")).text).get(id)!;
      const cell = (name: string) => record[CSV_HEADER.split(",").indexOf(name)];
      expect(cell("first name")).toBe("Begoña");
      expect(cell("visit home")).toBe("Peñasco Verde, Lote 3");
      expect(cell("visit times asked")).toBe("2026-12-01 10:00:00; 2026-12-02 14:00:00");
      expect(cell("visit confirmed time")).toBe("2026-12-02 14:00:00");
      expect(cell("visit status")).toBe("confirmed");
    } finally {
      withDb((db) => db.prepare("delete from contact_messages where id = ?").run(id));
    }
  });

  it("escapes by RFC 4180, guards against formulas, and round-trips through a CSV reader", async () => {
    const { text } = await csv();
    // Quotes doubled, the field quoted, its line breaks kept.
    expect(text).toContain(`"He said ""hello"", then left.\r\nSecond line\nThird, with a comma"`);
    const records = csvRecords(text);
    expect(records.get(String(ids.carl))).toEqual([
      String(ids.carl),
      "2026-06-01 10:22:00",
      "'@Carl",
      "'-Minus",
      "carl@example.com",
      "",
      "Development",
      QUOTED_MESSAGE,
      "",
      "",
      "",
      "",
      ...NOT_A_VISIT,
    ]);
    expect(records.get(String(ids.robert))!.slice(5, 8)).toEqual(["'+1 817 555 0101", "Investment Opportunities", `'=HYPERLINK("http://evil.example","Click")`]);
    expect(records.get(String(ids.dana))!.slice(2, 4)).toEqual(["'\tDana", "'\rReturn"]);
    expect(records.get(String(ids.dana))![7]).toBe("'+SUM(1,2)");
    // Accents as UTF-8, the home by name, and every message once, newest first.
    expect(records.get(String(ids.ana))).toEqual([
      String(ids.ana),
      "2026-06-01 10:20:00",
      "Ana",
      "Peña",
      "ana.pena@example.com",
      "(817) 555-0100",
      "Rental Inquiry",
      "¿Tienen casas de 3 recámaras?",
      home.name,
      "",
      "",
      "",
      ...NOT_A_VISIT,
    ]);
    expect(records.size).toBe(BULK + 4);
    expect([...records.keys()].slice(0, 4)).toEqual([ids.dana, ids.carl, ids.robert, ids.ana].map(String));
  });

  it("exports the filter: search, subject and status, across many chunks in cursor order", async () => {
    expect([...csvRecords((await csv("?q=PE%C3%91A")).text).keys()]).toEqual([String(ids.ana)]);
    expect([...csvRecords((await csv("?subject=investment")).text).keys()]).toEqual([String(ids.robert)]);

    await call(`/api/admin/messages/${ids.carl}`, { method: "PATCH", body: { handled: true } });
    const handled = csvRecords((await csv("?status=handled")).text);
    expect([...handled.keys()]).toEqual([String(ids.carl)]);
    const [at, by] = handled.get(String(ids.carl))!.slice(9);
    expect(at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(by).toBe(STAFF);
    await call(`/api/admin/messages/${ids.carl}`, { method: "PATCH", body: { handled: false } });

    // 1,234 rows sharing timestamps seven at a time: no row lost or repeated between chunks.
    const bulk = [...csvRecords((await csv("?subject=other&status=new")).text).values()];
    expect(bulk).toHaveLength(BULK);
    const numbers = bulk.map((record) => Number(record[2].replace("Bulk", "")));
    expect(numbers).toEqual(Array.from({ length: BULK }, (_, i) => BULK - i));
    const empty = await csv("?q=nobody-at-all");
    expect(empty.text).toBe(`\uFEFF${CSV_HEADER_LINE}\r\n`);
  });

  it("quotes every text, so a program that splits on ';' or tabs finds no cell that starts a formula", async () => {
    const sneaky = {
      first: "Ana;=1+1",
      last: "Peña\t@SUM(A1:A9)",
      email: "semi;colon@example.com",
      phone: "817;+1",
      subject: "rental-inquiry",
      message: 'Hola; ¿tienen casas de 3 recámaras?\r\n=cmd, "dijo"; @x\tfin;-1',
      at: Date.UTC(2024, 0, 1),
    };
    const [id] = insert([sneaky]);
    try {
      const { text } = await csv("?q=semi%3Bcolon");
      const written = [String(id), "2023-12-31 18:00:00", sneaky.first, sneaky.last, sneaky.email, sneaky.phone, "Rental Inquiry", sneaky.message, "", "", "", "", ...NOT_A_VISIT];
      // Every text field in quotes, our id bare, no value empty.
      expect(text).toContain(`${id},"2023-12-31 18:00:00","Ana;=1+1","Peña\t@SUM(A1:A9)",`);
      expect(text).toContain(`,"Rental Inquiry","Hola; ¿tienen casas de 3 recámaras?\r\n=cmd, ""dijo""; @x\tfin;-1",,,,,,,,,"direct",,,,"New",,\r\n`);
      for (const separators of [",", ",;", ",\t", ",;\t"]) {
        const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ""), separators);
        expect(header.join(","), JSON.stringify(separators)).toBe(CSV_HEADER);
        expect(rows, JSON.stringify(separators)).toEqual([written]);
      }
      // The whole file, read as Excel with ';' and a tab import would: no cell starts a formula.
      const cells = parseCsv((await csv()).text.replace(/^\uFEFF/, ""), ",;\t").flat();
      expect(cells.length).toBeGreaterThan(BULK * CSV_HEADER.split(",").length);
      expect(cells.filter((cell) => /^[=+\-@\t\r\n\0＝＋－＠]/.test(cell))).toEqual([]);
    } finally {
      withDb((db) => db.prepare("delete from contact_messages where id = ?").run(id));
    }
  });

  it("401 JSON without a session, 400 for a filter the tab never sends, 405 for a write", async () => {
    const anonymous = await csv("", null);
    expect(anonymous.response.status).toBe(401);
    expect(anonymous.response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(JSON.parse(anonymous.text)).toEqual({ error: "Unauthorized" });
    await expectJson(await call("/api/admin/messages.csv?subject=spam&status=old"), 400, {
      error: "The filter is not valid",
      fieldErrors: {
        subject: ["The subject must be all or one of property-management, investment, development, rental-inquiry, other, visit-request"],
        status: ["The status must be one of all, new, handled"],
      },
    });
    const posted = await call("/api/admin/messages.csv", { method: "POST", body: {} });
    expect(posted.headers.get("allow")).toBe("GET");
    await expectJson(posted, 405, { error: "Method not allowed" });
    await expectJson(await call("/api/admin/messages.csv", { method: "POST", body: {}, cookie: null }), 401, { error: "Unauthorized" });
  });
});

describe("the change log of 'Export CSV'", () => {
  type Entry = { actor: string; entity: string; entityId: string | null; action: string; summary: string };
  const lastAuditId = () => withDb((db) => (db.prepare("select coalesce(max(id), 0) as id from audit_log").get() as { id: number }).id);
  const entriesAfter = (id: number) =>
    withDb((db) => db.prepare("select actor, entity, entity_id as entityId, action, summary from audit_log where id > ? order by id").all(id)) as Entry[];

  /** Exports (reading the whole file) and returns the answer and the entries it left. */
  async function exporting(query: string, cookie: string | null = ctx.cookie) {
    const before = lastAuditId();
    const answer = await csv(query, cookie);
    return { ...answer, entries: entriesAfter(before) };
  }

  it("records each export once, with the admin and the filter, and nothing for a 401 or a 400", async () => {
    const filtered = await exporting("?q=pe%C3%B1a&subject=rental-inquiry&status=new", secondCookie);
    expect(filtered.response.status).toBe(200);
    expect([...csvRecords(filtered.text).keys()]).toEqual([String(ids.ana)]);
    expect(filtered.entries).toEqual([
      { actor: SECOND, entity: "message", entityId: null, action: "export", summary: "status: new; subject: rental-inquiry; search: peña" },
    ]);

    const everything = await exporting("");
    expect(everything.response.status).toBe(200);
    expect(everything.entries).toEqual([{ actor: STAFF, entity: "message", entityId: null, action: "export", summary: "all messages" }]);

    const anonymous = await exporting("?q=pe%C3%B1a", null);
    expect(anonymous.response.status).toBe(401);
    expect(anonymous.entries).toEqual([]);
    const forged = await exporting("?q=pe%C3%B1a", "__session=forged");
    expect(forged.response.status).toBe(401);
    expect(forged.entries).toEqual([]);
    const refused = await exporting("?status=old");
    expect(refused.response.status).toBe(400);
    expect(refused.entries).toEqual([]);
  });

  it("reads as a sentence in the Overview's 'Recent activity' and is served by /api/admin/audit", async () => {
    await exporting("?status=handled&q=Smith", secondCookie);
    const html = await (await fetch(`${ctx.app.url}/admin/dashboard`, { headers: { Cookie: ctx.cookie } })).text();
    const texts = visibleTexts(html);
    // The newest entry: "second@example.com exported messages" (a link to the tab), when, the filter.
    const at = texts.indexOf(SECOND);
    expect(texts.slice(at, at + 5)).toEqual([SECOND, "exported", "messages", expect.stringMatching(/\d:\d\d/), "status: handled; search: Smith"]);
    expect(hrefOf(html, "messages")).toBe(TAB);

    const answer = (await (await call("/api/admin/audit?entity=message&limit=1")).json()) as { entries: Entry[] };
    expect(answer.entries).toEqual([
      expect.objectContaining({ actor: SECOND, entity: "message", entityId: null, action: "export", summary: "status: handled; search: Smith" }),
    ]);
  });

  it("stores the search typed as one line without control characters, cut to 60 characters", async () => {
    const typed = `Peña;=1+1\t"x"\r\n\u0000\u001b[31m\u202Eevil\u2066 ${"ñ".repeat(100)}`;
    const { response, entries } = await exporting(`?q=${encodeURIComponent(typed)}`);
    expect(response.status).toBe(200);
    expect(entries).toHaveLength(1);
    const search = `Peña;=1+1 "x" [31mevil ${"ñ".repeat(100)}`;
    expect(entries[0].summary).toBe(`search: ${search.slice(0, 59)}…`);
    expect(entries[0].summary).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
  });

  it("refuses the export when its entry cannot be written: no file leaves unrecorded", async () => {
    // A trigger stands in for a log that cannot be written (disk full, say).
    withDb((db) => db.exec("create trigger refuse_export before insert on audit_log when new.action = 'export' begin select raise(abort, 'log refused'); end"));
    try {
      const { response, text, entries } = await exporting("");
      expect(response.status).toBe(500);
      expect(response.headers.get("content-type")).not.toMatch(/^text\/csv/);
      expect(text).not.toContain(CSV_HEADER_LINE);
      expect(entries).toEqual([]);
    } finally {
      withDb((db) => db.exec("drop trigger refuse_export"));
    }
  });
});
