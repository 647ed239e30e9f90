import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../support/eventually";
import { signInWithGoogle, startOAuthServer } from "../support/oauth";
import { freePort, startServer, withServerDatabase, type RunningServer } from "../support/server";
import { mimeParts, startSmtpSink, type ReceivedMail, type SmtpSink } from "../support/smtp";

// docs/product.md §9's 5 sign-in links per address in 15 minutes, split as decision 031 says:
// requests from networks that have never signed in as the address share one allowance
// of 5 (all that strangers, from however many networks, can send into one inbox), and
// a network that has signed in as the address (by link or through Google, within 30
// days) has 5 of its own, so that strangers cannot keep its admin from signing in.
// Every answer is the same "sent". Behind one proxy (TRUST_PROXY=1): each request's
// client address is its X-Forwarded-For. A real SMTP server receives the mail.

const SENT = { message: "Check your email for a login link." };
const OWNER = "owner@example.com";
const MANAGER = "manager@example.com";
const ASSISTANT = "assistant@example.com";
const STAFF = "staff@example.com";
const MOBILE = "mobile@example.com";

let sink: SmtpSink;
let oauth: Awaited<ReturnType<typeof startOAuthServer>>;
let server: RunningServer;

beforeAll(async () => {
  sink = await startSmtpSink(await freePort());
  oauth = await startOAuthServer();
  server = await startServer({
    env: {
      SEED_DEMO: "0",
      TRUST_PROXY: "1",
      ADMIN_EMAILS: [OWNER, MANAGER, ASSISTANT, STAFF, MOBILE].join(","),
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      MAIL_FROM: "office@lonestar.example",
      GOOGLE_CLIENT_ID: "c",
      GOOGLE_CLIENT_SECRET: "s",
      GOOGLE_OAUTH_ISSUER: oauth.url,
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await oauth?.stop();
  await sink?.stop();
});

/** Asks for a link for `email` from `clientAddress`; the answer is always the same. */
async function askFrom(email: string, clientAddress: string) {
  const response = await fetch(`${server.url}/api/admin/auth/magic/request`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": clientAddress },
    body: JSON.stringify({ email }),
  });
  expect(response.status, `asked for ${email} from ${clientAddress}`).toBe(200);
  expect(await response.json()).toEqual(SENT);
}

/** `count` networks of a stranger (IPv6 /64s and IPv4 addresses no admin uses), numbered from `first`. */
function strangerNetworks(first: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const n = first + i;
    return n % 2 ? `203.0.113.${n}` : `2001:db8:bad:${n.toString(16)}::${(n * 7).toString(16)}`;
  });
}

/** A stranger asking for `email`'s link `times` times from each of the networks. */
async function flood(email: string, networks: string[], times: number) {
  for (const network of networks) for (let i = 0; i < times; i++) await askFrom(email, network);
}

/** Mails queued for the address: written with the token, in the request's own transaction. */
function queuedMails(email: string): number {
  return withServerDatabase(server, (db) => (db.prepare("select count(*) as n from mail_queue where recipient = ?").get(email) as { n: number }).n);
}

function received(email: string): ReceivedMail[] {
  return sink.messages().filter((mail) => mail.to.includes(email));
}

/** Waits until the SMTP server has received `count` mails for the address; they are all it got. */
async function delivered(email: string, count: number): Promise<ReceivedMail[]> {
  await sink.waitFor(() => received(email).length >= count);
  return received(email);
}

function linkIn(mail: ReceivedMail): string {
  const text = mimeParts(mail.raw).find((part) => part.contentType === "text/plain")?.body ?? "";
  const line = text.split(/\r?\n/).find((item) => item.startsWith(`${server.url}/admin/auth/magic?`));
  if (!line) throw new Error(`no sign-in link in:\n${text}`);
  return line;
}

const tokenHash = (link: string) => crypto.createHash("sha256").update(new URL(link).searchParams.get("token") ?? "").digest("hex");

/** The link of the address's newest token (each newer one ends the older), once its mail has arrived. */
async function newestLink(email: string): Promise<string> {
  const newest = withServerDatabase(
    server,
    (db) => db.prepare("select jti from magic_tokens where email = ? order by id desc limit 1").get(email) as { jti: string },
  );
  return eventually(() => received(email).map(linkIn).find((link) => tokenHash(link) === newest.jti));
}

/** Opens the link's form and posts it as the admin's browser, from `clientAddress`: the session cookie. */
async function signInWithLink(link: string, clientAddress: string): Promise<string> {
  const response = await fetch(`${server.url}/admin/auth/magic`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, "X-Forwarded-For": clientAddress },
    body: new URLSearchParams({ token: new URL(link).searchParams.get("token") ?? "" }).toString(),
  });
  expect(response.headers.get("location")).toBe("/admin/dashboard");
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith("__session="));
  if (!cookie) throw new Error("no session cookie");
  return cookie.split(";")[0];
}

async function signedInAs(cookie: string): Promise<string> {
  const response = await fetch(`${server.url}/api/admin/me`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { email: string }).email;
}

/** Requests for a link from the address, then signs in with the link it mails. */
async function signInByMailFrom(email: string, clientAddress: string): Promise<string> {
  await askFrom(email, clientAddress);
  return signInWithLink(await newestLink(email), clientAddress);
}

describe("sign-in links: strangers can neither flood an inbox nor keep its admin out", () => {
  it("a stranger asking from 12 networks, 36 times, gets 5 mails into the inbox in 15 minutes and no more", async () => {
    await flood(OWNER, strangerNetworks(1, 12), 3);
    expect(queuedMails(OWNER)).toBe(5);
    await delivered(OWNER, 5);
    expect(received(OWNER)).toHaveLength(5);
  });

  it("after a stranger spent the allowance, the admin's own network (signed in there before) still gets a link, and it signs the admin in", async () => {
    const home = "2001:db8:a11:1::10";
    await signInByMailFrom(MANAGER, home);

    // Strangers spend the allowance of the manager's address and of an assistant's.
    await flood(MANAGER, strangerNetworks(20, 6), 3);
    await flood(ASSISTANT, strangerNetworks(40, 6), 3);
    expect(queuedMails(MANAGER)).toBe(5);
    expect(queuedMails(ASSISTANT)).toBe(5);
    // Spent indeed: from a network that never signed in as the manager, nothing goes out.
    await askFrom(MANAGER, "203.0.113.250");
    expect(queuedMails(MANAGER)).toBe(5);

    // The manager at home again, the laptop with another address in the same /64.
    const laptop = "2001:db8:a11:1:9a2b:11ff:fe00:77";
    await askFrom(MANAGER, laptop);
    expect(queuedMails(MANAGER)).toBe(6);
    const cookie = await signInWithLink(await newestLink(MANAGER), laptop);
    expect(await signedInAs(cookie)).toBe(MANAGER);

    // The home network counts as the manager's only: the assistant's link stays held back.
    await askFrom(ASSISTANT, laptop);
    expect(queuedMails(ASSISTANT)).toBe(5);
  });

  it("a network that signed in has 5 links of its own in 15 minutes, no more: nobody on it can flood the inbox either", async () => {
    const office = "198.51.100.40";
    await signInByMailFrom(STAFF, office);
    expect(queuedMails(STAFF)).toBe(1);
    for (let i = 1; i <= 6; i++) await askFrom(STAFF, office);
    expect(queuedMails(STAFF)).toBe(6);
    await delivered(STAFF, 6);
    expect(received(STAFF)).toHaveLength(6);
  });

  it("a network that signed in through Google gets its own allowance as well", async () => {
    const phone = "2001:db8:b0b:7::1";
    oauth.signInAs({ sub: "g-mobile", email: MOBILE, email_verified: true, name: "Mobile" });
    const { callback } = await signInWithGoogle(server.url, { headers: { "X-Forwarded-For": phone } });
    expect(callback.headers.get("location")).toBe("/admin/dashboard");

    await flood(MOBILE, strangerNetworks(60, 2), 3);
    expect(queuedMails(MOBILE)).toBe(5);
    await askFrom(MOBILE, phone);
    expect(queuedMails(MOBILE)).toBe(6);
    const cookie = await signInWithLink(await newestLink(MOBILE), phone);
    expect(await signedInAs(cookie)).toBe(MOBILE);
  });
});
