import { Form, useActionData, useLoaderData, useLocation, data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { ALERT_BUTTON_CLASS, AlertLinkPage, SearchInWords, alertPageMeta } from "~/components/alerts/alert-link-page";
import { rootText } from "~/document/meta";
import { alertView, linkToken } from "~/http/alert-link.server";
import { readForm } from "~/http/form-body.server";
import { ALERT_LINK_FORM } from "~/http/form-shapes.server";
import { NO_STORE } from "~/http/no-store";
import { refuseUnlessPost } from "~/http/page-post.server";
import { useT } from "~/i18n/use-t";
import { alertOfLink, stopAlertOfLink } from "~/models/search-alerts.server";

/**
 * /alerts/unsubscribe?token=…: every alert's unsubscribe link, in the mail's body and in
 * its List-Unsubscribe header. A GET shows what will stop and a button; a POST (the
 * button, or the mail provider's one-click POST of RFC 8058, with no cookie and from
 * another origin: server/security.ts lets this path through) deletes the alert at once.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const alert = alertOfLink(linkToken(request));
  return data({ state: alert ? "open" : "gone", alert: alert ? alertView(alert) : null } as const, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  refuseUnlessPost(request);
  // The one-click body ("List-Unsubscribe=One-Click") or our button's: either way, read as declared.
  await readForm(request, ALERT_LINK_FORM);
  const stopped = stopAlertOfLink(linkToken(request));
  return data({ state: stopped ? "stopped" : "gone", alert: stopped ? alertView(stopped) : null } as const, { headers: NO_STORE });
}

export const meta: MetaFunction = ({ matches }) =>
  alertPageMeta(rootText(matches, "alerts.unsubscribe.meta_title", "Stop alerts"), rootText(matches, "site.name", "Lone Star Home Management"));

export default function Unsubscribe() {
  const { t } = useT();
  const loaded = useLoaderData<typeof loader>();
  const { state, alert } = useActionData<typeof action>() ?? loaded;
  const here = useLocation();
  if (state === "stopped" && alert) {
    return (
      <AlertLinkPage title={t("alerts.unsubscribe.done_title", "You are unsubscribed")}>
        <p role="status">{t("alerts.unsubscribe.done_text")}</p>
        <SearchInWords filters={alert.filters} />
      </AlertLinkPage>
    );
  }
  if (!alert) {
    return (
      <AlertLinkPage title={t("alerts.unsubscribe.gone_title", "These alerts are already stopped")}>
        <p>{t("alerts.unsubscribe.gone_text")}</p>
      </AlertLinkPage>
    );
  }
  return (
    <AlertLinkPage title={t("alerts.unsubscribe.title", "Stop these alerts?")} searchHref={alert.searchHref}>
      <p className="break-words">{t("alerts.unsubscribe.text", undefined, { email: alert.email })}</p>
      <SearchInWords filters={alert.filters} />
      <Form method="post" action={`${here.pathname}${here.search}`} replace>
        <button type="submit" className={ALERT_BUTTON_CLASS}>
          {t("alerts.unsubscribe.button", "Unsubscribe")}
        </button>
      </Form>
    </AlertLinkPage>
  );
}
