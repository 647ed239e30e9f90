import { getConfiguration, updateConfiguration } from "~/models/configurations.server";
import { CONFIGURATION_KEYS, CONTACT_EMAIL_MESSAGES, contactEmailSchema } from "~/models/contact-email-form";
import { adminJsonRoute, withJsonBody } from "~/http/admin-json-route.server";
import { firstFieldError, notConfiguredAnswer, settingAnswer, unknownKeyAnswer } from "~/http/configuration-api.server";

/**
 * GET /api/admin/configurations/{key}: the setting {key, value, description, updatedBy,
 * updatedAt}, or 404 {error} while it is not configured.
 * PUT /api/admin/configurations/{key} with JSON {value}: changes it; 404 while it does
 * not exist (create it with POST /api/admin/configurations).
 * The one known key is contact_email (docs/product.md §7): any other answers 404 whatever
 * the method. Admins only: without a valid session every method answers 401.
 */

const keyOf = (params: { key?: string }) => params.key ?? "";

const jsonRoute = adminJsonRoute(
  {
    GET: ({ params }) => {
      const setting = getConfiguration(keyOf(params));
      return setting ? settingAnswer(setting) : notConfiguredAnswer();
    },
    PUT: ({ request, params, admin }) =>
      withJsonBody(request, contactEmailSchema, (fieldErrors) => firstFieldError(fieldErrors, ["value"]), ({ value }) => {
        const outcome = updateConfiguration(keyOf(params), value, admin.email);
        if (outcome.kind === "not_found") return notConfiguredAnswer();
        return settingAnswer(outcome.setting, { message: CONTACT_EMAIL_MESSAGES.updated });
      }),
  },
  // A key that is not a setting is 404 whatever the method.
  { before: ({ params }) => (CONFIGURATION_KEYS.includes(keyOf(params)) ? null : unknownKeyAnswer()) },
);

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
