import { Link, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import type { PasskeySummary } from "~/models/passkey-form";
import { formatDateTime } from "~/utils/dates";
import { ADMINS_PATH } from "~/paths";
import { addPasskey } from "./passkey-client";

/**
 * "Your passkeys" in the Admins tab: the signed-in admin's passkeys (name, added, last
 * used, Remove with a confirmation) and "Add a passkey" with a name. Adding one needs
 * the browser's WebAuthn, so JavaScript; without it the section says so, and removing
 * still works (a confirmation page).
 */
export function OwnPasskeys({ passkeys }: { passkeys: PasskeySummary[] }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

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
        {hydrated ? (
          <form
            aria-label="Add a passkey"
            className="flex flex-wrap items-end gap-3"
            onSubmit={async (event) => {
              event.preventDefault();
              setBusy(true);
              setMessage(null);
              const result = await addPasskey(name.trim());
              setBusy(false);
              if (result.ok) {
                setName("");
                setMessage({ ok: true, text: "Passkey added." });
                revalidator.revalidate();
              } else setMessage({ ok: false, text: result.error });
            }}
          >
            <div className="min-w-0 flex-[1_1_14rem]">
              <label htmlFor="passkey-name" className="block text-sm font-medium text-slate-800">
                Passkey name
              </label>
              <input
                id="passkey-name"
                value={name}
                onChange={(event) => setName(event.target.value)}
                maxLength={60}
                required
                placeholder="e.g. Office laptop"
                aria-describedby={message && !message.ok ? "passkey-error" : undefined}
                className="mt-1 block h-10 w-full rounded-md border border-slate-500 px-3 text-slate-900 placeholder:text-slate-500"
              />
            </div>
            <button type="submit" disabled={busy} className="inline-flex h-10 items-center rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
              {busy ? "Waiting for your device..." : "Add a passkey"}
            </button>
          </form>
        ) : (
          <p className="text-sm text-slate-700">Adding a passkey needs JavaScript, which is off in this browser; your passkeys can still be removed here.</p>
        )}
        {message ? (
          <p id={message.ok ? undefined : "passkey-error"} role={message.ok ? "status" : "alert"} className={`mt-3 text-sm ${message.ok ? "text-green-800" : "text-red-700"}`}>
            {message.text}
          </p>
        ) : null}
      </div>
    </section>
  );
}
