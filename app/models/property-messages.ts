/**
 * What the Properties tab and the property JSON calls say (docs/product.md §8's toasts and
 * our errors). Apart from the form's schema, so that routes that only speak (Delete,
 * Images) do not load the form code into the browser.
 */

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
  notFound: "Property not found",
  mediaNotFound: "Media not found",
  mediaNotLinked: "That media item is not linked to this property",
  fixFields: "Please correct the fields marked below.",
  imageNotRecorded: "This image is not in the media library: upload it there first (or with this form), or choose one from the library.",
} as const;

/** Why linking or unlinking found nothing to change (the 404's error). */
export function mediaLinkNotFound(kind: "property_not_found" | "media_not_found" | "not_linked"): string {
  if (kind === "property_not_found") return PROPERTY_MESSAGES.notFound;
  return kind === "media_not_found" ? PROPERTY_MESSAGES.mediaNotFound : PROPERTY_MESSAGES.mediaNotLinked;
}
