import { data, type ActionFunctionArgs } from "react-router";
import { log } from "~/config/logger.server";
import { databaseFaultOf } from "~/db/faults";
import { getLanguage, translatorFor } from "~/i18n/i18n.server";
import { tooManyMessagesText } from "./too-many-messages.server";
import { readBrowseValues } from "~/models/browse-query.server";
import { HONEYPOT_FIELD } from "~/models/contact-fields";
import { ALERT_FILTER_FIELDS, ALERT_TEXTS, alertEmailSchema, type AlertActionData } from "~/models/search-alert-form";
import { requestSearchAlert } from "~/models/search-alerts.server";
import { clientIpOf } from "~/utils/client-network.server";
import { errorForLog } from "~/utils/error-for-log";
import { isLanguage } from "~/utils/locale";
import { readForm } from "./form-body.server";
import { SEARCH_ALERT_FORM } from "./form-shapes.server";
import { refuseUnlessPost } from "./page-post.server";

/**
 * /properties' "Get alerts for this search" (with or without JavaScript): the address
 * checked as the contact form checks it, the search read as the list reads its URL, then
 * search-alerts.server.ts stores it and mails the confirmation. The answer is the same
 * whether or not the address already follows the search. Errors are dictionary keys.
 */
export async function searchAlertAction({ request, context }: ActionFunctionArgs) {
  refuseUnlessPost(request);
  const form = await readForm(request, SEARCH_ALERT_FORM);
  const email = String(form.get("email") ?? "").slice(0, 500);
  const parsed = alertEmailSchema.safeParse({ email });
  if (!parsed.success) {
    const error = parsed.error.flatten().fieldErrors.email?.[0] ?? "validation.email_invalid";
    return data<AlertActionData>({ status: "invalid", email, error }, { status: 400 });
  }
  const field = (name: string) => String(form.get(name) ?? "");
  const { query, unknownPlace } = await readBrowseValues(Object.fromEntries(ALERT_FILTER_FIELDS.map((name) => [name, field(name)])));
  // An alert never follows a wider search than the one asked for.
  if (unknownPlace) return data<AlertActionData>({ status: "invalid", email, error: ALERT_TEXTS.placeUnknown }, { status: 400 });
  const { sort, page: _page, ...filters } = query;
  const asked = field("language");
  const language = isLanguage(asked) ? asked : await getLanguage(request);

  try {
    const outcome = await requestSearchAlert(
      { email: parsed.data.email, language, filters, sort },
      { ip: clientIpOf(context), honeypot: field(HONEYPOT_FIELD) !== "" },
    );
    if (outcome.kind === "rate_limited") {
      return data<AlertActionData>(
        { status: "rate_limited", email, error: tooManyMessagesText(translatorFor(language)) },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    }
    return data<AlertActionData>({ status: "sent", email: parsed.data.email });
  } catch (error) {
    if (databaseFaultOf(error)) log.warn(`search alerts: database ${databaseFaultOf(error)}, request not stored`);
    else log.error("search alerts: request could not be stored", { error: errorForLog(error) });
    return data<AlertActionData>({ status: "failed", email, error: ALERT_TEXTS.failed }, { status: 503 });
  }
}
