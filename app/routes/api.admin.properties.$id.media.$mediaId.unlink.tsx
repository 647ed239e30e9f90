import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { mediaLinkCall } from "~/utils/property-api.server";

/**
 * DELETE /api/admin/properties/{propertyId}/media/{mediaId}/unlink: unlinks a media
 * item from the property; the item itself stays. 404 for an unknown property or media,
 * or media not linked to that property; 405 with Allow for other methods. Admins only:
 * without a valid session, 401.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) => mediaLinkCall(request, params, "unlink");
export const action = ({ request, params }: ActionFunctionArgs) => mediaLinkCall(request, params, "unlink");
