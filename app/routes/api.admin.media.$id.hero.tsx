import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getMedia, mediaJson, setHeroImage } from "~/models/media.server";
import { fieldErrorsOf, methodNotAllowed, NO_STORE, NOT_A_JSON_OBJECT, readJsonObject } from "~/utils/api.server";
import { requireAdminApi } from "~/utils/auth.server";
import { heroImageSchema, MEDIA_MESSAGES } from "~/utils/media-form";
import { parseId } from "~/utils/params";

/**
 * PATCH /api/admin/media/{id}/hero with JSON {isHeroImage: boolean}: puts a media item
 * in the home page's hero carousel or takes it out (docs/product.md §7). The page cache is
 * emptied by every write, so / and /api/hero-images show it at once. Admins only:
 * without a valid session every method answers 401.
 */

const ALLOW = "PATCH";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return methodNotAllowed(ALLOW);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminApi(request);
  if (request.method !== "PATCH") return methodNotAllowed(ALLOW);

  const id = parseId(params.id);
  if (id === null || !getMedia(id)) return json({ error: MEDIA_MESSAGES.notFound }, { status: 404, headers: NO_STORE });

  const body = await readJsonObject(request);
  // A body that is not a JSON object holds no flag: the same field error as a missing one.
  const parsed = heroImageSchema.safeParse(body ?? {});
  if (!parsed.success) {
    return json(
      { error: body ? MEDIA_MESSAGES.heroFailed : NOT_A_JSON_OBJECT, fieldErrors: fieldErrorsOf(parsed.error) },
      { status: 400, headers: NO_STORE },
    );
  }
  const outcome = setHeroImage(id, parsed.data.isHeroImage, admin.email);
  if (outcome.kind === "not_found") return json({ error: MEDIA_MESSAGES.notFound }, { status: 404, headers: NO_STORE });
  return json({ ...mediaJson(outcome.media), message: MEDIA_MESSAGES.heroUpdated }, { headers: NO_STORE });
}
