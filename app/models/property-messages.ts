/**
 * What the Properties tab and the property JSON calls say (docs/product.md §8's toasts and
 * our errors). Apart from the form's schema, so that routes that only speak (Delete,
 * Images) do not load the form code into the browser.
 */
import { spanishSaveNote, type SpanishStatus, type TranslationStatus } from "./spanish-status";

export const PROPERTY_MESSAGES = {
  created: "Property created successfully",
  updated: "Property updated successfully",
  deleted: "Property deleted successfully",
  createFailed: "Failed to create property",
  updateFailed: "Failed to update property",
  deleteFailed: "Failed to delete property",
  linked: "Image linked to property successfully",
  linkFailed: "Failed to link image to property",
  unlinked: "Image unlinked from property successfully",
  unlinkFailed: "Failed to unlink image from property",
  moved: "Image order updated",
  moveFailed: "Failed to change the order of the images",
  madeMain: "Main image updated",
  makeMainFailed: "Failed to make it the main image",
  notAnImage: "Only an image can be the main image",
  notFound: "Property not found",
  mediaNotFound: "Media not found",
  mediaNotLinked: "That media item is not linked to this property",
  fixFields: "Please correct the fields marked below.",
  // Said after a save that leaves the home's Spanish missing.
  translationFailed: "The Spanish translation could not be made, so the Spanish site shows this home in English; you can add it by editing the property.",
  translationUnavailable: "No translation service is set up, so the Spanish was left blank and the Spanish site shows this home in English; you can add it by editing the property.",
  spanishBlank: "Its Spanish is missing, so the Spanish site shows this home in English; you can add it by editing the property.",
  imageNotRecorded: "This image is not in the media library: upload it there first (or with this form), or choose one from the library.",
} as const;

/** What the toast after a save says of the home's Spanish left to do. */
export function propertySpanishNote(status: SpanishStatus, translation: TranslationStatus): string | null {
  return spanishSaveNote(status, translation, {
    failed: PROPERTY_MESSAGES.translationFailed,
    unavailable: PROPERTY_MESSAGES.translationUnavailable,
    blank: PROPERTY_MESSAGES.spanishBlank,
  });
}

/** Why linking or unlinking found nothing to change (the 404's error). */
export function mediaLinkNotFound(kind: "property_not_found" | "media_not_found" | "not_linked"): string {
  if (kind === "property_not_found") return PROPERTY_MESSAGES.notFound;
  return kind === "media_not_found" ? PROPERTY_MESSAGES.mediaNotFound : PROPERTY_MESSAGES.mediaNotLinked;
}
