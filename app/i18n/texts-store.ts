import { TEXTS_FILE_PATH, textsFileHref } from "~/paths";
import { isLanguage, type Language } from "~/utils/locale";
import type { Messages } from "~/utils/translate";

/**
 * The dictionaries this page has, by language and version (docs/decisions/056). A
 * version is a hash of its file's content, so a language and a version always name the
 * same texts: the server and the browser can both keep them here, shared by every render.
 *
 * In the browser: the document's dictionary is put here before hydration
 * (entry.client.tsx), and the root's clientLoader puts the one a new root answer names
 * before that answer is shown. On the server: entry.server.tsx puts the page's, for the
 * meta functions (which run outside React).
 */

// A few versions: the page shown keeps its own while the next one loads (an admin
// editing texts makes a new version at each save).
const MAX_HELD = 6;
const held = new Map<string, Messages>();
const loading = new Map<string, Promise<Messages>>();

const keyOf = (language: Language, version: string) => `${language} ${version}`;

export function heldTexts(language: Language, version: string): Messages | undefined {
  return held.get(keyOf(language, version));
}

export function holdTexts(language: Language, version: string, messages: Messages) {
  const key = keyOf(language, version);
  if (held.has(key)) return;
  held.set(key, messages);
  for (const oldest of held.keys()) {
    if (held.size <= MAX_HELD) break;
    held.delete(oldest);
  }
}

/** The language and version a texts file's URL names (`/texts/es.json?v=...`), or null. */
export function textsFileOf(href: string | null | undefined): { language: Language; version: string } | null {
  if (!href) return null;
  const url = new URL(href, "http://localhost");
  const language = TEXTS_FILE_PATH.exec(url.pathname)?.[1];
  const version = url.searchParams.get("v");
  return isLanguage(language) && version ? { language, version } : null;
}

function isMessages(value: unknown): value is Messages {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.values(value).every((text) => typeof text === "string");
}

async function fetchTexts(href: string): Promise<Messages> {
  // The same request as the page's <link rel="preload" as="fetch" crossorigin="anonymous">
  // (mode cors, credentials same-origin), so the browser hands over what it preloaded.
  const response = await fetch(href);
  if (!response.ok) throw new Error(`texts ${response.status}`);
  const messages: unknown = await response.json();
  if (!isMessages(messages)) throw new Error("texts: not a dictionary");
  return messages;
}

/**
 * The dictionary of `language` at `version`: held already, or fetched (a failed fetch is
 * tried once more) and then held. Rejects when both tries fail.
 */
export function loadTexts(language: Language, version: string): Promise<Messages> {
  const kept = heldTexts(language, version);
  if (kept) return Promise.resolve(kept);
  const key = keyOf(language, version);
  let pending = loading.get(key);
  if (!pending) {
    const href = textsFileHref(language, version);
    pending = fetchTexts(href)
      .catch(() => fetchTexts(href))
      .then((messages) => {
        holdTexts(language, version, messages);
        return messages;
      })
      .finally(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}
