import { getContactMessage, setMessageHandled } from "~/models/messages.server";
import { MESSAGE_MESSAGES, messageHandledSchema } from "~/models/message-form";
import { adminJsonRoute, noStoreJson, notFoundJson, withReadBody } from "~/http/admin-json-route.server";
import { readJsonObject } from "~/http/api.server";
import { parseId } from "~/http/params";
import { messageStageSchema, STAGE_MESSAGES } from "~/models/enquiry-stage";
import { setMessageStage } from "~/models/enquiry-stages.server";

/**
 * GET /api/admin/messages/{id}: one contact message, with its home (propertyId) and
 * whether it is handled (handledAt, handledBy).
 * PATCH /api/admin/messages/{id} with JSON {handled: true|false}: 'Mark as handled'
 * (stamped with the admin and the time) or 'Mark as new'; with {stage, reason?}: moves
 * the enquiry to that stage (a closed one needs its reason). Answers the message.
 * Admins only: without a valid session every method answers 401.
 */

const notFound = () => notFoundJson(MESSAGE_MESSAGES.notFound);

const jsonRoute = adminJsonRoute({
  GET: ({ params }) => {
    const id = parseId(params.id);
    const message = id === null ? undefined : getContactMessage(id);
    return message ? noStoreJson(message) : notFound();
  },
  PATCH: async ({ request, params, admin }) => {
    const id = parseId(params.id);
    if (id === null || !getContactMessage(id)) return notFound();
    // Read once: a body naming `stage` moves the enquiry, any other marks it handled or new.
    const body = await readJsonObject(request);
    if (body && "stage" in body) {
      return withReadBody(body, messageStageSchema, STAGE_MESSAGES.moveFailed, (move) => {
        const outcome = setMessageStage(id, move, admin.email);
        return outcome.kind === "not_found" ? notFound() : noStoreJson(outcome.message);
      });
    }
    return withReadBody(body, messageHandledSchema, MESSAGE_MESSAGES.updateFailed, ({ handled }) => {
      const outcome = setMessageHandled(id, handled, admin.email);
      return outcome.kind === "not_found" ? notFound() : noStoreJson(outcome.message);
    });
  },
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
