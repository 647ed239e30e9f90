import { buttonState } from "./control-styles";

/** A dashboard form's compact submit button, busy (and saying so) while its form is sent. */
export function SaveButton({ saving, label, savingLabel }: { saving: boolean; label: string; savingLabel: string }) {
  return (
    <button
      type="submit"
      disabled={saving}
      aria-busy={saving || undefined}
      className={`inline-flex h-10 items-center rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 ${buttonState(saving)}`}
    >
      {saving ? savingLabel : label}
    </button>
  );
}
