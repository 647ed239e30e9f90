import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getConfiguration, updateConfiguration } from "~/models/configurations.server";
import { fieldErrorsOf, methodNotAllowed, NO_STORE, NOT_A_JSON_OBJECT, readJsonObject } from "~/utils/api.server";
import { requireAdminApi } from "~/utils/auth.server";
import { firstFieldError, notConfiguredAnswer, settingAnswer, unknownKeyAnswer } from "~/utils/configuration-api.server";
import { CONFIGURATION_KEYS, CONTACT_EMAIL_MESSAGES, contactEmailSchema } from "~/utils/contact-email-form";

/**
 * GET /api/admin/configurations/{key}: the setting {key, value, description, updatedBy,
 * updatedAt}, or 404 {error} while it is not configured.
 * PUT /api/admin/configurations/{key} with JSON {value}: changes it; 404 while it does
 * not exist (create it with POST /api/admin/configurations).
 * The one known key is contact_email (docs/product.md §7): any other answers 404 whatever
 * the method. Admins only: without a valid session every method answers 401.
 */

const ALLOW = "GET, PUT";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  const key = params.key ?? "";
  if (!CONFIGURATION_KEYS.includes(key)) return unknownKeyAnswer();
  const setting = getConfiguration(key);
  return setting ? settingAnswer(setting) : notConfiguredAnswer();
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminApi(request);
  const key = params.key ?? "";
  if (!CONFIGURATION_KEYS.includes(key)) return unknownKeyAnswer();
  if (request.method !== "PUT") return methodNotAllowed(ALLOW);

  const body = await readJsonObject(request);
  const parsed = contactEmailSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return json({ error: body ? firstFieldError(fieldErrors, ["value"]) : NOT_A_JSON_OBJECT, fieldErrors }, { status: 400, headers: NO_STORE });
  }
  const outcome = updateConfiguration(key, parsed.data.value, admin.email);
  if (outcome.kind === "not_found") return notConfiguredAnswer();
  return settingAnswer(outcome.setting, { message: CONTACT_EMAIL_MESSAGES.updated });
}
