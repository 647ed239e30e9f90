import { createCookie } from "react-router";
import { getDictionary } from "~/models/texts.server";
import { cookieNames } from "~/config/cookie-names";
import { config } from "~/config/env.server";
import { LANGUAGE_PARAM, isLanguage, languageFromAcceptLanguage, type Language } from "~/utils/locale";
import { languageNamedBy } from "./language-detection";
import { createTranslate, type Translate } from "~/utils/translate";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export const languageCookie = createCookie(cookieNames(config().appUrlIsHttps).language, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: config().appUrlIsHttps,
  maxAge: ONE_YEAR_SECONDS,
});

/** ?lng=, then the lng cookie, then Accept-Language (es* gives es), else en. */
export async function getLanguage(request: Request): Promise<Language> {
  const requested = new URL(request.url).searchParams.get(LANGUAGE_PARAM);
  const fromQuery = requested === null ? null : languageNamedBy(requested);
  if (fromQuery) return fromQuery;
  const remembered: unknown = await languageCookie.parse(request.headers.get("Cookie"));
  const fromCookie = typeof remembered === "string" && remembered ? languageNamedBy(remembered) : null;
  return fromCookie ?? languageFromAcceptLanguage(request.headers.get("accept-language"));
}

/** A Set-Cookie header when the request chose a language through ?lng=. */
export async function languageCookieHeader(request: Request): Promise<string | null> {
  const requested = new URL(request.url).searchParams.get(LANGUAGE_PARAM);
  return isLanguage(requested) ? languageCookie.serialize(requested) : null;
}

/** The visitor's language and a t() over the current dictionary, for loaders and meta. */
export async function getTranslator(request: Request): Promise<{ language: Language; t: Translate }> {
  const language = await getLanguage(request);
  return { language, t: createTranslate(getDictionary()[language], language) };
}

/** A t() in a given language (a JSON body's `language`, a mail's reader). */
export function translatorFor(language: Language): Translate {
  return createTranslate(getDictionary()[language], language);
}
