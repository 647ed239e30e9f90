import { AUDIT_ENTITIES, auditJson, auditPage, isAuditEntity, MAX_AUDIT_PAGE_SIZE } from "~/models/audit.server";
import { adminJsonRoute, noStoreJson } from "~/http/admin-json-route.server";
import { pagingRefusal, readPaging } from "~/http/api.server";

/**
 * GET /api/admin/audit: the admin change log, newest first, one page at a time:
 * {entries: [{id, createdAt, actor, entity, entityId, action, summary}], total, page,
 * pageCount, limit}. `?entity=` (property, media, faq, whitelist, setting, text,
 * message, session) and `?actor=` (an admin's e-mail, any case) filter it; `?page=`
 * (a page past the last shows the last) and `?limit=` (default 25, at most 100) page it.
 * An unknown entity or a bad page or limit answers 400 with field errors.
 * Admins only: without a valid session every method answers 401.
 */

const jsonRoute = adminJsonRoute({
  GET: ({ request }) => {
    const params = new URL(request.url).searchParams;
    const { page, limit, fieldErrors } = readPaging(params, MAX_AUDIT_PAGE_SIZE);
    const entityParam = params.get("entity")?.trim() ?? "";
    const entity = isAuditEntity(entityParam) ? entityParam : undefined;
    if (entityParam && !entity) fieldErrors.entity = [`entity must be one of ${AUDIT_ENTITIES.join(", ")}`];
    if (Object.keys(fieldErrors).length) return pagingRefusal(fieldErrors, "Invalid filter or paging parameters");

    const result = auditPage({ entity, actor: params.get("actor") ?? "", page, limit });
    return noStoreJson({ ...result, entries: result.entries.map(auditJson) });
  },
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
