import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { listContactMessages } from "~/models/messages.server";
import { requireAdminApi } from "~/utils/auth.server";
import { clientIpOf, submitContactMessage } from "~/components/contact/contact-submit.server";
import { fieldErrorsOf, methodNotAllowed, readJsonObject } from "~/utils/api.server";
import { HONEYPOT_FIELD, contactSchema } from "~/utils/contact-schema";
import { getTranslator } from "~/utils/i18n.server";
import { log } from "~/utils/logger.server";
import { tooManyRequests } from "~/utils/rate-limit.server";

/** GET /api/contact: the messages, for admins only. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return json(listContactMessages(), { headers: { "Cache-Control": "no-store" } });
}

/** POST /api/contact with a JSON body: the contact form for API clients (SPEC section 7). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") {
    return methodNotAllowed("GET, POST");
  }
  const { t } = await getTranslator(request);

  const body = await readJsonObject(request);
  if (!body) {
    return json({ error: t("api.error.json_object_required", "The request body must be a JSON object.") }, { status: 400 });
  }

  const parsed = contactSchema.safeParse(body);
  if (!parsed.success) {
    return json(
      { error: t("contact.error.invalid", "Please correct the highlighted fields."), fieldErrors: fieldErrorsOf(parsed.error, t) },
      { status: 400 },
    );
  }

  try {
    const outcome = submitContactMessage(parsed.data, {
      clientIp: clientIpOf(context),
      honeypot: body[HONEYPOT_FIELD],
    });
    if (outcome.kind === "rate_limited") {
      return tooManyRequests(outcome.retryAfterSeconds, t("contact.error.rate_limited"));
    }
    return json({ message: t("contact.success.text"), id: outcome.id }, { status: 201 });
  } catch (error) {
    log.error("contact: message could not be stored", { error: error instanceof Error ? error.stack : String(error) });
    return json({ error: t("contact.error.text") }, { status: 500 });
  }
}
