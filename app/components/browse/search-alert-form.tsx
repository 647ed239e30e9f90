import { useActionData, useFetcher, useLocation } from "react-router";
import { useEffect, useRef } from "react";
import { ErrorText, HoneypotField, PUBLIC_CONTROL_CLASS, PUBLIC_LABEL_CLASS, RequiredMark } from "~/components/ui/public-form-field";
import { fieldValues } from "~/components/browse/filter-form";
import { useT } from "~/i18n/use-t";
import { browseHref, type BrowseQuery } from "~/models/browse-query";
import type { AlertActionData } from "~/models/search-alert-form";
import { describeSearch } from "~/models/search-description";

/**
 * "Get alerts for this search" under the list of /properties: an address, and the search
 * the page shows, sent as the list's own fields. Posts to the page's action (with
 * JavaScript through a fetcher, so the list stays as it is; without it as a plain post
 * whose answer is the same page); the answer shows in place.
 */
export function SearchAlertForm({ query }: { query: BrowseQuery }) {
  const { t, language } = useT();
  const fetcher = useFetcher<AlertActionData>({ key: "search-alert" });
  const posted = useActionData<AlertActionData>();
  const result = fetcher.data ?? posted;
  const busy = fetcher.state !== "idle";
  const status = useRef<HTMLParagraphElement>(null);
  const field = useRef<HTMLInputElement>(null);
  // The answer in view and said: the thanks, or the field that was refused (its error under it).
  useEffect(() => {
    if (result?.status === "sent") status.current?.focus();
    else if (result) {
      field.current?.focus();
      // The error sits under the button: in view too, not only the field.
      document.getElementById("alert-email-error")?.scrollIntoView({ block: "nearest" });
    }
  }, [result]);

  // The page's own address (its language, if it names one, included) with Remix's mark of an index route's action.
  const here = useLocation();
  const lng = new URLSearchParams(here.search).get("lng");
  const search = browseHref(query);
  // Without JavaScript the answer is a new page: it opens at the form (#alerts), where the answer shows.
  const action = `${search}${search.includes("?") ? "&" : "?"}index${lng ? `&lng=${encodeURIComponent(lng)}` : ""}#alerts`;
  const error = result && result.status !== "sent" ? result.error : undefined;
  const invalid = result?.status === "invalid";
  // The search as the filter form sends it, read on the server as the list reads its URL.
  const hidden = Object.entries({ ...fieldValues(query), language });

  return (
    <section id="alerts" aria-labelledby="alerts-title" className="mt-10 rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="alerts-title" className="text-xl font-semibold text-brand-900">
        {t("alerts.form.title", "Get alerts for this search")}
      </h2>
      <p className="mt-2 break-words text-slate-700">
        <span className="font-medium">{t("alerts.form.search", "Search:")}</span> {describeSearch(query, t, language)}
      </p>
      <p className="mt-1 text-sm text-slate-600">{t("alerts.form.intro")}</p>
      {result?.status === "sent" ? (
        <p ref={status} tabIndex={-1} role="status" className="mt-4 rounded-md border border-green-200 bg-green-50 p-3 text-green-900">
          {t("alerts.form.sent", undefined, { email: result.email })}
        </p>
      ) : null}
      <fetcher.Form method="post" action={action} noValidate className="relative mt-4 flex flex-wrap items-end gap-3">
        {hidden.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <HoneypotField id="alert-honeypot" />
        <div className="min-w-0 flex-[1_1_16rem]">
          <label htmlFor="alert-email" className={PUBLIC_LABEL_CLASS}>
            {t("alerts.form.email", "Your email")}
            <RequiredMark />
          </label>
          <input
            ref={field}
            id="alert-email"
            name="email"
            type="email"
            required
            autoComplete="email"
            inputMode="email"
            defaultValue={result && result.status !== "sent" ? result.email : ""}
            key={result?.status === "sent" ? "sent" : "open"}
            aria-invalid={invalid || undefined}
            aria-describedby={error ? "alert-email-error" : undefined}
            className={`${PUBLIC_CONTROL_CLASS} h-11`}
          />
        </div>
        <button
          type="submit"
          disabled={busy}
          className="inline-flex h-11 items-center justify-center rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {t("alerts.form.submit", "Get alerts")}
        </button>
        <div className="basis-full">
          <ErrorText id="alert-email-error" errorKey={error} />
        </div>
      </fetcher.Form>
    </section>
  );
}
