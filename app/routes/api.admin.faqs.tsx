import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { createFaq, faqJson, listAllFaqs } from "~/models/faqs.server";
import { fieldErrorsOf, methodNotAllowed, NO_STORE, NOT_A_JSON_OBJECT, readJsonObject } from "~/utils/api.server";
import { requireAdminApi } from "~/utils/auth.server";
import { FAQ_MESSAGES, faqSchema, translationNote } from "~/utils/faq-form";

/**
 * GET /api/admin/faqs: every FAQ, active or not, by sortOrder then id.
 * POST /api/admin/faqs with JSON {question, answer, questionSpanish?, answerSpanish?,
 * sortOrder?, isActive?}: adds one (201). Blank Spanish texts are machine-translated
 * when a service is set up; `translation` says what happened ("done", "not_needed",
 * "unavailable", "failed") and `translationMessage` tells the admin when the Spanish
 * was left blank. The server empties its page cache on every write, so / and
 * /api/faqs show the change at once. Admins only: without a session every method is 401.
 */

const ALLOW = "GET, POST";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return json(listAllFaqs().map(faqJson), { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminApi(request);
  if (request.method !== "POST") return methodNotAllowed(ALLOW);

  const body = await readJsonObject(request);
  // A body that is not a JSON object holds no fields: the same field errors as an empty one.
  const parsed = faqSchema.safeParse(body ?? {});
  if (!parsed.success) {
    return json(
      { error: body ? FAQ_MESSAGES.createFailed : NOT_A_JSON_OBJECT, fieldErrors: fieldErrorsOf(parsed.error) },
      { status: 400, headers: NO_STORE },
    );
  }

  const { faq, translation } = await createFaq(parsed.data, admin.email);
  const translationMessage = translationNote(translation);
  return json(
    { ...faqJson(faq), message: FAQ_MESSAGES.created, translation, ...(translationMessage ? { translationMessage } : {}) },
    { status: 201, headers: NO_STORE },
  );
}
