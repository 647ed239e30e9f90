import { useRouteLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { DEFAULT_LANGUAGE, type Language } from "~/utils/locale";
import { createTranslate, type Messages, type Translate } from "~/utils/translate";

type RootI18nData = { language: Language; messages: Messages };

/**
 * The visitor's language and t(key, fallback, vars) over the dictionary the root
 * loader sent, the same on the server and in the browser.
 */
export function useT(): { t: Translate; language: Language } {
  const data = useRouteLoaderData("root") as RootI18nData | undefined;
  const language = data?.language ?? DEFAULT_LANGUAGE;
  const messages = data?.messages;
  return useMemo(() => ({ language, t: createTranslate(messages ?? {}, language) }), [language, messages]);
}
