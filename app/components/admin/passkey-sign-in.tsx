import { useEffect, useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { autofillSupported, passkeysSupported, signInWithPasskey } from "./passkey-client";

const NEEDS_JAVASCRIPT = "Signing in with a passkey needs JavaScript, which is off in this browser. Use the e-mailed link or Google instead.";
const UNSUPPORTED = "This browser cannot use passkeys. Use the e-mailed link or Google instead.";

/**
 * "Sign in with a passkey" on the login page, and the browser's passkey autofill in the
 * Email field where the browser offers it. Without JavaScript the browser cannot use a
 * passkey at all (docs/decisions/053-staff-passkeys.md): the page says so and keeps the
 * link and Google. The passkey step uses the same button under its own `label`, with no
 * autofill (it has no Email field) and its own words for a browser without JavaScript
 * (`needsJavaScript`; null: none, the page says it).
 */
export function PasskeySignIn(props: { redirectTo: string | null; label?: string; autofill?: boolean; needsJavaScript?: string | null; unsupported?: string }) {
  const { redirectTo, label = "Sign in with a passkey", autofill = true, needsJavaScript = NEEDS_JAVASCRIPT, unsupported = UNSUPPORTED } = props;
  const hydrated = useHydrated();
  const [supported, setSupported] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const finish = (result: Awaited<ReturnType<typeof signInWithPasskey>>) => {
    if (result.ok) window.location.assign(String(result.data.redirectTo ?? "/admin/dashboard"));
    else setError(result.error);
  };

  useEffect(() => {
    if (!hydrated) return;
    let current = true;
    void passkeysSupported().then((yes) => current && setSupported(yes));
    // The autofill waits quietly for the person to pick a passkey among the address suggestions.
    void autofillSupported().then((yes) => {
      if (yes && autofill && current) void signInWithPasskey(redirectTo, { autofill: true }).then((result) => current && result.ok && finish(result));
    });
    return () => void (current = false);
  }, [hydrated, redirectTo, autofill]);

  if (!hydrated) {
    // null: the page says it already.
    return needsJavaScript === null ? null : (
      <noscript>
        <p className="text-sm text-slate-700">{needsJavaScript}</p>
      </noscript>
    );
  }
  if (supported === false) return <p className="text-sm text-slate-700">{unsupported}</p>;
  return (
    <div className="space-y-3">
      <button
        type="button"
        disabled={busy || supported === null}
        onClick={async () => {
          setBusy(true);
          setError(null);
          const result = await signInWithPasskey(redirectTo);
          setBusy(false);
          finish(result);
        }}
        className="inline-flex min-h-11 w-full items-center justify-center gap-3 rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60 sm:px-6"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="8" cy="8" r="4" />
          <path d="M2 21v-1a6 6 0 0 1 9-5.2M15 11a3 3 0 1 0 3 3m0 0v7l2-1.5 2 1.5v-3" />
        </svg>
        {busy ? "Waiting for your passkey..." : label}
      </button>
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
