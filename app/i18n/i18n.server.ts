import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { getDictionary } from "~/models/texts.server";
import { cookieNames } from "~/config/cookie-names";
import { config } from "~/config/env.server";
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_PARAM,
  LANGUAGES,
  isLanguage,
  languageFromAcceptLanguage,
  type Language,
} from "~/utils/locale";
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
export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: languageCookie,
    searchParamKey: LANGUAGE_PARAM,
    order: ["searchParams", "cookie", "custom"],
    findLocale: async (request) => languageFromAcceptLanguage(request.headers.get("accept-language")),
  },
  i18next: {
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  },
});

export async function getLanguage(request: Request): Promise<Language> {
  const detected = await i18nServer.getLocale(request);
  return isLanguage(detected) ? detected : DEFAULT_LANGUAGE;
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
