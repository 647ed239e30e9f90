import { deleteFaq, faqJson, getFaq, updateFaq } from "~/models/faqs.server";
import { FAQ_MESSAGES, faqSchema, translationNote } from "~/models/faq-form";
import { adminJsonRoute, noStoreJson, notFoundJson, withJsonBody } from "~/http/admin-json-route.server";
import { parseId } from "~/http/params";

/**
 * GET /api/admin/faqs/{id}: one FAQ. PUT with the same JSON as POST /api/admin/faqs:
 * replaces its fields (blank Spanish texts are machine-translated as on create, with
 * `translation` and `translationMessage` in the answer). DELETE: removes it.
 * Unknown ids answer 404. Admins only: without a session every method is 401.
 */

const notFound = () => notFoundJson(FAQ_MESSAGES.notFound);

const jsonRoute = adminJsonRoute({
  GET: ({ params }) => {
    const id = parseId(params.id);
    const faq = id === null ? undefined : getFaq(id);
    return faq ? noStoreJson(faqJson(faq)) : notFound();
  },
  PUT: ({ request, params, admin }) => {
    const id = parseId(params.id);
    if (id === null || !getFaq(id)) return notFound();
    return withJsonBody(request, faqSchema, FAQ_MESSAGES.updateFailed, async (input) => {
      const outcome = await updateFaq(id, input, admin.email);
      if (outcome.kind === "not_found") return notFound();
      const translationMessage = translationNote(outcome.translation);
      return noStoreJson({
        ...faqJson(outcome.faq),
        message: FAQ_MESSAGES.updated,
        translation: outcome.translation,
        ...(translationMessage ? { translationMessage } : {}),
      });
    });
  },
  DELETE: ({ params, admin }) => {
    const id = parseId(params.id);
    if (id === null || !deleteFaq(id, admin.email)) return notFound();
    return noStoreJson({ message: FAQ_MESSAGES.deleted });
  },
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
