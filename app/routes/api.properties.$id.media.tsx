import type { LoaderFunctionArgs } from "react-router";
import { listPropertyMedia, mediaJson } from "~/models/media.server";
import { getActiveProperty } from "~/models/properties.server";
import { publicJson } from "~/http/public-json.server";
import { parseId } from "~/http/params";
import { readOnlyAction } from "~/http/api.server";

/** GET /api/properties/{id}/media: the photos linked to an active listing. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  if (id === null || !getActiveProperty(id)) {
    return Response.json({ error: "Property not found" }, { status: 404 });
  }
  return publicJson(request, listPropertyMedia(id).map(mediaJson));
}

export { readOnlyAction as action };
