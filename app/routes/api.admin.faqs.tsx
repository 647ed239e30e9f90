import { createFaq, faqJson, listAllFaqs } from "~/models/faqs.server";
import { FAQ_MESSAGES, faqSchema, translationNote } from "~/models/faq-form";
import { adminJsonRoute, noStoreJson, withJsonBody } from "~/http/admin-json-route.server";

/**
 * GET /api/admin/faqs: every FAQ, active or not, by sortOrder then id.
 * POST /api/admin/faqs with JSON {question, answer, questionSpanish?, answerSpanish?,
 * sortOrder?, isActive?}: adds one (201). Blank Spanish texts are machine-translated
 * when a service is set up; `translation` says what happened ("done", "not_needed",
 * "unavailable", "failed") and `translationMessage` tells the admin when the Spanish
 * was left blank. The server empties its page cache on every write, so / and
 * /api/faqs show the change at once. Admins only: without a session every method is 401.
 */

const jsonRoute = adminJsonRoute({
  GET: () => noStoreJson(listAllFaqs().map(faqJson)),
  POST: ({ request, admin }) =>
    withJsonBody(request, faqSchema, FAQ_MESSAGES.createFailed, async (input) => {
      const { faq, translation } = await createFaq(input, admin.email);
      const translationMessage = translationNote(translation);
      return noStoreJson(
        { ...faqJson(faq), message: FAQ_MESSAGES.created, translation, ...(translationMessage ? { translationMessage } : {}) },
        { status: 201 },
      );
    }),
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
