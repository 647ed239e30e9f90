import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decode, visibleTexts } from "../support/html";
import { signInAdmin } from "../support/admin-api";
import { startOAuthServer } from "../support/oauth";
import { startServer, type RunningServer } from "../support/server";

// The Messages tab: newest first, every field, 'No messages yet', and paging by a
// cursor that walks every message exactly once in both directions.

const PAGE_SIZE = 25;
const MESSAGE_COUNT = 60;

let oauth: Awaited<ReturnType<typeof startOAuthServer>>;
let app: RunningServer;
let cookie: string;

beforeAll(async () => {
  oauth = await startOAuthServer();
  app = await startServer({
    env: { SEED_DEMO: "0", ADMIN_EMAILS: "staff@example.com", GOOGLE_CLIENT_ID: "c", GOOGLE_CLIENT_SECRET: "s", GOOGLE_OAUTH_ISSUER: oauth.url },
  });
  cookie = await signInAdmin(oauth, app.url, { email: "staff@example.com", sub: "g-staff", name: "Staff" });
});
afterAll(async () => {
  await app?.stop();
  await oauth?.stop();
});

async function tab(query = ""): Promise<string> {
  const response = await fetch(`${app.url}/admin/dashboard/messages${query}`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(response.status).toBe(200);
  return response.text();
}

/** The message numbers on a page, in page order ("Message 7" is the 7th stored). */
function numbersOn(html: string): number[] {
  return [...html.matchAll(/Message from Visitor (\d+) Tester/g)].map((match) => Number(match[1]));
}

function pagerLink(html: string, label: "Newer messages" | "Older messages"): string | null {
  const match = new RegExp(`href="([^"]+)"[^>]*>${label}<`).exec(html);
  return match ? decode(match[1]).replace("/admin/dashboard/messages", "") : null;
}

describe("the Messages tab", () => {
  it("says 'No messages yet' while there are none", async () => {
    const html = await tab();
    expect(html).toContain("Contact Messages");
    expect(html).toContain("Messages submitted through the contact form");
    expect(html).toContain("No messages yet");
  });

  it("shows every field, newest first, and pages through all messages by cursor, both ways", async () => {
    // Written straight to the database, several sharing one timestamp: the id breaks ties.
    const db = new Database(app.databasePath);
    const insert = db.prepare(
      "insert into contact_messages (first_name, last_name, email, phone, subject, message, created_at) values (?, ?, ?, ?, ?, ?, ?)",
    );
    const start = Date.UTC(2026, 5, 1, 15, 0);
    db.transaction(() => {
      for (let n = 1; n <= MESSAGE_COUNT; n++) {
        const phone = n % 2 ? "(817) 555-0100" : null;
        insert.run(`Visitor ${n}`, "Tester", `visitor${n}@example.com`, phone, "rental-inquiry", `Line one of ${n}\nLine two`, start + Math.floor(n / 3) * 60_000);
      }
    })();
    db.close();

    const first = await tab();
    expect(numbersOn(first)).toEqual(Array.from({ length: PAGE_SIZE }, (_, i) => MESSAGE_COUNT - i));
    expect(first).toContain("visitor60@example.com");
    expect(visibleTexts(first)).toEqual(expect.arrayContaining(["Subject:", "Rental Inquiry"]));
    expect(first).toContain("Line one of 60\nLine two");
    // The date badge, in the company's time zone (15:00 UTC in June is 10:00 in Chicago).
    expect(first).toContain("Jun 1, 2026, 10:20 AM");
    expect(first).toContain("(817) 555-0100");
    expect(pagerLink(first, "Newer messages")).toBeNull();

    // Older, to the end: every message once, in order.
    const seen: number[] = [];
    let html = first;
    const pages: string[] = [""];
    for (;;) {
      seen.push(...numbersOn(html));
      const older = pagerLink(html, "Older messages");
      if (!older) break;
      pages.push(older);
      html = await tab(older);
    }
    expect(seen).toEqual(Array.from({ length: MESSAGE_COUNT }, (_, i) => MESSAGE_COUNT - i));
    expect(pages).toHaveLength(Math.ceil(MESSAGE_COUNT / PAGE_SIZE));

    // And back: Newer from the last page returns to the newest without gaps or repeats.
    const back: number[] = [];
    for (;;) {
      const newer = pagerLink(html, "Newer messages");
      if (!newer) break;
      html = await tab(newer);
      back.unshift(...numbersOn(html));
    }
    expect(back[0]).toBe(MESSAGE_COUNT);
    expect(new Set(back).size).toBe(back.length);
    expect(numbersOn(html)[0]).toBe(MESSAGE_COUNT);
  });

  it("treats a cursor it cannot read as the first page", async () => {
    const html = await tab("?before=not-a-cursor");
    expect(numbersOn(html)[0]).toBe(MESSAGE_COUNT);
  });

  it("sends a visitor without a session to the login page", async () => {
    const response = await fetch(`${app.url}/admin/dashboard/messages`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fdashboard%2Fmessages");
  });

  it("GET /api/contact: the whole list, or pages by ?limit= and the Link header's cursor", async () => {
    const get = (query = "", withCookie = true) =>
      fetch(`${app.url}/api/contact${query}`, { headers: withCookie ? { Cookie: cookie } : {}, redirect: "manual" });
    const numbers = (messages: { firstName: string }[]) => messages.map((message) => Number(message.firstName.replace("Visitor ", "")));

    const all = await get();
    expect(all.status).toBe(200);
    expect(all.headers.get("cache-control")).toBe("no-store");
    expect(numbers(await all.json())).toEqual(Array.from({ length: MESSAGE_COUNT }, (_, i) => MESSAGE_COUNT - i));

    const walked: number[] = [];
    let next: string | null = "/api/contact?limit=16";
    while (next) {
      const response = await get(next.replace("/api/contact", ""));
      expect(response.status).toBe(200);
      walked.push(...numbers(await response.json()));
      next = /^<([^>]+)>; rel="next"$/.exec(response.headers.get("link") ?? "")?.[1] ?? null;
    }
    expect(walked).toEqual(Array.from({ length: MESSAGE_COUNT }, (_, i) => MESSAGE_COUNT - i));

    for (const bad of ["?limit=0", "?limit=101", "?limit=abc", "?limit=5&before=not-a-cursor"]) {
      const response = await get(bad);
      expect(response.status, bad).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/limit must be/);
    }
    expect((await get("?limit=5", false)).status).toBe(401);
  });
});
