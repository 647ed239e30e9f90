import { Form, useActionData, useLoaderData, useLocation, data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { ALERT_BUTTON_CLASS, AlertLinkPage, SearchInWords, alertPageMeta } from "~/components/alerts/alert-link-page";
import { rootText } from "~/document/meta";
import { alertView, linkToken } from "~/http/alert-link.server";
import { readForm } from "~/http/form-body.server";
import { ALERT_LINK_FORM } from "~/http/form-shapes.server";
import { NO_STORE } from "~/http/no-store";
import { refuseUnlessPost } from "~/http/page-post.server";
import { useT } from "~/i18n/use-t";
import { clientIpOf } from "~/utils/client-network.server";
import { confirmSearchAlert, inspectAlertConfirmation, type ConfirmationState } from "~/models/search-alerts.server";

/**
 * /alerts/confirm?token=…: the confirmation mail's link. Opening it confirms nothing (a
 * mail scanner opens links); its button does. A used link says the alerts are on; an
 * expired or unknown one says so and how to ask again.
 */

const view = (outcome: ConfirmationState) =>
  outcome.state === "unknown"
    ? { state: outcome.state, cap: null, alert: null }
    : { state: outcome.state, cap: outcome.state === "full" ? outcome.cap : null, alert: alertView(outcome.alert) };

export async function loader({ request }: LoaderFunctionArgs) {
  return data(view(inspectAlertConfirmation(linkToken(request))), { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  refuseUnlessPost(request);
  await readForm(request, ALERT_LINK_FORM);
  return data(view(await confirmSearchAlert(linkToken(request), clientIpOf(context))), { headers: NO_STORE });
}

export const meta: MetaFunction = ({ matches }) =>
  alertPageMeta(rootText(matches, "alerts.confirm.meta_title", "Confirm your alerts"), rootText(matches, "site.name", "Lone Star Home Management"));

export default function ConfirmAlert() {
  const { t } = useT();
  const loaded = useLoaderData<typeof loader>();
  const { state, cap, alert } = useActionData<typeof action>() ?? loaded;
  const here = useLocation();
  if (!alert) {
    return (
      <AlertLinkPage title={t("alerts.confirm.invalid_title", "This link no longer works")}>
        <p>{t("alerts.confirm.invalid_text")}</p>
      </AlertLinkPage>
    );
  }
  if (state === "full") {
    return (
      <AlertLinkPage title={t("alerts.confirm.full_title", "These alerts could not be turned on")} searchHref={alert.searchHref}>
        <p role="status">{cap === "mailbox" ? t("alerts.confirm.full_address", undefined, { email: alert.email }) : t("alerts.confirm.full_site")}</p>
        <SearchInWords filters={alert.filters} />
      </AlertLinkPage>
    );
  }
  if (state === "confirmed") {
    return (
      <AlertLinkPage title={t("alerts.confirm.done_title", "Your alerts are on")} searchHref={alert.searchHref}>
        <p role="status">{t("alerts.confirm.done_text", undefined, { email: alert.email })}</p>
        <SearchInWords filters={alert.filters} />
      </AlertLinkPage>
    );
  }
  return (
    <AlertLinkPage title={t("alerts.confirm.title", "Confirm your alerts")} searchHref={alert.searchHref}>
      <p>{t("alerts.confirm.text", undefined, { email: alert.email })}</p>
      <SearchInWords filters={alert.filters} />
      <Form method="post" action={`${here.pathname}${here.search}`} replace>
        <button type="submit" className={ALERT_BUTTON_CLASS}>
          {t("alerts.confirm.button", "Confirm my alerts")}
        </button>
      </Form>
    </AlertLinkPage>
  );
}
