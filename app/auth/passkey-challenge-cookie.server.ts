import { createCookie } from "react-router";
import { cookieNames } from "~/config/cookie-names";
import { config } from "~/config/env.server";
import { CHALLENGE_LIFETIME_MS } from "~/models/passkeys.server";
import { PASSKEY_SIGN_IN_PATH } from "~/paths";

/**
 * The passkey sign-in's challenge, bound to the browser that asked for it: its id (not
 * the challenge) in a signed cookie sent back only to the sign-in paths, as long as the
 * challenge lives. The challenge row itself is single-use (models/passkeys.server.ts).
 */
const challengeCookie = createCookie(cookieNames(config().appUrlIsHttps).passkeyChallenge, {
  path: PASSKEY_SIGN_IN_PATH,
  httpOnly: true,
  sameSite: "strict",
  secure: config().appUrlIsHttps,
  secrets: config().sessionSecrets,
  maxAge: CHALLENGE_LIFETIME_MS / 1000,
});

export const passkeyChallengeCookie = {
  set: (challengeId: string) => challengeCookie.serialize(challengeId),
  async read(request: Request): Promise<string | null> {
    const value = await challengeCookie.parse(request.headers.get("Cookie"));
    return typeof value === "string" ? value : null;
  },
  clear: () => challengeCookie.serialize("", { maxAge: 0 }),
};
