import { eq } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { configurations } from "~/db/schema";
import { recordAudit, summarizeChanges, type AuditExecutor } from "~/models/audit.server";
import { awaitFirstAttempt, queueMail } from "~/services/mail/queue.server";
import { CONTACT_EMAIL_DESCRIPTION, CONTACT_EMAIL_KEY, CONTACT_EMAIL_MESSAGES, type ContactMailSetup, type NewConfigurationInput } from "~/models/contact-email-form";
import { formatDateTime } from "~/utils/dates";
import { escapeHtml } from "~/utils/html";
import { config } from "~/config/env.server";
import { isLocalHost } from "~/config/deployment-warnings.server";
import { RateLimiter } from "~/services/rate-limits/rate-limit.server";

/**
 * Settings (the configurations table). One is known: contact_email, the address that
 * receives contact form messages; while it is absent or blank they go to MAIL_FROM
 * (README, configuration). Created once (POST), then changed (PUT); the Settings tab does
 * whichever applies. Every change records who made it and when, on the row and in the
 * change log (named by the key, so a setting named like a secret shows no value there).
 */

export type ConfigurationSetting = {
  key: string;
  value: string;
  description: string | null;
  updatedBy: string | null;
  updatedAt: Date;
};

// The columns a setting is read with, everywhere: docs/product.md §7's answer.
const settingColumns = {
  key: configurations.key,
  value: configurations.value,
  description: configurations.description,
  updatedBy: configurations.updatedBy,
  updatedAt: configurations.updatedAt,
};

type Reader = Pick<ReturnType<typeof db>, "select">;

export function getConfiguration(key: string, reader: Reader = db()): ConfigurationSetting | null {
  return reader.select(settingColumns).from(configurations).where(eq(configurations.key, key)).get() ?? null;
}

/** A setting that holds a whole number from 1 to `max`; `fallback` while it is absent or holds anything else. */
export function wholeNumberSetting(key: string, fallback: number, max = Number.MAX_SAFE_INTEGER, reader: Reader = db()): number {
  const value = Number(getConfiguration(key, reader)?.value);
  return Number.isInteger(value) && value >= 1 && value <= max ? value : fallback;
}

/** Where contact messages go while no contact_email is set: the mail server's sender address. */
export function defaultContactRecipient(): string {
  return config().mailFrom;
}

/** Whether contact messages reach the office yet (ContactMailSetup). */
export function contactMailSetup(): ContactMailSetup {
  if (getConfiguration(CONTACT_EMAIL_KEY)?.value.trim()) return { configured: true };
  const recipient = defaultContactRecipient();
  const [mailbox, domain = ""] = recipient.split("@");
  return { configured: false, recipient, read: !isLocalHost(domain) && !/^no-?reply\b/i.test(mailbox) };
}

/** The contact_email setting when it holds an address, else MAIL_FROM (README, configuration). */
export function contactRecipient(reader: Reader = db()): string {
  return getConfiguration(CONTACT_EMAIL_KEY, reader)?.value.trim() || defaultContactRecipient();
}

/** The change log's entry for a setting written by `actor`, `before` being its previous state. */
function recordSettingChange(tx: AuditExecutor, actor: string, key: string, before: ConfigurationSetting | null, value: string) {
  const summary = summarizeChanges(before && { [key]: before.value }, { [key]: value });
  recordAudit({ actor, entity: "setting", entityId: key, action: before ? "update" : "create", summary }, tx);
}

export type CreateConfigurationResult = { kind: "created"; setting: ConfigurationSetting } | { kind: "exists" };

/** Creates a setting; one that exists already is left as it is. */
export function createConfiguration(input: NewConfigurationInput, updatedBy: string): CreateConfigurationResult {
  return writeTransaction((tx) => {
    const setting = tx
      .insert(configurations)
      .values({ key: input.key, value: input.value, description: input.description, updatedBy, updatedAt: new Date() })
      .onConflictDoNothing({ target: configurations.key })
      .returning(settingColumns)
      .get();
    if (!setting) return { kind: "exists" } as const;
    recordSettingChange(tx, updatedBy, input.key, null, input.value);
    return { kind: "created", setting } as const;
  });
}

export type UpdateConfigurationResult = { kind: "updated"; setting: ConfigurationSetting } | { kind: "not_found" };

/** Changes an existing setting's value. */
export function updateConfiguration(key: string, value: string, updatedBy: string): UpdateConfigurationResult {
  return writeTransaction((tx) => {
    const before = getConfiguration(key, tx);
    if (!before) return { kind: "not_found" } as const;
    const setting = tx
      .update(configurations)
      .set({ value, updatedBy, updatedAt: new Date() })
      .where(eq(configurations.key, key))
      .returning(settingColumns)
      .get();
    recordSettingChange(tx, updatedBy, key, before, value);
    return { kind: "updated", setting } as const;
  });
}

/** The Settings tab's Save: creates contact_email when absent, changes it when present. */
export function saveContactEmail(value: string, updatedBy: string): ConfigurationSetting {
  return saveSetting({ key: CONTACT_EMAIL_KEY, value, description: CONTACT_EMAIL_DESCRIPTION }, updatedBy);
}

/** Creates or changes a setting the Settings tab edits, with its change log entry. */
export function saveSetting(setting: { key: string; value: string; description: string }, updatedBy: string): ConfigurationSetting {
  const updatedAt = new Date();
  return writeTransaction((tx) => {
    const before = getConfiguration(setting.key, tx);
    const saved = tx
      .insert(configurations)
      .values({ ...setting, updatedBy, updatedAt })
      .onConflictDoUpdate({ target: configurations.key, set: { value: setting.value, updatedBy, updatedAt } })
      .returning(settingColumns)
      .get();
    recordSettingChange(tx, updatedBy, setting.key, before, setting.value);
    return saved;
  });
}

// ---------------------------------------------------------------------------------
// The test e-mail: through the same queue as contact messages, so it proves the path
// they take. The admin waits a few seconds at most for the mail server's answer.

const TEST_MAIL_WAIT_MS = 5_000;
const TEST_MAIL_SUBJECT = "Test email: contact form messages reach this address";
// A few per minute per admin: enough to try a fix, not enough to flood a mailbox.
const testMailLimiter = new RateLimiter("test-email", 5, 60_000);

export type TestEmailOutcome =
  | { kind: "sent"; message: string }
  | { kind: "not_configured"; message: string }
  | { kind: "rate_limited"; message: string; retryAfterSeconds: number }
  | { kind: "refused"; message: string }
  | { kind: "no_answer"; message: string };

/**
 * With an HTML part like every mail of ours: a message of one raw text part would be
 * sent as that part alone, without its headers (see plainTextPart in services/mail/transport.server.ts).
 */
function testMail(to: string, adminEmail: string) {
  const lines = [
    "This is a test email from the admin dashboard of the Lone Star Home Management website.",
    `Contact form messages are sent to this address (${to}).`,
    `Sent by ${adminEmail} on ${formatDateTime(new Date())} (Central Time).`,
  ];
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1e293b">',
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    "</body></html>",
  ].join("");
  return { to, subject: TEST_MAIL_SUBJECT, text: lines.join("\n\n"), html };
}

export async function sendContactTestEmail(adminEmail: string): Promise<TestEmailOutcome> {
  const to = getConfiguration(CONTACT_EMAIL_KEY)?.value.trim();
  if (!to) return { kind: "not_configured", message: CONTACT_EMAIL_MESSAGES.notConfigured };
  const limit = await testMailLimiter.hit(adminEmail.toLowerCase());
  if (!limit.allowed) {
    return {
      kind: "rate_limited",
      message: "Too many test emails. Please wait a minute and try again.",
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }

  // queueMail kicks the worker; the answer is whatever it learns in the next seconds.
  const id = queueMail(testMail(to, adminEmail));
  const outcome = await awaitFirstAttempt(id, TEST_MAIL_WAIT_MS);
  switch (outcome.state) {
    case "sent":
      return {
        kind: "sent",
        message: config().smtpUrl
          ? `Test email sent to ${to}`
          : `Test email to ${to} written to the outbox folder (no mail server is configured)`,
      };
    case "failed":
      return {
        kind: "refused",
        message: `The mail server did not accept the test email to ${to} (${outcome.error.slice(0, 200)}). It stays queued and will be retried.`,
      };
    case "pending":
      return {
        kind: "no_answer",
        message: `The mail server has not accepted the test email to ${to} yet. It stays queued and will be retried.`,
      };
  }
}
