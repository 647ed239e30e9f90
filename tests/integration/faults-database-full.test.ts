import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, startSignedInApp, type SignedInApp } from "../support/admin-api";
import { contactMessage, postContactJson, postSpanishContactForm } from "../support/contact-posts";
import { expectLoggedFor } from "../support/log-lines";
import { makeWorkDir } from "../support/server";
import { smallDisk } from "../support/small-disk";

/**
 * The disk full under SQLite: the server's database lives on a 4 MB tmpfs of its own
 * (tests/support/small-disk.ts), and a filler file leaves it a chosen number of bytes.
 * With a little room, the writes every request makes first (the shared counts of writes
 * and of contact messages, one WAL frame each) still fit, and the request's own
 * transaction meets SQLITE_FULL part-way through its commit: the app answers 507 (JSON,
 * or the form with a message), SQLite rolls the whole transaction back (no message
 * without its mail, no FAQ without its audit entry), the file stays sound, and the
 * server keeps running. With no room at all, the first count fails and the answer comes
 * before the app (server/app.ts). Once there is room again, the same writes work.
 */

const FULL = {
  en: "The site has run out of storage space, so nothing was saved. Please try again later, or call us.",
  esTitle: "No pudimos guardar esto",
  es: "El sitio se quedó sin espacio de almacenamiento, así que no se guardó nada. Por favor, inténtelo más tarde o llámenos.",
};
// Room for the counts (a frame of 4 KB each, in up to two tmpfs pages), not for a
// message with its queued mail (about 45 KB of WAL) or a FAQ with its audit entry.
const ROOM_FOR_COUNTS_ONLY = 24 * 1024;

const diskDir = path.join(makeWorkDir("site-small-disk-"), "db");
const disk = smallDisk(diskDir, 4 * 1024 * 1024);
let signed: SignedInApp;
const call = jsonCaller(
  () => signed.app,
  () => signed.cookie,
);

beforeAll(async () => {
  signed = await startSignedInApp({
    env: { SEED_DEMO: "0", RATE_LIMIT_FACTOR: "100", DATABASE_PATH: path.join(diskDir, "app.db") },
    launcher: disk.launcher,
  });
});
afterAll(async () => {
  await signed?.stop();
});

type DatabaseState = { integrity: string; messages: number; queuedMail: number; faqs: number; faqAudit: number };

/** What the file holds, read beside the server (on its disk), and whether it is sound. */
function databaseState(name: string): DatabaseState {
  return disk.inServerNamespace<DatabaseState>(
    signed.app.pid,
    signed.app.databasePath,
    `const db = new Database(databasePath); db.pragma("busy_timeout = 5000");
     const count = (sql) => db.prepare(sql).get(${JSON.stringify(name)}).n;
     console.log(JSON.stringify({
       integrity: db.pragma("integrity_check", { simple: true }),
       messages: count("select count(*) as n from contact_messages where last_name = ?"),
       queuedMail: count("select count(*) as n from mail_queue where instr(subject, ?) > 0"),
       faqs: count("select count(*) as n from faqs where question = ?"),
       faqAudit: count("select count(*) as n from audit_log where entity = 'faq' and instr(coalesce(summary, ''), ?) > 0"),
     }));
     db.close();`,
  );
}

/**
 * Leaves `bytes` free, with the WAL checkpointed into the file and emptied first: the
 * room a failed commit used stays part of the WAL file, where the next commits would
 * find it, so each case starts from a WAL with nothing to spare.
 */
function leaveRoom(bytes: number) {
  disk.removeFiller(signed.app.pid);
  const checkpoint = disk.inServerNamespace<{ busy: number }>(
    signed.app.pid,
    signed.app.databasePath,
    `const db = new Database(databasePath); db.pragma("busy_timeout = 5000");
     console.log(JSON.stringify(db.pragma("wal_checkpoint(TRUNCATE)")[0])); db.close();`,
  );
  expect(checkpoint.busy).toBe(0);
  disk.leaveFree(signed.app.pid, bytes);
}

// Long enough that its row and its queued mail need overflow pages.
const LONG_MESSAGE = "Is the Oak Street home still available? ".repeat(50);

/** Which part of the server answered: its log line for this request. */
function expectAnsweredBy(response: Response, message: string, fields: Record<string, unknown> = {}) {
  return expectLoggedFor(signed.app.output, response.headers.get("x-request-id"), message, fields);
}

const NOTHING_STORED = { integrity: "ok", messages: 0, queuedMail: 0, faqs: 0, faqAudit: 0 };

describe("the disk fills up under the database", () => {
  it("POST /api/contact with room for the counts but not the message: 507 JSON, neither message nor mail stored", async () => {
    leaveRoom(ROOM_FOR_COUNTS_ONLY);
    const refused = await postContactJson(signed.app, contactMessage("FullJson", LONG_MESSAGE));
    expect(refused.status).toBe(507);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(refused.headers.get("retry-after")).toBeNull();
    expect(await refused.json()).toEqual({ error: FULL.en });
    // Refused at the app's own write, the counts before it having fit.
    await expectAnsweredBy(refused, "database full: answered in JSON", { route: "routes/api.contact" });
    expect(databaseState("FullJson")).toEqual(NOTHING_STORED);
    expect((await fetch(`${signed.app.url}/healthz`)).status).toBe(200);
  });

  it("the contact form's post: the form again with the message in the visitor's language, 507", async () => {
    leaveRoom(ROOM_FOR_COUNTS_ONLY);
    const refused = await postSpanishContactForm(signed.app, contactMessage("FullForm", LONG_MESSAGE));
    expect(refused.status).toBe(507);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    const page = await refused.text();
    expect(page).toContain('<html lang="es"');
    expect(page).toMatch(new RegExp(`<p id="[^"]*" role="alert"[^>]*>${FULL.es}</p>`));
    await expectAnsweredBy(refused, "contact: database full, message not stored");
    expect(databaseState("FullForm")).toEqual(NOTHING_STORED);
  });

  it("an admin JSON write: 507 JSON, neither the FAQ nor its audit entry stored", async () => {
    leaveRoom(ROOM_FOR_COUNTS_ONLY);
    const question = "Do you build on rural land?";
    const answer = "Yes, wherever the county allows manufactured homes. ".repeat(90);
    const refused = await call("/api/admin/faqs", { method: "POST", body: { question, answer, questionSpanish: question, answerSpanish: answer } });
    expect(refused.status).toBe(507);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(await refused.json()).toEqual({ error: FULL.en });
    await expectAnsweredBy(refused, "database full: answered in JSON", { route: "routes/api.admin.faqs" });
    expect(databaseState(question)).toEqual(NOTHING_STORED);
  });

  it("no room at all: reads go on; writes are refused at the first count, 507 JSON for the API and a page for a form post", async () => {
    leaveRoom(0);
    const faqs = await fetch(`${signed.app.url}/api/faqs`);
    expect(faqs.status).toBe(200);

    const json = await postContactJson(signed.app, contactMessage("NoRoom", LONG_MESSAGE));
    expect(json.status).toBe(507);
    expect(await json.json()).toEqual({ error: FULL.en });
    await expectAnsweredBy(json, "database full: answered before the app");

    const form = await postSpanishContactForm(signed.app, contactMessage("NoRoom", LONG_MESSAGE));
    expect(form.status).toBe(507);
    expect(form.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await form.text();
    expect(page).toContain('<html lang="es">');
    expect(page).toContain(`<h1>${FULL.esTitle}</h1>`);
    expect(page).toContain(FULL.es);
    await expectAnsweredBy(form, "database full: answered before the app");
    expect(databaseState("NoRoom")).toEqual(NOTHING_STORED);
  });

  it("with room again, the same server stores the message and the FAQ", async () => {
    disk.removeFiller(signed.app.pid);
    const stored = await postContactJson(signed.app, contactMessage("FullJson", LONG_MESSAGE));
    expect(stored.status).toBe(201);
    const question = "Do you build on rural land?";
    const faq = await call("/api/admin/faqs", { method: "POST", body: { question, answer: "Yes." } });
    expect(faq.status).toBe(201);
    expect(databaseState("FullJson")).toMatchObject({ integrity: "ok", messages: 1, queuedMail: 1 });
    expect(databaseState(question)).toMatchObject({ integrity: "ok", faqs: 1, faqAudit: 1 });
    // The process that met the full disk, still running.
    expect(() => process.kill(signed.app.pid, 0)).not.toThrow();
  });
});
