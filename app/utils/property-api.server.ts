import { json } from "@remix-run/node";
import { linkMediaToProperty, unlinkMediaFromProperty } from "~/models/media-links.server";
import { fieldErrorsOf, methodNotAllowed, NO_STORE, NOT_A_JSON_OBJECT, readJsonObject } from "~/utils/api.server";
import { requireAdminApi } from "~/utils/auth.server";
import { parseId } from "~/utils/params";
import { propertySchema, type PropertyInput } from "~/utils/property-form";
import { mediaLinkNotFound, PROPERTY_MESSAGES } from "~/utils/property-messages";
import { unrecordedImageProblem } from "~/models/properties.server";

/** What the property JSON calls share: reading a property body, and link/unlink. */

/**
 * The request's property, or the 400 answer: field errors, and `failed` as the error
 * (a body that is not a JSON object holds no fields: the same errors as an empty one).
 * A main image among our stored files must be in the media library, unless it is the
 * image the property already has (`currentImageUrl`).
 */
export async function readPropertyBody(
  request: Request,
  failed: string,
  currentImageUrl: string | null = null,
): Promise<{ property: PropertyInput } | { refusal: Response }> {
  const body = await readJsonObject(request);
  const parsed = propertySchema.safeParse(body ?? {});
  if (!parsed.success) {
    return {
      refusal: json({ error: body ? failed : NOT_A_JSON_OBJECT, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400, headers: NO_STORE }),
    };
  }
  const imageProblem = unrecordedImageProblem(parsed.data.imageUrl, currentImageUrl);
  if (imageProblem) return { refusal: json({ error: failed, fieldErrors: { imageUrl: [imageProblem] } }, { status: 400, headers: NO_STORE }) };
  return { property: parsed.data };
}

const notFound = (error: string) => json({ error }, { status: 404, headers: NO_STORE });

/**
 * POST .../media/{mediaId}/link and DELETE .../media/{mediaId}/unlink: each answers
 * its one method (405 with Allow for any other), 404 for an unknown property or media
 * (or, unlinking, media not linked to that property), else 200 with its toast text (docs/product.md §8).
 */
export async function mediaLinkCall(request: Request, params: { id?: string; mediaId?: string }, change: "link" | "unlink"): Promise<Response> {
  const admin = await requireAdminApi(request);
  const method = change === "link" ? "POST" : "DELETE";
  if (request.method !== method) return methodNotAllowed(method);
  const propertyId = parseId(params.id);
  const mediaId = parseId(params.mediaId);
  if (propertyId === null) return notFound(mediaLinkNotFound("property_not_found"));
  if (mediaId === null) return notFound(mediaLinkNotFound("media_not_found"));
  const outcome = change === "link" ? linkMediaToProperty(propertyId, mediaId, admin.email) : unlinkMediaFromProperty(propertyId, mediaId, admin.email);
  if (outcome.kind === "linked") return json({ message: PROPERTY_MESSAGES.linked }, { headers: NO_STORE });
  if (outcome.kind === "unlinked") return json({ message: PROPERTY_MESSAGES.unlinked }, { headers: NO_STORE });
  return notFound(mediaLinkNotFound(outcome.kind));
}
