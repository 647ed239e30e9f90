import { Form, Link, useLocation } from "react-router";
import type { ReactNode } from "react";
import { Icon } from "~/components/ui/icon";
import { useT } from "~/i18n/use-t";
import type { visitorVisitView } from "~/models/visitor-visit-view.server";
import { BROWSE_PATH } from "~/paths";

type View = ReturnType<typeof visitorVisitView>;
type LiveView = Extract<View, { kind: "live" }>;

/** A change the page refused: the dictionary's key, and the free times nearest a time just taken. */
export type VisitorVisitAnswer = { error: string; freeNearby?: string[] };

const BUTTON = "inline-flex min-h-11 items-center justify-center rounded-md px-5 py-2 text-center font-semibold";
const LINK = "font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900";
// A time is a label around its radio: the whole chip takes the tap; the radio keeps the keyboard and what screen readers say.
const TIME_CHIP =
  "flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-500 bg-white px-3 text-sm text-slate-900 hover:bg-brand-50 " +
  "has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold";

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article aria-labelledby="myvisit-title" className="mx-auto max-w-2xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 id="myvisit-title" className="page-title break-words">
        {title}
      </h1>
      <div className="mt-4 space-y-6 break-words text-lg text-slate-700">{children}</div>
    </article>
  );
}

/**
 * The visitor's own page of their visit (docs/product.md, "The visitor's link"): what it
 * is now, where to go once confirmed, 'Cancel this visit' and 'Choose another time'
 * (the free times by day), each a form that posts, with and without JavaScript.
 */
export function VisitorVisitPage({ view, done, answer }: { view: View; done: "cancelled" | "moved" | "asked" | null; answer: VisitorVisitAnswer | undefined }) {
  const { t } = useT();
  const action = useHereUrl();
  const phone = t("contact.phone");
  if (view.kind === "unknown") {
    return (
      <Shell title={t("myvisit.unknown.title", "This link does not open a visit")}>
        {/* After a post (Cancel, a time), the page's answer: said at once to a screen reader. */}
        <p role={answer ? "alert" : undefined}>{t("myvisit.unknown.text", undefined, { phone })}</p>
        <Link to={BROWSE_PATH} className={LINK}>
          {t("alerts.link.browse", "Browse all homes")}
        </Link>
      </Shell>
    );
  }
  if (view.kind === "past") {
    return (
      <Shell title={t("myvisit.past.title", "This visit has already taken place")}>
        <p role={answer ? "alert" : undefined}>{t("myvisit.past.text")}</p>
        <Link to={view.homeHref ?? BROWSE_PATH} className={LINK}>
          {view.homeHref ? view.homeName : t("alerts.link.browse", "Browse all homes")}
        </Link>
      </Shell>
    );
  }
  return (
    <Shell title={t("myvisit.title", "Your visit to {{home}}", { home: view.homeName })}>
      {done ? (
        <p id="visit-answer" role="status" className="rounded-md border border-green-200 bg-green-50 p-4 text-green-900">
          {t(`myvisit.done.${done}`)}
        </p>
      ) : null}
      {answer ? (
        <div id="visit-answer" role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
          <p>{t(answer.error, undefined, { phone })}</p>
          {answer.freeNearby?.length ? (
            <>
              <p className="mt-2 font-semibold">{t("visit.error.free_nearby", "Free times nearby:")}</p>
              <ul className="ml-5 list-disc">
                {answer.freeNearby.map((time) => (
                  <li key={time}>{time}</li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
      <VisitState view={view} />
      {view.canCancel ? (
        <Form method="post" action={action} preventScrollReset>
          <input type="hidden" name="intent" value="cancel" />
          <button type="submit" className={`${BUTTON} border border-red-700 bg-white text-red-800 hover:bg-red-50`}>
            {t("myvisit.cancel", "Cancel this visit")}
          </button>
        </Form>
      ) : null}
      {view.canChooseTime ? <ChooseAnotherTime view={view} /> : null}
      <p>{t("myvisit.questions", undefined, { phone })}</p>
    </Shell>
  );
}

/** The form's action: this page, its token and language, without the last change's note. */
function useHereUrl(): string {
  const here = useLocation();
  const search = new URLSearchParams(here.search);
  search.delete("done");
  return `${here.pathname}?${search.toString()}`;
}

function VisitState({ view }: { view: LiveView }) {
  const { t } = useT();
  const box = "rounded-lg border border-slate-200 bg-white p-4";
  if (view.status === "confirmed" && view.confirmed) {
    return (
      <section aria-labelledby="myvisit-state" className={box}>
        <h2 id="myvisit-state" className="text-xl font-semibold text-brand-900">
          {t("myvisit.status.confirmed", undefined, { time: t("visit.mail.time_in_zone", undefined, { time: view.confirmed }) })}
        </h2>
        <dl className="mt-3 grid gap-2 text-base">
          {view.place ? (
            <div>
              <dt className="font-semibold text-slate-900">{t("myvisit.address", "Address")}</dt>
              <dd>{view.place.address}</dd>
            </div>
          ) : null}
          {view.note ? (
            <div>
              <dt className="font-semibold text-slate-900">{t("myvisit.note", "From the office")}</dt>
              <dd>{view.note}</dd>
            </div>
          ) : null}
        </dl>
        <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-base">
          {view.place?.mapUrl ? (
            <a href={view.place.mapUrl} target="_blank" rel="noopener noreferrer" className={LINK}>
              {t("myvisit.map", "See it on a map (OpenStreetMap)")}
            </a>
          ) : null}
          {view.homeHref ? (
            <Link to={view.homeHref} className={LINK}>
              {t("myvisit.home_page", "The home's page")}
            </Link>
          ) : null}
        </p>
      </section>
    );
  }
  if (view.status === "requested") {
    return (
      <section aria-labelledby="myvisit-state" className={box}>
        <h2 id="myvisit-state" className="text-xl font-semibold text-brand-900">
          {t("myvisit.status.requested")}
        </h2>
        <ul className="ml-5 mt-2 list-disc text-base">
          {view.times.map((time) => (
            <li key={time}>{t("visit.mail.time_in_zone", undefined, { time })}</li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <section aria-labelledby="myvisit-state" className={box}>
      <h2 id="myvisit-state" className="text-xl font-semibold text-brand-900">
        {t(view.status === "declined" ? "myvisit.status.declined" : "myvisit.status.cancelled")}
      </h2>
    </section>
  );
}

function ChooseAnotherTime({ view }: { view: LiveView }) {
  const { t } = useT();
  const action = useHereUrl();
  return (
    <section aria-labelledby="myvisit-choose" className="space-y-3">
      <h2 id="myvisit-choose" className="text-xl font-semibold text-brand-900">
        {t("myvisit.choose.title", "Choose another time")}
      </h2>
      <p id="myvisit-choose-hint" className="text-base">
        {t(view.status === "confirmed" ? "myvisit.choose.hint_confirmed" : "myvisit.choose.hint_request")}
      </p>
      {view.days.length ? (
        <Form method="post" action={action} preventScrollReset className="space-y-3">
          <input type="hidden" name="intent" value="move" />
          <fieldset aria-describedby="myvisit-choose-hint" className="space-y-2">
            <legend className="sr-only">{t("myvisit.choose.title", "Choose another time")}</legend>
            {view.days.map((day, index) => (
              // Closed days keep the list short on a phone; a tap on the day opens its times, without JavaScript too.
              <details key={day.label} open={index === 0} className="group rounded-md border border-slate-200 bg-white">
                <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-2 px-3 text-base font-semibold text-slate-900">
                  {day.label}
                  <Icon name="chevron-down" className="h-5 w-5 shrink-0 text-slate-600 group-open:rotate-180" />
                </summary>
                <div className="grid grid-cols-2 gap-2 p-3 sm:grid-cols-4">
                  {day.times.map((time) => (
                    <label key={time.value} className={TIME_CHIP}>
                      <input type="radio" name="time" value={time.value} required className="h-4 w-4" />
                      <span className="sr-only">{day.label}, </span>
                      {time.label}
                    </label>
                  ))}
                </div>
              </details>
            ))}
          </fieldset>
          <button type="submit" className={`${BUTTON} bg-brand-700 text-white hover:bg-brand-800`}>
            {t(view.status === "confirmed" ? "myvisit.choose.move" : "myvisit.choose.ask")}
          </button>
        </Form>
      ) : (
        <p>{t("myvisit.choose.none", undefined, { phone: t("contact.phone") })}</p>
      )}
    </section>
  );
}
