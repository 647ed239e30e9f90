import { config } from "~/config/env.server";
import type { SearchAlert } from "~/db/schema";
import type { Listing } from "~/models/listing";
import { localizedListing } from "~/models/listing";
import { browseHref } from "~/models/browse-query";
import { describeSearch } from "~/models/search-description";
import { filtersOfAlert, type AlertReason, type AlertSearch } from "~/models/search-alert-matching.server";
import { getDictionary } from "~/models/texts.server";
import type { OutgoingMail } from "~/services/mail/queue.server";
import { cleanOneLine } from "~/utils/control-characters";
import { escapeHtml } from "~/utils/html";
import { LANGUAGE_PARAM, type Language } from "~/utils/locale";
import { createTranslate } from "~/utils/translate";
import { ALERT_CONFIRM_PATH, ALERT_MANAGE_PATH, ALERT_UNSUBSCRIBE_PATH, propertyPath } from "~/paths";
import { MAIL_IMAGE_WIDTH, variantUrl } from "~/utils/image-variants";

/**
 * The search alerts' mails, in the subscriber's language (alerts.mail.*): the
 * confirmation (double opt-in) and the digest of homes that matched. In the text part
 * every link stands alone on its line, as in the sign-in mail: mail clients make it
 * clickable, and scripts can find it.
 */

type Alert = Pick<SearchAlert, "email" | "language" | "sort" | "linkToken"> & AlertSearch;

const translatorFor = (language: Language) => createTranslate(getDictionary()[language], language);

/** An absolute address on this site, in the language (its host from APP_URL, never from a request). */
function siteUrl(path: string, language: Language): string {
  const url = new URL(path, config().appUrl);
  url.searchParams.set(LANGUAGE_PARAM, language);
  return url.toString();
}

const tokenUrl = (path: string, token: string, language: Language) => siteUrl(`${path}?token=${encodeURIComponent(token)}`, language);

export const alertUnsubscribeUrl = (alert: Pick<Alert, "linkToken" | "language">) => tokenUrl(ALERT_UNSUBSCRIBE_PATH, alert.linkToken, alert.language);
export const alertManageUrl = (alert: Pick<Alert, "linkToken" | "language">) => tokenUrl(ALERT_MANAGE_PATH, alert.linkToken, alert.language);
export const alertSearchUrl = (alert: Alert) => siteUrl(browseHref({ ...filtersOfAlert(alert), sort: alert.sort }), alert.language);

const BUTTON_STYLE = "display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold";
const page = (body: string) =>
  `<!doctype html>\n<html><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">${body}</body></html>`;

/**
 * The confirmation: the link (it opens a page that shows the search, whose button
 * confirms). It goes to an address that has confirmed nothing yet, so it carries nothing
 * the requester typed, the search's words included (docs/decisions/063): only the page
 * names the search.
 */
export function alertConfirmationMail(alert: Pick<Alert, "email" | "language">, token: string, lifetimeHours: number): OutgoingMail {
  const t = translatorFor(alert.language);
  const link = tokenUrl(ALERT_CONFIRM_PATH, token, alert.language);
  const intro = t("alerts.mail.confirm.intro_unnamed");
  const action = t("alerts.mail.confirm.action", undefined, { hours: lifetimeHours });
  const ignore = t("alerts.mail.confirm.ignore");
  const signature = t("alerts.mail.signature");
  const text = [intro, "", action, "", link, "", ignore, "", signature, ""].join("\n");
  const href = escapeHtml(link);
  const html = page(
    `<p>${escapeHtml(intro)}</p><p>${escapeHtml(action)}</p>` +
      `<p><a href="${href}" style="${BUTTON_STYLE}">${escapeHtml(t("alerts.mail.confirm.button"))}</a></p>` +
      `<p>${escapeHtml(t("alerts.mail.copy_link"))}<br><a href="${href}">${href}</a></p>` +
      `<p style="color:#475569">${escapeHtml(ignore)}</p><p>${escapeHtml(signature)}</p>`,
  );
  return { to: alert.email, subject: t("alerts.mail.confirm.subject"), text, html };
}

export type DigestHome = { listing: Listing; reason: AlertReason };

/** An image on this site as an absolute address; one elsewhere as it is. */
const absoluteImage = (src: string) => (/^https?:\/\//i.test(src) ? src : new URL(src, config().appUrl).toString());

/**
 * The digest: each home with its photo (a link to the home), name, place and price in the
 * subscriber's language, then the search, the page to manage alerts and the one-click
 * unsubscribe (also in List-Unsubscribe and List-Unsubscribe-Post, RFC 8058).
 */
export function alertDigestMail(alert: Alert, homes: DigestHome[]): OutgoingMail {
  const language = alert.language;
  const t = translatorFor(language);
  const search = describeSearch(filtersOfAlert(alert), t, language);
  const searchUrl = alertSearchUrl(alert);
  const manageUrl = alertManageUrl(alert);
  const unsubscribeUrl = alertUnsubscribeUrl(alert);
  const intro = t(homes.length === 1 ? "alerts.mail.digest.intro_one" : "alerts.mail.digest.intro_other", undefined, { count: homes.length });
  const reasonLabel = (reason: AlertReason) => t(reason === "new" ? "alerts.mail.digest.new" : "alerts.mail.digest.price_drop");

  const items = homes.map(({ listing, reason }) => {
    const shown = localizedListing(listing, language);
    return {
      name: cleanOneLine(listing.name),
      location: cleanOneLine(listing.location),
      price: cleanOneLine(shown.price),
      reason: reasonLabel(reason),
      url: siteUrl(propertyPath(listing.id), language),
      photo: listing.photos[0] ? absoluteImage(variantUrl(listing.photos[0], MAIL_IMAGE_WIDTH)) : null,
    };
  });

  const text = [
    intro,
    search,
    "",
    ...items.flatMap((home) => [`${home.name} (${home.reason})`, `${home.location} · ${home.price}`, home.url, ""]),
    t("alerts.mail.digest.see_search"),
    searchUrl,
    "",
    t("alerts.mail.digest.why"),
    "",
    t("alerts.mail.digest.manage"),
    manageUrl,
    "",
    t("alerts.mail.digest.unsubscribe"),
    unsubscribeUrl,
    "",
    t("alerts.mail.signature"),
    "",
  ].join("\n");

  const cards = items
    .map((home) => {
      const url = escapeHtml(home.url);
      const photo = home.photo
        ? `<a href="${url}"><img src="${escapeHtml(home.photo)}" alt="${escapeHtml(home.name)}" width="480" style="display:block;width:100%;max-width:480px;height:auto;border-radius:8px;border:0"></a>`
        : "";
      return (
        `<div style="margin:0 0 24px;max-width:480px">${photo}` +
        `<p style="margin:8px 0 0;font-size:12px;font-weight:bold;text-transform:uppercase;color:#1d4ed8">${escapeHtml(home.reason)}</p>` +
        `<p style="margin:2px 0 0;font-size:17px;font-weight:bold"><a href="${url}" style="color:#0f172a">${escapeHtml(home.name)}</a></p>` +
        `<p style="margin:2px 0 0;color:#475569">${escapeHtml(home.location)}</p>` +
        `<p style="margin:2px 0 0;font-weight:bold">${escapeHtml(home.price)}</p></div>`
      );
    })
    .join("");
  const html = page(
    `<p>${escapeHtml(intro)}<br><strong>${escapeHtml(search)}</strong></p>${cards}` +
      `<p><a href="${escapeHtml(searchUrl)}" style="${BUTTON_STYLE}">${escapeHtml(t("alerts.mail.digest.see_search_button"))}</a></p>` +
      `<p style="color:#475569;font-size:13px">${escapeHtml(t("alerts.mail.digest.why"))}<br>` +
      `<a href="${escapeHtml(manageUrl)}">${escapeHtml(t("alerts.mail.digest.manage_link"))}</a> · ` +
      `<a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(t("alerts.mail.digest.unsubscribe_link"))}</a></p>` +
      `<p>${escapeHtml(t("alerts.mail.signature"))}</p>`,
  );
  return {
    to: alert.email,
    subject: t("alerts.mail.digest.subject", undefined, { search }),
    text,
    html,
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
