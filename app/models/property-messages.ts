/**
 * What the Properties tab and the property JSON calls say (docs/product.md §8's toasts and
 * our errors). Apart from the form's schema, so that routes that only speak (Delete,
 * Images) do not load the form code into the browser.
 */
import { spanishSaveNote, type SpanishStatus, type TranslationStatus } from "./spanish-status";

export const PROPERTY_MESSAGES = {
  created: "Property created successfully",
  updated: "Property updated successfully",
  savedAsDraft: "Property saved as a draft: only staff can see it",
  published: "Property published: it is on the public site",
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

const plural = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`);

/** Property Images' 'Upload photos', once every file is up and linked. */
export const photosUploaded = (count: number) => (count === 1 ? "Photo uploaded and linked to the property" : `${count} photos uploaded and linked to the property`);

/** A file uploaded that could not then be linked (the home deleted meanwhile): it is not lost. */
export const notLinkedNaming = (filename: string) => `“${filename}” was uploaded but not linked to this property: it is in the Media tab, linked to no property.`;

/** The visits a closing save calls off (closing-visits.server.ts), counted. */
type VisitCounts = { confirmed: number; requested: number };

function visitsInWords({ confirmed, requested }: VisitCounts): string {
  const parts = [
    confirmed ? plural(confirmed, "upcoming confirmed visit", "upcoming confirmed visits") : "",
    requested ? plural(requested, "visit request not yet answered", "visit requests not yet answered") : "",
  ];
  return parts.filter(Boolean).join(" and ");
}

/** Said before a save takes a home with visits still to come off the market: staff save again to go ahead. */
export function visitsToCallOffWarning(visits: VisitCounts): string {
  const one = visits.confirmed + visits.requested === 1;
  return `This home has ${visitsInWords(visits)}. Saving it as rented, sold or off the market calls ${one ? "it" : "them"} off, and each visitor gets a polite e-mail in their language. Save again to go ahead.`;
}

/** Said after such a save. */
export function visitsCalledOffNote({ confirmed, requested }: VisitCounts): string | null {
  const parts = [
    confirmed ? `${plural(confirmed, "confirmed visit was", "confirmed visits were")} called off` : "",
    requested ? `${plural(requested, "visit request was", "visit requests were")} declined` : "",
  ].filter(Boolean);
  return parts.length ? `${parts.join(" and ")}; each visitor was e-mailed` : null;
}

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

/**
 * What the toast says a form save did: a draft kept off the site, a draft published, a
 * new home created on the site, a public home updated.
 */
export function savedMessage(saved: { isActive: boolean }, before: { isActive: boolean } | null): string {
  if (!saved.isActive && !before?.isActive) return PROPERTY_MESSAGES.savedAsDraft;
  if (!before) return PROPERTY_MESSAGES.created;
  return before.isActive ? PROPERTY_MESSAGES.updated : PROPERTY_MESSAGES.published;
}
