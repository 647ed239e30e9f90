import { getMedia, mediaJson, setHeroImage } from "~/models/media.server";
import { heroImageSchema, MEDIA_MESSAGES } from "~/models/media-form";
import { adminJsonRoute, noStoreJson, notFoundJson, withJsonBody } from "~/http/admin-json-route.server";
import { parseId } from "~/http/params";

/**
 * PATCH /api/admin/media/{id}/hero with JSON {isHeroImage: boolean}: puts a media item
 * in the home page's hero carousel or takes it out (docs/product.md §7). The page cache is
 * emptied by every write, so / and /api/hero-images show it at once. Admins only:
 * without a valid session every method answers 401.
 */

const notFound = () => notFoundJson(MEDIA_MESSAGES.notFound);

const jsonRoute = adminJsonRoute({
  PATCH: ({ request, params, admin }) => {
    const id = parseId(params.id);
    if (id === null || !getMedia(id)) return notFound();
    return withJsonBody(request, heroImageSchema, MEDIA_MESSAGES.heroFailed, ({ isHeroImage }) => {
      const outcome = setHeroImage(id, isHeroImage, admin.email);
      if (outcome.kind === "not_found") return notFound();
      return noStoreJson({ ...mediaJson(outcome.media), message: MEDIA_MESSAGES.heroUpdated });
    });
  },
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
