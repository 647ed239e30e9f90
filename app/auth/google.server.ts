import { redirect } from "react-router";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { isWhitelisted } from "~/models/whitelist.server";
import { config } from "~/config/env.server";
import { AuthorizationError, asAuthorizationError, SignInRefusal } from "./errors.server";
import { googleStateStorage } from "./google-state.server";
import { GOOGLE_CALLBACK_PATH } from "~/paths";

/** The failure message the callback turns into ?error=unauthorized. */
export const NOT_AUTHORIZED = "unauthorized";

/** A Google account that may sign in, not yet recorded (the callback records it). */
export type GoogleAdmin = { googleId: string; email: string; name: string; imageUrl: string | null };

/** What Google's userinfo endpoint says of the account (OpenID Connect's standard claims). */
export type GoogleProfile = {
  id: string;
  displayName: string;
  _json: { sub: string; name?: string; email?: string; email_verified?: boolean | string; picture?: string };
};

const GOOGLE = {
  authorizationEndpoint: "https://accounts.google.com/o/oauth2/v2/auth",
  tokenEndpoint: "https://oauth2.googleapis.com/token",
  userInfoEndpoint: "https://www.googleapis.com/oauth2/v3/userinfo",
};
const SCOPES = ["openid", "https://www.googleapis.com/auth/userinfo.profile", "https://www.googleapis.com/auth/userinfo.email"];

// Where the state waits between the two legs, in the signed state cookie.
const STATE_KEY = "oauth2:state";

/**
 * Sign-in with Google: remix-auth-oauth2's strategy pointed at Google's endpoints (or,
 * with GOOGLE_OAUTH_ISSUER, local testing only, at an OAuth server on loopback), with
 * the site's own handling of the state: it waits in the signed, path-bound state cookie
 * of ./google-state.server (decision 032), not in the strategy's unsigned cookie per
 * tab; the state is a random UUID and each leg is told apart by the path, as before
 * (decision 070).
 */
class AdminGoogleStrategy extends OAuth2Strategy<GoogleAdmin> {
  name = "google";

  private readonly userInfoEndpoint: string;

  constructor(options: { clientId: string; clientSecret: string; redirectURI: string; issuer: string | null }) {
    const { issuer } = options;
    super(
      {
        clientId: options.clientId,
        clientSecret: options.clientSecret,
        redirectURI: options.redirectURI,
        authorizationEndpoint: issuer ? `${issuer}/authorize` : GOOGLE.authorizationEndpoint,
        tokenEndpoint: issuer ? `${issuer}/token` : GOOGLE.tokenEndpoint,
        scopes: SCOPES,
      },
      async ({ tokens }) => verifyGoogleProfile(await this.profileOf(tokens.accessToken())),
    );
    this.userInfoEndpoint = issuer ? `${issuer}/userinfo` : GOOGLE.userInfoEndpoint;
  }

  override async authenticate(request: Request): Promise<GoogleAdmin> {
    const url = new URL(request.url);
    const session = await googleStateStorage.getSession(request.headers.get("Cookie"));
    if (url.pathname !== GOOGLE_CALLBACK_PATH) {
      const state = crypto.randomUUID();
      const authorizationUrl = this.client.createAuthorizationURL(this.options.authorizationEndpoint.toString(), state, this.options.scopes ?? []);
      authorizationUrl.search = this.authorizationParams(authorizationUrl.searchParams).toString();
      session.set(STATE_KEY, state);
      throw redirect(authorizationUrl.toString(), { headers: { "Set-Cookie": await googleStateStorage.commitSession(session) } });
    }
    // The texts of remix-auth-oauth2 1.x, which the callback's log reasons are keyed on.
    const stateInUrl = url.searchParams.get("state");
    if (!stateInUrl) throw new AuthorizationError("Missing state on URL.", new Error("Missing state on URL."));
    const stateInCookie: unknown = session.get(STATE_KEY);
    if (typeof stateInCookie !== "string" || !stateInCookie) {
      throw new AuthorizationError("Missing state on session.", new Error("Missing state on session."));
    }
    if (stateInCookie !== stateInUrl) throw new AuthorizationError("State doesn't match.", new Error("State doesn't match."));
    const code = url.searchParams.get("code");
    if (!code) throw new AuthorizationError("Missing code.", new Error("Missing code."));
    try {
      const tokens = await this.client.validateAuthorizationCode(this.options.tokenEndpoint.toString(), code, null);
      return await this.verify({ request, tokens });
    } catch (error) {
      if (error instanceof Response) throw error;
      throw asAuthorizationError(error);
    }
  }

  protected override authorizationParams(params: URLSearchParams): URLSearchParams {
    const withGoogle = new URLSearchParams(params);
    withGoogle.set("access_type", "online");
    withGoogle.set("include_granted_scopes", "false");
    withGoogle.set("prompt", "select_account");
    return withGoogle;
  }

  private async profileOf(accessToken: string): Promise<GoogleProfile> {
    const response = await fetch(this.userInfoEndpoint, { headers: { Authorization: `Bearer ${accessToken}` } });
    const raw = (await response.json()) as GoogleProfile["_json"];
    return { id: raw.sub, displayName: raw.name ?? "", _json: raw };
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
  return new AdminGoogleStrategy({
    clientId: googleClientId,
    clientSecret: googleClientSecret,
    // From APP_URL, never from request headers.
    redirectURI: `${appUrl}${GOOGLE_CALLBACK_PATH}`,
    issuer: googleOAuthIssuer,
  });
}
