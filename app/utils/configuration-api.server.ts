import { json } from "@remix-run/node";
import type { ConfigurationSetting } from "~/models/configurations.server";
import { NO_STORE } from "~/utils/api.server";
import { CONTACT_EMAIL_MESSAGES } from "~/utils/contact-email-form";

/** What the configuration JSON calls share: a setting as they answer it, and their 4xx bodies. */

/** {key, value, description, updatedBy, updatedAt}, and the dashboard's text after a change. */
export function settingAnswer(setting: ConfigurationSetting, options: { status?: number; message?: string } = {}) {
  const { key, value, description, updatedBy, updatedAt } = setting;
  const body = options.message ? { key, value, description, updatedBy, updatedAt, message: options.message } : { key, value, description, updatedBy, updatedAt };
  return json(body, { status: options.status ?? 200, headers: NO_STORE });
}

/** A 400's error: the first message of the first field, in the body's own order. */
export function firstFieldError(fieldErrors: Record<string, string[]>, order: string[]): string {
  for (const field of order) if (fieldErrors[field]?.length) return fieldErrors[field][0];
  return CONTACT_EMAIL_MESSAGES.invalid;
}

export function unknownKeyAnswer() {
  return json({ error: CONTACT_EMAIL_MESSAGES.unknownKey }, { status: 404, headers: NO_STORE });
}

export function notConfiguredAnswer(status = 404) {
  return json({ error: CONTACT_EMAIL_MESSAGES.notConfigured }, { status, headers: NO_STORE });
}
