import type { ActionFunctionArgs } from "react-router";
import { enquiryOriginOf } from "~/http/enquiry-origin.server";
import { json } from "~/http/json-response";
import { fieldErrorsOf, methodNotAllowed, readJsonObject } from "~/http/api.server";
import { parseId } from "~/http/params";
import { getTranslator, translatorFor } from "~/i18n/i18n.server";
import { tooManyMessagesText } from "~/http/too-many-messages.server";
import { isLanguage } from "~/utils/locale";
import { HONEYPOT_FIELD } from "~/models/contact-fields";
import { VISIT_ERRORS, visitJsonSchema } from "~/models/visit-schema";
import { submitVisitRequest, visitableHome, visitJson, visitTimeErrors } from "~/models/visit-requests.server";
import { parseOffsetDateTime, visitTimeIso } from "~/models/visiting-hours";
import { tooManyRequests } from "~/services/rate-limits/rate-limit.server";
import { clientIpOf } from "~/utils/client-network.server";

/**
 * POST /api/properties/{id}/visits with JSON {firstName, lastName, email, phone?, times
 * (1-3 ISO 8601 date-times with offset), message?, language}: a visit request, as the
 * visit form makes it (docs/product.md §7). 201 with the stored request; 400 with
 * {error, fieldErrors} like POST /api/contact (and `freeTimesNearby` when a time was
 * booked since it was offered); 404 for a home that is not listed; 409 for
 * one with an application pending (it takes no new visit requests); 429.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const requested = await getTranslator(request);
  let { t } = requested;
  const id = parseId(params.id);
  const home = id === null ? undefined : visitableHome(id);
  if (id === null || !home) return json({ error: t("visit.error.not_found", "This home is not available.") }, { status: 404 });
  const body = await readJsonObject(request);
  // The visitor's language, when the body names it, is the language of the answer too.
  if (body && isLanguage(body.language)) t = translatorFor(body.language);
  const pending = () => json({ error: t(VISIT_ERRORS.pending) }, { status: 409 });
  if (home.status === "pending") return pending();
  if (!body) return json({ error: t("api.error.json_object_required", "The request body must be a JSON object.") }, { status: 400 });
  const parsed = visitJsonSchema.safeParse(body);
  const fieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error, t);
  let times: number[] = [];
  let freeNearby: number[] = [];
  if (parsed.success) {
    const read = parsed.data.times.map(parseOffsetDateTime);
    const checked = visitTimeErrors(read, id);
    const errors = [...new Set(checked.errors.filter((error): error is string => error !== null))];
    if (errors.length) fieldErrors.times = errors.map((error) => t(error));
    freeNearby = checked.freeNearby;
    times = read.filter((time): time is number => time !== null);
  }
  if (!parsed.success || Object.keys(fieldErrors).length) {
    // A time booked since the times were read: the free ones nearest it, to ask for instead.
    const nearby = freeNearby.length ? { freeTimesNearby: freeNearby.map(visitTimeIso) } : {};
    return json({ error: t("contact.error.invalid", "Please correct the highlighted fields."), fieldErrors, ...nearby }, { status: 400 });
  }

  const outcome = await submitVisitRequest({
    propertyId: id,
    visitor: parsed.data,
    times,
    language: parsed.data.language ?? requested.language,
    clientIp: clientIpOf(context),
    honeypot: body[HONEYPOT_FIELD],
    origin: enquiryOriginOf(request),
  });
  if (outcome.kind === "rate_limited") return tooManyRequests(outcome.retryAfterSeconds, tooManyMessagesText(t));
  if (outcome.kind === "not_found") return json({ error: t("visit.error.not_found", "This home is not available.") }, { status: 404 });
  if (outcome.kind === "pending") return pending();
  // A dropped (honeypot) request answers like a stored one.
  const answer = outcome.request
    ? visitJson(outcome.request)
    : { id: outcome.id, status: "requested", times: parsed.data.times, home: { id } };
  return json(answer, { status: 201 });
}

export function loader() {
  return methodNotAllowed("POST");
}
