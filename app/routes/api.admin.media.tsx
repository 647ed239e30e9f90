import { countMedia, listMedia, mediaJson } from "~/models/media.server";
import { MEDIA_PAGE_SIZE, mediaListQuerySchema, mediaListQueryValues } from "~/models/media-form";
import { adminJsonRoute, noStoreJson, refusedJson } from "~/http/admin-json-route.server";
import { fieldErrorsOf } from "~/http/api.server";

/**
 * GET /api/admin/media: every media item (id, filename, originalName, filePath,
 * fileSize, mimeType, isHeroImage, propertyId, createdAt), newest first (docs/product.md §7).
 * Optional: `?q=` keeps those whose original name contains it (any case); `?page=`
 * and `?limit=` (at most 100; 24 when only a page is given) return one page. The
 * X-Total-Count header always says how many match. A bad page, limit or search answers
 * 400 with the field errors. Admins only: without a valid session every method answers 401.
 */

const jsonRoute = adminJsonRoute({
  GET: ({ request }) => {
    const parsed = mediaListQuerySchema.safeParse(mediaListQueryValues(new URL(request.url).searchParams));
    if (!parsed.success) return refusedJson("Invalid query parameters", fieldErrorsOf(parsed.error));
    const { q, page, limit } = parsed.data;
    const paged = page !== undefined || limit !== undefined;
    const size = limit ?? MEDIA_PAGE_SIZE;
    const items = paged ? listMedia({ q, limit: size, offset: ((page ?? 1) - 1) * size }) : listMedia({ q });
    return noStoreJson(items.map(mediaJson), { headers: { "X-Total-Count": String(countMedia(q)) } });
  },
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
