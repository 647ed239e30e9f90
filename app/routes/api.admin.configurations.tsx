import { createConfiguration } from "~/models/configurations.server";
import { CONTACT_EMAIL_MESSAGES, newConfigurationSchema } from "~/models/contact-email-form";
import { adminJsonRoute, noStoreJson, withJsonBody } from "~/http/admin-json-route.server";
import { firstFieldError, settingAnswer } from "~/http/configuration-api.server";

/**
 * POST /api/admin/configurations with JSON {key, value, description}: creates a setting
 * (docs/product.md §7; the dashboard does this while contact_email does not exist yet).
 * 201 with the setting; 409 when it exists (change it with PUT); 400 for an unknown key
 * (only contact_email is known), a bad address or a body that is not a JSON object.
 * Admins only: without a valid session every method answers 401.
 */

const jsonRoute = adminJsonRoute({
  POST: ({ request, admin }) =>
    withJsonBody(request, newConfigurationSchema, (fieldErrors) => firstFieldError(fieldErrors, ["key", "value", "description"]), (input) => {
      const outcome = createConfiguration(input, admin.email);
      if (outcome.kind === "exists") return noStoreJson({ error: CONTACT_EMAIL_MESSAGES.exists }, { status: 409 });
      return settingAnswer(outcome.setting, { status: 201, message: CONTACT_EMAIL_MESSAGES.updated });
    }),
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
