import { useRouteLoaderData } from "react-router";
import { createContext, useContext, useMemo } from "react";
import { DEFAULT_LANGUAGE, type Language } from "~/utils/locale";
import { createTranslate, type Messages, type Translate } from "~/utils/translate";
import { heldTexts } from "./texts-store";

/**
 * The dictionary the document was drawn with: given by entry.server.tsx (the request's
 * language, read on the server) and by entry.client.tsx (the same file, fetched before
 * hydration). `version` is null when there was none to name (the database could not be
 * read): the page then shows the texts written in the code.
 */
export type DocumentTexts = { language: Language; version: string | null; messages: Messages };

const NO_TEXTS: Messages = {};
const TextsContext = createContext<DocumentTexts>({ language: DEFAULT_LANGUAGE, version: null, messages: NO_TEXTS });
export const TextsProvider = TextsContext.Provider;

/**
 * The dictionary the document was drawn with. Its file is what the page's <head> links
 * (app/root.tsx): the same after client-side navigations, so the browser is never told
 * to preload another file it already has.
 */
export function useDocumentTexts(): DocumentTexts {
  return useContext(TextsContext);
}

/** What the root loader says of the texts (app/root.tsx). */
type RootTextsData = { language: Language; textsVersion: string };

/**
 * The language and dictionary version of the page as it is now: the root loader's, or,
 * on an error page drawn without them, the document's.
 */
export function useTextsVersion(): { language: Language; version: string | null } {
  const root = useRouteLoaderData("root") as Partial<RootTextsData> | undefined;
  const documentTexts = useContext(TextsContext);
  return { language: root?.language ?? documentTexts.language, version: root?.textsVersion ?? documentTexts.version };
}

/**
 * The visitor's language and t(key, fallback, vars) over its dictionary, the same on the
 * server and in the browser. After a client-side change of language (or of the texts),
 * the root's clientLoader has put the new dictionary in the store before the new root
 * data is shown.
 */
export function useT(): { t: Translate; language: Language } {
  const { language, version } = useTextsVersion();
  const documentTexts = useContext(TextsContext);
  const messages =
    language === documentTexts.language && version === documentTexts.version
      ? documentTexts.messages
      : ((version ? heldTexts(language, version) : undefined) ?? NO_TEXTS);
  return useMemo(() => ({ language, t: createTranslate(messages, language) }), [language, messages]);
}
