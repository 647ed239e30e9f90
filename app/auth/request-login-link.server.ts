import { countUnusedLoginTokens, issueLoginToken, LOGIN_TOKEN_LIFETIME_MS, newLoginToken } from "~/models/magic-tokens.server";
import { isWhitelisted } from "~/models/whitelist.server";
import { queueMail, type OutgoingMail } from "~/services/mail/queue.server";
import { clientNetworkOf } from "~/utils/client-network.server";
import { config } from "~/config/env.server";
import { escapeHtml } from "~/utils/html";
import { log } from "~/config/logger.server";
import { RateLimiter } from "~/services/rate-limits/rate-limit.server";
import { safeRedirect } from "~/auth/safe-redirect";
import { LOGIN_LINK_RATE_LIMITED_MESSAGE, LOGIN_LINK_SENT_MESSAGE, loginEmailSchema } from "./login-form";
import { hasSignedInFrom } from "./sign-in-networks.server";
import { clientFields } from "~/config/log-pseudonyms.server";
import { DASHBOARD_PATH, MAGIC_LINK_PATH } from "~/paths";

/**
 * Asking for a sign-in link: what the login page's action and
 * POST /api/admin/auth/magic/request share, so both doors follow the same rules.
 *
 * The answer never says whether the address is on the whitelist (docs/product.md §10): a
 * whitelisted address, any other address and an address over its own limit all get
 * the same "sent" outcome; only the first gets a token and a mail.
 */

const DEFAULT_AFTER_SIGN_IN = DASHBOARD_PATH;

const WINDOW_MS = 15 * 60_000;
// docs/product.md §9: at most 5 per address and 20 per client IP in 15 minutes (× RATE_LIMIT_FACTOR);
// a client is its network (clientNetworkOf: an IPv6 client by its /64).
const perIp = new RateLimiter("login-link-ip", 20, WINDOW_MS);
// The 5 per address, as decision 031 splits them so that strangers cannot silence an
// admin: every network that has not signed in as the address shares one allowance of 5
// (all a stranger can send into one inbox), and each network that has (within 30 days)
// has an allowance of 5 of its own.
const perAddress = new RateLimiter("login-link-address", 5, WINDOW_MS);
const perAddressFromSignedInNetwork = new RateLimiter("login-link-address-signed-in-network", 5, WINDOW_MS);

export type LoginLinkOutcome =
  | { kind: "sent"; message: string }
  | { kind: "invalid"; fieldErrors: { email: string[] } }
  | { kind: "rate_limited"; retryAfterSeconds: number; message: string };

export type LoginLinkRequester = { ip: string; userAgent: string | null };

/** The link in the e-mail: its host comes from APP_URL, never from the request. */
export function loginLinkUrl(token: string, redirectTo: string | null): string {
  const params = new URLSearchParams({ token });
  if (redirectTo) params.set("redirectTo", redirectTo);
  return `${config().appUrl}${MAGIC_LINK_PATH}?${params}`;
}

const LIFETIME_MINUTES = LOGIN_TOKEN_LIFETIME_MS / 60_000;

export function loginLinkMail(to: string, link: string): OutgoingMail {
  const text = [
    "Hello,",
    "",
    "Use the link below to sign in to the Lone Star Home Management admin dashboard.",
    `It works once and expires in ${LIFETIME_MINUTES} minutes.`,
    "",
    // Alone on its line: mail clients make it clickable, and scripts can find it.
    link,
    "",
    "If you did not ask for this link, you can ignore this e-mail; nobody can sign in without it.",
    "",
  ].join("\n");
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">
<p>Hello,</p>
<p>Use the button below to sign in to the Lone Star Home Management admin dashboard.
It works once and expires in ${LIFETIME_MINUTES} minutes.</p>
<p><a href="${href}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">Sign in</a></p>
<p>Or copy this link into your browser:<br><a href="${href}">${href}</a></p>
<p style="color:#475569">If you did not ask for this link, you can ignore this e-mail; nobody can sign in without it.</p>
</body></html>`;
  return { to, subject: "Your sign-in link", text, html, priority: "sign-in" };
}

// Every "sent" answer leaves no earlier than this after the request began. The two
// branches below do comparable work, but the mail queue's worker starts right after a
// real request (about 2 ms more, measured over loopback); the floor hides that too.
const SENT_ANSWER_FLOOR_MS = 50;

/**
 * Checks the address, applies the limits, and for a whitelisted address issues a
 * token and queues its e-mail (one transaction). `redirectTo` is kept in the link
 * only when it is a path on this site.
 */
export async function requestLoginLink(
  input: { email: unknown; redirectTo?: unknown },
  requester: LoginLinkRequester,
): Promise<LoginLinkOutcome> {
  const started = performance.now();
  const outcome = await decide(input, requester);
  if (outcome.kind === "sent") {
    const wait = started + SENT_ANSWER_FLOOR_MS - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return outcome;
}

async function decide(input: { email: unknown; redirectTo?: unknown }, requester: LoginLinkRequester): Promise<LoginLinkOutcome> {
  const parsed = loginEmailSchema.safeParse({ email: input.email });
  if (!parsed.success) {
    const messages = parsed.error.flatten().fieldErrors.email ?? [];
    return { kind: "invalid", fieldErrors: { email: [...new Set(messages)] } };
  }
  const email = parsed.data.email;

  // Counted after validation, like the contact form: fixing a typo costs nothing.
  const network = clientNetworkOf(requester.ip);
  const ipLimit = await perIp.hit(network);
  if (!ipLimit.allowed) {
    return { kind: "rate_limited", retryAfterSeconds: ipLimit.retryAfterSeconds, message: LOGIN_LINK_RATE_LIMITED_MESSAGE };
  }
  const sent = { kind: "sent", message: LOGIN_LINK_SENT_MESSAGE } as const;
  // Over the per-address limit the answer stays the same (it must not tell anything),
  // but nobody's inbox gets flooded. Looked up for every address, listed or not.
  const signedInHere = await hasSignedInFrom(email, requester.ip);
  const addressLimit = signedInHere
    ? await perAddressFromSignedInNetwork.hit(`${email} ${network}`)
    : await perAddress.hit(email);
  if (!addressLimit.allowed) {
    log.info("sign-in link: per-address limit reached, no mail", { ...clientFields(requester.ip), signedInHere });
    return sent;
  }

  const redirectTo = safeRedirect(typeof input.redirectTo === "string" ? input.redirectTo : null, DEFAULT_AFTER_SIGN_IN);
  const keptRedirect = redirectTo === DEFAULT_AFTER_SIGN_IN ? null : redirectTo;

  if (!isWhitelisted(email)) {
    // Comparable work to the branch below (a token, its hash, the mail text, a
    // query on the tokens table), so the answer's timing does not tell either.
    const decoy = newLoginToken();
    loginLinkMail(email, loginLinkUrl(decoy.token, keptRedirect));
    countUnusedLoginTokens(email);
    return sent;
  }

  let link = "";
  issueLoginToken({ email, ip: requester.ip, userAgent: requester.userAgent }, (tx, issued) => {
    link = loginLinkUrl(issued.token, keptRedirect);
    queueMail(loginLinkMail(email, link), tx);
  });
  // Without SMTP (README, configuration) the link is also in the server's log (after the commit,
  // so it is never a link that does not exist), and a fresh install can sign in from
  // the terminal. Only for local use over http: a live link in the log of a public
  // (https) site would let whoever reads the log sign in.
  if (!config().smtpUrl && !config().appUrlIsHttps) log.info(`sign-in link for ${email}: ${link}`);
  return sent;
}

/** The client IP (from the Express side, TRUST_PROXY applied) and the user agent. */
export function requesterOf(request: Request, context: unknown): LoginLinkRequester {
  return {
    ip: (context as { clientIp?: string } | undefined)?.clientIp ?? "unknown",
    userAgent: request.headers.get("user-agent"),
  };
}
