import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSignedInApp, type SignedInApp } from "../support/admin-api";
import { contactMessage } from "../support/contact-posts";
import { holdWriteLock, requestInTwoParts, writeCountState, type RawAnswer } from "../support/database-lock";
import { eventually } from "../support/eventually";
import { expectLoggedFor } from "../support/log-lines";
import { withServerDatabase } from "../support/server";

/**
 * The database locked by another connection after a write request has been counted
 * (server/app.ts counts every write in the database before the app runs) but before the
 * app writes: the request's body is still on its way when the lock is taken, and the
 * lock is held past the busy timeout. Here the app itself meets SQLITE_BUSY, in a
 * loader or action (server/database-fault-routes.ts) or in the contact form's action,
 * and answers 503 with Retry-After: JSON for the JSON calls, the contact form with a
 * message, and the site's error page for an admin form. Nothing is stored, and once the
 * lock is gone the same request works.
 */

const BUSY_TITLE_EN = "We are busy right now";
const BUSY_EN = "The site is busy with other changes, so nothing was saved. Please try again in a few seconds.";
const BUSY_ES = "El sitio está ocupado con otros cambios, así que no se guardó nada. Por favor, inténtelo de nuevo en unos segundos.";

const ADMIN = "staff@example.com";
let signed: SignedInApp;

beforeAll(async () => {
  signed = await startSignedInApp({ email: ADMIN, env: { SEED_DEMO: "0", RATE_LIMIT_FACTOR: "100" } });
});
afterAll(async () => {
  await signed?.stop();
});

function count(sql: string, ...params: unknown[]): number {
  return withServerDatabase(signed.app, (db) => (db.prepare(sql).get(...params) as { n: number }).n);
}

/**
 * Sends the request with its body held back until the server has counted it, then takes
 * the write lock, sends the rest, and releases the lock once the answer is in.
 */
async function sendWhileLockIsTaken(path: string, init: { headers: Record<string, string>; body: string }): Promise<RawAnswer> {
  const countedBefore = writeCountState(signed.app);
  const held: { lock?: ReturnType<typeof holdWriteLock> } = {};
  try {
    return await requestInTwoParts(`${signed.app.url}${path}`, { method: "POST", ...init }, async () => {
      await eventually(() => (writeCountState(signed.app) !== countedBefore ? true : undefined));
      held.lock = holdWriteLock(signed.app);
    });
  } finally {
    held.lock?.release();
  }
}

const requestIdOf = (answer: RawAnswer) => answer.headers["x-request-id"] as string | undefined;

const jsonHeaders = () => ({ "Content-Type": "application/json", Origin: signed.app.url });

describe("the write lock taken while a counted write's body is on its way", () => {
  it("the contact form comes back with the busy message in the visitor's language (503, Retry-After), and works once the lock is gone", async () => {
    const form = new URLSearchParams(contactMessage("MidForm")).toString();
    const headers = { "Content-Type": "application/x-www-form-urlencoded", Origin: signed.app.url, "Accept-Language": "es" };
    const refused = await sendWhileLockIsTaken("/?index", { headers, body: form });
    expect(refused.status).toBe(503);
    expect(refused.headers["retry-after"]).toBe("5");
    expect(refused.headers["cache-control"]).toBe("no-store");
    // The home page with its form, the message above the fields.
    expect(refused.body).toContain('<html lang="es"');
    expect(refused.body).toMatch(new RegExp(`<p id="[^"]*" role="alert"[^>]*>${BUSY_ES}</p>`));
    expect(refused.body).toContain('id="contact"');
    await expectLoggedFor(signed.app.output, requestIdOf(refused), "contact: database busy, message not stored");
    expect(count("select count(*) as n from contact_messages where last_name = ?", "MidForm")).toBe(0);
    expect(count("select count(*) as n from mail_queue where subject like ?", "%MidForm%")).toBe(0);

    const again = await fetch(`${signed.app.url}/?index`, { method: "POST", headers, body: form });
    expect(again.status).toBe(200);
    expect(count("select count(*) as n from contact_messages where last_name = ?", "MidForm")).toBe(1);
  });

  it("POST /api/contact answers 503 JSON with Retry-After", async () => {
    const refused = await sendWhileLockIsTaken("/api/contact", { headers: jsonHeaders(), body: JSON.stringify(contactMessage("MidJson")) });
    expect(refused.status).toBe(503);
    expect(refused.headers["retry-after"]).toBe("5");
    expect(refused.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(refused.body)).toEqual({ error: BUSY_EN });
    await expectLoggedFor(signed.app.output, requestIdOf(refused), "database busy: answered in JSON", { route: "routes/api.contact" });
    expect(count("select count(*) as n from contact_messages where last_name = ?", "MidJson")).toBe(0);
  });

  it("an admin JSON write answers 503 JSON with Retry-After and writes neither the FAQ nor its audit entry", async () => {
    const faq = { question: "Mid-request: is the office open?", answer: "Yes." };
    const auditBefore = count("select count(*) as n from audit_log where entity = 'faq'");
    const refused = await sendWhileLockIsTaken("/api/admin/faqs", {
      headers: { ...jsonHeaders(), Cookie: signed.cookie },
      body: JSON.stringify(faq),
    });
    expect(refused.status).toBe(503);
    expect(refused.headers["retry-after"]).toBe("5");
    expect(refused.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(refused.body)).toEqual({ error: BUSY_EN });
    await expectLoggedFor(signed.app.output, requestIdOf(refused), "database busy: answered in JSON", { route: "routes/api.admin.faqs" });
    expect(count("select count(*) as n from faqs where question = ?", faq.question)).toBe(0);
    expect(count("select count(*) as n from audit_log where entity = 'faq'")).toBe(auditBefore);

    const again = await fetch(`${signed.app.url}/api/admin/faqs`, { method: "POST", headers: { ...jsonHeaders(), Cookie: signed.cookie }, body: JSON.stringify(faq) });
    expect(again.status).toBe(201);
    expect(count("select count(*) as n from faqs where question = ?", faq.question)).toBe(1);
  });

  it("asking for a sign-in link: the same 503 JSON with Retry-After for an admin's address and for any other; no token, no mail; a link once the lock is gone", async () => {
    const ask = (email: string) => sendWhileLockIsTaken("/api/admin/auth/magic/request", { headers: jsonHeaders(), body: JSON.stringify({ email }) });
    const tokens = (email: string) => count("select count(*) as n from magic_tokens where email = ?", email);
    const mails = (email: string) => count("select count(*) as n from mail_queue where recipient = ?", email);
    const tokensBefore = tokens(ADMIN);
    const mailsBefore = mails(ADMIN);

    const forAdmin = await ask(ADMIN);
    const forStranger = await ask("stranger@example.com");
    for (const refused of [forAdmin, forStranger]) {
      expect(refused.status).toBe(503);
      expect(refused.headers["retry-after"]).toBe("5");
      expect(refused.headers["cache-control"]).toBe("no-store");
      expect(JSON.parse(refused.body)).toEqual({ error: BUSY_EN });
    }
    await expectLoggedFor(signed.app.output, requestIdOf(forAdmin), "database busy: answered in JSON", { route: "routes/api.admin.auth.magic.request" });
    expect(tokens(ADMIN)).toBe(tokensBefore);
    expect(mails(ADMIN)).toBe(mailsBefore);

    const again = await fetch(`${signed.app.url}/api/admin/auth/magic/request`, { method: "POST", headers: jsonHeaders(), body: JSON.stringify({ email: ADMIN }) });
    expect(again.status).toBe(200);
    expect(tokens(ADMIN)).toBe(tokensBefore + 1);
    expect(mails(ADMIN)).toBe(mailsBefore + 1);
  });

  it("the login form (no JavaScript) comes back with the busy message above it, 503 with Retry-After, and no link is issued", async () => {
    const tokensBefore = count("select count(*) as n from magic_tokens where email = ?", ADMIN);
    const refused = await sendWhileLockIsTaken("/admin/login", {
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: signed.app.url },
      body: new URLSearchParams({ email: ADMIN }).toString(),
    });
    expect(refused.status).toBe(503);
    expect(refused.headers["retry-after"]).toBe("5");
    expect(refused.headers["cache-control"]).toBe("no-store");
    // The login page itself, its form still there, the message in an alert.
    expect(refused.body).toMatch(new RegExp(`<p id="[^"]*" role="alert"[^>]*>${BUSY_EN}</p>`));
    expect(refused.body).toContain("Send Login Link");
    await expectLoggedFor(signed.app.output, requestIdOf(refused), "sign-in link: database busy, no link issued");
    expect(count("select count(*) as n from magic_tokens where email = ?", ADMIN)).toBe(tokensBefore);
  });

  it("an admin form post (no JavaScript) answers the site's busy page, 503 with Retry-After", async () => {
    const question = "Mid-request form: is the office open?";
    const refused = await sendWhileLockIsTaken("/admin/dashboard/faqs/new", {
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: signed.app.url, Cookie: signed.cookie },
      body: new URLSearchParams({ question, answer: "Yes.", sortOrder: "0", isActive: "on" }).toString(),
    });
    expect(refused.status).toBe(503);
    expect(refused.headers["retry-after"]).toBe("5");
    expect(refused.headers["cache-control"]).toBe("no-store");
    expect(refused.headers["content-type"]).toMatch(/^text\/html/);
    expect(refused.body).toMatch(new RegExp(`<h1[^>]*>${BUSY_TITLE_EN}</h1><p[^>]*>${BUSY_EN}</p>`));
    await expectLoggedFor(signed.app.output, requestIdOf(refused), "database busy: answered with the error page", {
      route: "routes/admin.dashboard.faqs.new",
    });
    expect(count("select count(*) as n from faqs where question = ?", question)).toBe(0);
  });
});
