import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/utils/auth.server";
import { readOnlyAction } from "~/utils/api.server";

/** GET /api/admin/me: the signed-in admin's name and e-mail, or 401. */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdminApi(request);
  return json({ name: admin.name, email: admin.email }, { headers: { "Cache-Control": "no-store" } });
}

// Like every /api/admin call, 401 without a session whatever the method (docs/product.md §7).
export async function action({ request }: ActionFunctionArgs) {
  await requireAdminApi(request);
  return readOnlyAction();
}
