import { adminJsonRoute, noStoreJson } from "~/http/admin-json-route.server";

/** GET /api/admin/me: the signed-in admin's name and e-mail, or 401. */

// Like every /api/admin call, 401 without a session whatever the method (docs/product.md §7).
const jsonRoute = adminJsonRoute({
  GET: ({ admin }) => noStoreJson({ name: admin.name, email: admin.email }),
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
