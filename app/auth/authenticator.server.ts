import { Authenticator } from "remix-auth";
import type { AdminIdentity } from "~/models/admins.server";
import { sessionStorage } from "~/auth/session.server";
import { createGoogleStrategy, type GoogleAdmin } from "./google.server";
import { googleStateStorage } from "./google-state.server";
import { MAGIC_LINK_STRATEGY, magicLinkStrategy } from "./magic-link.server";

/**
 * One authenticator for each way in. Strategies throw on failure (throwOnError) and
 * return the admin on success; the routes then start a fresh session themselves.
 */
export const authenticator = new Authenticator<AdminIdentity>(sessionStorage, { throwOnError: true });

authenticator.use(magicLinkStrategy, MAGIC_LINK_STRATEGY);

/**
 * Google's has the state cookie as its storage (./google-state.server): the OAuth state
 * is the only thing the strategy keeps, and it must not cost a session row.
 */
export const googleAuthenticator = new Authenticator<GoogleAdmin>(googleStateStorage, { throwOnError: true });

export const GOOGLE_STRATEGY = "google";

const googleStrategy = createGoogleStrategy();
if (googleStrategy) googleAuthenticator.use(googleStrategy, GOOGLE_STRATEGY);
export const googleSignInConfigured = googleStrategy !== null;
