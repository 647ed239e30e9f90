import type { Request as ExpressRequest } from "express";
import { cookieValueOf } from "../app/config/cookie-value";

/**
 * The language of a request, as the app works it out (the `lng` query parameter, then the
 * language cookie, then Accept-Language), remembered by those three inputs: a page cache
 * hit needs it on every request, and working it out builds a Fetch Request and decodes a
 * cookie. Browsers send few distinct Accept-Language values; past `MAX_REMEMBERED` of
 * them, or `MAX_REMEMBERED_CHARACTERS` in all (a header may be kilobytes long), the memory
 * starts again.
 */

const MAX_REMEMBERED = 1_000;
const MAX_REMEMBERED_CHARACTERS = 256 * 1024;

// `languageCookieName`: the cookie the app reads (its name depends on the site being https: app/config/cookie-names.ts).
export function rememberedLanguageOf(languageOf: (request: Request) => Promise<string>, languageCookieName: string) {
  const remembered = new Map<string, string>();
  let characters = 0;
  return async (req: ExpressRequest, url: URL): Promise<string> => {
    const cookie = req.get("cookie") ?? "";
    const acceptLanguage = req.get("accept-language") ?? "";
    const inputs = `${url.searchParams.getAll("lng").join(",")}\n${cookieValueOf(cookie, languageCookieName) ?? ""}\n${acceptLanguage}`;
    const known = remembered.get(inputs);
    if (known) return known;
    const headers = new Headers();
    if (cookie) headers.set("cookie", cookie);
    if (acceptLanguage) headers.set("accept-language", acceptLanguage);
    const language = await languageOf(new Request(url.href, { headers }));
    if (remembered.size >= MAX_REMEMBERED || characters + inputs.length > MAX_REMEMBERED_CHARACTERS) {
      remembered.clear();
      characters = 0;
    }
    remembered.set(inputs, language);
    characters += inputs.length;
    return language;
  };
}
