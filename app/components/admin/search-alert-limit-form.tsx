import { Form, useNavigation } from "react-router";
import { WholeNumberField } from "./whole-number-field";
import { SaveButton } from "~/components/ui/save-button";
import { MAX_SEARCH_ALERTS_LIMIT, SEARCH_ALERT_LIMIT_FIELD, SEARCH_ALERT_LIMIT_INTENT } from "~/models/search-alert-limit-form";

/**
 * The most confirmed search alerts the site keeps (docs/product.md, search alerts): past
 * it a visitor's confirmation says alerts are full for now. Beside it, how many are on.
 * A plain form: a redirect with a toast, with or without JavaScript.
 */
export function SearchAlertLimitForm({ limit, confirmed, action }: { limit: number; confirmed: number; action: string }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === SEARCH_ALERT_LIMIT_INTENT;
  return (
    <section aria-labelledby="search-alert-limit-title" className="space-y-3 border-t border-slate-200 p-5">
      <h3 id="search-alert-limit-title" className="text-lg font-semibold text-slate-900">
        Search alerts
      </h3>
      <p id="search-alert-limit-help" className="text-sm text-slate-600">
        Visitors may follow searches and get new homes by e-mail. Each address may follow 10 searches, each mail domain 50 (big public mail services
        only count toward the total). {confirmed.toLocaleString("en-US")} {confirmed === 1 ? "alert is" : "alerts are"} on now.
      </p>
      <Form method="post" action={action} preventScrollReset className="max-w-xl space-y-4">
        <input type="hidden" name="intent" value={SEARCH_ALERT_LIMIT_INTENT} />
        <WholeNumberField label="Most alerts at once" name={SEARCH_ALERT_LIMIT_FIELD} max={MAX_SEARCH_ALERTS_LIMIT} value={limit} describedBy="search-alert-limit-help" />
        <SaveButton saving={saving} label="Update search alert limit" savingLabel="Updating..." />
      </Form>
    </section>
  );
}
