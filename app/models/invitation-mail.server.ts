import { config } from "~/config/env.server";
import type { OutgoingMail } from "~/services/mail/queue.server";
import { LOGIN_PATH } from "~/paths";
import { escapeHtml } from "~/utils/html";

/**
 * 'Send an invitation': tells a colleague just added to the whitelist that they may
 * sign in, and where. It carries the sign-in page's address only, never a link that
 * signs in by itself: a forwarded or intercepted invitation opens nothing, and the
 * colleague asks the sign-in page for a link of their own (or uses Google).
 */
export function invitationMail(to: string, invitedBy: string): OutgoingMail {
  const signInPage = `${config().appUrl}${LOGIN_PATH}`;
  const lines = [
    `${invitedBy} added ${to} to the Lone Star Home Management admin dashboard.`,
    `To sign in, open the sign-in page and enter ${to}: it e-mails you a sign-in link that works once. If ${to} is a Google account, you can also sign in with Google.`,
    "This e-mail does not sign you in by itself.",
  ];
  const text = ["Hello,", "", lines[0], "", lines[1], "", signInPage, "", lines[2], ""].join("\n");
  const href = escapeHtml(signInPage);
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">
<p>Hello,</p>
<p>${escapeHtml(lines[0])}</p>
<p>${escapeHtml(lines[1])}</p>
<p><a href="${href}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">Open the sign-in page</a></p>
<p>Or copy this address into your browser:<br><a href="${href}">${href}</a></p>
<p style="color:#475569">${escapeHtml(lines[2])}</p>
</body></html>`;
  return { to, subject: "You are invited to the Lone Star Home Management admin dashboard", text, html };
}
