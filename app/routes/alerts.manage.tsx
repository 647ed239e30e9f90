import { redirect, Form, Link, useActionData, useLoaderData, useLocation, data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { AlertLinkPage, alertPageMeta } from "~/components/alerts/alert-link-page";
import { rootText } from "~/document/meta";
import { alertView, linkToken } from "~/http/alert-link.server";
import { readForm } from "~/http/form-body.server";
import { ALERT_LINK_FORM } from "~/http/form-shapes.server";
import { NO_STORE } from "~/http/no-store";
import { refuseUnlessPost } from "~/http/page-post.server";
import { parseId } from "~/http/params";
import { useT } from "~/i18n/use-t";
import { describeSearch } from "~/models/search-description";
import { alertsOfLinkAddress, stopAlertsOfLinkAddress } from "~/models/search-alerts.server";
import { ALERT_MANAGE_PATH } from "~/paths";

/**
 * /alerts/manage?token=…: "Manage your alerts" from any alert's mail. Lists the searches
 * the address follows, each with Stop, and "Stop all my alerts"; no sign-in, the link's
 * token is the key. Stopped alerts are deleted.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const found = alertsOfLinkAddress(linkToken(request));
  return data(found ? { email: found.email, alerts: found.alerts.map(alertView) } : null, { headers: NO_STORE });
}

type ManageResult = { done: "one" | "all" | null; refused?: boolean };

export async function action({ request }: ActionFunctionArgs) {
  refuseUnlessPost(request);
  const form = await readForm(request, ALERT_LINK_FORM);
  const id = form.get("intent") === "stop-all" ? "all" : parseId(String(form.get("id") ?? ""));
  if (id === null) return data<ManageResult>({ done: null, refused: true }, { status: 400, headers: NO_STORE });
  const url = new URL(request.url);
  const { stopped, nextToken } = stopAlertsOfLinkAddress(url.searchParams.get("token"), id);
  const done: ManageResult["done"] = stopped === 0 ? null : id === "all" ? "all" : "one";
  if (nextToken) {
    // The link's own alert went: the page goes on under one that remains.
    url.searchParams.set("token", nextToken);
    url.searchParams.set("stopped", "1");
    throw redirect(`${ALERT_MANAGE_PATH}${url.search}`, { headers: NO_STORE });
  }
  return data<ManageResult>({ done }, { headers: NO_STORE });
}

export const meta: MetaFunction = ({ matches }) =>
  alertPageMeta(rootText(matches, "alerts.manage.meta_title", "Your home alerts"), rootText(matches, "site.name", "Lone Star Home Management"));

export default function ManageAlerts() {
  const { t, language } = useT();
  const found = useLoaderData<typeof loader>();
  const result = useActionData<ManageResult>();
  const here = useLocation();
  const action = `${here.pathname}${here.search}`;
  const stoppedOne = result?.done === "one" || new URLSearchParams(here.search).get("stopped") === "1";
  const title = t("alerts.manage.title", "Your home alerts");

  const refused = result?.refused ? (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-800">
      {t("alerts.manage.refused", "Choose an alert to stop.")}
    </p>
  ) : null;

  if (!found || result?.done === "all") {
    return (
      <AlertLinkPage title={title}>
        {refused}
        <p role="status">{result?.done === "all" ? t("alerts.manage.all_stopped") : t("alerts.unsubscribe.gone_text")}</p>
      </AlertLinkPage>
    );
  }
  return (
    <AlertLinkPage title={title}>
      {refused}
      {stoppedOne ? <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-green-900">{t("alerts.manage.stopped", "Alert stopped.")}</p> : null}
      <p className="break-words">{t("alerts.manage.intro", undefined, { email: found.email })}</p>
      {found.alerts.length ? (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {found.alerts.map((alert) => {
            const search = describeSearch(alert.filters, t, language);
            return (
              <li key={alert.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <Link to={alert.searchHref} className="min-w-0 break-words font-semibold text-brand-700 underline-offset-2 hover:underline">
                  {search}
                </Link>
                <Form method="post" action={action}>
                  <input type="hidden" name="intent" value="stop" />
                  <input type="hidden" name="id" value={alert.id} />
                  <button
                    type="submit"
                    aria-label={t("alerts.manage.stop_named", undefined, { search })}
                    className="inline-flex min-h-11 items-center rounded-md border border-slate-400 px-4 font-semibold text-slate-800 hover:bg-slate-100"
                  >
                    {t("alerts.manage.stop", "Stop")}
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      ) : (
        <p>{t("alerts.manage.empty")}</p>
      )}
      {found.alerts.length ? (
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="stop-all" />
          <button type="submit" className="inline-flex min-h-11 items-center rounded-md bg-red-700 px-5 font-semibold text-white hover:bg-red-800">
            {t("alerts.manage.stop_all", "Stop all my alerts")}
          </button>
        </Form>
      ) : null}
    </AlertLinkPage>
  );
}
