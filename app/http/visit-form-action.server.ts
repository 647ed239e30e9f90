import { redirect, data, type ActionFunctionArgs } from "react-router";
import { enquiryOriginOf } from "~/http/enquiry-origin.server";
import { readForm } from "./form-body.server";
import { VISIT_FORM } from "./form-shapes.server";
import { parseId } from "./params";
import { getLanguage, translatorFor } from "~/i18n/i18n.server";
import { tooManyMessagesText } from "./too-many-messages.server";
import { HONEYPOT_FIELD } from "~/models/contact-fields";
import { VISIT_CHOICES, VISIT_ERRORS, visitVisitorSchema, type VisitActionData } from "~/models/visit-schema";
import { submitVisitRequest, visitableHome, visitTimeErrors } from "~/models/visit-requests.server";
import { slotTime, visitChoiceOf, visitDayLabel, visitHourLabel } from "~/models/visiting-hours";
import { clientIpOf } from "~/utils/client-network.server";
import { isLanguage } from "~/utils/locale";
import { visitPath } from "~/paths";

/**
 * The visit page's form post (with or without JavaScript): the visitor's fields as the
 * contact form checks them, up to three day-and-hour choices checked against the
 * visiting hours, then stored and mailed (visit-requests.server.ts). Errors are
 * dictionary keys per field, shown in the page's language; nothing is stored with one.
 * Success redirects to ?sent=1, so a reload does not send it again.
 */
export async function visitFormAction({ request, params, context }: ActionFunctionArgs) {
  const id = parseId(params.id);
  const home = id === null ? undefined : visitableHome(id);
  if (id === null || !home) throw new Response("Not Found", { status: 404 });
  const form = await readForm(request, VISIT_FORM);
  const values = Object.fromEntries(VISIT_FORM.fields.filter((name) => name !== HONEYPOT_FIELD).map((name) => [name, String(form.get(name) ?? "")]));
  const pending = () => data<VisitActionData>({ status: "pending", fieldErrors: {}, formError: VISIT_ERRORS.pending, values }, { status: 409 });
  if (home.status === "pending") return pending();

  const fieldErrors: Record<string, string[]> = {};
  const visitor = visitVisitorSchema.safeParse(values);
  if (!visitor.success) {
    for (const [field, messages] of Object.entries(visitor.error.flatten().fieldErrors)) if (messages?.length) fieldErrors[field] = [messages[0]];
  }

  // Each choice given in full is a time; a half-given one (a day without an hour) is an error.
  const chosen: { error: string; time: number | null }[] = [];
  VISIT_CHOICES.forEach((choice, index) => {
    const day = values[choice.day].trim();
    const hour = values[choice.hour].trim();
    if (!day && !hour) {
      if (index === 0) fieldErrors[choice.error] = [VISIT_ERRORS.timeRequired];
      return;
    }
    if (!day || !hour) {
      fieldErrors[choice.error] = [VISIT_ERRORS.timeRequired];
      return;
    }
    chosen.push({ error: choice.error, time: /^\d{1,2}$/.test(hour) ? slotTime(day, Number(hour)) : null });
  });
  const checked = visitTimeErrors(chosen.map((choice) => choice.time), id);
  checked.errors.forEach((error, index) => {
    if (error) fieldErrors[chosen[index].error] = [error];
  });

  if (!visitor.success || Object.keys(fieldErrors).length) {
    // Named as the picker names a time chosen, in the page's language.
    const language = await getLanguage(request);
    const freeNearby = checked.freeNearby.map((time) => {
      const choice = visitChoiceOf(time);
      return { ...choice, label: `${visitDayLabel(choice.day, language)}, ${visitHourLabel(Number(choice.hour), language)}` };
    });
    return data<VisitActionData>({ status: "invalid", fieldErrors, values, ...(freeNearby.length ? { freeNearby } : {}) }, { status: 400 });
  }

  // The language of the page the form was sent from: the visitor's mails are in it.
  const language = isLanguage(values.language) ? values.language : await getLanguage(request);
  const outcome = await submitVisitRequest({
    propertyId: id,
    visitor: visitor.data,
    times: chosen.map((choice) => choice.time as number),
    language,
    clientIp: clientIpOf(context),
    honeypot: form.get(HONEYPOT_FIELD),
    origin: enquiryOriginOf(request),
  });
  if (outcome.kind === "not_found") throw new Response("Not Found", { status: 404 });
  if (outcome.kind === "pending") return pending();
  if (outcome.kind === "rate_limited") {
    return data<VisitActionData>(
      { status: "rate_limited", fieldErrors: {}, formError: tooManyMessagesText(translatorFor(language)), values },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  return redirect(`${visitPath(id)}?sent=1`);
}
