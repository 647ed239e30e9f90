import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Outlet, useLoaderData, useNavigation } from "@remix-run/react";
import { requireAdmin } from "~/utils/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return json({ admin }, { headers: { "Cache-Control": "no-store" } });
}

export const meta: MetaFunction = () => [{ title: "Admin Dashboard | Lone Star Home Management" }, { name: "robots", content: "noindex" }];

export default function AdminDashboard() {
  const { admin } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loggingOut = navigation.state !== "idle" && navigation.formAction === "/admin/auth/logout";
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-4 border-b border-slate-200 pb-6">
        <div>
          <h1 className="text-3xl font-bold text-brand-900">Admin Dashboard</h1>
          <p className="mt-1 text-slate-600">Welcome, {admin.name}</p>
        </div>
        <Form method="post" action="/admin/auth/logout">
          <button
            type="submit"
            disabled={loggingOut}
            className="inline-flex h-10 items-center rounded-md border border-slate-300 px-4 font-semibold text-slate-700 hover:bg-slate-100 disabled:opacity-60"
          >
            {loggingOut ? "Logging out..." : "Logout"}
          </button>
        </Form>
      </div>
      <p className="mt-4 rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 md:hidden">
        The admin section is best viewed on a desktop.
      </p>
      <Outlet />
    </div>
  );
}
