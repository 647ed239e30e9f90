import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { deleteFaq, faqJson, getFaq, updateFaq } from "~/models/faqs.server";
import { fieldErrorsOf, methodNotAllowed, NO_STORE, NOT_A_JSON_OBJECT, readJsonObject } from "~/utils/api.server";
import { requireAdminApi } from "~/utils/auth.server";
import { FAQ_MESSAGES, faqSchema, translationNote } from "~/utils/faq-form";
import { parseId } from "~/utils/params";

/**
 * GET /api/admin/faqs/{id}: one FAQ. PUT with the same JSON as POST /api/admin/faqs:
 * replaces its fields (blank Spanish texts are machine-translated as on create, with
 * `translation` and `translationMessage` in the answer). DELETE: removes it.
 * Unknown ids answer 404. Admins only: without a session every method is 401.
 */

const ALLOW = "GET, PUT, DELETE";
const NOT_FOUND = () => json({ error: FAQ_MESSAGES.notFound }, { status: 404, headers: NO_STORE });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  const id = parseId(params.id);
  const faq = id === null ? undefined : getFaq(id);
  return faq ? json(faqJson(faq), { headers: NO_STORE }) : NOT_FOUND();
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminApi(request);
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(ALLOW);
  const id = parseId(params.id);

  if (request.method === "DELETE") {
    if (id === null || !deleteFaq(id, admin.email)) return NOT_FOUND();
    return json({ message: FAQ_MESSAGES.deleted }, { headers: NO_STORE });
  }

  if (id === null || !getFaq(id)) return NOT_FOUND();
  const body = await readJsonObject(request);
  const parsed = faqSchema.safeParse(body ?? {});
  if (!parsed.success) {
    return json(
      { error: body ? FAQ_MESSAGES.updateFailed : NOT_A_JSON_OBJECT, fieldErrors: fieldErrorsOf(parsed.error) },
      { status: 400, headers: NO_STORE },
    );
  }
  const outcome = await updateFaq(id, parsed.data, admin.email);
  if (outcome.kind === "not_found") return NOT_FOUND();
  const translationMessage = translationNote(outcome.translation);
  return json(
    {
      ...faqJson(outcome.faq),
      message: FAQ_MESSAGES.updated,
      translation: outcome.translation,
      ...(translationMessage ? { translationMessage } : {}),
    },
    { headers: NO_STORE },
  );
}
