import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { searchAddressesAsAdmin } from "~/services/geocoder.server";
import { ADDRESS_SEARCH_TEXTS, addressQueryProblem } from "~/utils/address-search";
import { methodNotAllowed, NO_STORE } from "~/utils/api.server";
import { requireAdminApi } from "~/utils/auth.server";
import { tooManyRequests } from "~/utils/rate-limit.server";

/**
 * GET /api/admin/geocode?q=...: address suggestions for the property form's Location
 * field, {suggestions: [{label, latitude, longitude}], source: "geocoder" | "gazetteer"},
 * at most 8, the US only (services/geocoder.server.ts). q must have 3 to 200
 * characters (400 with fieldErrors.q); 60 searches a minute per admin (429 with
 * Retry-After). Admins only: without a valid session every method answers 401.
 */

const ALLOW = "GET";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdminApi(request);
  const query = new URL(request.url).searchParams.get("q") ?? "";
  const problem = addressQueryProblem(query);
  if (problem) return json({ error: problem, fieldErrors: { q: [problem] } }, { status: 400, headers: NO_STORE });
  const result = await searchAddressesAsAdmin(admin.email, query);
  if (result.kind === "rate_limited") {
    const response = tooManyRequests(result.retryAfterSeconds, ADDRESS_SEARCH_TEXTS.rateLimited);
    response.headers.set("Cache-Control", "no-store");
    return response;
  }
  return json({ suggestions: result.suggestions, source: result.source }, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdminApi(request);
  return methodNotAllowed(ALLOW);
}
