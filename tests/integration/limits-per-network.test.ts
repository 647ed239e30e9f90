import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessage } from "../support/contact-posts";
import { startServer, withServerDatabase, type RunningServer } from "../support/server";

// docs/product.md §9's per-client-IP limits count a client's network: an IPv6 client by its
// /64, inside which it can pick any address it likes, an IPv4 address as itself, also
// when it comes written as IPv4-mapped IPv6 (::ffff:a.b.c.d). The server sits behind one
// proxy (TRUST_PROXY=1), so each request's client address is its X-Forwarded-For. Each
// test uses networks of its own (documentation prefixes 2001:db8::/32, 198.51.100.0/24).

const ENV = { TRUST_PROXY: "1", SEED_DEMO: "0" };

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ env: ENV });
});
afterAll(async () => {
  await server?.stop();
});

function postJson(path: string, body: unknown, clientAddress: string) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": clientAddress },
    body: JSON.stringify(body),
  });
}

async function statusOf(response: Promise<Response>): Promise<number> {
  const answer = await response;
  await answer.arrayBuffer();
  return answer.status;
}

const askForLink = (n: number, clientAddress: string) =>
  statusOf(postJson("/api/admin/auth/magic/request", { email: `visitor-${n}@example.com` }, clientAddress));

const sendContact = (label: string, clientAddress: string) => statusOf(postJson("/api/contact", contactMessage(label), clientAddress));

function storedMessages(lastNamePrefix: string): number {
  return withServerDatabase(
    server,
    (db) => (db.prepare("select count(*) as n from contact_messages where last_name like ?").get(`${lastNamePrefix}%`) as { n: number }).n,
  );
}

/**
 * The n-th address inside the /64 `prefix` (four groups), written in turn compressed,
 * in full with leading zeros and in capitals: one network however it is written.
 */
function addressIn(prefix: string, n: number): string {
  const host = ["0", "0", (n >> 16).toString(16), (n & 0xffff).toString(16)];
  const full = [...prefix.split(":"), ...host].map((group) => group.padStart(4, "0"));
  if (n % 3 === 1) return full.join(":").toUpperCase();
  if (n % 3 === 2) return full.join(":");
  return `${prefix}::${n.toString(16)}`;
}

describe("per-client limits count an IPv6 client by its /64", () => {
  it("sign-in links: 30 addresses of one /64 share its 20 in 15 minutes, the 21st on get 429; the next /64 is not affected", async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 30; n++) statuses.push(await askForLink(n, addressIn("2001:db8:10:1", n)));
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));

    // The neighbouring /64 (the same /56) is another client.
    expect(await askForLink(31, "2001:db8:10:2::1")).toBe(200);
  });

  it("contact messages: 12 from 12 addresses of one /64, the 11th and 12th get 429; the next /64 is not affected", async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 12; n++) statuses.push(await sendContact(`Net64-${n}`, addressIn("2001:db8:20:1", n)));
    expect(statuses).toEqual([...Array(10).fill(201), 429, 429]);
    expect(storedMessages("Net64-")).toBe(10);

    expect(await sendContact("Next64-1", "2001:db8:20:2::1")).toBe(201);
    expect(storedMessages("Next64-")).toBe(1);
  });

  it("an IPv4-mapped address counts as its IPv4 address, and two IPv4 addresses are two clients", async () => {
    for (let n = 1; n <= 10; n++) expect(await sendContact(`Mapped-${n}`, "::ffff:198.51.100.7")).toBe(201);
    expect(await sendContact("Mapped-11", "198.51.100.7")).toBe(429);
    expect(await sendContact("Mapped-12", "::FFFF:C633:6407")).toBe(429);
    expect(await sendContact("Neighbour-1", "198.51.100.8")).toBe(201);
  });

  it("other writes: 300 a minute per /64, the 301st from another address of it gets 429, the next /64 does not", async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 301; n++) statuses.push(await statusOf(postJson("/api/no-such-call", {}, addressIn("2001:db8:30:1", n))));
    expect(statuses.filter((status) => status === 429)).toEqual([429]);
    expect(statuses[300]).toBe(429);
    expect(await statusOf(postJson("/api/no-such-call", {}, "2001:db8:30:2::1"))).toBe(404);
  });

  it("a restart forgets nothing: a /64 that spent its allowances is still refused by the restarted server", async () => {
    for (let n = 1; n <= 10; n++) expect(await sendContact(`Restart-${n}`, addressIn("2001:db8:40:1", n))).toBe(201);
    for (let n = 1; n <= 20; n++) expect(await askForLink(100 + n, addressIn("2001:db8:40:1", n))).toBe(200);

    await server.stop();
    server = await startServer({ workDir: server.workDir, env: ENV });

    expect(await sendContact("Restart-11", "2001:db8:40:1:ffff::1")).toBe(429);
    expect(await askForLink(121, "2001:db8:40:1:ffff::2")).toBe(429);
    expect(storedMessages("Restart-")).toBe(10);
    // Another network is served as usual after the restart.
    expect(await sendContact("Restart-other", "2001:db8:40:2::1")).toBe(201);
  });
});
