import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { enquiryOriginOf } from "~/http/enquiry-origin.server";
import { json } from "~/http/json-response";
import { contactMessagesPage, decodeMessageCursor, listContactMessages } from "~/models/messages.server";
import { requireAdminApi } from "~/auth/admin-guard.server";
import { submitContactMessage } from "~/models/contact-submission.server";
import { clientIpOf } from "~/utils/client-network.server";
import { fieldErrorsOf, methodNotAllowed, readJsonObject } from "~/http/api.server";
import { HONEYPOT_FIELD, contactSchema } from "~/models/contact-schema";
import { databaseFaultOf } from "~/db/faults";
import { getTranslator } from "~/i18n/i18n.server";
import { tooManyMessagesText } from "~/http/too-many-messages.server";
import { log } from "~/config/logger.server";
import { tooManyRequests } from "~/services/rate-limits/rate-limit.server";
import { errorForLog } from "~/utils/error-for-log";
import { NO_STORE } from "~/http/no-store";

const MAX_PAGE = 100;

/**
 * GET /api/contact: the messages, newest first, for admins only. Without parameters the
 * whole list (docs/product.md §7); with `?limit=` (1-100) one page, and `?before=` the cursor
 * of the `Link: <...>; rel="next"` header for the next one, so a client can walk 100,000
 * messages without one huge answer.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  const url = new URL(request.url);
  if (!url.searchParams.has("limit") && !url.searchParams.has("before")) {
    return json(listContactMessages(), { headers: NO_STORE });
  }
  const limit = Number(url.searchParams.get("limit") ?? MAX_PAGE);
  const before = url.searchParams.get("before");
  const cursor = before === null ? null : decodeMessageCursor(before);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE || (before !== null && !cursor)) {
    return json({ error: `limit must be a whole number from 1 to ${MAX_PAGE}, and before a cursor from a Link header` }, { status: 400, headers: NO_STORE });
  }
  const page = contactMessagesPage({ before: cursor, limit });
  const headers = new Headers(NO_STORE);
  if (page.older) headers.set("Link", `</api/contact?${new URLSearchParams({ limit: String(limit), before: page.older })}>; rel="next"`);
  return json(page.messages, { headers });
}

/** POST /api/contact with a JSON body: the contact form for API clients (docs/product.md §7). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") {
    return methodNotAllowed("GET, POST");
  }
  const { t, language } = await getTranslator(request);

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
    const outcome = await submitContactMessage(parsed.data, {
      clientIp: clientIpOf(context),
      honeypot: body[HONEYPOT_FIELD],
      language,
      origin: enquiryOriginOf(request),
    });
    if (outcome.kind === "rate_limited") {
      return tooManyRequests(outcome.retryAfterSeconds, tooManyMessagesText(t));
    }
    return json({ message: t("contact.success.text"), id: outcome.id }, { status: 201 });
  } catch (error) {
    // Busy or full: answered 503 or 507 with the others (server/database-fault-routes.ts).
    if (databaseFaultOf(error)) throw error;
    log.error("contact: message could not be stored", { error: errorForLog(error) });
    return json({ error: t("contact.error.text") }, { status: 500 });
  }
}
