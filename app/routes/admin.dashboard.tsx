import { Form, NavLink, Outlet, useLoaderData, useLocation, useNavigation, data, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { FlashToastMessage } from "~/components/admin/flash-toast";
import { FaqsLoading } from "~/components/admin/faq-list";
import { DASHBOARD_TABS } from "~/components/admin/tabs";
import { ADMIN_LANGUAGE } from "~/components/site-links";
import { requireAdmin } from "~/auth/admin-guard.server";
import { noStoreDocument } from "~/http/route-exports";
import { takeToast } from "~/http/toast.server";
import { FAQS_PATH, LOGOUT_PATH, MESSAGES_PATH } from "~/paths";
import { SetupBanner } from "~/components/admin/setup-banner";
import { countNewMessages } from "~/models/messages.server";
import { contactMailSetup } from "~/models/configurations.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const { toast, headers } = await takeToast(request);
  headers.set("Cache-Control", "no-store");
  // Read again after every action, so the count and the banner follow a change at once.
  return data({ admin, toast, newMessages: countNewMessages(), mailSetup: contactMailSetup() }, { headers });
}

export const headers = noStoreDocument;

export const meta: MetaFunction = () => [{ title: "Admin Dashboard | Lone Star Home Management" }, { name: "robots", content: "noindex" }];

export default function AdminDashboard() {
  const { admin, toast, newMessages, mailSetup } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const location = useLocation();
  const loggingOut = navigation.state !== "idle" && navigation.formAction === LOGOUT_PATH;
  // Opening the FAQs tab from another tab shows its frame with placeholder cards until
  // its list arrives (not after a save inside the tab, which keeps the list in view).
  const openingFaqs =
    navigation.state === "loading" && navigation.location.pathname === FAQS_PATH && !location.pathname.startsWith(FAQS_PATH);
  return (
    <div lang={ADMIN_LANGUAGE} className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-4 border-b border-slate-200 pb-6">
        <div>
          <h1 className="text-3xl font-bold text-brand-900">Admin Dashboard</h1>
          <p className="mt-1 text-slate-600">Welcome, {admin.name}</p>
        </div>
        <Form method="post" action={LOGOUT_PATH}>
          <button
            type="submit"
            disabled={loggingOut}
            aria-busy={loggingOut || undefined}
            className="inline-flex h-10 items-center rounded-md border border-slate-300 px-4 font-semibold text-slate-700 hover:bg-slate-100 disabled:cursor-wait"
          >
            {loggingOut ? "Logging out..." : "Logout"}
          </button>
        </Form>
      </div>
      <p className="mt-4 rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 md:hidden">
        The admin section is best viewed on a desktop.
      </p>
      <SetupBanner setup={mailSetup} />
      <FlashToastMessage flash={toast} />
      {/* The tabs wrap on a phone rather than scroll, so the current one is always in sight. */}
      <nav aria-label="Dashboard" className="mt-6">
        <ul className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
          {DASHBOARD_TABS.map((tab) => (
            <li key={tab.path}>
              <NavLink
                to={tab.path}
                end={tab.end}
                prefetch="intent"
                className={({ isActive }) =>
                  `inline-flex h-10 items-center rounded-md px-4 text-sm font-semibold ${isActive ? "bg-white text-brand-900 shadow-sm" : "text-slate-600 hover:text-brand-800"}`
                }
              >
                {tab.label}
                {tab.path === MESSAGES_PATH && newMessages > 0 ? (
                  <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{`${newMessages} new`}</span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        {openingFaqs ? <FaqsLoading /> : <Outlet />}
      </div>
    </div>
  );
}
