import { GoogleStrategy, type GoogleProfile } from "remix-auth-google";
import { isWhitelisted } from "~/models/whitelist.server";
import { config } from "~/config/env.server";
import { SignInRefusal } from "./errors.server";
import { GOOGLE_CALLBACK_PATH } from "~/paths";

/** The failure message the callback turns into ?error=unauthorized. */
export const NOT_AUTHORIZED = "unauthorized";

/** A Google account that may sign in, not yet recorded (the callback records it). */
export type GoogleAdmin = { googleId: string; email: string; name: string; imageUrl: string | null };

/**
 * Google's endpoints are fixed in remix-auth-google. GOOGLE_OAUTH_ISSUER (local testing
 * only) points them at an OAuth server on loopback, so the whole round trip can be
 * exercised without Google.
 */
class AdminGoogleStrategy extends GoogleStrategy<GoogleAdmin> {
  constructor(options: ConstructorParameters<typeof GoogleStrategy<GoogleAdmin>>[0], issuer: string | null) {
    super(options, async ({ profile }) => verifyGoogleProfile(profile));
    if (issuer) {
      Object.assign(this, {
        authorizationURL: `${issuer}/authorize`,
        tokenURL: `${issuer}/token`,
        userInfoURL: `${issuer}/userinfo`,
      });
    }
  }
}

/**
 * Admitted only with a verified address that is on the whitelist. Writes nothing: the
 * callback records the sign-in once it has also used up the state (a replayed callback
 * must leave no trace of a sign-in).
 */
export function verifyGoogleProfile(profile: GoogleProfile): GoogleAdmin {
  const email = profile._json.email;
  const verified = profile._json.email_verified === true || String(profile._json.email_verified) === "true";
  if (!email || !verified || !isWhitelisted(email)) throw new SignInRefusal(NOT_AUTHORIZED, email || null);
  return {
    googleId: profile.id,
    email,
    name: profile.displayName || profile._json.name || email,
    imageUrl: profile._json.picture || null,
  };
}

/** The strategy when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set, else null. */
export function createGoogleStrategy(): AdminGoogleStrategy | null {
  const { googleClientId, googleClientSecret, appUrl, googleOAuthIssuer } = config();
  if (!googleClientId || !googleClientSecret) return null;
  return new AdminGoogleStrategy(
    {
      clientID: googleClientId,
      clientSecret: googleClientSecret,
      // From APP_URL, never from request headers.
      callbackURL: `${appUrl}${GOOGLE_CALLBACK_PATH}`,
      prompt: "select_account",
    },
    googleOAuthIssuer,
  );
}
