import { z } from "zod";
import { linkMediaToProperty, unlinkMediaFromProperty } from "~/models/media-links.server";
import { makeMainImage, moveLinkedPhoto, moveLinkedPhotoTo, type PhotoOutcome } from "~/models/property-photos.server";
import { unrecordedImageProblem } from "~/models/properties.server";
import { statusConflict } from "~/models/home-facts.server";
import type { Property } from "~/db/schema";
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
 * image the property already has (`current`, null for a new one); a status and an
 * isActive that disagree are refused (statusConflict).
 */
export async function withPropertyBody(
  request: Request,
  failed: string,
  current: Property | null,
  use: (property: PropertyInput) => Response | Promise<Response>,
): Promise<Response> {
  return withJsonBody(request, propertySchema, failed, (property) => {
    const imageProblem = unrecordedImageProblem(property.imageUrl, current?.imageUrl ?? null);
    if (imageProblem) return refusedJson(failed, { imageUrl: [imageProblem] });
    const conflict = statusConflict(property, current);
    return conflict ? refusedJson(failed, { isActive: [conflict] }) : use(property);
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

const POSITION_REFUSED = "position must be a whole number from 1";
const MOVE_REFUSED = "send direction (up or down) or position (a place from 1), one of them";
const moveSchema = z
  .object({
    direction: z.enum(["up", "down"], { errorMap: () => ({ message: "direction must be up or down" }) }).optional(),
    position: z.number({ invalid_type_error: POSITION_REFUSED }).int(POSITION_REFUSED).min(1, POSITION_REFUSED).optional(),
  })
  .refine((move) => (move.direction === undefined) !== (move.position === undefined), MOVE_REFUSED);

/** The answer to an order or main-image change: its toast text, or why nothing changed. */
function photoAnswer(outcome: PhotoOutcome, done: string): Response {
  if (outcome.kind === "done" || outcome.kind === "unchanged") return noStoreJson({ message: done });
  if (outcome.kind === "not_an_image") return refusedJson(PROPERTY_MESSAGES.notAnImage, {});
  if (outcome.kind === "out_of_range") {
    const error = `position must be from 1 to ${outcome.count}, the places of the home's photos`;
    return refusedJson(error, { position: [error] });
  }
  return notFoundJson(mediaLinkNotFound(outcome.kind));
}

/**
 * POST .../media/{mediaId}/move with {direction: "up" | "down"}, one place earlier or
 * later among the home's photos, or {position: n}, to that place (1 for the first), as a
 * drag in Property Images does.
 */
export function moveMediaCall({ request, params, admin }: AdminJsonCall): Promise<Response> {
  const refusal = (fieldErrors: Record<string, string[]>) => fieldErrors.direction?.[0] ?? fieldErrors.position?.[0] ?? MOVE_REFUSED;
  return withJsonBody(request, moveSchema, refusal, ({ direction, position }) => {
    const propertyId = parseId(params.id);
    const mediaId = parseId(params.mediaId);
    if (propertyId === null) return notFoundJson(mediaLinkNotFound("property_not_found"));
    if (mediaId === null) return notFoundJson(mediaLinkNotFound("not_linked"));
    const outcome = direction
      ? moveLinkedPhoto(propertyId, mediaId, direction, admin.email)
      : // The schema lets through exactly one of the two.
        moveLinkedPhotoTo(propertyId, mediaId, position ?? 0, admin.email);
    return photoAnswer(outcome, PROPERTY_MESSAGES.moved);
  });
}

/** POST .../media/{mediaId}/main: the linked photo becomes the home's main image. */
export function makeMainImageCall({ params, admin }: AdminJsonCall): Response {
  const propertyId = parseId(params.id);
  const mediaId = parseId(params.mediaId);
  if (propertyId === null) return notFoundJson(mediaLinkNotFound("property_not_found"));
  if (mediaId === null) return notFoundJson(mediaLinkNotFound("not_linked"));
  return photoAnswer(makeMainImage(propertyId, mediaId, admin.email), PROPERTY_MESSAGES.madeMain);
}
