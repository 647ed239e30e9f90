import type { Translate } from "~/utils/translate";

/**
 * The refusal of a visitor's message, visit request or alert sent too often, in `t`'s
 * language, naming the office's phone: a visitor in a hurry can call instead of waiting.
 * Said whole here, on the server: the forms show a text that is no dictionary key as it
 * comes, so the pages load nothing more for it.
 */
export function tooManyMessagesText(t: Translate): string {
  const call = t("contact.error.rate_limited_call", "In a hurry? Call the office at {{phone}}.", { phone: t("contact.phone") });
  return `${t("contact.error.rate_limited")} ${call}`;
}
