import { Link, Outlet, useLoaderData, data, type LoaderFunctionArgs } from "react-router";
import { listOwnSessions } from "~/models/sessions.server";
import { listWhitelist, sameAddress } from "~/models/whitelist.server";
import { requireAdmin } from "~/auth/admin-guard.server";
import { proofNeeded } from "~/auth/fresh-proof.server";
import { getSession } from "~/auth/session.server";
import { OwnSessions } from "~/components/admin/own-sessions";
import { OwnPasskeys } from "~/components/admin/own-passkeys";
import { listPasskeys, passkeyCounts } from "~/models/passkeys.server";
import { TabActionLink, TabPanel } from "~/components/admin/tab-panel";
import { formatDate } from "~/utils/dates";
import { ADMINS_PATH } from "~/paths";
import { NO_STORE } from "~/http/no-store";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const counts = passkeyCounts();
  const entries = listWhitelist().map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString(), isMe: sameAddress(entry.email, admin.email), passkeys: counts.get(entry.email.toLowerCase()) ?? 0 }));
  const sessions = listOwnSessions(admin.email, (await getSession(request)).id);
  return data({ entries, sessions, passkeys: listPasskeys(admin.email), proofNeeded: await proofNeeded(request, admin) }, { headers: NO_STORE });
}

export default function AdminsTab() {
  const { entries, sessions, passkeys, proofNeeded: need } = useLoaderData<typeof loader>();
  return (
    <>
      <TabPanel
        id="admins-title"
        title="Admin Whitelist"
        description="Manage which email addresses are authorized to access the admin dashboard"
        actions={
          <TabActionLink to={`${ADMINS_PATH}/new`}>Add Email</TabActionLink>
        }
      >
        {entries.length === 0 ? (
          <p className="p-5 text-slate-600">No email addresses in the whitelist yet. Add the first email to get started.</p>
        ) : (
          <ul aria-label="Whitelisted addresses" className="divide-y divide-slate-200">
            {entries.map(({ isMe, passkeys, ...entry }) => (
              <li key={entry.id} className="flex flex-wrap items-center justify-between gap-3 p-5">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    <span className="break-all">{entry.email}</span>
                    {isMe ? <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">You</span> : null}
                  </p>
                  <p className="mt-1 text-sm text-slate-600">
                    Added {formatDate(entry.createdAt)} by {entry.addedBy === "bootstrap" ? "system" : entry.addedBy}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {isMe || !passkeys ? null : (
                    <Link
                      to={`${ADMINS_PATH}/${entry.id}/passkeys/remove`}
                      preventScrollReset
                      aria-label={`Remove passkeys (${passkeys}) of ${entry.email}`}
                      className="inline-flex h-10 items-center rounded-md border border-slate-300 px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50"
                    >
                      {`Remove passkeys (${passkeys})`}
                    </Link>
                  )}
                  {isMe ? null : (
                    <Link
                      to={`${ADMINS_PATH}/${entry.id}/remove`}
                      preventScrollReset
                      aria-label={`Remove ${entry.email}`}
                      className="inline-flex h-10 items-center rounded-md border border-red-300 px-4 text-sm font-semibold text-red-700 hover:bg-red-50"
                    >
                      Remove
                    </Link>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        <Outlet />
      </TabPanel>
      <OwnPasskeys passkeys={passkeys} proofNeeded={need} />
      <OwnSessions sessions={sessions} />
    </>
  );
}
