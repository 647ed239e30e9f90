import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getContactMessage, setMessageHandled } from "~/models/messages.server";
import { fieldErrorsOf, methodNotAllowed, NO_STORE, NOT_A_JSON_OBJECT, readJsonObject } from "~/utils/api.server";
import { requireAdminApi } from "~/utils/auth.server";
import { MESSAGE_MESSAGES, messageHandledSchema } from "~/utils/message-form";
import { parseId } from "~/utils/params";

/**
 * GET /api/admin/messages/{id}: one contact message, with its home (propertyId) and
 * whether it is handled (handledAt, handledBy).
 * PATCH /api/admin/messages/{id} with JSON {handled: true|false}: 'Mark as handled'
 * (stamped with the admin and the time) or 'Mark as new'; answers the message.
 * Admins only: without a valid session every method answers 401.
 */

const ALLOW = "GET, PATCH";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  const id = parseId(params.id);
  const message = id === null ? undefined : getContactMessage(id);
  if (!message) return json({ error: MESSAGE_MESSAGES.notFound }, { status: 404, headers: NO_STORE });
  return json(message, { headers: NO_STORE });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminApi(request);
  if (request.method !== "PATCH") return methodNotAllowed(ALLOW);

  const id = parseId(params.id);
  if (id === null || !getContactMessage(id)) return json({ error: MESSAGE_MESSAGES.notFound }, { status: 404, headers: NO_STORE });

  const body = await readJsonObject(request);
  // A body that is not a JSON object holds no field: the same field error as a missing one.
  const parsed = messageHandledSchema.safeParse(body ?? {});
  if (!parsed.success) {
    return json(
      { error: body ? MESSAGE_MESSAGES.updateFailed : NOT_A_JSON_OBJECT, fieldErrors: fieldErrorsOf(parsed.error) },
      { status: 400, headers: NO_STORE },
    );
  }
  const outcome = setMessageHandled(id, parsed.data.handled, admin.email);
  if (outcome.kind === "not_found") return json({ error: MESSAGE_MESSAGES.notFound }, { status: 404, headers: NO_STORE });
  return json(outcome.message, { headers: NO_STORE });
}
