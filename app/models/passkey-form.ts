import { z } from "zod";
import { fitsOnOneLine } from "~/utils/control-characters";

/** The name an admin gives a passkey ("Work laptop"), and the browser's answer, as the JSON call takes them. */
export const PASSKEY_NAME_MAX = 60;

/** A passkey as its admin sees it listed. */
export type PasskeySummary = { id: number; name: string; createdAt: number; lastUsedAt: number | null };

export const PASSKEY_MESSAGES = {
  nameRequired: "Give the passkey a name (1 to 60 characters).",
  responseRequired: "The browser's answer is missing.",
  refused: "The passkey could not be added: the browser's answer did not check out, or took too long. Try again.",
  duplicate: "This passkey is already added.",
  notFound: "Passkey not found",
  added: "Passkey added.",
  removed: "Passkey removed.",
  othersRemoved: "Their passkeys are removed: they can sign in by link or Google and add new ones.",
  ownByTheList: "Your own passkeys are removed in 'Your passkeys'.",
} as const;

export const passkeyRegistrationSchema = z.object({
  name: z
    .string({ required_error: PASSKEY_MESSAGES.nameRequired, invalid_type_error: PASSKEY_MESSAGES.nameRequired })
    .trim()
    .min(1, PASSKEY_MESSAGES.nameRequired)
    .max(PASSKEY_NAME_MAX, PASSKEY_MESSAGES.nameRequired)
    .refine(fitsOnOneLine, PASSKEY_MESSAGES.nameRequired),
  response: z.record(z.unknown(), { required_error: PASSKEY_MESSAGES.responseRequired, invalid_type_error: PASSKEY_MESSAGES.responseRequired }),
});

/** The Settings tab's 'Require a passkey for staff sign-in' form: its intent, its one field, and its toasts. */
export const PASSKEY_REQUIREMENT_INTENT = "passkey-requirement";
export const PASSKEY_REQUIREMENT_FIELD = "requirePasskey";
export const PASSKEY_REQUIREMENT_MESSAGES = {
  on: "A passkey is now required for staff sign-in: after the link or Google, each admin uses theirs (or adds one).",
  off: "A passkey is no longer required for staff sign-in.",
  noPasskey: "Add a passkey of your own first (Admins tab, 'Your passkeys'): only an admin who has a passkey can require one.",
} as const;

/**
 * What a change to the sign-in factors still needs while a passkey is required (decision
 * 062): the admin's passkey used in the last 5 minutes, or, for an admin who has none, a
 * sign-in in the last 5 minutes. The texts of 'Confirm it's you' and of the refusal.
 */
export type ProofNeeded = "passkey" | "sign-in";
export const FRESH_PROOF_MESSAGES = {
  title: "Confirm it's you",
  passkey:
    "Changing how staff sign in (adding or removing a passkey, the passkey requirement) needs your passkey, used in the last 5 minutes. Use it now, then make the change.",
  "sign-in":
    "Changing how staff sign in (adding or removing a passkey, the passkey requirement) needs a sign-in in the last 5 minutes. Sign in again with a link we e-mail you, then make the change.",
  passkeyWithoutJavaScript:
    "Using a passkey needs JavaScript, which is off in this browser. Turn JavaScript on and reload this page, or make this change from a browser that has it.",
  linkSent: "Check your email: the link signs you in again and brings you back here.",
} as const;
