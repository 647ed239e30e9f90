/** A form's main button, with a spinner and its pending label while the form is sent. */
export function SubmitButton(props: { sending: boolean; label: string; sendingLabel: string; className?: string }) {
  return (
    <button
      type="submit"
      disabled={props.sending}
      aria-busy={props.sending || undefined}
      className={`inline-flex h-11 w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait ${props.className ?? ""}`}
    >
      {props.sending ? (
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 animate-spin" fill="none">
          <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
          <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
      ) : null}
      {props.sending ? props.sendingLabel : props.label}
    </button>
  );
}
