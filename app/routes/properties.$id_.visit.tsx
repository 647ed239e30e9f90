import { useEffect, useRef } from "react";
import { Link, useActionData, useLoaderData, useRouteError, data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { DatabaseFaultPage, NotFoundPage, isDatabaseFaultAnswer } from "~/components/error-pages";
import { VISIT_ANSWER_ID, VisitForm } from "~/components/property/visit-form";
import { pageMeta, rootText } from "~/document/meta";
import { pageHead } from "~/document/seo.server";
import { parseId } from "~/http/params";
import { visitFormAction } from "~/http/visit-form-action.server";
import { useT } from "~/i18n/use-t";
import { VISIT_ERRORS, type VisitActionData } from "~/models/visit-schema";
import { ClosedHomeArticle } from "~/components/property/closed-home";
import { closedHomeOf } from "~/models/listings.server";
import { closedHomeIn } from "~/models/listing";
import { visitableHome } from "~/models/visit-requests.server";
import { visitFormChoices } from "~/models/visiting-hours";
import { visitingHours } from "~/models/visiting-hours.server";
import { visitAvailability } from "~/models/visit-availability.server";
import { propertyPath, visitPath } from "~/paths";
import { Icon } from "~/components/ui/icon";

/**
 * /properties/<id>/visit: 'Schedule a visit' to one active home (docs/product.md, visit
 * requests). Works without JavaScript; ?sent=1 is the thank-you after a request. Left
 * out of the sitemap and not indexed: a form, not content.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  const home = id === null ? undefined : visitableHome(id);
  if (!home) {
    // A home off the market since the link was given says so, as its own page does.
    const closed = id === null ? undefined : closedHomeOf(id);
    if (!closed) throw new Response("Not Found", { status: 404 });
    const head = await pageHead(request, { path: visitPath(closed.id) });
    return data({ kind: "closed" as const, closed: closedHomeIn(closed, head.language), head }, { status: 410 });
  }
  const head = await pageHead(request, { path: visitPath(home.id) });
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  const hours = visitingHours();
  return data({ kind: "visitable" as const, home, head, sent, choices: visitFormChoices(hours, head.language, visitAvailability(home.id, hours).free) });
}

export const action = (args: ActionFunctionArgs) => visitFormAction(args);

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const noindex = { name: "robots", content: "noindex" };
  if (!data) return [{ title: rootText(matches, "notfound.meta_title", "Page Not Found") }, noindex];
  const site = rootText(matches, "site.name", "Lone Star Home Management");
  if (data.kind === "closed") return [{ title: `${data.closed.name} | ${rootText(matches, `home.closed.${data.closed.status}`, "")} | ${site}` }, noindex];
  const title = `${rootText(matches, "visit.page.meta_title", "Schedule a visit to {{home}}").replace("{{home}}", data.home.name)} | ${site}`;
  const description = `${data.home.name}, ${data.home.location}. ${rootText(matches, "visit.page.intro", "")}`.slice(0, 300);
  return [...pageMeta({ title, description, siteName: site, head: data.head }), noindex];
};

export default function VisitPage() {
  const page = useLoaderData<typeof loader>();
  return page.kind === "closed" ? <ClosedHomeArticle home={page.closed} /> : <VisitArticle {...page} />;
}

function VisitArticle({ home, head, sent, choices }: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: "visitable" }>) {
  const result = useActionData<VisitActionData>();
  const { t } = useT();
  return (
    <article aria-labelledby="visit-title" className="mx-auto max-w-2xl px-4 py-10 sm:px-6 lg:px-8">
      <Link to={propertyPath(home.id)} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <Icon name="chevron-left" className="h-4 w-4" />
        {t("visit.page.back", "Back to the home")}
      </Link>
      <h1 id="visit-title" className="page-title mt-4">
        {t("visit.page.title", "Schedule a visit")}
      </h1>
      <p className="mt-3 text-lg text-slate-700">
        <span className="font-semibold">{t("visit.page.home", "Home:")}</span> {home.name}, {home.location}
      </p>
      {sent ? (
        <VisitSent />
      ) : home.status === "pending" ? (
        <p className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-5 text-amber-950">{t(VISIT_ERRORS.pending)}</p>
      ) : (
        <>
          <p className="mt-3 text-slate-700">{t("visit.page.intro")}</p>
          <p className="mt-2 text-sm text-slate-700">{t("visit.page.hours", undefined, choices.summary)}</p>
          <p className="mt-1 text-sm text-slate-700">{t("contact.form.required_hint", "Fields marked * are required.")}</p>
          <VisitForm action={visitPath(home.id)} language={head.language} days={choices.days} hours={choices.hours} result={result} />
        </>
      )}
    </article>
  );
}

/** The thanks after a request. With JavaScript it takes the focus, so it is read out as the page changes under the visitor. */
function VisitSent() {
  const { t } = useT();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <div id={VISIT_ANSWER_ID} role="status" className="mt-6 rounded-lg border border-green-200 bg-green-50 p-5">
      <h2 ref={title} tabIndex={-1} className="text-xl font-semibold text-green-900 outline-none">
        {t("visit.success.title", "Visit requested!")}
      </h2>
      <p className="mt-2 text-green-900">{t("visit.success.text")}</p>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return isDatabaseFaultAnswer(error) ? <DatabaseFaultPage error={error} /> : <NotFoundPage />;
}
