import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { mediaLinkCall } from "~/utils/property-api.server";

/**
 * POST /api/admin/properties/{propertyId}/media/{mediaId}/link: links a media item to
 * a property (one linked elsewhere moves here). 404 for an unknown property or media;
 * 405 with Allow for other methods. Admins only: without a valid session, 401.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) => mediaLinkCall(request, params, "link");
export const action = ({ request, params }: ActionFunctionArgs) => mediaLinkCall(request, params, "link");
