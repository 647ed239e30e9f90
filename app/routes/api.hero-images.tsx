import type { LoaderFunctionArgs } from "react-router";
import { listHeroImages } from "~/models/media.server";
import { publicJson } from "~/http/public-json.server";
import { readOnlyAction } from "~/http/api.server";

/** GET /api/hero-images: the media flagged for the home carousel. */
export async function loader({ request }: LoaderFunctionArgs) {
  return publicJson(request, listHeroImages());
}

export { readOnlyAction as action };
