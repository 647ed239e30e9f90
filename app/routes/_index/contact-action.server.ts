import { parseWithZod } from "@conform-to/zod";
import { enquiryOriginOf } from "~/http/enquiry-origin.server";
import { data, type ActionFunctionArgs } from "react-router";
import { HONEYPOT_FIELD, contactSchema } from "~/models/contact-schema";
import { databaseFaultInit } from "~/http/database-fault-answers.server";
import { databaseFaultOf, databaseFaultTextKeys } from "~/db/faults";
import { log } from "~/config/logger.server";
import { clientIpOf } from "~/utils/client-network.server";
import { submitContactMessage } from "~/models/contact-submission.server";
import type { ContactActionData } from "~/models/contact-schema";
import { readForm } from "~/http/form-body.server";
import { CONTACT_FORM } from "~/http/form-shapes.server";
import { errorForLog } from "~/utils/error-for-log";
import { getLanguage, translatorFor } from "~/i18n/i18n.server";
import { tooManyMessagesText } from "~/http/too-many-messages.server";


/**
 * The home page's form action: the contact form posts here, as a fetcher with
 * JavaScript and as a plain form post without it. Errors are dictionary keys that the
 * section renders in the visitor's language.
 */
export async function contactAction({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request, CONTACT_FORM);
  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== "success") {
    return data<ContactActionData>({ status: "invalid", result: submission.reply() }, { status: 400 });
  }

  // The language of the page the form was sent from, as the office sees it.
  const language = await getLanguage(request);
  try {
    const outcome = await submitContactMessage(submission.value, {
      clientIp: clientIpOf(context),
      honeypot: formData.get(HONEYPOT_FIELD),
      language,
      origin: enquiryOriginOf(request),
    });
    if (outcome.kind === "rate_limited") {
      return data<ContactActionData>(
        { status: "rate_limited", result: submission.reply({ formErrors: [tooManyMessagesText(translatorFor(language))] }) },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    }
    return data<ContactActionData>({ status: "success", result: submission.reply({ resetForm: true }) });
  } catch (error) {
    // Returned, not thrown: the form stays on the page and says it failed, instead
    // of the whole page turning into the error page.
    const fault = databaseFaultOf(error);
    if (fault) {
      log.warn(`contact: database ${fault}, message not stored`);
      return data<ContactActionData>(
        { status: "failed", result: submission.reply({ formErrors: [databaseFaultTextKeys(fault).text] }) },
        databaseFaultInit(fault),
      );
    }
    log.error("contact: message could not be stored", { error: errorForLog(error) });
    return data<ContactActionData>(
      { status: "failed", result: submission.reply({ formErrors: ["contact.error.text"] }) },
      { status: 500 },
    );
  }
}
