import { Link, useRevalidator } from "react-router";
import { useHydrated } from "~/hooks/use-hydrated";
import type { PasskeySummary, ProofNeeded } from "~/models/passkey-form";
import { formatDateTime } from "~/utils/dates";
import { ADMINS_PATH } from "~/paths";
import { AddPasskeyForm } from "./add-passkey-form";
import { ConfirmItsYou } from "./confirm-its-you";

/**
 * "Your passkeys" in the Admins tab: the signed-in admin's passkeys (name, added, last
 * used, Remove with a confirmation) and "Add a passkey" with a name. Adding one needs
 * the browser's WebAuthn, so JavaScript; without it the section says so, and removing
 * still works (a confirmation page). While a change needs a fresh proof (decision 062),
 * 'Confirm it's you' stands where adding one would.
 */
export function OwnPasskeys({ passkeys, proofNeeded }: { passkeys: PasskeySummary[]; proofNeeded: ProofNeeded | null }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();

  return (
    <section aria-labelledby="own-passkeys-title" className="mt-6 rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="border-b border-slate-200 p-5">
        <h2 id="own-passkeys-title" className="text-xl font-bold text-brand-900">
          Your passkeys
        </h2>
        <p className="mt-1 text-sm text-slate-600">Sign in with your device's screen lock or a security key instead of a link by e-mail. Only you can see your passkeys.</p>
      </div>
      {passkeys.length ? (
        <ul aria-label="Your passkeys" className="divide-y divide-slate-200">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 p-5">
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900">{passkey.name}</p>
                <p className="mt-1 text-sm text-slate-600">
                  {`Added ${formatDateTime(passkey.createdAt)} · ${passkey.lastUsedAt ? `last used ${formatDateTime(passkey.lastUsedAt)}` : "not used yet"}`}
                </p>
              </div>
              <Link
                to={`${ADMINS_PATH}/passkeys/${passkey.id}/remove`}
                preventScrollReset
                aria-label={`Remove the passkey ${passkey.name}`}
                className="inline-flex h-10 items-center rounded-md border border-red-300 px-4 text-sm font-semibold text-red-700 hover:bg-red-50"
              >
                Remove
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="p-5 text-sm text-slate-600">You have no passkeys yet.</p>
      )}
      <div className="border-t border-slate-200 p-5">
        {proofNeeded ? (
          <ConfirmItsYou need={proofNeeded} returnTo={ADMINS_PATH} />
        ) : hydrated ? (
          <AddPasskeyForm
            label="Add a passkey"
            onAdded={() => {
              revalidator.revalidate();
              return "Passkey added.";
            }}
          />
        ) : (
          <p className="text-sm text-slate-700">Adding a passkey needs JavaScript, which is off in this browser; your passkeys can still be removed here.</p>
        )}
      </div>
    </section>
  );
}
