import { cleanOneLine } from "~/utils/control-characters";

/**
 * Where a visitor came from (docs/product.md, "Where an enquiry came from"): the first
 * page's `utm_source`, `utm_medium` and `utm_campaign`, and the host of the other site
 * that linked to it. Kept in a first-party cookie for 30 days and stored with each
 * enquiry the visitor sends in that time, with the page they sent it from.
 */
export type EnquirySource = {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrerHost: string | null;
};

/** What an enquiry records of its visitor's way in: the source, and the page of this site it was sent from. */
export type EnquiryOrigin = { source: EnquirySource | null; sentFrom: string | null };

export const NO_ORIGIN: EnquiryOrigin = { source: null, sentFrom: null };

export const SOURCE_COOKIE_DAYS = 30;

/** Each value is cut to this many characters: a campaign name, not a text. */
const MOST_CHARACTERS = 100;
/** A page of this site as sent from: its path and query, cut to this many characters. */
const MOST_PAGE_CHARACTERS = 300;

/** The cookie's fields, short: the cookie goes with every request for 30 days. */
const COOKIE_FIELDS = [
  ["s", "utmSource"],
  ["m", "utmMedium"],
  ["c", "utmCampaign"],
  ["r", "referrerHost"],
] as const satisfies readonly (readonly [string, keyof EnquirySource])[];

function cleanValue(value: string | null | undefined): string | null {
  const cleaned = cleanOneLine(value ?? "").trim().slice(0, MOST_CHARACTERS);
  return cleaned || null;
}

function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.hostname.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * The source a first page tells: its UTM parameters and the other site that linked to
 * it (a link from this site is no source). Null when it tells nothing: a visitor who
 * typed the address, or whose browser sent no referrer.
 */
export function sourceOfLanding(pageUrl: URL, referrer: string | null | undefined): EnquirySource | null {
  const ownHost = pageUrl.hostname.toLowerCase();
  const linkedFrom = hostOf(referrer);
  const source: EnquirySource = {
    utmSource: cleanValue(pageUrl.searchParams.get("utm_source")),
    utmMedium: cleanValue(pageUrl.searchParams.get("utm_medium")),
    utmCampaign: cleanValue(pageUrl.searchParams.get("utm_campaign")),
    referrerHost: linkedFrom && linkedFrom !== ownHost ? cleanValue(linkedFrom) : null,
  };
  return Object.values(source).some((value) => value !== null) ? source : null;
}

export function encodeSourceCookie(source: EnquirySource): string {
  const params = new URLSearchParams();
  for (const [short, field] of COOKIE_FIELDS) {
    const value = source[field];
    if (value) params.set(short, value);
  }
  return params.toString();
}

/** The cookie read back; its values are the visitor's to send, so each is cleaned and cut again. */
export function decodeSourceCookie(value: string | null | undefined): EnquirySource | null {
  if (!value) return null;
  const params = new URLSearchParams(value.slice(0, 4 * MOST_CHARACTERS * 3));
  const source = Object.fromEntries(COOKIE_FIELDS.map(([short, field]) => [field, cleanValue(params.get(short))])) as EnquirySource;
  return Object.values(source).some((v) => v !== null) ? source : null;
}

/**
 * The page of this site an enquiry was sent from, by the browser's Referer: its path and
 * query when it is this site's, else nothing.
 */
export function sentFromPage(referer: string | null | undefined, appUrl: string): string | null {
  if (!referer) return null;
  try {
    const page = new URL(referer);
    if (page.origin !== new URL(appUrl).origin) return null;
    return cleanOneLine(`${page.pathname}${page.search}`).slice(0, MOST_PAGE_CHARACTERS);
  } catch {
    return null;
  }
}

/**
 * How the office reads a source: 'facebook / social' (the UTM source and medium), else
 * the site that linked ('google.com'), else 'direct'. The campaign is shown on its own.
 */
export function sourceLabel(source: EnquirySource | null): string {
  if (source?.utmSource || source?.utmMedium) return [source.utmSource ?? "(none)", source.utmMedium].filter(Boolean).join(" / ");
  if (source?.referrerHost) return source.referrerHost.replace(/^www\./, "");
  return "direct";
}

/** The source columns of a stored enquiry, as the model above. */
export function sourceOfColumns(row: { utmSource: string | null; utmMedium: string | null; utmCampaign: string | null; referrerHost: string | null }): EnquirySource | null {
  const source = { utmSource: row.utmSource, utmMedium: row.utmMedium, utmCampaign: row.utmCampaign, referrerHost: row.referrerHost };
  return Object.values(source).some((value) => value !== null) ? source : null;
}

/** An origin as the columns of contact_messages. */
export function originColumns(origin: EnquiryOrigin) {
  return {
    utmSource: origin.source?.utmSource ?? null,
    utmMedium: origin.source?.utmMedium ?? null,
    utmCampaign: origin.source?.utmCampaign ?? null,
    referrerHost: origin.source?.referrerHost ?? null,
    sentFrom: origin.sentFrom,
  };
}
