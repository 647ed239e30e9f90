import { Form, useNavigation } from "react-router";
import { FIELD_CLASS } from "~/components/ui/control-styles";
import { SaveButton } from "~/components/ui/save-button";
import { OFFICE_STATE_FIELD, OFFICE_STATE_INTENT } from "~/models/office-state-form";
import { US_STATES } from "~/services/address-search/address-search";

/**
 * The office's state (docs/product.md, Settings): the property form's address search
 * shows its places first, so a street typed with its town and no state finds the
 * office's town before those of the same name elsewhere. A plain form: a redirect with a
 * toast, with or without JavaScript.
 */
export function OfficeStateForm({ state, action }: { state: string; action: string }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === OFFICE_STATE_INTENT;
  return (
    <section aria-labelledby="office-state-title" className="space-y-3 border-t border-slate-200 p-5">
      <h3 id="office-state-title" className="text-lg font-semibold text-slate-900">
        Address search
      </h3>
      <Form method="post" action={action} preventScrollReset className="max-w-xl space-y-4">
        <input type="hidden" name="intent" value={OFFICE_STATE_INTENT} />
        <label className="block max-w-sm text-sm font-medium text-slate-800">
          The office&apos;s state
          <span id="office-state-hint" className="block text-xs font-normal text-slate-600">
            The address search of a home&apos;s Location shows places in this state first, for a town typed without its state.
          </span>
          <select name={OFFICE_STATE_FIELD} defaultValue={state} aria-describedby="office-state-hint" className={`${FIELD_CLASS} h-11`}>
            {US_STATES.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <SaveButton saving={saving} label="Update the office's state" savingLabel="Updating..." />
      </Form>
    </section>
  );
}
