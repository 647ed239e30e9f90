import crypto from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { config } from "~/config/env.server";
import { derivedKey } from "~/config/derived-keys.server";
import { recordPasskeySignIn, type AdminIdentity } from "~/models/admins.server";
import {
  addPasskey,
  credentialsOf,
  passkeyByCredentialId,
  recordPasskeyUse,
  storeChallenge,
  takeRegistrationChallenge,
  takeSignInChallenge,
  type PasskeySummary,
} from "~/models/passkeys.server";
import { isWhitelisted, normalizeEmail } from "~/models/whitelist.server";

/**
 * The WebAuthn ceremonies of staff passkeys (docs/decisions/053-staff-passkeys.md),
 * checked by @simplewebauthn/server. The relying party is the site itself: its id is
 * APP_URL's host and the only origin accepted is APP_URL's, never anything a request
 * says about itself. User verification is required, every challenge is single-use and
 * lives 5 minutes (a registration's bound to the admin's session, a sign-in's to the
 * browser's cookie), and the signature counter must go up.
 */

const SITE_NAME = "Lone Star Home Management";

export function relyingParty() {
  const url = new URL(config().appUrl);
  return { id: url.hostname, origin: url.origin };
}

/**
 * The user handle an authenticator keeps with a new passkey: the address's keyed hash,
 * under a key derived from the session secret, so only the site can make it or tell
 * whose it is (decision 062). Sign-in finds a passkey by its credential id, never by its
 * handle, so passkeys made under an earlier key (or an earlier secret) go on working.
 */
function userHandle(email: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(crypto.createHmac("sha256", derivedKey("passkey user handles")).update(normalizeEmail(email)).digest());
}

/** Creation options for one more passkey of the signed-in admin (their existing ones left out). */
export async function registrationOptions(admin: AdminIdentity, sessionId: string) {
  const rp = relyingParty();
  const options = await generateRegistrationOptions({
    rpName: SITE_NAME,
    rpID: rp.id,
    userName: admin.email,
    userDisplayName: admin.name,
    userID: userHandle(admin.email),
    attestationType: "none",
    excludeCredentials: credentialsOf(admin.email).map((stored) => ({ id: stored.credentialId, transports: stored.transports ?? undefined })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  storeChallenge({ purpose: "register", challenge: options.challenge, sessionId, adminEmail: admin.email });
  return options;
}

export type RegistrationOutcome = { kind: "added"; passkey: PasskeySummary } | { kind: "refused"; reason: "no_challenge" | "not_verified" | "duplicate" };

/** Checks the browser's answer against this session's challenge and stores the passkey under `name`. */
export async function completeRegistration(admin: AdminIdentity, sessionId: string, name: string, response: RegistrationResponseJSON): Promise<RegistrationOutcome> {
  const challenge = takeRegistrationChallenge(sessionId, admin.email);
  if (!challenge) return { kind: "refused", reason: "no_challenge" };
  const rp = relyingParty();
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) return { kind: "refused", reason: "not_verified" };
  const { credential } = verification.registrationInfo;
  const passkey = addPasskey({
    adminEmail: admin.email,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString("base64url"),
    counter: credential.counter,
    transports: credential.transports ?? [],
    name,
  });
  return passkey ? { kind: "added", passkey } : { kind: "refused", reason: "duplicate" };
}

/** Request options for a sign-in with any passkey of this site (discoverable), and the id of their challenge. */
export async function signInOptions() {
  const options = await generateAuthenticationOptions({ rpID: relyingParty().id, userVerification: "required" });
  return { options, challengeId: storeChallenge({ purpose: "sign-in", challenge: options.challenge }) };
}

export type PasskeySignInFailure = "no_challenge" | "unknown_passkey" | "not_verified" | "unauthorized";
export type PasskeySignInOutcome = { ok: true; admin: AdminIdentity } | { ok: false; reason: PasskeySignInFailure; email: string | null };

/** Checks a sign-in's assertion: the browser's challenge, a stored passkey, its signature and counter, and a whitelisted owner. */
export async function completeSignIn(challengeId: string | null, response: AuthenticationResponseJSON): Promise<PasskeySignInOutcome> {
  const challenge = challengeId ? takeSignInChallenge(challengeId) : undefined;
  if (!challenge) return { ok: false, reason: "no_challenge", email: null };
  const passkey = typeof response?.id === "string" ? passkeyByCredentialId(response.id) : undefined;
  if (!passkey) return { ok: false, reason: "unknown_passkey", email: null };
  const rp = relyingParty();
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: { id: passkey.credentialId, publicKey: Uint8Array.from(Buffer.from(passkey.publicKey, "base64url")), counter: passkey.counter, transports: passkey.transports ?? undefined },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) return { ok: false, reason: "not_verified", email: passkey.adminEmail };
  // A counter that did not go up was refused above; one that raced another use of the same answer is refused here.
  if (!recordPasskeyUse(passkey, verification.authenticationInfo.newCounter)) return { ok: false, reason: "not_verified", email: passkey.adminEmail };
  if (!isWhitelisted(passkey.adminEmail)) return { ok: false, reason: "unauthorized", email: passkey.adminEmail };
  return { ok: true, admin: recordPasskeySignIn(passkey.adminEmail) };
}
