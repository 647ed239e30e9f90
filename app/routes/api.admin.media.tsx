import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { countMedia, listMedia, mediaJson } from "~/models/media.server";
import { fieldErrorsOf, methodNotAllowed, NO_STORE } from "~/utils/api.server";
import { requireAdminApi } from "~/utils/auth.server";
import { MEDIA_PAGE_SIZE, mediaListQuerySchema, mediaListQueryValues } from "~/utils/media-form";

/**
 * GET /api/admin/media: every media item (id, filename, originalName, filePath,
 * fileSize, mimeType, isHeroImage, propertyId, createdAt), newest first (docs/product.md §7).
 * Optional: `?q=` keeps those whose original name contains it (any case); `?page=`
 * and `?limit=` (at most 100; 24 when only a page is given) return one page. The
 * X-Total-Count header always says how many match. A bad page, limit or search answers
 * 400 with the field errors. Admins only: without a valid session every method answers 401.
 */

const ALLOW = "GET";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  const parsed = mediaListQuerySchema.safeParse(mediaListQueryValues(new URL(request.url).searchParams));
  if (!parsed.success) {
    return json({ error: "Invalid query parameters", fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400, headers: NO_STORE });
  }
  const { q, page, limit } = parsed.data;
  const paged = page !== undefined || limit !== undefined;
  const size = limit ?? MEDIA_PAGE_SIZE;
  const items = paged ? listMedia({ q, limit: size, offset: ((page ?? 1) - 1) * size }) : listMedia({ q });
  return json(items.map(mediaJson), { headers: { ...NO_STORE, "X-Total-Count": String(countMedia(q)) } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdminApi(request);
  return methodNotAllowed(ALLOW);
}
