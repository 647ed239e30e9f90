import { db, writeTransaction } from "~/db/client.server";
import { configurations } from "~/db/schema";
import { recordAudit } from "~/models/audit.server";
import { getConfiguration } from "~/models/configurations.server";
import { countPasskeys } from "~/models/passkeys.server";
import { passkeyRequirementMail } from "~/models/sign-in-factor-mails.server";
import { listWhitelist } from "~/models/whitelist.server";
import { queueMail } from "~/services/mail/queue.server";

/**
 * The Settings tab's 'Require a passkey for staff sign-in' (configurations, key
 * staff_passkey_required, "on" or "off"; absent means off). While it is on, a sign-in by
 * link or Google ends in the passkey step (app/auth/passkey-step.server.ts) instead of
 * the dashboard. Only an admin who has a passkey may switch it on: one who has none
 * could not show that the step works, and would meet it at their next sign-in.
 */

export const PASSKEY_REQUIREMENT_KEY = "staff_passkey_required";
const DESCRIPTION = "Whether staff who sign in by link or Google must also use a passkey";

type Reader = Pick<ReturnType<typeof db>, "select">;

export function passkeyRequired(reader: Reader = db()): boolean {
  return getConfiguration(PASSKEY_REQUIREMENT_KEY, reader)?.value === "on";
}

export type PasskeyRequirementOutcome = { kind: "saved"; required: boolean } | { kind: "no_passkey" };

/**
 * Switches the requirement on or off for `admin`, with its change log entry and a mail to
 * every admin on the whitelist (decision 062: it changes how each of them signs in, and
 * whoever switched it may be someone with a session taken from an admin). Nothing is
 * written or sent when it is already so.
 */
export function setPasskeyRequired(required: boolean, admin: string): PasskeyRequirementOutcome {
  if (required && countPasskeys(admin) === 0) return { kind: "no_passkey" };
  const value = required ? "on" : "off";
  const updatedAt = new Date();
  writeTransaction((tx) => {
    const before = getConfiguration(PASSKEY_REQUIREMENT_KEY, tx);
    if ((before?.value ?? "off") === value) return;
    tx.insert(configurations)
      .values({ key: PASSKEY_REQUIREMENT_KEY, value, description: DESCRIPTION, updatedBy: admin, updatedAt })
      .onConflictDoUpdate({ target: configurations.key, set: { value, updatedBy: admin, updatedAt } })
      .run();
    recordAudit({ actor: admin, entity: "setting", entityId: PASSKEY_REQUIREMENT_KEY, action: before ? "update" : "create", summary: `${PASSKEY_REQUIREMENT_KEY}: ${value}` }, tx);
    for (const entry of listWhitelist()) queueMail(passkeyRequirementMail(entry.email, required, admin), tx);
  });
  return { kind: "saved", required };
}
