import { Authenticator } from "remix-auth";
import type { AdminIdentity } from "~/models/admins.server";
import { sessionStorage } from "~/utils/session.server";
import { createGoogleStrategy } from "./google.server";
import { MAGIC_LINK_STRATEGY, magicLinkStrategy } from "./magic-link.server";

/**
 * One authenticator for both ways in. Strategies throw on failure (throwOnError) and
 * return the admin on success; the routes then start a fresh session themselves.
 */
export const authenticator = new Authenticator<AdminIdentity>(sessionStorage, { throwOnError: true });

authenticator.use(magicLinkStrategy, MAGIC_LINK_STRATEGY);

const googleStrategy = createGoogleStrategy();
if (googleStrategy) authenticator.use(googleStrategy, "google");
export const googleSignInConfigured = googleStrategy !== null;
