import { recordUploadedMedia } from "~/models/media-uploads.server";
import { readFormWithUpload } from "~/http/form-upload.server";
import { ADDRESS_CHOICE_FIELD, decodeAddressChoice } from "~/services/address-search/address-search";
import { PROPERTY_FORM } from "~/http/form-shapes.server";

/**
 * The Add and Edit Property forms' main image, as the action reads it: the Image URL
 * field, or an image chosen from the media library (`imageChoice`), or a file uploaded
 * with the form (without JavaScript), which is checked and recorded as a media item
 * like any upload and then becomes the main image. With JavaScript the dialog uploads
 * the file on the spot and sends only its URL. Either way the item is recorded linked to
 * no home (the form may yet be refused, and come back with it chosen); the save links it
 * to the home (createProperty, updateProperty: decision 080).
 *
 * An address chosen among the suggestions of the form's 'Find' (without JavaScript,
 * http/address-find.server.ts) replaces the typed location, latitude and longitude.
 */

export const IMAGE_CHOICE_FIELD = "imageChoice";
/** How many of the library's newest images the form offers. */
export const IMAGE_CHOICES = 12;

export type PropertyFormRead = { formData: FormData; imageError: string | null; status: number };

export async function readPropertyForm(request: Request, adminEmail: string): Promise<PropertyFormRead> {
  const read = await readFormWithUpload(request, adminEmail, PROPERTY_FORM);
  // Cut off past the limit: the rest of the form went with it.
  if (read.kind === "rejected") return { formData: new FormData(), imageError: read.error, status: read.status };
  const fields = read.fields;
  const choice = fields.get(IMAGE_CHOICE_FIELD);
  fields.delete(IMAGE_CHOICE_FIELD);
  if (typeof choice === "string" && choice) fields.set("imageUrl", choice);
  const address = decodeAddressChoice(fields.get(ADDRESS_CHOICE_FIELD));
  fields.delete(ADDRESS_CHOICE_FIELD);
  if (address) {
    fields.set("location", address.label);
    fields.set("latitude", String(address.latitude));
    fields.set("longitude", String(address.longitude));
  }
  if (read.upload) {
    const outcome = await recordUploadedMedia(read.upload.slotId, adminEmail, read.upload.filename);
    if (outcome.kind === "rejected") return { formData: fields, imageError: outcome.error, status: outcome.status };
    // Kept even if another field is refused: the form comes back with the new image chosen.
    fields.set("imageUrl", outcome.result.filePath);
  }
  return { formData: fields, imageError: null, status: 400 };
}
