import type { ConfigurationSetting } from "~/models/configurations.server";
import { noStoreJson, notFoundJson } from "./admin-json-route.server";
import { CONTACT_EMAIL_MESSAGES } from "~/models/contact-email-form";

/** What the configuration JSON calls share: a setting as they answer it, and their 4xx bodies. */

/** {key, value, description, updatedBy, updatedAt}, and the dashboard's text after a change. */
export function settingAnswer(setting: ConfigurationSetting, options: { status?: number; message?: string } = {}) {
  const { key, value, description, updatedBy, updatedAt } = setting;
  const body = options.message ? { key, value, description, updatedBy, updatedAt, message: options.message } : { key, value, description, updatedBy, updatedAt };
  return noStoreJson(body, { status: options.status ?? 200 });
}

/** A 400's error: the first message of the first field, in the body's own order. */
export function firstFieldError(fieldErrors: Record<string, string[]>, order: string[]): string {
  for (const field of order) if (fieldErrors[field]?.length) return fieldErrors[field][0];
  return CONTACT_EMAIL_MESSAGES.invalid;
}

export function unknownKeyAnswer() {
  return notFoundJson(CONTACT_EMAIL_MESSAGES.unknownKey);
}

export function notConfiguredAnswer(status = 404) {
  return noStoreJson({ error: CONTACT_EMAIL_MESSAGES.notConfigured }, { status });
}
