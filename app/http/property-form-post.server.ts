import { data } from "react-router";
import { unrecordedImageProblem } from "~/models/properties.server";
import { parsePropertyForm, VISITS_TO_CALL_OFF_FIELD, type PropertyActionData, type PropertyInput } from "~/models/property-form";
import { PROPERTY_MESSAGES } from "~/models/property-messages";
import { NO_VISITS_TO_CALL_OFF, visitsCalledOffBy, visitsToCallOffTotal } from "~/models/closing-visits.server";
import { SAVE_AS_FIELD, statusSavedAs } from "~/models/home-facts";
import type { Property } from "~/db/schema";
import { addressSearchAnswer, wantsAddressSearch } from "./address-find.server";
import { readPropertyForm } from "./property-image-form.server";

/**
 * The Add and Edit property forms' post, read the same way: the main image chosen or
 * uploaded becomes imageUrl (readPropertyForm); 'Find' without JavaScript answers with
 * the addresses found, saving nothing; a refused form answers 400 with `failed` and the
 * field errors. Otherwise the valid property, for the action to save. A main image among
 * our stored files must be in the media library, unless it is the image the property
 * already has (`current`'s). An edit that takes a home with visits still to come
 * (confirmed, or asked for and not yet answered) off the market answers 409 with their
 * count first, and goes ahead when the form posts that count back (the visitors are
 * told: closing-visits.server.ts).
 */
export async function readPropertyFormPost(
  request: Request,
  adminEmail: string,
  failed: string,
  current: Property | null = null,
): Promise<{ property: PropertyInput } | { answer: ReturnType<typeof data<PropertyActionData>> }> {
  const currentImageUrl = current?.imageUrl ?? null;
  const read = await readPropertyForm(request, adminEmail);
  const submission = parsePropertyForm(read.formData);
  const imageError = read.imageError ?? (submission.status === "success" ? unrecordedImageProblem(submission.value.imageUrl, currentImageUrl) : null);
  if (wantsAddressSearch(read.formData) && !read.imageError) {
    return { answer: data<PropertyActionData>(await addressSearchAnswer(read.formData, submission, adminEmail)) };
  }
  if (submission.status !== "success" || imageError) {
    return {
      answer: data<PropertyActionData>(
        {
          result: submission.reply({ formErrors: [failed, PROPERTY_MESSAGES.fixFields], fieldErrors: imageError ? { imageUrl: [imageError] } : {} }),
          error: failed,
        },
        { status: read.status },
      ),
    };
  }
  // The button pressed decides whether the home is on the public site.
  const facts = submission.value.facts;
  if (facts?.status) facts.status = statusSavedAs(facts.status, read.formData.get(SAVE_AS_FIELD));
  const status = facts?.status;
  const visits = current && status ? visitsCalledOffBy(current, status) : NO_VISITS_TO_CALL_OFF;
  const total = visitsToCallOffTotal(visits);
  if (total > 0 && read.formData.get(VISITS_TO_CALL_OFF_FIELD) !== String(total)) {
    return { answer: data<PropertyActionData>({ result: submission.reply(), visitsToCallOff: visits }, { status: 409 }) };
  }
  return { property: submission.value };
}
