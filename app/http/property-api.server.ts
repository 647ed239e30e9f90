import { linkMediaToProperty, unlinkMediaFromProperty } from "~/models/media-links.server";
import { unrecordedImageProblem } from "~/models/properties.server";
import { propertySchema, type PropertyInput } from "~/models/property-form";
import { mediaLinkNotFound, PROPERTY_MESSAGES } from "~/models/property-messages";
import { noStoreJson, notFoundJson, refusedJson, withJsonBody, type AdminJsonCall } from "./admin-json-route.server";
import { parseId } from "./params";

/** What the property JSON calls share: reading a property body, and link/unlink. */

/**
 * The request's property handed to `use`, or the 400 answer: field errors, and `failed`
 * as the error (a body that is not a JSON object holds no fields: the same errors as an
 * empty one).
 * A main image among our stored files must be in the media library, unless it is the
 * image the property already has (`currentImageUrl`).
 */
export async function withPropertyBody(
  request: Request,
  failed: string,
  currentImageUrl: string | null,
  use: (property: PropertyInput) => Response | Promise<Response>,
): Promise<Response> {
  return withJsonBody(request, propertySchema, failed, (property) => {
    const imageProblem = unrecordedImageProblem(property.imageUrl, currentImageUrl);
    return imageProblem ? refusedJson(failed, { imageUrl: [imageProblem] }) : use(property);
  });
}

/**
 * POST .../media/{mediaId}/link and DELETE .../media/{mediaId}/unlink: 404 for an
 * unknown property or media
 * (or, unlinking, media not linked to that property), else 200 with its toast text (docs/product.md §8).
 */
export function changeMediaLink({ params, admin }: AdminJsonCall, change: "link" | "unlink"): Response {
  const propertyId = parseId(params.id);
  const mediaId = parseId(params.mediaId);
  if (propertyId === null) return notFoundJson(mediaLinkNotFound("property_not_found"));
  if (mediaId === null) return notFoundJson(mediaLinkNotFound("media_not_found"));
  const outcome = change === "link" ? linkMediaToProperty(propertyId, mediaId, admin.email) : unlinkMediaFromProperty(propertyId, mediaId, admin.email);
  if (outcome.kind === "linked") return noStoreJson({ message: PROPERTY_MESSAGES.linked });
  if (outcome.kind === "unlinked") return noStoreJson({ message: PROPERTY_MESSAGES.unlinked });
  return notFoundJson(mediaLinkNotFound(outcome.kind));
}
