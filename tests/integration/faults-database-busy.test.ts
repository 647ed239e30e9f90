import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, startSignedInApp, type SignedInApp } from "../support/admin-api";
import { contactMessage, postContactJson, postSpanishContactForm } from "../support/contact-posts";
import { whileLocked } from "../support/database-lock";
import { expectLoggedFor, logLineLike, logLines } from "../support/log-lines";
import { mailQueueDrained } from "../support/mail-queue";
import { withServerDatabase } from "../support/server";

/**
 * The database locked by another connection for longer than the server's busy_timeout
 * (5 s, app/db/client.server.ts), from before the request arrives: another process, a
 * maintenance script or the sqlite3 shell holding BEGIN IMMEDIATE (in WAL mode the same
 * lock as BEGIN EXCLUSIVE). In WAL mode that lock blocks writers only: pages and public
 * JSON go on being read. A write waits the busy timeout at the first thing it writes,
 * the shared count of writes (server/app.ts), and is answered 503 with Retry-After:
 * JSON for a JSON call, a page for a browser's form post. Nothing is stored, the server
 * stays up, and once the lock is gone the same request works.
 *
 * Each refused write costs the busy timeout, during which the server (one thread,
 * waiting inside SQLite) answers nothing else: hence one refused write per kind here.
 */

const BUSY = {
  en: "The site is busy with other changes, so nothing was saved. Please try again in a few seconds.",
  esTitle: "Estamos ocupados en este momento",
  es: "El sitio está ocupado con otros cambios, así que no se guardó nada. Por favor, inténtelo de nuevo en unos segundos.",
};

let signed: SignedInApp;
const call = jsonCaller(
  () => signed.app,
  () => signed.cookie,
);

beforeAll(async () => {
  // LOG_LEVEL=debug: every answer is logged, in order with everything else, and so is the
  // mail worker meeting the lock.
  signed = await startSignedInApp({ env: { SEED_DEMO: "0", RATE_LIMIT_FACTOR: "100", LOG_LEVEL: "debug" } });
});
afterAll(async () => {
  await signed?.stop();
});

function rowsNamed(table: "contact_messages" | "faqs", column: "last_name" | "question", value: string): number {
  return withServerDatabase(signed.app, (db) => (db.prepare(`select count(*) as n from ${table} where ${column} = ?`).get(value) as { n: number }).n);
}

describe("another connection holds the write lock past the busy timeout", () => {
  it("pages and public JSON are still read, and no background work stops the server waiting for the lock", async () => {
    // A mail falls due a second from now, when the lock is held: the mail worker's next poll
    // (every second) tries to take it and meets the lock, and says so.
    withServerDatabase(signed.app, (db) =>
      db
        .prepare("insert into mail_queue (recipient, subject, text_body, next_attempt_at) values (?, ?, ?, ?)")
        .run("office@example.com", "Due while the database is locked", "Queued before the lock.", Date.now() + 1_000),
    );
    const faqs = await whileLocked(signed.app, async () => {
      await expect.poll(() => logLines(signed.app.output()), { timeout: 10_000 }).toContainEqual(logLineLike("mail: the database is locked by another connection"));
      const home = await fetch(`${signed.app.url}/?lng=es`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<html lang="es"');
      const answer = await fetch(`${signed.app.url}/api/faqs`);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual([]);
      return answer;
    });
    // The server logs in order: up to its answer to the last read, nothing in the
    // background met the lock (a poll that waited would have kept the process, and
    // every reader, waiting for the busy timeout, and logged its failure).
    await expectLoggedFor(signed.app.output, faqs.headers.get("x-request-id"), "GET /api/faqs 200");
    const lines = logLines(signed.app.output());
    const answered = lines.findIndex((line) => line.requestId === faqs.headers.get("x-request-id"));
    // (Error lines that are not the request log's own.)
    expect(lines.slice(0, answered).filter((line) => line.level === "error" && line.status === undefined)).toEqual([]);
    // Once the lock is gone the mail goes out (to data/outbox: no SMTP here).
    await mailQueueDrained(signed.app);
  });

  it("POST /api/contact answers 503 JSON with Retry-After, stores nothing, and works once the lock is gone", async () => {
    const refused = await whileLocked(signed.app, () => postContactJson(signed.app, contactMessage("Locked")));
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(refused.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await refused.json()).toEqual({ error: BUSY.en });
    // At the shared count of writes, before the app.
    await expectLoggedFor(signed.app.output, refused.headers.get("x-request-id"), "database busy: answered before the app");
    expect(rowsNamed("contact_messages", "last_name", "Locked")).toBe(0);

    const again = await postContactJson(signed.app, contactMessage("Locked"));
    expect(again.status).toBe(201);
    expect(rowsNamed("contact_messages", "last_name", "Locked")).toBe(1);
  });

  it("the contact form's post answers a 503 page in the visitor's language, and works once the lock is gone", async () => {
    const fields = contactMessage("FormLocked");
    const refused = await whileLocked(signed.app, () => postSpanishContactForm(signed.app, fields));
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(refused.headers.get("content-type")).toMatch(/^text\/html/);
    // Made outside Remix, with the headers of every answer.
    expect(refused.headers.get("x-content-type-options")).toBe("nosniff");
    expect(refused.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(refused.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    const page = await refused.text();
    expect(page).toContain('<html lang="es">');
    expect(page).toContain(`<h1>${BUSY.esTitle}</h1>`);
    expect(page).toContain(BUSY.es);
    await expectLoggedFor(signed.app.output, refused.headers.get("x-request-id"), "database busy: answered before the app");
    expect(rowsNamed("contact_messages", "last_name", "FormLocked")).toBe(0);

    const again = await postSpanishContactForm(signed.app, fields);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("¡Mensaje enviado!");
    expect(rowsNamed("contact_messages", "last_name", "FormLocked")).toBe(1);
  });

  it("an admin JSON write answers 503 JSON with Retry-After, stores nothing, and works once the lock is gone", async () => {
    const faq = { question: "Is the office open while the database is locked?", answer: "Yes." };
    const refused = await whileLocked(signed.app, () => call("/api/admin/faqs", { method: "POST", body: faq }));
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(await refused.json()).toEqual({ error: BUSY.en });
    await expectLoggedFor(signed.app.output, refused.headers.get("x-request-id"), "database busy: answered before the app");
    expect(rowsNamed("faqs", "question", faq.question)).toBe(0);

    const again = await call("/api/admin/faqs", { method: "POST", body: faq });
    expect(again.status).toBe(201);
    expect(rowsNamed("faqs", "question", faq.question)).toBe(1);
    // The same process all along.
    expect((await fetch(`${signed.app.url}/healthz`)).status).toBe(200);
    expect(() => process.kill(signed.app.pid, 0)).not.toThrow();
  });
});
