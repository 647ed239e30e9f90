import type { LoaderFunctionArgs } from "react-router";
import { publicListing } from "~/models/listings.server";
import { readOnlyAction } from "~/http/api.server";
import { publicJson } from "~/http/public-json.server";
import { parseId } from "~/http/params";

/** GET /api/properties/{id}: one active listing as the pages show it (its photos in order); 404 otherwise. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  const listing = id === null ? undefined : publicListing(id);
  if (!listing) return Response.json({ error: "Property not found" }, { status: 404 });
  return publicJson(request, listing);
}

export { readOnlyAction as action };
