import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSignedInApp, type SignedInApp } from "../support/admin-api";

/**
 * How a rendered page leaves the server: whole UTF-8, with accented and other multi-byte
 * characters intact wherever the renderer's buffers end (React 18's streaming renderer
 * leaves zero bytes before a character that does not fit at the end of its 2 KB buffer;
 * see docs/decisions/010-utf8-stream-repair.md), and a large compressed page sent
 * without piling up listeners.
 */

let signedIn: SignedInApp;
const bodies: string[] = [];

beforeAll(async () => {
  signedIn = await startSignedInApp({ env: { SEED_DEMO: "0" } });
  const db = new Database(signedIn.app.databasePath);
  const insert = db.prepare(
    "insert into contact_messages (first_name, last_name, email, phone, subject, message, created_at) values (?, ?, ?, ?, ?, ?, ?)",
  );
  // 25 messages (one page) dense with 2- and 3-byte characters, of lengths that put the
  // renderer's 2 KB buffer boundaries inside them many times over.
  for (let n = 0; n < 25; n++) {
    const body = `${n}: ${"ñáé€—".repeat(60 + n * 7)}`;
    bodies.push(body);
    insert.run(`Tomás ${n}`, "Peña", `p${n}@example.com`, null, "other", body, Date.UTC(2026, 0, 1) + n * 60_000);
  }
  db.close();
});
afterAll(() => signedIn?.stop());

describe("a rendered page as sent", () => {
  it("the Messages tab carries every multi-byte character whole, with no zero byte", async () => {
    const response = await fetch(`${signedIn.app.url}/admin/dashboard/messages`, { headers: { Cookie: signedIn.cookie } });
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.indexOf(0)).toBe(-1);
    const html = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    for (const body of bodies) expect(html).toContain(body);
    expect(html).toContain('aria-label="Message from Tomás 24 Peña"');
  });

  it("a large page sent compressed leaves no listener behind (no MaxListenersExceededWarning)", async () => {
    for (const encoding of ["br", "gzip", "br"]) {
      const response = await fetch(`${signedIn.app.url}/admin/dashboard/text`, { headers: { Cookie: signedIn.cookie, "Accept-Encoding": encoding } });
      expect(response.status).toBe(200);
      expect((await response.text()).length).toBeGreaterThan(100_000);
    }
    expect(signedIn.app.output()).not.toContain("MaxListenersExceededWarning");
  });
});
