import { data } from "react-router";
import { unrecordedImageProblem } from "~/models/properties.server";
import { parsePropertyForm, type PropertyActionData, type PropertyInput } from "~/models/property-form";
import { PROPERTY_MESSAGES } from "~/models/property-messages";
import { addressSearchAnswer, wantsAddressSearch } from "./address-find.server";
import { readPropertyForm } from "./property-image-form.server";

/**
 * The Add and Edit property forms' post, read the same way: the main image chosen or
 * uploaded becomes imageUrl (readPropertyForm); 'Find' without JavaScript answers with
 * the addresses found, saving nothing; a refused form answers 400 with `failed` and the
 * field errors. Otherwise the valid property, for the action to save. A main image among
 * our stored files must be in the media library, unless it is the image the property
 * already has (`currentImageUrl`).
 */
export async function readPropertyFormPost(
  request: Request,
  adminEmail: string,
  failed: string,
  currentImageUrl: string | null = null,
): Promise<{ property: PropertyInput } | { answer: ReturnType<typeof data<PropertyActionData>> }> {
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
  return { property: submission.value };
}
