import { Authenticator } from "remix-auth";
import { createGoogleStrategy, type GoogleAdmin } from "./google.server";

/**
 * Sign-in with Google through remix-auth 4. It returns the admin on success and throws
 * an AuthorizationError on failure; the routes then start a fresh session themselves.
 * (The e-mailed link is a step of its own: ./magic-link.server.)
 */
export const googleAuthenticator = new Authenticator<GoogleAdmin>();

export const GOOGLE_STRATEGY = "google";

const googleStrategy = createGoogleStrategy();
if (googleStrategy) googleAuthenticator.use(googleStrategy, GOOGLE_STRATEGY);
export const googleSignInConfigured = googleStrategy !== null;
