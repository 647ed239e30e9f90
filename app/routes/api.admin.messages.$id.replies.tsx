import { adminJsonRoute, noStoreJson, notFoundJson, refusedJson, withJsonBody } from "~/http/admin-json-route.server";
import { fieldErrorsOf } from "~/http/api.server";
import { parseId } from "~/http/params";
import { threadOf } from "~/models/enquiry-thread.server";
import { MESSAGE_MESSAGES } from "~/models/message-form";
import { replyJson, sendReply } from "~/models/message-replies.server";
import { getContactMessage } from "~/models/messages.server";
import { enquiryHomeOf, replyDraft, templateChoices } from "~/models/reply-drafts.server";
import { REPLY_MESSAGES, replyDraftSchema, replySchema } from "~/models/reply-form";

/**
 * GET /api/admin/messages/{id}/replies[?language=en|es&template=…]: the enquiry's thread
 * (its replies and its visit's events, oldest first), the ready answers it can use, and
 * a draft: the chosen answer (else the one that suits it) written out in the chosen
 * language (else the visitor's).
 * POST /api/admin/messages/{id}/replies with JSON {language, body, template?}: sends the
 * reply (queued from the site's sender, Reply-To the office), stores it in the thread
 * and moves a new enquiry to replied (201, with the reply and the enquiry's stage).
 * Admins only: without a session every method answers 401.
 */

const notFound = () => notFoundJson(MESSAGE_MESSAGES.notFound);

const jsonRoute = adminJsonRoute({
  GET: ({ request, params }) => {
    const id = parseId(params.id);
    const message = id === null ? undefined : getContactMessage(id);
    if (!message) return notFound();
    const search = new URL(request.url).searchParams;
    const choice = replyDraftSchema.safeParse({ language: search.get("language") ?? undefined, template: search.get("template") ?? undefined });
    if (!choice.success) return refusedJson(REPLY_MESSAGES.choiceInvalid, fieldErrorsOf(choice.error));
    const home = enquiryHomeOf(message);
    const draft = replyDraft(message, home, choice.data);
    return noStoreJson({ messageId: message.id, stage: message.stage, thread: threadOf(message.id), templates: templateChoices(home, draft.language), draft });
  },
  POST: ({ request, params, admin }) => {
    const id = parseId(params.id);
    if (id === null || !getContactMessage(id)) return notFound();
    return withJsonBody(request, replySchema, REPLY_MESSAGES.sendFailed, (input) => {
      const outcome = sendReply(id, input, admin.email);
      if (outcome.kind === "not_found") return notFound();
      return noStoreJson({ reply: replyJson(outcome.reply), stage: outcome.message.stage, message: REPLY_MESSAGES.sentTo(`${outcome.message.firstName} ${outcome.message.lastName}`) }, { status: 201 });
    });
  },
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
