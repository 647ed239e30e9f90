import { searchAddressesAsAdmin } from "~/services/address-search/geocoder.server";
import { ADDRESS_SEARCH_TEXTS, addressQueryProblem } from "~/services/address-search/address-search";
import { tooManyRequests } from "~/services/rate-limits/rate-limit.server";
import { adminJsonRoute, noStoreJson, refusedJson } from "~/http/admin-json-route.server";

/**
 * GET /api/admin/geocode?q=...: address suggestions for the property form's Location
 * field, {suggestions: [{label, latitude, longitude}], source: "geocoder" | "gazetteer"},
 * at most 8, the US only (services/address-search/geocoder.server.ts). q must have 3 to 200
 * characters (400 with fieldErrors.q); 60 searches a minute per admin (429 with
 * Retry-After). Admins only: without a valid session every method answers 401.
 */

const jsonRoute = adminJsonRoute({
  GET: async ({ request, admin }) => {
    const query = new URL(request.url).searchParams.get("q") ?? "";
    const problem = addressQueryProblem(query);
    if (problem) return refusedJson(problem, { q: [problem] });
    const result = await searchAddressesAsAdmin(admin.email, query);
    if (result.kind === "rate_limited") {
      const response = tooManyRequests(result.retryAfterSeconds, ADDRESS_SEARCH_TEXTS.rateLimited);
      response.headers.set("Cache-Control", "no-store");
      return response;
    }
    return noStoreJson({ suggestions: result.suggestions, source: result.source });
  },
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
