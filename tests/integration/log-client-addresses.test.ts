import { afterAll, beforeAll, expect, it } from "vitest";
import { contactMessage } from "../support/contact-posts";
import { eventually } from "../support/eventually";
import { logLines } from "../support/log-lines";
import { startServer, type RunningServer } from "../support/server";

// The lines that say a client was turned away name it by a keyed hash (clientKey), never
// by its address: a log reader can tell the same client again, not who it is (16.2.5).
// Behind a proxy (TRUST_PROXY=1) so each request's address is its X-Forwarded-For.
const BOT = "203.0.113.77";
const STRANGER = "198.51.100.78";
const ADMIN = "keys@example.com";

let app: RunningServer;
beforeAll(async () => {
  app = await startServer({ env: { LOG_LEVEL: "info", TRUST_PROXY: "1", SEED_DEMO: "0", ADMIN_EMAILS: ADMIN } });
});
afterAll(() => app?.stop());

const post = (path: string, body: unknown, from: string) =>
  fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app.url, "X-Forwarded-For": from },
    body: JSON.stringify(body),
  });

it("the honeypot's and the sign-in link limit's lines name the client by a keyed hash, never by its address", async () => {
  const honeypot = await post("/api/contact", { ...contactMessage("Bot"), website: "https://spam.example" }, BOT);
  expect(honeypot.status).toBe(201);
  // The sixth link for one address in 15 minutes from a network that never signed in sends nothing.
  for (let request = 0; request < 6; request++) expect((await post("/api/admin/auth/magic/request", { email: ADMIN }, STRANGER)).status).toBe(200);

  const lines = await eventually(() => {
    const found = logLines(app.output());
    const dropped = found.find((line) => line.msg.includes("honeypot filled"));
    const limited = found.find((line) => line.msg.includes("per-address limit reached"));
    return dropped && limited ? { dropped, limited } : undefined;
  });
  expect(lines.dropped.clientKey).toMatch(/^[0-9a-f]{12}$/);
  expect(lines.limited.clientKey).toMatch(/^[0-9a-f]{12}$/);
  expect(lines.limited.clientKey).not.toBe(lines.dropped.clientKey);
  expect(app.output()).not.toContain(BOT);
  expect(app.output()).not.toContain(STRANGER);
});
