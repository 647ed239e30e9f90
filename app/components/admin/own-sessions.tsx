import { Form, useNavigation } from "react-router";
import type { AdminSessionSummary } from "~/models/sessions.server";
import { formatDateTime } from "~/utils/dates";
import { OTHER_SESSIONS_PATH } from "~/paths";

const METHOD_NAMES: Record<AdminSessionSummary["method"], string> = {
  email: "email link",
  google: "Google",
  passkey: "a passkey",
  "email-and-passkey": "email link and a passkey",
  "google-and-passkey": "Google and a passkey",
  unknown: "an earlier version of the site",
};

/** The signed-in admin's sessions in the Admins tab, and 'Sign out other sessions'. */
export function OwnSessions({ sessions }: { sessions: AdminSessionSummary[] }) {
  const navigation = useNavigation();
  const signingOut = navigation.state === "submitting" && navigation.formAction === OTHER_SESSIONS_PATH;
  const others = sessions.filter((session) => !session.current).length;
  return (
    <section aria-labelledby="own-sessions-title" className="mt-6 rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 p-5">
        <div>
          <h2 id="own-sessions-title" className="text-xl font-bold text-brand-900">
            Your Sessions
          </h2>
          <p className="mt-1 text-sm text-slate-600">Where you are signed in. Sign out the others if you do not recognise one.</p>
        </div>
        {others > 0 ? (
          <Form method="post" action={OTHER_SESSIONS_PATH} preventScrollReset>
            <button
              type="submit"
              disabled={signingOut}
              className="inline-flex h-10 items-center rounded-md border border-red-300 px-4 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
            >
              {signingOut ? "Signing out..." : "Sign out other sessions"}
            </button>
          </Form>
        ) : null}
      </div>
      <ul className="divide-y divide-slate-200">
        {sessions.map((session, index) => (
          <li key={index} className="p-5">
            <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
              <span>{session.device}</span>
              {session.current ? (
                <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">This device</span>
              ) : null}
            </p>
            <p className="mt-1 text-sm text-slate-600">
              {`Signed in with ${METHOD_NAMES[session.method]} on ${formatDateTime(session.signedInAt)} · last seen ${formatDateTime(session.lastSeenAt)}`}
            </p>
          </li>
        ))}
      </ul>
      {others === 0 ? <p className="border-t border-slate-200 p-5 text-sm text-slate-600">You are not signed in anywhere else.</p> : null}
    </section>
  );
}
