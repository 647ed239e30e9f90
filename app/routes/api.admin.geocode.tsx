import { searchAddressesAsAdmin } from "~/services/address-search/geocoder.server";
import { officeState } from "~/models/office-state.server";
import { ADDRESS_SEARCH_TEXTS, addressQueryProblem } from "~/services/address-search/address-search";
import { tooManyRequests } from "~/services/rate-limits/rate-limit.server";
import { adminJsonRoute, noStoreJson, refusedJson } from "~/http/admin-json-route.server";

/**
 * GET /api/admin/geocode?q=...: address suggestions for the property form's Location
 * field, {suggestions: [{label, latitude, longitude, precision, centreOf}], source:
 * "geocoder" | "gazetteer"}, at most 8, the US only, the office's state first (Settings;
 * services/address-search/geocoder.server.ts). `precision` is "home" for a home's own
 * coordinates (a house or street the geocoder found) and "centre" for a town's or ZIP
 * code's centre, which `centreOf` names ("Arlington, TX"; null for "home"). q must have 3 to 200
 * characters (400 with fieldErrors.q); 60 searches a minute per admin (429 with
 * Retry-After). Admins only: without a valid session every method answers 401.
 */

const jsonRoute = adminJsonRoute({
  GET: async ({ request, admin }) => {
    const query = new URL(request.url).searchParams.get("q") ?? "";
    const problem = addressQueryProblem(query);
    if (problem) return refusedJson(problem, { q: [problem] });
    const result = await searchAddressesAsAdmin(admin.email, query, officeState());
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
