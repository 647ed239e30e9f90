import { HydratedRouter } from "react-router/dom";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { loadTexts, textsFileOf } from "~/i18n/texts-store";
import { TextsProvider, type DocumentTexts } from "~/i18n/use-t";
import { DEFAULT_LANGUAGE, isLanguage } from "~/utils/locale";
import { openPopStateGate } from "~/utils/popstate-gate";

// Before the router adds its own popstate listener (utils/popstate-gate.ts).
openPopStateGate();

/**
 * The dictionary the server drew the page with: the file its <link data-texts> names
 * (already on its way: the link preloads it), or none when the page names none (the
 * server had none either). Null when it cannot be had after a second try.
 */
async function documentTexts(): Promise<DocumentTexts | null> {
  const file = textsFileOf(document.querySelector("link[data-texts]")?.getAttribute("href"));
  if (!file) {
    const lang = document.documentElement.lang;
    return { language: isLanguage(lang) ? lang : DEFAULT_LANGUAGE, version: null, messages: {} };
  }
  try {
    return { ...file, messages: await loadTexts(file.language, file.version) };
  } catch {
    return null;
  }
}

void documentTexts().then((texts) => {
  // Without its texts the page is not hydrated: it stays the page the server drew, whose
  // links and forms work as they do without JavaScript.
  if (!texts) return;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <TextsProvider value={texts}>
          <HydratedRouter />
        </TextsProvider>
      </StrictMode>,
    );
  });
});
