import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { createConfiguration } from "~/models/configurations.server";
import { fieldErrorsOf, methodNotAllowed, NO_STORE, NOT_A_JSON_OBJECT, readJsonObject } from "~/utils/api.server";
import { requireAdminApi } from "~/utils/auth.server";
import { firstFieldError, settingAnswer } from "~/utils/configuration-api.server";
import { CONTACT_EMAIL_MESSAGES, newConfigurationSchema } from "~/utils/contact-email-form";

/**
 * POST /api/admin/configurations with JSON {key, value, description}: creates a setting
 * (docs/product.md §7; the dashboard does this while contact_email does not exist yet).
 * 201 with the setting; 409 when it exists (change it with PUT); 400 for an unknown key
 * (only contact_email is known), a bad address or a body that is not a JSON object.
 * Admins only: without a valid session every method answers 401.
 */

const ALLOW = "POST";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return methodNotAllowed(ALLOW);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminApi(request);
  if (request.method !== "POST") return methodNotAllowed(ALLOW);

  const body = await readJsonObject(request);
  const parsed = newConfigurationSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return json(
      { error: body ? firstFieldError(fieldErrors, ["key", "value", "description"]) : NOT_A_JSON_OBJECT, fieldErrors },
      { status: 400, headers: NO_STORE },
    );
  }

  const outcome = createConfiguration(parsed.data, admin.email);
  if (outcome.kind === "exists") return json({ error: CONTACT_EMAIL_MESSAGES.exists }, { status: 409, headers: NO_STORE });
  return settingAnswer(outcome.setting, { status: 201, message: CONTACT_EMAIL_MESSAGES.updated });
}
