import { Form, Link, useActionData, useLoaderData, useLocation, data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { ALERT_BUTTON_CLASS, AlertLinkPage, SearchInWords, alertPageMeta } from "~/components/alerts/alert-link-page";
import { rootText } from "~/document/meta";
import { alertView, linkToken } from "~/http/alert-link.server";
import { readForm } from "~/http/form-body.server";
import { ALERT_LINK_FORM } from "~/http/form-shapes.server";
import { NO_STORE } from "~/http/no-store";
import { refuseUnlessPost } from "~/http/page-post.server";
import { useT } from "~/i18n/use-t";
import type { SearchAlert } from "~/db/schema";
import type { AlertCap } from "~/models/search-alert-limits.server";
import { alertOfLink, isUndoable, stopAlertOfLink, undoStopOfLink } from "~/models/search-alerts.server";
import { ALERT_MANAGE_PATH } from "~/paths";

/**
 * /alerts/unsubscribe?token=…: every alert's unsubscribe link, in the mail's body and in
 * its List-Unsubscribe header. A GET shows what will stop and a button; a POST (the
 * button, or the mail provider's one-click POST of RFC 8058, with no cookie and from
 * another origin: server/security.ts lets this path through) stops the alert at once.
 * For a day the page offers "Undo" (a POST with intent=undo) and the link's manage page
 * goes on listing the address's other alerts; then the alert is deleted.
 */

type UnsubscribePage =
  | { state: "open" | "stopped" | "restored"; alert: ReturnType<typeof alertView>; cap?: undefined }
  | { state: "full"; alert: ReturnType<typeof alertView>; cap: AlertCap }
  | { state: "gone"; alert: null; cap?: undefined };

/** What the link's alert shows: still on, stopped within its day (with Undo), or gone. */
function pageOf(alert: SearchAlert | undefined, now = Date.now()): UnsubscribePage {
  if (!alert) return { state: "gone", alert: null };
  if (alert.status !== "stopped") return { state: "open", alert: alertView(alert) };
  return isUndoable(alert, now) ? { state: "stopped", alert: alertView(alert) } : { state: "gone", alert: null };
}

export async function loader({ request }: LoaderFunctionArgs) {
  return data(pageOf(alertOfLink(linkToken(request))), { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  refuseUnlessPost(request);
  // The one-click body ("List-Unsubscribe=One-Click") or our buttons': either way, read as declared.
  const form = await readForm(request, ALERT_LINK_FORM);
  const token = linkToken(request);
  if (form.get("intent") !== "undo") return data<UnsubscribePage>(pageOf(stopAlertOfLink(token)), { headers: NO_STORE });
  const undone = undoStopOfLink(token);
  const page: UnsubscribePage =
    undone.kind === "restored"
      ? { state: "restored", alert: alertView(undone.alert) }
      : undone.kind === "full"
        ? { state: "full", cap: undone.cap, alert: alertView(undone.alert) }
        : { state: "gone", alert: null };
  return data<UnsubscribePage>(page, { headers: NO_STORE });
}

export const meta: MetaFunction = ({ matches }) =>
  alertPageMeta(rootText(matches, "alerts.unsubscribe.meta_title", "Stop alerts"), rootText(matches, "site.name", "Lone Star Home Management"));

export default function Unsubscribe() {
  const { t } = useT();
  const loaded = useLoaderData<typeof loader>();
  const { state, alert, cap }: UnsubscribePage = useActionData<UnsubscribePage>() ?? loaded;
  const here = useLocation();
  const action = `${here.pathname}${here.search}`;
  // The same token opens the manage page: the address's other alerts, still on.
  const manage = (
    <p>
      <Link to={`${ALERT_MANAGE_PATH}${here.search}`} className="font-semibold text-brand-700 underline underline-offset-2">
        {t("alerts.unsubscribe.manage", "See your other alerts")}
      </Link>
    </p>
  );
  if (state === "stopped") {
    return (
      <AlertLinkPage title={t("alerts.unsubscribe.done_title", "You are unsubscribed")}>
        <p role="status">{t("alerts.unsubscribe.done_text")}</p>
        <SearchInWords filters={alert.filters} />
        <Form method="post" action={action} replace className="space-y-3">
          <p>{t("alerts.unsubscribe.undo_hint")}</p>
          <input type="hidden" name="intent" value="undo" />
          <button type="submit" className={ALERT_BUTTON_CLASS}>
            {t("alerts.unsubscribe.undo", "Undo")}
          </button>
        </Form>
        {manage}
      </AlertLinkPage>
    );
  }
  if (state === "restored") {
    return (
      <AlertLinkPage title={t("alerts.unsubscribe.restored_title", "Your alerts are on again")} searchHref={alert.searchHref}>
        <p role="status" className="break-words">
          {t("alerts.unsubscribe.restored_text", undefined, { email: alert.email })}
        </p>
        <SearchInWords filters={alert.filters} />
        {manage}
      </AlertLinkPage>
    );
  }
  if (state === "full") {
    return (
      <AlertLinkPage title={t("alerts.confirm.full_title", "These alerts could not be turned on")} searchHref={alert.searchHref}>
        <p role="status">{cap === "mailbox" ? t("alerts.confirm.full_address", undefined, { email: alert.email }) : t("alerts.confirm.full_site")}</p>
        {manage}
      </AlertLinkPage>
    );
  }
  if (state === "gone") {
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
      <Form method="post" action={action} replace>
        <button type="submit" className={ALERT_BUTTON_CLASS}>
          {t("alerts.unsubscribe.button", "Unsubscribe")}
        </button>
      </Form>
    </AlertLinkPage>
  );
}
