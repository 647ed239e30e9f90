import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { jsonCaller, postFormFollowed, startSignedInApp, type SignedInApp } from "../support/admin-api";
import { addPasskeyTo, passkeySignIn } from "../support/passkey-calls";
import { freePort, ROOT, withServerDatabase } from "../support/server";
import { ageProofs, sessionData } from "../support/session-rows";
import { mailHeader, mimeParts, startSmtpSink, type ReceivedMail, type SmtpSink } from "../support/smtp";
import { SoftAuthenticator } from "../support/soft-authenticator";

/**
 * Fresh proof for a change to the sign-in factors (issue 49, point 3; decision 062).
 * While a passkey is required, adding or removing a passkey, switching the requirement
 * and removing another admin's passkeys need the admin's passkey used in the last 5
 * minutes (or, for an admin without one, a sign-in in the last 5 minutes), through the
 * forms and the JSON calls alike; the admin is mailed at each change, and an admin whose
 * passkeys another removes is signed out everywhere. A session's proofs are made older by
 * moving its times back in its row (no test waits 5 minutes).
 */

const OWNER = "owner@example.com";
const HELPER = "helper@example.com";
const LOST = "lost@example.com";
const SIX_MINUTES = 6 * 60_000;

let site: SignedInApp;
let sink: SmtpSink;
let ownerKey: SoftAuthenticator;
let lostId: number;
const call = jsonCaller(() => site.app, () => site.cookie);
const key = () => new SoftAuthenticator({ rpId: "127.0.0.1", origin: site.app.url });

beforeAll(async () => {
  sink = await startSmtpSink(await freePort());
  site = await startSignedInApp({
    email: OWNER,
    env: { ADMIN_EMAILS: `${OWNER},${HELPER},${LOST}`, SMTP_URL: `smtp://127.0.0.1:${sink.port}`, RATE_LIMIT_FACTOR: "1000" },
  });
  // Before the requirement is on, nothing more than a session is asked.
  ownerKey = key();
  expect((await addPasskeyTo(site.app, ownerKey, site.cookie, "Owner's laptop")).added?.status).toBe(201);
  const entries = (await (await call("/api/admin/whitelist")).json()) as { id: number; email: string }[];
  lostId = entries.find((entry) => entry.email === LOST)!.id;
}, 60_000);
afterAll(async () => {
  await site?.stop();
  await sink?.stop();
});

const requirement = () =>
  withServerDatabase(site.app, (db) => (db.prepare("select value from configurations where key = 'staff_passkey_required'").get() as { value: string } | undefined)?.value ?? "off");
const setRequirement = (cookie: string, on: boolean) => postFormFollowed(site.app, cookie, "/admin/dashboard/settings", { intent: "passkey-requirement", ...(on ? { requirePasskey: "on" } : {}) });
const passkeysOf = (email: string) => withServerDatabase(site.app, (db) => db.prepare("select id, name from passkeys where admin_email = ? order by id").all(email) as { id: number; name: string }[]);
const signedIn = async (cookie: string) => (await call("/api/admin/me", { cookie })).status === 200;

/** A session of the owner's that has just used their passkey. */
async function ownerWithPasskey(): Promise<string> {
  const { answer, session } = await passkeySignIn(site.app, ownerKey);
  expect(answer.status).toBe(200);
  return session!;
}

/** Gives the lost admin `count` passkeys (and no others), and a session of their own (a Google sign-in while nothing is required). */
async function lostWithPasskeys(count: number): Promise<string> {
  withServerDatabase(site.app, (db) => db.prepare("delete from passkeys where admin_email = ?").run(LOST));
  const on = requirement() === "on";
  withServerDatabase(site.app, (db) => db.prepare("update configurations set value = 'off' where key = 'staff_passkey_required'").run());
  const cookie = await site.signIn(LOST);
  for (let n = 0; n < count; n++) expect((await addPasskeyTo(site.app, key(), cookie, `Lost's key ${n}`)).added?.status).toBe(201);
  if (on) withServerDatabase(site.app, (db) => db.prepare("update configurations set value = 'on' where key = 'staff_passkey_required'").run());
  return cookie;
}

const textOf = (mail: ReceivedMail) => mimeParts(mail.raw).find((part) => part.contentType === "text/plain")?.body ?? "";

/** Waits for the mail to `email` under `subject` whose text says `saying`; its text. */
async function mailSaying(email: string, subject: string, saying: string): Promise<string> {
  return textOf(await sink.waitFor((mail) => mail.to.includes(email) && mailHeader(mail.raw, "subject") === subject && textOf(mail).includes(saying)));
}

async function expectRefusedJson(answer: Response, need: "passkey" | "sign-in") {
  expect(answer.status).toBe(403);
  const body = (await answer.json()) as { error: string; proofNeeded: string };
  expect(body.proofNeeded).toBe(need);
  expect(body.error).toMatch(/^Confirm it's you: Changing how staff sign in/);
}

/** A form post sent back to its page, which says what to do. */
function expectSentBack(answer: Awaited<ReturnType<typeof postFormFollowed>>, page: string, need: "passkey" | "sign-in") {
  expect(answer.location).toBe(page);
  expect(answer.html).toContain("Confirm it&#x27;s you");
  expect(answer.html).toContain(need === "passkey" ? "needs your passkey, used in the last 5 minutes" : "needs a sign-in in the last 5 minutes");
  expect(answer.html).toContain(need === "passkey" ? "Using a passkey needs JavaScript, which is off in this browser." : "Email me a sign-in link");
}

describe("with a passkey required", () => {
  beforeAll(async () => {
    const answer = await setRequirement(site.cookie, true);
    expect(answer.html).toContain("A passkey is now required for staff sign-in");
  });

  it("refuses the four changes to a session whose passkey was used more than 5 minutes ago, or never (a link or Google alone): 403 from the JSON calls, the forms sent back to 'Confirm it's you'", async () => {
    await lostWithPasskeys(1);
    const stale = await ownerWithPasskey();
    ageProofs(site.app, stale, SIX_MINUTES);
    const [ownPasskey] = passkeysOf(OWNER);
    // site.cookie is the owner's Google sign-in of a minute ago, with no passkey in it.
    for (const cookie of [stale, site.cookie]) {
      const added = await addPasskeyTo(site.app, key(), cookie, "Thief's key");
      await expectRefusedJson(added.asked, "passkey");
      await expectRefusedJson(await call("/api/admin/passkeys", { method: "POST", cookie, body: { name: "Thief's key", response: {} } }), "passkey");
      await expectRefusedJson(await call(`/api/admin/passkeys/${ownPasskey.id}`, { method: "DELETE", cookie }), "passkey");
      await expectRefusedJson(await call(`/api/admin/whitelist/${lostId}/passkeys`, { method: "DELETE", cookie }), "passkey");

      expectSentBack(await setRequirement(cookie, false), "/admin/dashboard/settings", "passkey");
      const ownRemoval = `/admin/dashboard/admins/passkeys/${ownPasskey.id}/remove`;
      expectSentBack(await postFormFollowed(site.app, cookie, ownRemoval, {}), ownRemoval, "passkey");
      const othersRemoval = `/admin/dashboard/admins/${lostId}/passkeys/remove`;
      expectSentBack(await postFormFollowed(site.app, cookie, othersRemoval, {}), othersRemoval, "passkey");
      // The pages say it before anything is tried: the Admins tab has no 'Add a passkey', the dialogs no button.
      const tab = await (await fetch(`${site.app.url}/admin/dashboard/admins`, { headers: { Cookie: cookie } })).text();
      expect(tab).toContain("Confirm it&#x27;s you");
    }
    expect(passkeysOf(OWNER)).toHaveLength(1);
    expect(passkeysOf(LOST)).toHaveLength(1);
    expect(requirement()).toBe("on");
    // The requirement has no JSON call of its own: the settings calls know only contact_email.
    expect((await call("/api/admin/configurations/staff_passkey_required", { method: "PUT", cookie: stale, body: { value: "off" } })).status).toBe(404);
  });

  it("lets each through with the passkey used in the last 5 minutes, and mails the admin at each change", async () => {
    // Every admin was told when the requirement was switched on.
    for (const email of [OWNER, HELPER, LOST]) await mailSaying(email, "Staff sign-in now requires a passkey", `${OWNER} switched on 'Require a passkey for staff sign-in'`);
    const lostSession = await lostWithPasskeys(2);
    const fresh = await ownerWithPasskey();
    // Used 4 minutes ago: still fresh.
    ageProofs(site.app, fresh, 4 * 60_000);

    const { added } = await addPasskeyTo(site.app, key(), fresh, "Second laptop");
    expect(added?.status).toBe(201);
    await mailSaying(OWNER, "A passkey was added to your admin account", `A passkey named "Second laptop" was added to ${OWNER}`);

    const second = passkeysOf(OWNER).find((passkey) => passkey.name === "Second laptop")!;
    const removal = await postFormFollowed(site.app, fresh, `/admin/dashboard/admins/passkeys/${second.id}/remove`, {});
    expect(removal.location).toBe("/admin/dashboard/admins");
    expect(removal.html).toContain("Passkey removed.");
    await mailSaying(OWNER, "A passkey was removed from your admin account", `The passkey "Second laptop" of ${OWNER} was removed from the Lone Star Home Management admin dashboard by you`);

    const third = (await addPasskeyTo(site.app, key(), fresh, "Third laptop")).added!;
    const { id: thirdId } = (await third.json()) as { id: number };
    expect((await call(`/api/admin/passkeys/${thirdId}`, { method: "DELETE", cookie: fresh })).status).toBe(200);

    // Another admin's passkeys: removed, their sessions ended, and they are told.
    expect(await signedIn(lostSession)).toBe(true);
    const others = await postFormFollowed(site.app, fresh, `/admin/dashboard/admins/${lostId}/passkeys/remove`, {});
    expect(others.html).toContain("Their passkeys are removed");
    expect(passkeysOf(LOST)).toEqual([]);
    expect(sessionData(site.app, lostSession)).toBeNull();
    expect(await signedIn(lostSession)).toBe(false);
    await mailSaying(LOST, "Your passkeys were removed from your admin account", `All 2 passkeys of ${LOST} on the Lone Star Home Management admin dashboard were removed by ${OWNER}, and every session of yours there was signed out.`);

    const lostAgain = await lostWithPasskeys(1);
    expect((await call(`/api/admin/whitelist/${lostId}/passkeys`, { method: "DELETE", cookie: fresh })).status).toBe(200);
    expect(await signedIn(lostAgain)).toBe(false);

    const off = await setRequirement(fresh, false);
    expect(off.html).toContain("A passkey is no longer required for staff sign-in.");
    for (const email of [OWNER, HELPER, LOST]) await mailSaying(email, "Staff sign-in no longer requires a passkey", `${OWNER} switched off`);
    expect(requirement()).toBe("off");
    // Switching it on again asks for nothing more: only an admin with a passkey can, and it makes sign-in stronger.
    ageProofs(site.app, fresh, SIX_MINUTES);
    expect((await setRequirement(fresh, true)).html).toContain("A passkey is now required for staff sign-in");
  });

  it("asks an admin without a passkey for a sign-in in the last 5 minutes, and e-mails them a link back to the page", async () => {
    // The helper signed in by Google while nothing was required, and has no passkey.
    withServerDatabase(site.app, (db) => db.prepare("update configurations set value = 'off' where key = 'staff_passkey_required'").run());
    const helper = await site.signIn(HELPER);
    withServerDatabase(site.app, (db) => db.prepare("update configurations set value = 'on' where key = 'staff_passkey_required'").run());
    await lostWithPasskeys(1);

    ageProofs(site.app, helper, SIX_MINUTES);
    await expectRefusedJson(await call(`/api/admin/whitelist/${lostId}/passkeys`, { method: "DELETE", cookie: helper }), "sign-in");
    expectSentBack(await setRequirement(helper, false), "/admin/dashboard/settings", "sign-in");
    expect(requirement()).toBe("on");

    const asked = await postFormFollowed(site.app, helper, "/admin/dashboard/sign-in-again?redirectTo=%2Fadmin%2Fdashboard%2Fsettings", {});
    expect(asked.location).toBe("/admin/dashboard/settings");
    expect(asked.html).toContain("Check your email: the link signs you in again and brings you back here.");
    const link = (await mailSaying(HELPER, "Your sign-in link", "/admin/auth/magic?token=")).match(/http\S+\/admin\/auth\/magic\?token=\S+/)?.[0];
    expect(link).toContain("redirectTo=%2Fadmin%2Fdashboard%2Fsettings");

    // Signed in 4 minutes ago: fresh enough.
    ageProofs(site.app, helper, -SIX_MINUTES + 4 * 60_000);
    expect((await call(`/api/admin/whitelist/${lostId}/passkeys`, { method: "DELETE", cookie: helper })).status).toBe(200);
    expect((await setRequirement(helper, false)).html).toContain("A passkey is no longer required for staff sign-in.");
  });
});

describe("while no passkey is required", () => {
  it("asks nothing more than a session, however old its proofs", async () => {
    expect(requirement()).toBe("off");
    const session = await ownerWithPasskey();
    ageProofs(site.app, session, SIX_MINUTES);
    const { added } = await addPasskeyTo(site.app, key(), session, "Spare key");
    expect(added?.status).toBe(201);
    const { id } = (await added!.json()) as { id: number };
    expect((await call(`/api/admin/passkeys/${id}`, { method: "DELETE", cookie: session })).status).toBe(200);
  });
});

describe("removing an admin's passkeys from the command line", () => {
  it("ends that admin's sessions and tells them", async () => {
    const session = await lostWithPasskeys(1);
    const output = execFileSync(process.execPath, [path.join(ROOT, "build", "admin-reset-passkeys.js"), LOST], { cwd: site.app.workDir, encoding: "utf8", env: { ...process.env, DATABASE_PATH: site.app.databasePath } });
    expect(output.trim()).toBe(`1 passkey of ${LOST} removed.`);
    expect(await signedIn(session)).toBe(false);
    await mailSaying(LOST, "Your passkeys were removed from your admin account", `The one passkey of ${LOST} on the Lone Star Home Management admin dashboard was removed from the server's command line`);
  });
});
