import { useState } from "react";
import { PASSKEY_NAME_MAX } from "~/models/passkey-form";
import { RequiredMark } from "~/components/ui/public-form-field";
import { addPasskey, type PasskeyResult } from "./passkey-client";

type Added = Extract<PasskeyResult, { ok: true }>;

/**
 * A passkey's name and the button that adds it (the browser's WebAuthn, so JavaScript
 * only): in the Admins tab's 'Your passkeys', and in the passkey step for an admin who
 * has none yet (`inPasskeyStep`, which signs them in). `onAdded` says what happens next;
 * a failure is said under the form.
 */
export function AddPasskeyForm(props: { label: string; inPasskeyStep?: boolean; onAdded: (result: Added) => string | null }) {
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <>
      <form
        aria-label={props.label}
        className="flex flex-wrap items-end gap-3"
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          setMessage(null);
          const result = await addPasskey(name.trim(), { inPasskeyStep: props.inPasskeyStep });
          setBusy(false);
          if (result.ok) {
            setName("");
            const said = props.onAdded(result);
            if (said) setMessage({ ok: true, text: said });
          } else setMessage({ ok: false, text: result.error });
        }}
      >
        <div className="min-w-0 flex-[1_1_14rem]">
          <label htmlFor="passkey-name" className="block text-sm font-medium text-slate-800">
            Passkey name
            <RequiredMark />
          </label>
          <input
            id="passkey-name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={PASSKEY_NAME_MAX}
            required
            placeholder="e.g. Office laptop"
            aria-describedby={message && !message.ok ? "passkey-error" : undefined}
            className="mt-1 block h-10 w-full rounded-md border border-slate-500 px-3 text-slate-900 placeholder:text-slate-500"
          />
        </div>
        <button type="submit" disabled={busy} className="inline-flex min-h-10 items-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
          {busy ? "Waiting for your device..." : props.label}
        </button>
      </form>
      {message ? (
        <p id={message.ok ? undefined : "passkey-error"} role={message.ok ? "status" : "alert"} className={`mt-3 text-sm ${message.ok ? "text-green-800" : "text-red-700"}`}>
          {message.text}
        </p>
      ) : null}
    </>
  );
}
