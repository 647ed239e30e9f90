import { config } from "~/config/env.server";
import type { OutgoingMail } from "~/services/mail/queue.server";
import { ADMINS_PATH } from "~/paths";
import { escapeHtml } from "~/utils/html";

/**
 * The mails that tell an admin their sign-in factors changed (decision 062): a passkey
 * added to or removed from their account, all of them removed by another admin or from
 * the command line, and the passkey requirement switched. Whoever changed them may not
 * be the admin (a session taken from them), so each says what to do if it was not them.
 * In English, as the other staff mails; none carries a link that signs in.
 */

const SITE = "Lone Star Home Management admin dashboard";
const NOT_YOU = "If this was not you or another admin you know of, sign in, check 'Your passkeys' and 'Your Sessions' in the Admins tab (and sign out your other sessions), and tell the other admins.";

function staffNotice(to: string, subject: string, paragraphs: string[]): OutgoingMail {
  const adminsTab = `${config().appUrl}${ADMINS_PATH}`;
  const text = ["Hello,", "", ...paragraphs.flatMap((paragraph) => [paragraph, ""]), adminsTab, ""].join("\n");
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">
<p>Hello,</p>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n")}
<p><a href="${escapeHtml(adminsTab)}">${escapeHtml(adminsTab)}</a></p>
</body></html>`;
  return { to, subject, text, html };
}

const byWhom = (actor: string, owner: string) => (actor === owner ? "by you (signed in as this address)" : actor === "command line" ? "from the server's command line" : `by ${actor}`);

export function passkeyAddedMail(owner: string, name: string): OutgoingMail {
  return staffNotice(owner, "A passkey was added to your admin account", [
    `A passkey named "${name}" was added to ${owner} on the ${SITE}. From now on it can sign in as you.`,
    NOT_YOU,
  ]);
}

export function passkeyRemovedMail(owner: string, name: string, actor: string): OutgoingMail {
  return staffNotice(owner, "A passkey was removed from your admin account", [
    `The passkey "${name}" of ${owner} was removed from the ${SITE} ${byWhom(actor, owner)}. It no longer signs you in.`,
    NOT_YOU,
  ]);
}

export function allPasskeysRemovedMail(owner: string, count: number, actor: string): OutgoingMail {
  return staffNotice(owner, "Your passkeys were removed from your admin account", [
    `${count === 1 ? `The one passkey of ${owner} on the ${SITE} was` : `All ${count} passkeys of ${owner} on the ${SITE} were`} removed ${byWhom(actor, owner)}, and every session of yours there was signed out.`,
    "Sign in again with the e-mailed link or Google and add a new passkey in the Admins tab (or at the passkey step, while one is required).",
    NOT_YOU,
  ]);
}

export function passkeyRequirementMail(to: string, required: boolean, actor: string): OutgoingMail {
  return staffNotice(to, required ? "Staff sign-in now requires a passkey" : "Staff sign-in no longer requires a passkey", [
    required
      ? `${actor} switched on 'Require a passkey for staff sign-in' on the ${SITE}: after the e-mailed link or Google, each admin uses their passkey (or adds one).`
      : `${actor} switched off 'Require a passkey for staff sign-in' on the ${SITE}: the e-mailed link or Google signs in on its own again.`,
    NOT_YOU,
  ]);
}
